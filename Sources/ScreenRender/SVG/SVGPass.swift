import ScreenKit

/// One drawing of a tree by ``SVGRenderer``: the document being written.
struct SVGPass {
    var document = SVGDocument()

    /// Draws `root` and its subviews, each as a group whose transform maps the view's bounds
    /// coordinates into its parent group's (`rootPlacement` for the root), and what a view
    /// shows over its subviews (a scroll indicator) after them. A loop rather than a
    /// recursion, so no depth of views can overflow the stack.
    mutating func drawTree(_ root: View, rootPlacement: AffineTransform) {
        enum Step {
            /// Open a view's group and draw it; then its subviews, then its `close`.
            case draw(View, placement: AffineTransform?)
            /// Close the clipping group of a view's subviews when it has one, draw what the
            /// view shows over them, and close its group.
            case close(ViewDescription, bounds: Rect, clipsSubviews: Bool)
        }
        var pending: [Step] = [.draw(root, placement: rootPlacement)]
        while let step = pending.popLast() {
            switch step {
            case .close(let description, let bounds, let clipsSubviews):
                if clipsSubviews { document.close("g") }
                drawCover(description, bounds: bounds)
                document.close("g")
            case .draw(let view, let placement):
                guard view.isRendered else { continue }
                let description = view.contentDescription
                let subviews = drawOwnContent(description, of: view, placement: placement ?? view.placementInSuperview)
                let clips = view.clipsToBounds && !subviews.isEmpty
                if clips { openClip(view.bounds) }
                pending.append(.close(description, bounds: view.bounds, clipsSubviews: clips))
                for subview in subviews.reversed() { pending.append(.draw(subview, placement: nil)) }
            }
        }
    }

    /// Opens `view`'s group and draws what the view itself shows; returns the subviews to
    /// draw in it, which the caller closes the group after.
    private mutating func drawOwnContent(
        _ description: ViewDescription, of view: View, placement: AffineTransform
    ) -> [View] {
        var attributes: SVGDocument.Attributes = [("class", description.kind)]
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
        drawContent(description, of: view)
        drawCommands(view.drawingCommands(), in: bounds)
        return view.subviews.filter(\.isRendered)
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
}
