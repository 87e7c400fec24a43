import ScreenKit

/// One drawing of a tree by ``TextRenderer``: the grid being drawn into, and the root whose
/// bounds it shows.
struct TextPass {
    let root: View
    var grid: CharacterGrid

    init(root: View) {
        self.root = root
        let size = CellRect(covering: Rect(origin: .zero, size: root.bounds.size))
        grid = CharacterGrid(columns: size?.maxColumn ?? 0, rows: size?.maxRow ?? 0)
    }

    /// The map from the root's bounds coordinates to grid points, whose origin is the top-left
    /// corner of the root's bounds.
    var rootPlacement: AffineTransform {
        AffineTransform(translationX: -root.bounds.minX, y: -root.bounds.minY)
    }

    /// Draws the root and its subviews, back to front, each view before its subviews; `clip`
    /// (grid points) is where they may draw. A loop rather than a recursion, so no depth of
    /// views can overflow the stack; each view's place on the grid is its superview's
    /// composed with its own placement, so it costs the same at any depth.
    mutating func drawTree(clip: Rect) {
        // Each entry: a view, the map from its superview's bounds to grid points (nil for
        // the root) and where it may draw.
        var pending: [(view: View, parentPlacement: AffineTransform?, clip: Rect)] = [(root, nil, clip)]
        while let (view, parentPlacement, clip) = pending.popLast() {
            guard view.isRendered else { continue }
            let placement = parentPlacement.map { view.placementInSuperview.concatenating($0) } ?? rootPlacement
            let frame = placement.apply(to: view.bounds)
            let visible = frame.intersection(clip)
            if let visible, let cells = CellRect(covering: frame), let area = CellRect(covering: visible) {
                if let background = view.backgroundColor, background.isVisible {
                    grid.fill(cells, with: " ", clip: area)
                }
                if view.borderWidth > 0 {
                    grid.box(cells, clip: area)
                }
                drawContent(of: view, in: cells, clip: area)
                drawCommands(view.drawingCommands(), placement: placement, clip: visible)
            }
            guard let inner = view.clipsToBounds ? visible : clip else { continue }
            for subview in view.subviews.reversed() {
                pending.append((subview, placement, inner))
            }
        }
    }
}
