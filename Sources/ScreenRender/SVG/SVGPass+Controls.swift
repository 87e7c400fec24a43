import ScreenKit

/// The content of the views ScreenKit knows, drawn to look like their UIKit counterparts.
extension SVGPass {
    /// The colours of the controls: iOS's tint and greys.
    enum Palette {
        static let tint = "#007aff"
        static let disabled = "#8e8e93"
        static let highlight = "#d6e8ff"
        static let track = "#c7c7cc"
        static let edge = "#d1d1d6"
        static let off = "#e9e9eb"
        static let on = "#34c759"
        static let placeholder = "#a0a0a8"
        static let currentPage = "#333333"
        static let searchField = "#eeeef0"
        static let separator = "#c6c6c8"
        static let groupedBackground = "#f2f2f7"
        static let plainHeader = "#f7f7f7"
        static let selectedRow = "#d1d1d6"
        static let destructive = "#ff3b30"
    }

    /// The advance of one character of 13-px monospace text (0.6 em in the usual fonts),
    /// which places the cursor after the text of a field.
    static let advance = 7.8

    mutating func drawContent(of view: View) {
        let bounds = view.bounds
        switch view {
        case let label as Label: drawLabel(label, in: bounds)
        case let button as Button where button.deletingCell != nil: drawDeleteButton(button, in: bounds)
        case let button as Button where button.superview is SearchBar: drawBarButton(button, in: bounds)
        case let button as Button: drawButton(button, in: bounds)
        case let control as Switch: drawSwitch(control, in: bounds)
        case let slider as Slider: drawSlider(slider, in: bounds)
        case let control as SegmentedControl: drawSegments(control, in: bounds)
        case let stepper as Stepper: drawStepper(stepper, in: bounds)
        case let pages as PageControl: drawPages(pages, in: bounds)
        case let field as TextField: drawField(field, in: bounds)
        case let table as TableView: drawTable(table)
        case let cell as TableViewCell: drawCell(cell, in: bounds)
        case let header as TableViewHeaderFooterView: drawHeaderFooter(header, in: bounds)
        case let bar as SearchBar: drawSearchBar(bar, in: bounds)
        default: break
        }
    }

    static func n(_ value: Double) -> String { SVGDocument.number(value) }

    /// One line of text whose anchor point is `x` and whose middle is at `middle`.
    mutating func text(
        _ string: String, x: Double, middle: Double, anchor: String = "middle", fill: String
    ) {
        guard !string.isEmpty else { return }
        let baseline = middle - Self.lineHeight / 2 + Self.baseline
        var attributes: SVGDocument.Attributes = [("x", Self.n(x)), ("y", Self.n(baseline))]
        if anchor != "start" { attributes.append(("text-anchor", anchor)) }
        attributes.append(("fill", fill))
        document.element("text", attributes, content: string)
    }

    /// A rectangle with rounded corners, its stroke (`width` wide, 1 unless told) inside the
    /// bounds.
    mutating func roundedRect(_ rect: Rect, radius: Double, fill: String, stroke: String?, width: Double = 1) {
        let inset = stroke == nil ? rect : rect.insetBy(dx: width / 2, dy: width / 2)
        guard inset.width > 0, inset.height > 0 else { return }
        var attributes = SVGDocument.frame(inset)
        attributes.append(("rx", Self.n(min(radius, inset.height / 2, inset.width / 2))))
        attributes.append(("fill", fill))
        if let stroke {
            attributes.append(("stroke", stroke))
            if width != 1 { attributes.append(("stroke-width", Self.n(width))) }
        }
        document.element("rect", attributes)
    }

    mutating func line(_ from: Point, _ to: Point, stroke: String, width: Double) {
        document.element("line", [
            ("x1", Self.n(from.x)), ("y1", Self.n(from.y)), ("x2", Self.n(to.x)), ("y2", Self.n(to.y)),
            ("stroke", stroke), ("stroke-width", Self.n(width)), ("stroke-linecap", "round"),
        ])
    }

    mutating func circle(_ center: Point, radius: Double, fill: String, stroke: String? = nil) {
        var attributes: SVGDocument.Attributes = [
            ("cx", Self.n(center.x)), ("cy", Self.n(center.y)), ("r", Self.n(radius)), ("fill", fill),
        ]
        if let stroke { attributes.append(("stroke", stroke)) }
        document.element("circle", attributes)
    }

    /// The cells of text that fit in `width` points less `padding` on each side.
    static func room(_ width: Double, padding: Double) -> Int {
        Label.columns(in: width - 2 * padding)
    }

    // MARK: - Views

    private mutating func drawLabel(_ label: Label, in bounds: Rect) {
        let lines = label.layout.lines
        // Centred vertically like the text renderer, from the top when the lines overflow.
        let top = bounds.minY + max(0, (bounds.height - Double(lines.count) * Self.lineHeight) / 2)
        let (x, anchor): (Double, String)
        switch label.alignment {
        case .left: (x, anchor) = (bounds.minX, "start")
        case .center: (x, anchor) = (bounds.midX, "middle")
        case .right: (x, anchor) = (bounds.maxX, "end")
        }
        for (index, line) in lines.enumerated() where !line.isEmpty {
            var attributes: SVGDocument.Attributes = [
                ("x", Self.n(x)), ("y", Self.n(top + Double(index) * Self.lineHeight + Self.baseline)),
            ]
            if anchor != "start" { attributes.append(("text-anchor", anchor)) }
            document.element("text", attributes + SVGDocument.paint(label.textColor, "fill"), content: line)
        }
    }

    private mutating func drawButton(_ button: Button, in bounds: Rect) {
        guard let title = button.currentTitle, !title.isEmpty else { return }
        let color = button.isEnabled ? Palette.tint : Palette.disabled
        roundedRect(bounds, radius: 6, fill: button.isHighlighted ? Palette.highlight : "none", stroke: color)
        let shown = CellText.truncated(title, to: Self.room(bounds.width, padding: 4))
        text(shown, x: bounds.midX, middle: bounds.midY, fill: color)
    }

    private mutating func drawSwitch(_ control: Switch, in bounds: Rect) {
        let radius = bounds.height / 2
        roundedRect(bounds, radius: radius, fill: control.isOn ? Palette.on : Palette.off,
                    stroke: control.isOn ? nil : Palette.edge)
        let x = control.isOn ? bounds.maxX - radius : bounds.minX + radius
        circle(Point(x: x, y: bounds.midY), radius: max(radius - 2, 1), fill: "#ffffff", stroke: Palette.edge)
    }

    private mutating func drawSlider(_ slider: Slider, in bounds: Rect) {
        let radius = max(2, min(bounds.height / 2 - 1, 12))
        let start = bounds.minX + radius, end = max(start, bounds.maxX - radius)
        let fraction = slider.fraction.isFinite ? min(max(slider.fraction, 0), 1) : 0
        let knob = Point(x: start + fraction * (end - start), y: bounds.midY)
        line(Point(x: knob.x, y: knob.y), Point(x: end, y: knob.y), stroke: Palette.track, width: 2)
        line(Point(x: start, y: knob.y), Point(x: knob.x, y: knob.y), stroke: Palette.tint, width: 2)
        circle(knob, radius: radius, fill: "#ffffff", stroke: Palette.track)
    }

    private mutating func drawSegments(_ control: SegmentedControl, in bounds: Rect) {
        let count = control.segments.count
        guard count > 0 else { return }
        // Equal widths, as `segment(at:)` divides touches.
        let width = bounds.width / Double(count)
        if let selected = control.selectedSegmentIndex, selected >= 0, selected < count {
            let box = Rect(
                x: bounds.minX + Double(selected) * width, y: bounds.minY, width: width, height: bounds.height)
            // The end segments follow the outline's rounded corners.
            let rounded = selected == 0 || selected == count - 1
            document.element("rect", SVGDocument.frame(box) + (rounded ? [("rx", "4")] : []) + [("fill", Palette.tint)])
        }
        roundedRect(bounds, radius: 4, fill: "none", stroke: Palette.tint)
        for index in 1..<max(count, 1) {
            let x = bounds.minX + Double(index) * width
            line(Point(x: x, y: bounds.minY), Point(x: x, y: bounds.maxY), stroke: Palette.tint, width: 1)
        }
        for (index, title) in control.segments.enumerated() {
            let shown = CellText.truncated(title, to: Self.room(width, padding: 4))
            let middle = bounds.minX + (Double(index) + 0.5) * width
            text(shown, x: middle, middle: bounds.midY,
                 fill: index == control.selectedSegmentIndex ? "#ffffff" : Palette.tint)
        }
    }

    private mutating func drawStepper(_ stepper: Stepper, in bounds: Rect) {
        roundedRect(bounds, radius: 4, fill: "none", stroke: Palette.tint)
        line(Point(x: bounds.midX, y: bounds.minY), Point(x: bounds.midX, y: bounds.maxY),
             stroke: Palette.tint, width: 1)
        text("−", x: bounds.minX + bounds.width / 4, middle: bounds.midY, fill: Palette.tint)
        text("+", x: bounds.maxX - bounds.width / 4, middle: bounds.midY, fill: Palette.tint)
    }

    /// The most dots a page control draws: more than any screen has room for, so that a
    /// control made huge by a script does not make the document huge.
    private static let maximumDots = 1024

    /// A dot per page, centred, as many as fit in the width around the current page.
    private mutating func drawPages(_ pages: PageControl, in bounds: Rect) {
        let spacing = 16.0
        let room = (bounds.width / spacing).rounded(.down)
        let shown = pages.shownPages(room: room < Double(Self.maximumDots) ? Int(room) : Self.maximumDots)
        guard !shown.isEmpty else { return }
        let first = bounds.midX - Double(shown.count - 1) * spacing / 2
        for (index, page) in shown.enumerated() {
            circle(Point(x: first + Double(index) * spacing, y: bounds.midY), radius: 3.5,
                   fill: page == pages.currentPage ? Palette.currentPage : Palette.track)
        }
    }

    private mutating func drawField(_ field: TextField, in bounds: Rect) {
        let padding = 6.0
        var x = bounds.minX + padding
        if field.superview is SearchBar {
            // A search field: a grey capsule as tall as the bar's usual field, a magnifier first.
            let capsule = Rect(x: bounds.minX, y: bounds.midY - 14, width: bounds.width, height: 28)
            roundedRect(capsule, radius: 9, fill: Palette.searchField, stroke: nil)
            magnifier(at: Point(x: bounds.minX + 13, y: bounds.midY))
            x = bounds.minX + 24
        } else {
            roundedRect(bounds, radius: 5, fill: "#ffffff", stroke: Palette.track)
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
            text(shown, x: x, middle: bounds.midY, anchor: "start", fill: "#000000")
            cursorCells = CellText.width(of: shown)
        }
        if field.isEditing {
            let cursorX = x + Double(cursorCells) * Self.advance + 1
            line(Point(x: cursorX, y: bounds.midY - 8), Point(x: cursorX, y: bounds.midY + 8),
                 stroke: Palette.tint, width: 2)
        }
    }
}
