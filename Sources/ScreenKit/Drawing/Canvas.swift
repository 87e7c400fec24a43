/// What a view draws, as a list of commands in the view's coordinates, for the renderers to
/// turn into text cells or SVG. Views draw with ``View/draw(_:)``.
///
/// ```swift
/// override func draw(_ canvas: Canvas) {
///     canvas.stroke(bounds, color: .black)
///     canvas.line(from: center, to: hand, color: .red, width: 2)
///     canvas.text("12", at: Point(x: 70, y: 4), color: .black)
/// }
/// ```
public final class Canvas {
    public enum Command: Equatable, Sendable {
        case fill(Rect, Color)
        case stroke(Rect, Color, width: Double)
        case line(from: Point, to: Point, Color, width: Double)
        /// Text with its top-left corner at the point; renderers lay it on their grid.
        case text(String, at: Point, Color)
        /// Limits the commands that follow to the rectangle (intersected with earlier clips).
        case clip(Rect)
    }

    public private(set) var commands: [Command] = []

    public init() {}

    public func fill(_ rect: Rect, color: Color) { commands.append(.fill(rect, color)) }

    public func stroke(_ rect: Rect, color: Color, width: Double = 1) {
        commands.append(.stroke(rect, color, width: width))
    }

    public func line(from start: Point, to end: Point, color: Color, width: Double = 1) {
        commands.append(.line(from: start, to: end, color, width: width))
    }

    public func text(_ string: String, at point: Point, color: Color = .black) {
        commands.append(.text(string, at: point, color))
    }

    public func clip(to rect: Rect) { commands.append(.clip(rect)) }
}
