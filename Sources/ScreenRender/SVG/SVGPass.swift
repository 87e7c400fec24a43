import ScreenKit

/// One drawing of a tree by ``SVGRenderer``: the document being written.
struct SVGPass {
    var document = SVGDocument()

    /// Draws `view` and its subviews as a group whose `placement` maps the view's bounds
    /// coordinates into its parent group's.
    mutating func draw(_ view: View, placement: AffineTransform) {
        guard view.isRendered else { return }
        var attributes: SVGDocument.Attributes = [("class", Self.kind(of: view))]
        if let transform = SVGDocument.transform(placement) { attributes.append(("transform", transform)) }
        if view.alpha < 1 { attributes.append(("opacity", SVGDocument.number(view.alpha))) }
        document.open("g", attributes)

        let bounds = view.bounds
        if let background = view.backgroundColor, background.isVisible {
            document.element("rect", SVGDocument.frame(bounds) + SVGDocument.paint(background, "fill"))
        }
        if view.borderWidth > 0 {
            // UIKit draws a border inside the bounds: the stroke is centred half a width in.
            let inset = min(view.borderWidth / 2, bounds.width / 2, bounds.height / 2)
            document.element(
                "rect",
                SVGDocument.frame(bounds.insetBy(dx: inset, dy: inset)) + [("fill", "none")]
                    + SVGDocument.paint(view.borderColor, "stroke")
                    + [("stroke-width", SVGDocument.number(view.borderWidth))])
        }
        drawContent(of: view)
        drawCommands(view.drawingCommands(), in: bounds)

        let subviews = view.subviews.filter(\.isRendered)
        let clips = view.clipsToBounds && !subviews.isEmpty
        if clips { openClip(bounds) }
        for subview in subviews {
            draw(subview, placement: Self.placement(of: subview))
        }
        if clips { document.close("g") }
        document.close("g")
    }

    /// Starts a group clipped to `rect` (in the current coordinates), which the caller closes.
    mutating func openClip(_ rect: Rect) {
        let id = document.newID("clip")
        document.open("defs")
        document.open("clipPath", [("id", id)])
        document.element("rect", SVGDocument.frame(rect))
        document.close("clipPath")
        document.close("defs")
        document.open("g", [("clip-path", "url(#" + id + ")")])
    }

    /// The map from a view's bounds to its superview's: move the bounds' centre to the
    /// origin, apply the transform (which turns about the centre), move to `center`.
    static func placement(of view: View) -> AffineTransform {
        AffineTransform(translationX: -view.bounds.midX, y: -view.bounds.midY)
            .concatenating(view.transform)
            .concatenating(AffineTransform(translationX: view.center.x, y: view.center.y))
    }

    /// The ScreenKit class a view is, or descends from: a stable name for the `class`
    /// attribute, where the Swift type's own name could be a script's or a private type's.
    static func kind(of view: View) -> String {
        switch view {
        case is Window: "Window"
        case is Label: "Label"
        case is Button: "Button"
        case is Switch: "Switch"
        case is Slider: "Slider"
        case is SegmentedControl: "SegmentedControl"
        case is Stepper: "Stepper"
        case is PageControl: "PageControl"
        case is TextField: "TextField"
        case is Control: "Control"
        default: "View"
        }
    }
}
