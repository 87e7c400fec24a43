import ScreenKit

/// Lists drawn as iOS draws them: grouped sections as white rounded boxes on grey, table
/// cells with their selection, accessory marks and editing controls, separators, plain
/// headers, search bars, selected collection cells and scroll indicators.
extension SVGPass {
    /// How far a grouped table's sections are inset from its sides.
    static let groupedInset = 8.0

    /// Draws what a view shows over its subviews, in its bounds coordinates.
    mutating func drawCover(_ description: ViewDescription, bounds: Rect) {
        switch description.content {
        case .table(let table):
            drawSeparators(of: table, in: bounds)
            drawIndicators(bounds: bounds, contentSize: table.contentSize)
        case .scroll(let contentSize):
            drawIndicators(bounds: bounds, contentSize: contentSize)
        case .collectionCell(selected: true):
            roundedRect(bounds, radius: 3, fill: nil, stroke: description.foreground ?? .systemBlue, width: 3)
        default:
            break
        }
    }

    // MARK: - Tables

    /// A grouped table: grey behind its sections, and a white box for the rows of each
    /// section in view.
    mutating func drawTable(_ table: ViewDescription.Table, background: Color?, in bounds: Rect) {
        guard table.isGrouped else { return }
        if background == nil {
            document.element("rect", SVGDocument.frame(bounds) + SVGDocument.paint(.systemGroupedBackground, "fill"))
        }
        for rows in table.sectionRows {
            let box = Rect(
                x: bounds.minX + Self.groupedInset, y: rows.minY,
                width: max(0, bounds.width - 2 * Self.groupedInset), height: rows.height)
            roundedRect(box, radius: 10, fill: .white, stroke: nil)
        }
    }

    /// The part of a row's width a cell fills: inside the box of a grouped section.
    private static func rowArea(of cell: ViewDescription.TableCell, in bounds: Rect) -> Rect {
        guard cell.isGrouped else { return bounds }
        return Rect(x: bounds.minX + groupedInset, y: bounds.minY,
                    width: max(0, bounds.width - 2 * groupedInset), height: bounds.height)
    }

    /// A row: its highlight while selected or highlighted, the red editing control, the
    /// accessory (a check mark in `color`).
    mutating func drawCell(_ cell: ViewDescription.TableCell, color: Color, highlight: Color?, in bounds: Rect) {
        if let highlight {
            document.element("rect", SVGDocument.frame(Self.rowArea(of: cell, in: bounds)) + SVGDocument.paint(highlight, "fill"))
        }
        if let control = cell.editingControl {
            // A red disc with a white bar, in the space the content moved aside for it.
            let center = Point(x: bounds.minX + control.width / 2, y: bounds.midY)
            circle(center, radius: 6.5, fill: .systemRed)
            line(Point(x: center.x - 3.5, y: center.y), Point(x: center.x + 3.5, y: center.y), stroke: .white, width: 2)
        }
        let accessory = cell.accessoryRect
        // Inside a grouped section's box, the mark keeps clear of the box's edge.
        let shift = cell.isGrouped && !cell.showsDeleteButton ? Self.groupedInset / 2 : 0
        let middle = Point(x: accessory.midX - shift, y: accessory.midY)
        switch cell.accessory {
        case .none:
            break
        case .disclosureIndicator:
            polyline([Point(x: middle.x - 2, y: middle.y - 6), Point(x: middle.x + 3, y: middle.y),
                      Point(x: middle.x - 2, y: middle.y + 6)], stroke: .systemGray3, width: 2)
        case .checkmark:
            polyline([Point(x: middle.x - 6, y: middle.y), Point(x: middle.x - 2, y: middle.y + 5),
                      Point(x: middle.x + 6, y: middle.y - 6)], stroke: color, width: 2)
        }
    }

    /// A row's delete button: its title in `color` (white) on iOS's red.
    mutating func drawDeleteButton(_ button: ViewDescription.ButtonTitle, color: Color, in bounds: Rect) {
        document.element("rect", SVGDocument.frame(bounds) + SVGDocument.paint(.systemRed, "fill"))
        guard let title = button.title, !title.isEmpty else { return }
        let shown = CellText.truncated(title, to: Self.room(bounds.width, padding: 4))
        text(shown, x: bounds.midX, middle: bounds.midY, fill: color)
    }

    /// A plain table's section header or footer: a grey band that hides the rows scrolling
    /// under it.
    mutating func drawPlainHeader(in bounds: Rect) {
        document.element("rect", SVGDocument.frame(bounds) + SVGDocument.paint(Palette.plainHeader, "fill"))
    }

    /// A hairline under each row in view that has one (``ViewDescription/Table/separatedRows``), from
    /// the labels' inset to the right edge, or to the box's edge in a grouped table.
    private mutating func drawSeparators(of table: ViewDescription.Table, in bounds: Rect) {
        let right = bounds.maxX - (table.isGrouped ? Self.groupedInset : 0)
        for frame in table.separatedRows {
            let y = frame.maxY - 0.25
            let left = frame.minX + TableViewCell.labelInset
            guard right > left else { continue }
            document.element("line", [
                ("x1", Self.n(left)), ("y1", Self.n(y)), ("x2", Self.n(right)), ("y2", Self.n(y)),
            ] + SVGDocument.paint(.separator, "stroke") + [("stroke-width", "0.5")])
        }
    }

    // MARK: - Search bars

    /// A hairline under the bar.
    mutating func drawSearchBar(in bounds: Rect) {
        let y = bounds.maxY - 0.25
        document.element("line", [
            ("x1", Self.n(bounds.minX)), ("y1", Self.n(y)), ("x2", Self.n(bounds.maxX)), ("y2", Self.n(y)),
        ] + SVGDocument.paint(.separator, "stroke") + [("stroke-width", "0.5")])
    }

    /// A button in a bar: its title in `color` (the tint, its wash while highlighted),
    /// without a frame.
    mutating func drawBarButton(_ button: ViewDescription.ButtonTitle, color: Color, in bounds: Rect) {
        guard let title = button.title, !title.isEmpty else { return }
        text(CellText.truncated(title, to: Self.room(bounds.width, padding: 0)), x: bounds.midX, middle: bounds.midY, fill: color)
    }

    /// A magnifying glass centred at `center`.
    mutating func magnifier(at center: Point) {
        document.element("circle", [
            ("cx", Self.n(center.x - 1)), ("cy", Self.n(center.y - 1)), ("r", "4.5"),
            ("fill", "none"),
        ] + SVGDocument.paint(.systemGray, "stroke") + [("stroke-width", "1.5")])
        line(Point(x: center.x + 2.5, y: center.y + 2.5), Point(x: center.x + 6, y: center.y + 6),
             stroke: .systemGray, width: 1.5)
    }

    // MARK: - Scroll indicators

    /// The width of a scroll indicator, its distance from the edges, and its shortest length.
    private static let indicatorWidth = 3.0
    private static let indicatorInset = 3.0
    private static let indicatorMinimum = 36.0

    /// A dark rounded bar along the right edge for content taller than the view, along the
    /// bottom for content wider, as long as the view is beside the content it shows; with
    /// both, each track stops short of the corner they would share.
    private mutating func drawIndicators(bounds: Rect, contentSize content: Size) {
        let (width, inset) = (Self.indicatorWidth, Self.indicatorInset)
        let both = ScrollIndicator.scrolls(visible: bounds.width, content: content.width)
            && ScrollIndicator.scrolls(visible: bounds.height, content: content.height)
        let corner = both ? width + inset : 0
        if let thumb = ScrollIndicator.place(
            offset: bounds.minY, visible: bounds.height, content: content.height,
            track: bounds.height - 2 * inset - corner, minimum: Self.indicatorMinimum) {
            indicator(Rect(x: bounds.maxX - inset - width, y: bounds.minY + inset + thumb.start, width: width, height: thumb.length))
        }
        if let thumb = ScrollIndicator.place(
            offset: bounds.minX, visible: bounds.width, content: content.width,
            track: bounds.width - 2 * inset - corner, minimum: Self.indicatorMinimum) {
            indicator(Rect(x: bounds.minX + inset + thumb.start, y: bounds.maxY - inset - width, width: thumb.length, height: width))
        }
    }

    private mutating func indicator(_ rect: Rect) {
        document.element("rect", SVGDocument.frame(rect) + [
            ("rx", Self.n(Self.indicatorWidth / 2)), ("fill", "#000000"), ("fill-opacity", "0.35"),
        ])
    }

    // MARK: - Shapes

    private mutating func polyline(_ points: [Point], stroke: Color, width: Double) {
        let list = points.map { Self.n($0.x) + "," + Self.n($0.y) }.joined(separator: " ")
        document.element("polyline", [("points", list), ("fill", "none")] + SVGDocument.paint(stroke, "stroke") + [
            ("stroke-width", Self.n(width)), ("stroke-linecap", "round"), ("stroke-linejoin", "round"),
        ])
    }
}
