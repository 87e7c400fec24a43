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

    /// A point of `view` on the grid, in points from the root's top-left corner.
    func gridPoint(_ point: Point, in view: View) -> Point {
        let inRoot = view.convert(point, to: root)
        return Point(x: inRoot.x - root.bounds.minX, y: inRoot.y - root.bounds.minY)
    }

    /// The bounding box of a rectangle of `view` on the grid.
    func gridRect(_ rect: Rect, in view: View) -> Rect {
        view.convert(rect, to: root).offsetBy(dx: -root.bounds.minX, dy: -root.bounds.minY)
    }

    /// Draws `view` and its subviews; `clip` (grid points) is where they may draw.
    mutating func draw(_ view: View, clip: Rect) {
        guard view.isRendered else { return }
        let frame = gridRect(view.bounds, in: view)
        let visible = frame.intersection(clip)
        if let visible, let cells = CellRect(covering: frame), let area = CellRect(covering: visible) {
            if let background = view.backgroundColor, background.isVisible {
                grid.fill(cells, with: " ", clip: area)
            }
            if view.borderWidth > 0 {
                grid.box(cells, clip: area)
            }
            drawContent(of: view, in: cells, clip: area)
            drawCommands(view.drawingCommands(), of: view, clip: visible)
        }
        let inner = view.clipsToBounds ? visible : clip
        guard let inner else { return }
        for subview in view.subviews {
            draw(subview, clip: inner)
        }
    }
}
