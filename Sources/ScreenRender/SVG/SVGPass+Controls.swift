import ScreenKit

/// What views show (their ``ViewDescription``'s content), drawn to look like their UIKit
/// counterparts.
extension SVGPass {
    /// The colours of the controls that are not among iOS's named ones (``Color/systemBlue``
    /// and the others are ScreenKit's).
    enum Palette {
        static let off = Color(hex: "#e9e9eb")!
        static let placeholder = Color(hex: "#a0a0a8")!
        static let currentPage = Color(hex: "#333333")!
        static let searchField = Color(hex: "#eeeef0")!
        static let plainHeader = Color(hex: "#f7f7f7")!
    }

    /// The advance of one character of 13-px monospace text (0.6 em in the usual fonts),
    /// which places the cursor after the text of a field.
    static let advance = 7.8

    mutating func drawContent(_ description: ViewDescription, of view: View) {
        let bounds = view.bounds
        let foreground = description.foreground ?? .black
        switch description.content {
        case .text(let text): drawText(text, color: foreground, in: bounds)
        case .button(let button):
            switch button.style {
            case .bordered: drawButton(button, color: foreground, highlight: description.highlight, in: bounds)
            case .bar:
                if let image = button.image {
                    drawButtonContent(image, title: button.title, color: foreground, in: bounds)
                } else {
                    drawBarButton(button, color: foreground, in: bounds)
                }
            case .delete: drawDeleteButton(button, color: foreground, in: bounds)
            case .alertAction(let emphasized):
                drawAlertAction(button, emphasized: emphasized, color: foreground, highlight: description.highlight, in: bounds)
            }
        case .toggle(let isOn): drawSwitch(isOn, in: bounds)
        case .track(let value, let minimum, let maximum):
            drawTrack(ViewDescription.fraction(value, minimum: minimum, maximum: maximum), color: foreground, in: bounds)
        case .progress(let progress): drawProgress(progress, color: foreground, in: bounds)
        case .segments(let titles, let selected): drawSegments(titles, selected: selected, color: foreground, in: bounds)
        case .stepper: drawStepper(color: foreground, in: bounds)
        case .dots(let count, let current): drawDots(count, current: current, in: bounds)
        case .field(let field): drawField(field, color: foreground, in: bounds)
        case .image(let picture):
            if let image = picture.image {
                drawImage(image, at: picture.rect, clippedTo: picture.clips ? bounds : nil)
            } else {
                drawImage(description.accessibilityLabel, in: bounds)
            }
        case .table(let table): drawTable(table, background: view.backgroundColor, in: bounds)
        case .tableCell(let cell): drawCell(cell, color: foreground, highlight: description.highlight, in: bounds)
        case .sectionHeader(let floating):
            if floating && view.backgroundColor == nil { drawPlainHeader(in: bounds) }
        case .searchBar: drawSearchBar(in: bounds)
        case .wheels(let wheels): drawWheels(wheels, color: foreground, in: bounds)
        case .spinner(let spinner): drawSpinner(spinner, color: foreground, in: bounds)
        case .dimming(let color): document.element("rect", SVGDocument.frame(bounds) + SVGDocument.paint(color, "fill"))
        case .alertPanel(let panel): drawAlertPanel(panel, in: bounds)
        case .none, .scroll, .collectionCell: break
        }
    }

    static func n(_ value: Double) -> String { SVGDocument.number(value) }

    /// One line of text whose anchor point is `x` and whose middle is at `middle`.
    mutating func text(
        _ string: String, x: Double, middle: Double, anchor: String = "middle", fill: Color
    ) {
        guard !string.isEmpty else { return }
        let baseline = middle - Self.lineHeight / 2 + Self.baseline
        var attributes: SVGDocument.Attributes = [("x", Self.n(x)), ("y", Self.n(baseline))]
        if anchor != "start" { attributes.append(("text-anchor", anchor)) }
        document.element("text", attributes + SVGDocument.paint(fill, "fill"), content: string)
    }

    /// A rectangle with rounded corners (unfilled without `fill`), its stroke (`width` wide,
    /// 1 unless told) inside the bounds.
    mutating func roundedRect(_ rect: Rect, radius: Double, fill: Color?, stroke: Color?, width: Double = 1) {
        let inset = stroke == nil ? rect : rect.insetBy(dx: width / 2, dy: width / 2)
        guard inset.width > 0, inset.height > 0 else { return }
        var attributes = SVGDocument.frame(inset)
        attributes.append(("rx", Self.n(min(radius, inset.height / 2, inset.width / 2))))
        attributes += fill.map { SVGDocument.paint($0, "fill") } ?? [("fill", "none")]
        if let stroke {
            attributes += SVGDocument.paint(stroke, "stroke")
            if width != 1 { attributes.append(("stroke-width", Self.n(width))) }
        }
        document.element("rect", attributes)
    }

    mutating func line(_ from: Point, _ to: Point, stroke: Color, width: Double) {
        document.element("line", [
            ("x1", Self.n(from.x)), ("y1", Self.n(from.y)), ("x2", Self.n(to.x)), ("y2", Self.n(to.y)),
        ] + SVGDocument.paint(stroke, "stroke") + [("stroke-width", Self.n(width)), ("stroke-linecap", "round")])
    }

    mutating func circle(_ center: Point, radius: Double, fill: Color, stroke: Color? = nil) {
        var attributes: SVGDocument.Attributes = [("cx", Self.n(center.x)), ("cy", Self.n(center.y)), ("r", Self.n(radius))]
        attributes += SVGDocument.paint(fill, "fill")
        if let stroke { attributes += SVGDocument.paint(stroke, "stroke") }
        document.element("circle", attributes)
    }

    /// The cells of text that fit in `width` points less `padding` on each side.
    static func room(_ width: Double, padding: Double) -> Int {
        Label.columns(in: width - 2 * padding)
    }

    // MARK: - Views

    private mutating func drawText(_ text: ViewDescription.Text, color: Color, in bounds: Rect) {
        let lines = text.lines
        // Centred vertically like the text renderer, from the top when the lines overflow.
        let top = bounds.minY + max(0, (bounds.height - Double(lines.count) * Self.lineHeight) / 2)
        let (x, anchor): (Double, String)
        switch text.alignment {
        case .left: (x, anchor) = (bounds.minX, "start")
        case .center: (x, anchor) = (bounds.midX, "middle")
        case .right: (x, anchor) = (bounds.maxX, "end")
        }
        for (index, line) in lines.enumerated() where !line.isEmpty {
            var attributes: SVGDocument.Attributes = [
                ("x", Self.n(x)), ("y", Self.n(top + Double(index) * Self.lineHeight + Self.baseline)),
            ]
            if anchor != "start" { attributes.append(("text-anchor", anchor)) }
            document.element("text", attributes + SVGDocument.paint(color, "fill"), content: line)
        }
    }

    private mutating func drawButton(_ button: ViewDescription.ButtonTitle, color: Color, highlight: Color?, in bounds: Rect) {
        if let image = button.image {
            roundedRect(bounds, radius: 6, fill: highlight, stroke: color)
            drawButtonContent(image, title: button.title, color: color, in: bounds)
            return
        }
        guard let title = button.title, !title.isEmpty else { return }
        roundedRect(bounds, radius: 6, fill: highlight, stroke: color)
        let shown = CellText.truncated(title, to: Self.room(bounds.width, padding: 4))
        text(shown, x: bounds.midX, middle: bounds.midY, fill: color)
    }

    private mutating func drawSwitch(_ isOn: Bool, in bounds: Rect) {
        let radius = bounds.height / 2
        roundedRect(bounds, radius: radius, fill: isOn ? .systemGreen : Palette.off, stroke: isOn ? nil : .systemGray4)
        let x = isOn ? bounds.maxX - radius : bounds.minX + radius
        circle(Point(x: x, y: bounds.midY), radius: max(radius - 2, 1), fill: .white, stroke: .systemGray4)
    }

    /// A track filled in `color` as far as `fraction` (from 0 to 1), the knob there.
    private mutating func drawTrack(_ fraction: Double, color: Color, in bounds: Rect) {
        let radius = max(2, min(bounds.height / 2 - 1, 12))
        let start = bounds.minX + radius, end = max(start, bounds.maxX - radius)
        let knob = Point(x: start + fraction * (end - start), y: bounds.midY)
        line(Point(x: knob.x, y: knob.y), Point(x: end, y: knob.y), stroke: .systemGray3, width: 2)
        line(Point(x: start, y: knob.y), Point(x: knob.x, y: knob.y), stroke: color, width: 2)
        circle(knob, radius: radius, fill: .white, stroke: .systemGray3)
    }

    /// A bar 4 px high (or the view's height, when lower) across the middle, filled in
    /// `color` as far as `progress` (clamped to 0...1).
    private mutating func drawProgress(_ progress: Double, color: Color, in bounds: Rect) {
        let fraction = progress.isFinite ? min(max(progress, 0), 1) : 0
        let height = min(4, bounds.height)
        let track = Rect(x: bounds.minX, y: bounds.midY - height / 2, width: bounds.width, height: height)
        roundedRect(track, radius: height / 2, fill: .systemGray5, stroke: nil)
        roundedRect(Rect(x: track.minX, y: track.minY, width: track.width * fraction, height: height),
                    radius: height / 2, fill: color, stroke: nil)
    }

    private mutating func drawSegments(_ titles: [String], selected: Int?, color: Color, in bounds: Rect) {
        let count = titles.count
        guard count > 0 else { return }
        // Equal widths, as `segment(at:)` divides touches.
        let width = bounds.width / Double(count)
        if let selected, selected >= 0, selected < count {
            let box = Rect(
                x: bounds.minX + Double(selected) * width, y: bounds.minY, width: width, height: bounds.height)
            // The end segments follow the outline's rounded corners.
            let rounded = selected == 0 || selected == count - 1
            document.element("rect", SVGDocument.frame(box) + (rounded ? [("rx", "4")] : []) + SVGDocument.paint(color, "fill"))
        }
        roundedRect(bounds, radius: 4, fill: nil, stroke: color)
        for index in 1..<max(count, 1) {
            let x = bounds.minX + Double(index) * width
            line(Point(x: x, y: bounds.minY), Point(x: x, y: bounds.maxY), stroke: color, width: 1)
        }
        for (index, title) in titles.enumerated() {
            let shown = CellText.truncated(title, to: Self.room(width, padding: 4))
            let middle = bounds.minX + (Double(index) + 0.5) * width
            text(shown, x: middle, middle: bounds.midY, fill: index == selected ? .white : color)
        }
    }

    private mutating func drawStepper(color: Color, in bounds: Rect) {
        roundedRect(bounds, radius: 4, fill: nil, stroke: color)
        line(Point(x: bounds.midX, y: bounds.minY), Point(x: bounds.midX, y: bounds.maxY), stroke: color, width: 1)
        text("−", x: bounds.minX + bounds.width / 4, middle: bounds.midY, fill: color)
        text("+", x: bounds.maxX - bounds.width / 4, middle: bounds.midY, fill: color)
    }

    /// The most dots a page control draws: more than any screen has room for, so that a
    /// control made huge by a script does not make the document huge.
    private static let maximumDots = 1024

    /// A dot per page, centred, as many as fit in the width around the current page.
    private mutating func drawDots(_ count: Int, current: Int, in bounds: Rect) {
        let spacing = 16.0
        let room = (bounds.width / spacing).rounded(.down)
        let fitting = room < Double(Self.maximumDots) ? Int(max(room, 0)) : Self.maximumDots
        let shown = PageDots.shown(count: count, current: current, room: fitting)
        guard !shown.isEmpty else { return }
        let first = bounds.midX - Double(shown.count - 1) * spacing / 2
        for (index, page) in shown.enumerated() {
            circle(Point(x: first + Double(index) * spacing, y: bounds.midY), radius: 3.5,
                   fill: page == current ? Palette.currentPage : .systemGray3)
        }
    }

    /// An image view without an image: a grey frame with its label in the middle.
    private mutating func drawImage(_ label: String?, in bounds: Rect) {
        roundedRect(bounds, radius: 0, fill: nil, stroke: .systemGray3)
        guard let label, !label.isEmpty else { return }
        text(CellText.truncated(label, to: Self.room(bounds.width, padding: 4)), x: bounds.midX, middle: bounds.midY,
             fill: .systemGray)
    }

    private mutating func drawField(_ field: ViewDescription.Field, color: Color, in bounds: Rect) {
        let padding = 6.0
        var x = bounds.minX + padding
        if field.isSearch {
            // A search field: a grey capsule as tall as the bar's usual field, a magnifier first.
            let capsule = Rect(x: bounds.minX, y: bounds.midY - 14, width: bounds.width, height: 28)
            roundedRect(capsule, radius: 9, fill: Palette.searchField, stroke: nil)
            magnifier(at: Point(x: bounds.minX + 13, y: bounds.midY))
            x = bounds.minX + 24
        } else {
            roundedRect(bounds, radius: 5, fill: .white, stroke: .systemGray3)
        }
        let room = Label.columns(in: bounds.maxX - padding - x)
        var cursorCells = 0
        if field.text.isEmpty {
            let placeholder = CellText.prefix(of: field.placeholder ?? "", fitting: room - (field.isEditing ? 1 : 0))
            text(placeholder, x: x, middle: bounds.midY, anchor: "start", fill: Palette.placeholder)
        } else {
            // Like the text renderer: the end of the text while editing, its start otherwise.
            let shown = field.isEditing
                ? CellText.suffix(of: field.text, fitting: room - 1)
                : CellText.prefix(of: field.text, fitting: room)
            text(shown, x: x, middle: bounds.midY, anchor: "start", fill: color)
            cursorCells = CellText.width(of: shown)
        }
        if field.isEditing {
            let cursorX = x + Double(cursorCells) * Self.advance + 1
            line(Point(x: cursorX, y: bounds.midY - 8), Point(x: cursorX, y: bounds.midY + 8),
                 stroke: field.cursorColor, width: 2)
        }
    }
}
