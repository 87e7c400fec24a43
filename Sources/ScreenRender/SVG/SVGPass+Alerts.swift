import ScreenKit

/// Alerts drawn as iOS draws them: a rounded light panel, hairlines between its parts, and
/// its actions as titles alone, bold for the cancel or preferred one.
extension SVGPass {
    /// iOS's separator of alert actions, a hairline.
    static let alertSeparator = Color(red: 0x3c / 255, green: 0x3c / 255, blue: 0x43 / 255, alpha: 0.29)

    mutating func drawAlertPanel(_ panel: ViewDescription.AlertPanel, in bounds: Rect) {
        roundedRect(bounds, radius: panel.cornerRadius, fill: panel.fill, stroke: nil)
        for separator in panel.separators {
            document.element("line", [
                ("x1", Self.n(separator.start.x)), ("y1", Self.n(separator.start.y)),
                ("x2", Self.n(separator.end.x)), ("y2", Self.n(separator.end.y)),
            ] + SVGDocument.paint(Self.alertSeparator, "stroke") + [("stroke-width", "0.5")])
        }
    }

    /// An action's title centred in its place, over a grey wash while it is pressed.
    mutating func drawAlertAction(
        _ button: ViewDescription.ButtonTitle, emphasized: Bool, color: Color, highlight: Color?, in bounds: Rect
    ) {
        if let highlight { document.element("rect", SVGDocument.frame(bounds) + SVGDocument.paint(highlight, "fill")) }
        guard let title = button.title, !title.isEmpty else { return }
        let shown = CellText.truncated(title, to: Self.room(bounds.width, padding: 8))
        guard !shown.isEmpty else { return }
        var attributes: SVGDocument.Attributes = [
            ("x", Self.n(bounds.midX)), ("y", Self.n(bounds.midY - Self.lineHeight / 2 + Self.baseline)),
            ("text-anchor", "middle"),
        ]
        if emphasized { attributes.append(("font-weight", "600")) }
        document.element("text", attributes + SVGDocument.paint(color, "fill"), content: shown)
    }
}
