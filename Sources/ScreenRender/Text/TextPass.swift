import ScreenKit

/// One drawing of a tree by ``TextRenderer``: the grid being drawn into, the root whose
/// bounds it shows, and the views drawn, whose places in ``views`` are the drawers the grid
/// keeps for its cells.
struct TextPass {
    let root: View
    var grid: CharacterGrid
    /// The views drawn, in drawing order.
    var views: [View] = []
    /// The map from each drawn view's bounds coordinates to grid points, as ``views``.
    var placements: [AffineTransform] = []

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

    /// Draws the root and its subviews, back to front, each view before its subviews and
    /// what a view shows over its subviews (a scroll indicator) after them; `clip` (grid
    /// points) is where they may draw. A loop rather than a recursion, so no depth of views
    /// can overflow the stack; each view's place on the grid is its superview's composed
    /// with its own placement, so it costs the same at any depth.
    mutating func drawTree(clip: Rect) {
        enum Step {
            /// Draw a view, given the map from its superview's bounds to grid points (nil
            /// for the root) and where it may draw; then its subviews.
            case draw(View, parentPlacement: AffineTransform?, clip: Rect)
            /// Draw what the view numbered `drawer` shows over its subviews.
            case cover(ViewDescription, bounds: Rect, drawer: Int, placement: AffineTransform, cells: CellRect, area: CellRect)
        }
        var pending: [Step] = [.draw(root, parentPlacement: nil, clip: clip)]
        while let step = pending.popLast() {
            switch step {
            case .cover(let description, let bounds, let drawer, let placement, let cells, let area):
                grid.drawer = Int32(clamping: drawer)
                drawCover(description, bounds: bounds, in: cells, placement: placement, clip: area)
            case .draw(let view, let parentPlacement, let clip):
                guard view.isRendered else { continue }
                let placement = parentPlacement.map { view.placementInSuperview.concatenating($0) } ?? rootPlacement
                let frame = placement.apply(to: view.bounds)
                let visible = frame.intersection(clip)
                if let visible, let cells = CellRect(covering: frame), let area = CellRect(covering: visible) {
                    let drawer = views.count
                    views.append(view)
                    placements.append(placement)
                    grid.drawer = Int32(clamping: drawer)
                    if let background = view.backgroundColor, background.isVisible, let owned = CellRect(centresIn: frame) {
                        grid.fill(owned, with: " ", clip: area)
                    }
                    let description = view.contentDescription
                    let selected = Self.isFramedAsSelected(description)
                    if view.borderWidth > 0 || selected {
                        grid.box(cells, clip: area, heavy: selected)
                    }
                    drawContent(description, of: view, in: cells, placement: placement, clip: area)
                    drawCommands(view.drawingCommands(), placement: placement, clip: visible)
                    if Self.hasCover(description) {
                        pending.append(.cover(
                            description, bounds: view.bounds, drawer: drawer, placement: placement, cells: cells, area: area))
                    }
                }
                guard let inner = view.clipsToBounds ? visible : clip else { continue }
                for subview in view.subviews.reversed() {
                    pending.append(.draw(subview, parentPlacement: placement, clip: inner))
                }
            }
        }
    }
}
