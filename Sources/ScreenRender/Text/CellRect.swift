import ScreenKit

/// A block of cells on the text grid: columns `minColumn..<maxColumn`, rows
/// `minRow..<maxRow`. One cell is 8 points wide and 16 high.
///
/// A rectangle in points covers every cell it overlaps with some area: its minimum edges
/// are floored (`x / 8`, `y / 16`) and its maximum edges are rounded up, so a rectangle from
/// x = 4 to x = 12 covers columns 0 and 1, one from 0 to 16 covers columns 0 and 1, and one
/// from 0 to 17 covers 0, 1 and 2. A rectangle without area covers nothing. Coordinates
/// within a millionth of a cell boundary count as on it, so that the rounding errors of a
/// rotation cannot move a view by a whole cell.
struct CellRect: Equatable {
    var minColumn: Int
    var minRow: Int
    var maxColumn: Int
    var maxRow: Int

    static let cellWidth = 8.0
    static let cellHeight = 16.0

    init(minColumn: Int, minRow: Int, maxColumn: Int, maxRow: Int) {
        (self.minColumn, self.minRow, self.maxColumn, self.maxRow) = (minColumn, minRow, maxColumn, maxRow)
    }

    /// The cells `rect` (in grid points) overlaps, or nil when it has no area.
    init?(covering rect: Rect) {
        let rect = rect.standardized
        guard rect.width > 0, rect.height > 0 else { return nil }
        minColumn = Self.index(rect.minX / Self.cellWidth, .down)
        minRow = Self.index(rect.minY / Self.cellHeight, .down)
        maxColumn = Self.index(rect.maxX / Self.cellWidth, .up)
        maxRow = Self.index(rect.maxY / Self.cellHeight, .up)
        guard maxColumn > minColumn, maxRow > minRow else { return nil }
    }

    /// The cells whose centres lie inside `rect` (in grid points), or nil when none does:
    /// of two views that share a row of cells, the one that covers most of it.
    init?(centresIn rect: Rect) {
        let rect = rect.standardized
        minColumn = Self.index(rect.minX / Self.cellWidth - 0.5, .up)
        minRow = Self.index(rect.minY / Self.cellHeight - 0.5, .up)
        maxColumn = Self.index(rect.maxX / Self.cellWidth - 0.5, .up)
        maxRow = Self.index(rect.maxY / Self.cellHeight - 0.5, .up)
        guard maxColumn > minColumn, maxRow > minRow else { return nil }
    }

    /// The cells that lie wholly inside `rect` (in grid points), or nil when none does.
    init?(inside rect: Rect) {
        let rect = rect.standardized
        minColumn = Self.index(rect.minX / Self.cellWidth, .up)
        minRow = Self.index(rect.minY / Self.cellHeight, .up)
        maxColumn = Self.index(rect.maxX / Self.cellWidth, .down)
        maxRow = Self.index(rect.maxY / Self.cellHeight, .down)
        guard maxColumn > minColumn, maxRow > minRow else { return nil }
    }

    var columns: Int { maxColumn - minColumn }
    var rows: Int { maxRow - minRow }

    /// The column holding `x`: the cell whose left edge is at or before it.
    static func column(of x: Double) -> Int { index(x / cellWidth, .down) }

    /// The row holding `y`.
    static func row(of y: Double) -> Int { index(y / cellHeight, .down) }

    /// The last column a right edge at `x` closes: the one holding it, or the one before
    /// when `x` is on a cell boundary (as for `maxColumn - 1`).
    static func column(closing x: Double) -> Int { index(x / cellWidth, .up) - 1 }

    /// The last row a bottom edge at `y` closes.
    static func row(closing y: Double) -> Int { index(y / cellHeight, .up) - 1 }

    func contains(column: Int, row: Int) -> Bool {
        column >= minColumn && column < maxColumn && row >= minRow && row < maxRow
    }

    /// The cells in both, or nil when they share none.
    func intersection(_ other: CellRect) -> CellRect? {
        let result = CellRect(
            minColumn: max(minColumn, other.minColumn), minRow: max(minRow, other.minRow),
            maxColumn: min(maxColumn, other.maxColumn), maxRow: min(maxRow, other.maxRow))
        return result.columns > 0 && result.rows > 0 ? result : nil
    }

    /// A cell index from a coordinate in cells, snapped to a whole number when within a
    /// millionth of it, and kept far from `Int`'s limits for views placed absurdly far away.
    private static func index(_ cells: Double, _ rule: FloatingPointRoundingRule) -> Int {
        guard cells.isFinite else { return cells > 0 ? 1 << 30 : -(1 << 30) }
        let whole = cells.rounded()
        let snapped = abs(cells - whole) < 1e-6 ? whole : cells.rounded(rule)
        return Int(min(max(snapped, -Double(1 << 30)), Double(1 << 30)))
    }
}
