import ScreenKit
import ScreenRender

/// The screen as the renderers draw it.
enum Rendering {
    static func text(_ view: View) -> String {
        TextRenderer().render(view)
    }

    static func svg(_ view: View) -> String {
        SVGRenderer().render(view)
    }
}
