/// Converting points and rectangles between the coordinates of views, as UIKit's
/// `convert(_:to:)` and `convert(_:from:)`.
extension View {
    /// `point` in this view's coordinates converted to its superview's.
    func pointInSuperview(_ point: Point) -> Point {
        let offset = Point(x: point.x - bounds.midX, y: point.y - bounds.midY)
        return center + (transform.isIdentity ? offset : transform.apply(to: offset))
    }

    /// `point` in the superview's coordinates converted to this view's.
    func pointFromSuperview(_ point: Point) -> Point {
        let offset = point - center
        let local = transform.isIdentity ? offset : (transform.inverted()?.apply(to: offset) ?? offset)
        return Point(x: local.x + bounds.midX, y: local.y + bounds.midY)
    }

    /// Converts `point` from this view's coordinates to `view`'s (the window's, or the
    /// root's when not in a window, when `view` is nil).
    public func convert(_ point: Point, to view: View?) -> Point {
        var inRoot = point
        var current: View = self
        while let superview = current.superview {
            inRoot = current.pointInSuperview(inRoot)
            current = superview
        }
        guard let view else { return inRoot }
        return view.fromRoot(inRoot)
    }

    /// Converts `point` from `view`'s coordinates (the window's when nil) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        guard let view else { return fromRoot(point) }
        return fromRoot(view.convert(point, to: nil))
    }

    /// Converts a rectangle to `view`'s coordinates (the bounding box of its corners).
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        let corners = [
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
            Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY),
        ].map { convert($0, to: view) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    private func fromRoot(_ point: Point) -> Point {
        var chain: [View] = []
        var current: View? = self
        while let view = current, view.superview != nil {
            chain.append(view)
            current = view.superview
        }
        return chain.reversed().reduce(point) { $1.pointFromSuperview($0) }
    }

    /// The map from the view's bounds coordinates to its superview's: move the bounds'
    /// centre to the origin, apply the transform (which turns about the centre), move to
    /// `center`. Renderers compose these down the tree, so that placing a view costs the
    /// same at any depth.
    public var placementInSuperview: AffineTransform {
        AffineTransform(translationX: -bounds.midX, y: -bounds.midY)
            .concatenating(transform)
            .concatenating(AffineTransform(translationX: center.x, y: center.y))
    }

    /// The map from this view's bounds coordinates to `ancestor`'s, composed up the chain
    /// of superviews (so far from the root, precision is that of the views between); nil
    /// when `ancestor` does not hold this view.
    public func placement(in ancestor: View) -> AffineTransform? {
        var result = AffineTransform.identity
        var view: View = self
        while view !== ancestor {
            guard let superview = view.superview else { return nil }
            result = result.concatenating(view.placementInSuperview)
            view = superview
        }
        return result
    }
}
