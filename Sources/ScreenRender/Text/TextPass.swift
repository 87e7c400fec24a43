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

    init(root: View, colors: Bool = false) {
        self.root = root
        let size = CellRect(covering: Rect(origin: .zero, size: root.bounds.size))
        grid = CharacterGrid(columns: size?.maxColumn ?? 0, rows: size?.maxRow ?? 0, keepsColors: colors)
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
    /// with its own placement, so it costs the same at any depth, and so is its opacity.
    mutating func drawTree(clip: Rect) {
        enum Step {
            /// Draw a view, given the map from its superview's bounds to grid points (nil
            /// for the root), where it may draw and its superview's opacity; then its
            /// subviews.
            case draw(View, parentPlacement: AffineTransform?, clip: Rect, opacity: Double)
            /// Draw what the view numbered `drawer` shows over its subviews.
            case cover(ViewDescription, bounds: Rect, drawer: Int, placement: AffineTransform, cells: CellRect, area: CellRect, opacity: Double)
        }
        var pending: [Step] = [.draw(root, parentPlacement: nil, clip: clip, opacity: 1)]
        while let step = pending.popLast() {
            switch step {
            case .cover(let description, let bounds, let drawer, let placement, let cells, let area, let opacity):
                grid.drawer = Int32(clamping: drawer)
                if grid.keepsColors { grid.pen = Self.coverColor.fading(by: opacity) }
                drawCover(description, bounds: bounds, in: cells, placement: placement, clip: area)
            case .draw(let view, let parentPlacement, let clip, let parentOpacity):
                guard view.isRendered else { continue }
                let placement = parentPlacement.map { view.placementInSuperview.concatenating($0) } ?? rootPlacement
                let opacity = parentOpacity * min(view.alpha, 1)
                let frame = placement.apply(to: view.bounds)
                let visible = frame.intersection(clip)
                if let visible, let cells = CellRect(covering: frame), let area = CellRect(covering: visible) {
                    let drawer = views.count
                    views.append(view)
                    placements.append(placement)
                    grid.drawer = Int32(clamping: drawer)
                    let description = view.contentDescription
                    drawOwnContent(
                        of: view, description, frame: frame, cells: cells, area: area, placement: placement, opacity: opacity)
                    drawCommands(view.drawingCommands(), placement: placement, clip: visible, opacity: opacity)
                    if Self.hasCover(description) {
                        pending.append(.cover(
                            description, bounds: view.bounds, drawer: drawer, placement: placement, cells: cells, area: area,
                            opacity: opacity))
                    }
                }
                guard let inner = view.clipsToBounds ? visible : clip else { continue }
                for subview in view.subviews.reversed() {
                    pending.append(.draw(subview, parentPlacement: placement, clip: inner, opacity: opacity))
                }
            }
        }
    }

    /// Draws a view's background, state overlay, border and content (`frame` in grid points,
    /// `cells` it covers, `area` of them it may draw in). With colours, each in the view's
    /// own: the background and the ``ViewDescription/highlight`` laid over what is behind,
    /// the border in ``View/borderColor``, the rest (what the content writes, and the spaces
    /// of the background) in the ``ViewDescription/foreground``, black when it has none;
    /// every colour faded by the view's `opacity`.
    private mutating func drawOwnContent(
        of view: View, _ description: ViewDescription, frame: Rect, cells: CellRect, area: CellRect,
        placement: AffineTransform, opacity: Double
    ) {
        let foreground = (description.foreground ?? Self.defaultForeground).fading(by: opacity)
        if grid.keepsColors { grid.pen = foreground }
        let owned = CellRect(centresIn: frame)
        if let background = view.backgroundColor, background.isVisible, let owned {
            grid.paint(background.fading(by: opacity), on: owned, clip: area)
            grid.fill(owned, with: " ", clip: area)
        }
        if grid.keepsColors, let highlight = description.highlight, let owned {
            grid.paint(highlight.fading(by: opacity), on: owned, clip: area)
        }
        let selected = Self.isFramedAsSelected(description)
        if view.borderWidth > 0 || selected {
            if grid.keepsColors { grid.pen = (selected ? Self.selectionColor : view.borderColor).fading(by: opacity) }
            grid.box(cells, clip: area, heavy: selected)
            if grid.keepsColors { grid.pen = foreground }
        }
        drawContent(description, of: view, in: cells, placement: placement, clip: area, opacity: opacity)
    }
}
