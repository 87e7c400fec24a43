import ScreenKit

/// Lists drawn as iOS draws them: grouped sections as white rounded boxes on grey, table
/// cells with their selection, accessory marks and editing controls, separators, plain
/// headers, search bars, selected collection cells and scroll indicators.
extension SVGPass {
    /// How far a grouped table's sections are inset from its sides.
    static let groupedInset = 8.0

    /// Draws what `view` shows over its subviews, in its bounds coordinates.
    mutating func drawCover(of view: View) {
        if let table = view as? TableView { drawSeparators(of: table) }
        if let scrollView = view as? ScrollView { drawIndicators(of: scrollView) }
        if let cell = view as? CollectionViewCell, cell.isSelected || cell.isHighlighted {
            roundedRect(cell.bounds, radius: 3, fill: "none", stroke: Palette.tint, width: 3)
        }
    }

    // MARK: - Tables

    /// A grouped table: grey behind its sections, and a white box for the rows of each
    /// section in view.
    mutating func drawTable(_ table: TableView) {
        guard table.style == .grouped else { return }
        let bounds = table.bounds
        if table.backgroundColor == nil {
            document.element("rect", SVGDocument.frame(bounds) + [("fill", Palette.groupedBackground)])
        }
        for rows in table.visibleSectionRows {
            let box = Rect(
                x: bounds.minX + Self.groupedInset, y: rows.minY,
                width: max(0, bounds.width - 2 * Self.groupedInset), height: rows.height)
            roundedRect(box, radius: 10, fill: "#ffffff", stroke: nil)
        }
    }

    private static func isGrouped(_ cell: TableViewCell) -> Bool {
        (cell.superview as? TableView)?.style == .grouped
    }

    /// The part of a row's width a cell fills: inside the box of a grouped section.
    private static func rowArea(of cell: TableViewCell, in bounds: Rect) -> Rect {
        guard isGrouped(cell) else { return bounds }
        return Rect(x: bounds.minX + groupedInset, y: bounds.minY,
                    width: max(0, bounds.width - 2 * groupedInset), height: bounds.height)
    }

    /// A row: grey while selected or highlighted, the red editing control, the accessory.
    mutating func drawCell(_ cell: TableViewCell, in bounds: Rect) {
        if cell.isSelected || cell.isHighlighted {
            document.element("rect", SVGDocument.frame(Self.rowArea(of: cell, in: bounds)) + [("fill", Palette.selectedRow)])
        }
        if cell.showsEditingControl {
            // A red disc with a white bar, in the space the content moved aside for it.
            let control = cell.editingControlRect
            let center = Point(x: bounds.minX + control.width / 2, y: bounds.midY)
            circle(center, radius: 6.5, fill: Palette.destructive)
            line(Point(x: center.x - 3.5, y: center.y), Point(x: center.x + 3.5, y: center.y), stroke: "#ffffff", width: 2)
        }
        let accessory = cell.accessoryRect
        // Inside a grouped section's box, the mark keeps clear of the box's edge.
        let shift = Self.isGrouped(cell) && !cell.showsDeleteButton ? Self.groupedInset / 2 : 0
        let middle = Point(x: accessory.midX - shift, y: accessory.midY)
        switch cell.accessoryType {
        case .none:
            break
        case .disclosureIndicator:
            polyline([Point(x: middle.x - 2, y: middle.y - 6), Point(x: middle.x + 3, y: middle.y),
                      Point(x: middle.x - 2, y: middle.y + 6)], stroke: Palette.track, width: 2)
        case .checkmark:
            polyline([Point(x: middle.x - 6, y: middle.y), Point(x: middle.x - 2, y: middle.y + 5),
                      Point(x: middle.x + 6, y: middle.y - 6)], stroke: Palette.tint, width: 2)
        }
    }

    /// A cell's delete button: white on iOS's red.
    mutating func drawDeleteButton(_ button: Button, in bounds: Rect) {
        document.element("rect", SVGDocument.frame(bounds) + [("fill", Palette.destructive)])
        guard let title = button.currentTitle, !title.isEmpty else { return }
        let shown = CellText.truncated(title, to: Self.room(bounds.width, padding: 4))
        text(shown, x: bounds.midX, middle: bounds.midY, fill: "#ffffff")
    }

    /// A plain table's section header or footer: a grey band that hides the rows scrolling
    /// under it.
    mutating func drawHeaderFooter(_ view: TableViewHeaderFooterView, in bounds: Rect) {
        guard let table = view.superview as? TableView, table.style == .plain, view.backgroundColor == nil else { return }
        document.element("rect", SVGDocument.frame(bounds) + [("fill", Palette.plainHeader)])
    }

    /// A hairline under each row in view that has one (``TableView/separatedRows``), from
    /// the labels' inset to the right edge, or to the box's edge in a grouped table.
    private mutating func drawSeparators(of table: TableView) {
        let right = table.bounds.maxX - (table.style == .grouped ? Self.groupedInset : 0)
        for cell in table.separatedRows {
            let frame = cell.frame
            let y = frame.maxY - 0.25
            let left = frame.minX + TableViewCell.labelInset
            guard right > left else { continue }
            document.element("line", [
                ("x1", Self.n(left)), ("y1", Self.n(y)), ("x2", Self.n(right)), ("y2", Self.n(y)),
                ("stroke", Palette.separator), ("stroke-width", "0.5"),
            ])
        }
    }

    // MARK: - Search bars

    /// A hairline under the bar.
    mutating func drawSearchBar(_ bar: SearchBar, in bounds: Rect) {
        let y = bounds.maxY - 0.25
        document.element("line", [
            ("x1", Self.n(bounds.minX)), ("y1", Self.n(y)), ("x2", Self.n(bounds.maxX)), ("y2", Self.n(y)),
            ("stroke", Palette.separator), ("stroke-width", "0.5"),
        ])
    }

    /// A button in a bar: its title in the tint, without a frame.
    mutating func drawBarButton(_ button: Button, in bounds: Rect) {
        guard let title = button.currentTitle, !title.isEmpty else { return }
        let color = button.isHighlighted ? Palette.highlight : button.isEnabled ? Palette.tint : Palette.disabled
        text(CellText.truncated(title, to: Self.room(bounds.width, padding: 0)), x: bounds.midX, middle: bounds.midY, fill: color)
    }

    /// A magnifying glass centred at `center`.
    mutating func magnifier(at center: Point) {
        document.element("circle", [
            ("cx", Self.n(center.x - 1)), ("cy", Self.n(center.y - 1)), ("r", "4.5"),
            ("fill", "none"), ("stroke", Palette.disabled), ("stroke-width", "1.5"),
        ])
        line(Point(x: center.x + 2.5, y: center.y + 2.5), Point(x: center.x + 6, y: center.y + 6),
             stroke: Palette.disabled, width: 1.5)
    }

    // MARK: - Scroll indicators

    /// The width of a scroll indicator, its distance from the edges, and its shortest length.
    private static let indicatorWidth = 3.0
    private static let indicatorInset = 3.0
    private static let indicatorMinimum = 36.0

    /// A dark rounded bar along the right edge for content taller than the view, along the
    /// bottom for content wider, as long as the view is beside the content it shows; with
    /// both, each track stops short of the corner they would share.
    private mutating func drawIndicators(of scrollView: ScrollView) {
        let bounds = scrollView.bounds, content = scrollView.contentSize
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

    private mutating func polyline(_ points: [Point], stroke: String, width: Double) {
        let list = points.map { Self.n($0.x) + "," + Self.n($0.y) }.joined(separator: " ")
        document.element("polyline", [
            ("points", list), ("fill", "none"), ("stroke", stroke), ("stroke-width", Self.n(width)),
            ("stroke-linecap", "round"), ("stroke-linejoin", "round"),
        ])
    }
}
