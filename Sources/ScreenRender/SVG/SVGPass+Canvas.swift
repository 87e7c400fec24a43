import ScreenKit

/// A view's ``Canvas`` commands as SVG elements, in the view's bounds coordinates.
extension SVGPass {
    /// The distance from the top of a 16-px line to the baseline of 13-px text on it.
    static let baseline = 12.0
    static let lineHeight = 16.0

    /// Draws `commands` clipped to `bounds`, as UIKit clips what a view draws to its bounds.
    mutating func drawCommands(_ commands: [Canvas.Command], in bounds: Rect) {
        guard !commands.isEmpty else { return }
        openClip(bounds)
        var groups = 1
        for command in commands {
            switch command {
            case .fill(let rect, let color):
                document.element("rect", SVGDocument.frame(rect) + SVGDocument.paint(color, "fill"))
            case .stroke(let rect, let color, let width):
                document.element(
                    "rect",
                    SVGDocument.frame(rect) + [("fill", "none")] + SVGDocument.paint(color, "stroke")
                        + [("stroke-width", SVGDocument.number(width))])
            case .line(let start, let end, let color, let width):
                document.element(
                    "line",
                    [
                        ("x1", SVGDocument.number(start.x)), ("y1", SVGDocument.number(start.y)),
                        ("x2", SVGDocument.number(end.x)), ("y2", SVGDocument.number(end.y)),
                    ] + SVGDocument.paint(color, "stroke")
                        + [("stroke-width", SVGDocument.number(width)), ("stroke-linecap", "round")])
            case .text(let string, let point, let color):
                let lines = string.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
                for (index, line) in lines.enumerated() where !line.isEmpty {
                    let y = point.y + Double(index) * Self.lineHeight + Self.baseline
                    document.element(
                        "text",
                        [("x", SVGDocument.number(point.x)), ("y", SVGDocument.number(y))]
                            + SVGDocument.paint(color, "fill"),
                        content: String(line))
                }
            case .clip(let rect):
                // Nested clip groups intersect, as successive clips do.
                openClip(rect)
                groups += 1
            }
        }
        for _ in 0..<groups { document.close("g") }
    }
}
