import ScreenKit

extension View {
    /// Whether the renderers draw this view (and so its subviews): not hidden, and with an
    /// alpha above 0.01 — the same threshold below which UIKit stops delivering touches, so
    /// a view one cannot see is a view one cannot tap.
    var isRendered: Bool { !isHidden && alpha > 0.01 }

    /// The commands the view's ``View/draw(_:)`` (or its replacement) produces, in its own
    /// coordinates.
    func drawingCommands() -> [Canvas.Command] {
        let canvas = Canvas()
        drawContent(in: canvas)
        return canvas.commands
    }
}

extension Color {
    /// Whether a colour draws anything at all.
    var isVisible: Bool { alpha > 0 }

    /// Relative luminance with the Rec. 709 weights, applied to the components as given
    /// (no gamma decoding): close enough to tell dark from light, and exact arithmetic.
    var luminance: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }
}

/// The dots of a page control both renderers draw.
enum PageDots {
    /// The pages whose dots are drawn when there is room for `room` dots: all `count` of
    /// them when they fit, else `room` of them around the current page, as a page control
    /// with more pages than fit scrolls its dots.
    static func shown(count: Int, current: Int, room: Int) -> Range<Int> {
        let room = max(room, 1), count = max(count, 0)
        guard count > room else { return 0..<count }
        let first = min(max(current - room / 2, 0), count - room)
        return first..<(first + room)
    }
}
