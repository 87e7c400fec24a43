import ScreenKit

extension View {
    /// Whether the renderers draw this view (and so its subviews): not hidden, and with an
    /// alpha above 0.01 — the same threshold below which UIKit stops delivering touches, so
    /// a view one cannot see is a view one cannot tap.
    var isRendered: Bool { !isHidden && alpha > 0.01 }

    /// The commands the view's ``View/draw(_:)`` produces, in its own coordinates.
    func drawingCommands() -> [Canvas.Command] {
        let canvas = Canvas()
        draw(canvas)
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
