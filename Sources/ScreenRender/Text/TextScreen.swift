import ScreenKit

/// A text rendering that keeps, for each cell, the view that drew it last, so that a click
/// on a cell of the terminal (or a tap on text seen there) can go to that view.
///
/// A view draws a cell with its background, border, content or ``View/draw(_:)``
/// commands; a list also draws its separators and scroll indicators in its own name. A
/// cell no view drew has no view.
///
/// ```swift
/// let screen = TextRenderer().renderScreen(window)
/// if let point = screen.point(atColumn: 3, row: 5) {
///     window.touch(.began, at: point)
///     window.touch(.ended, at: point)
/// }
/// ```
public struct TextScreen {
    /// The rendering, as ``TextRenderer/render(_:)`` gives it.
    public let text: String
    public let columns: Int
    public let rows: Int

    private let grid: CharacterGrid
    private let views: [View]
    private let placements: [AffineTransform]
    /// The map from grid points to the root's bounds coordinates.
    private let rootOrigin: Point

    init(_ pass: TextPass) {
        text = pass.grid.text
        columns = pass.grid.columns
        rows = pass.grid.rows
        grid = pass.grid
        views = pass.views
        placements = pass.placements
        rootOrigin = pass.root.bounds.origin
    }

    /// The view that drew the cell last; nil for a cell no view drew or one off the grid.
    public func view(atColumn column: Int, row: Int) -> View? {
        let drawer = Int(grid.drawer(column: column, row: row))
        return views.indices.contains(drawer) ? views[drawer] : nil
    }

    /// Where a click on the cell goes, in the root's bounds coordinates (for a window, its
    /// coordinates): the point of the view that drew the cell nearest the cell's centre,
    /// so that hit testing there finds that view or what holds it. Nil for a cell no view
    /// drew.
    public func point(atColumn column: Int, row: Int) -> Point? {
        let drawer = Int(grid.drawer(column: column, row: row))
        guard views.indices.contains(drawer) else { return nil }
        let centre = Point(
            x: (Double(column) + 0.5) * CellRect.cellWidth, y: (Double(row) + 0.5) * CellRect.cellHeight)
        var target = centre
        let placement = placements[drawer]
        if let inverse = placement.inverted() {
            let local = inverse.apply(to: centre)
            let bounds = views[drawer].bounds
            let inside = Point(x: Self.clamp(local.x, bounds.minX, bounds.maxX), y: Self.clamp(local.y, bounds.minY, bounds.maxY))
            let placed = placement.apply(to: inside)
            if placed.x.isFinite && placed.y.isFinite { target = placed }
        }
        return Point(x: target.x + rootOrigin.x, y: target.y + rootOrigin.y)
    }

    /// What the grid holds, row by row: characters, and the right halves of wide ones.
    var slots: [CharacterGrid.Slot] { grid.slots }

    /// Whether the rendering kept each cell's colours (see ``TextRenderer/init(colors:)``).
    public var hasColors: Bool { grid.keepsColors }

    /// The colours of a cell's character and background, both opaque; nil when the
    /// rendering kept no colours or the cell is off the grid.
    public func colors(atColumn column: Int, row: Int) -> (foreground: Color, background: Color)? {
        grid.colors(column: column, row: row).map { (Color(packedRGB: $0.foreground), Color(packedRGB: $0.background)) }
    }

    /// Each cell's character colour and background as `0xRRGGBB`, row by row, when the
    /// rendering kept them; else empty.
    var foregrounds: [UInt32] { grid.foregrounds }
    var backgrounds: [UInt32] { grid.backgrounds }

    /// `value` within `lower..<upper`, kept off the upper edge (which hit testing leaves
    /// out) by a little.
    private static func clamp(_ value: Double, _ lower: Double, _ upper: Double) -> Double {
        guard !value.isNaN else { return lower }
        let top = max(lower, upper - min(0.25, (upper - lower) / 2))
        return min(max(value, lower), top)
    }
}
