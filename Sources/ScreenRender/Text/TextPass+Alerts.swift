import ScreenKit

/// Alerts as characters: the screen dimmed under them, and their panels as boxes with
/// separators; ``TextRenderer`` lists the shapes.
extension TextPass {
    /// Darkens the colours of what is drawn under `cells` (with colours; the characters stay,
    /// so the screen under an alert still reads).
    mutating func dim(_ color: Color, in cells: CellRect, clip: CellRect) {
        grid.dim(color, on: cells, clip: clip)
    }

    /// A panel of an alert: its cells cleared in its fill, a box on its outermost cells, and
    /// each separator as a line — across on the row holding it, `├` and `┤` where it meets
    /// the box; down in the column holding it, `┬` and `┴` where it meets a line across.
    mutating func drawAlertPanel(
        _ panel: ViewDescription.AlertPanel, in cells: CellRect, placement: AffineTransform, clip: CellRect, opacity: Double
    ) {
        let pen = grid.pen
        grid.paint(panel.fill.fading(by: opacity), on: cells, clip: clip)
        grid.fill(cells, with: " ", clip: clip)
        if grid.keepsColors { grid.pen = Self.coverColor.fading(by: opacity) }
        grid.box(cells, clip: clip)
        let (left, right) = (cells.minColumn, cells.maxColumn - 1)
        for separator in panel.separators where separator.isHorizontal {
            let start = placement.apply(to: separator.start), end = placement.apply(to: separator.end)
            let row = CellRect.row(of: start.y)
            guard row > cells.minRow, row < cells.maxRow - 1 else { continue }
            let first = max(CellRect.column(of: min(start.x, end.x)), left)
            let last = min(CellRect.column(closing: max(start.x, end.x)), right)
            guard first <= last else { continue }
            for column in first...last {
                let shape: Character = column == left ? "├" : column == right ? "┤" : "─"
                grid.put(shape, column: column, row: row, clip: clip)
            }
        }
        for separator in panel.separators where !separator.isHorizontal {
            let start = placement.apply(to: separator.start), end = placement.apply(to: separator.end)
            let column = CellRect.column(of: start.x)
            guard column > left, column < right else { continue }
            let first = max(CellRect.row(of: min(start.y, end.y)), cells.minRow)
            let last = min(CellRect.row(closing: max(start.y, end.y)), cells.maxRow - 1)
            guard first <= last else { continue }
            for row in first...last {
                let across = grid.character(column: column, row: row) == "─"
                let shape: Character = !across ? "│" : row == first ? "┬" : row == last ? "┴" : "┼"
                grid.put(shape, column: column, row: row, clip: clip)
            }
        }
        grid.pen = pen
    }
}

extension CharacterGrid {
    /// Lays `color` over both the background and the character of every cell of `cells`
    /// that `clip` holds; nothing without colours.
    mutating func dim(_ color: Color, on cells: CellRect, clip: CellRect) {
        guard keepsColors, color.isVisible, let area = cells.intersection(clip)?.intersection(bounds) else { return }
        for row in area.minRow..<area.maxRow {
            for index in (row * columns + area.minColumn)..<(row * columns + area.maxColumn) {
                backgrounds[index] = Self.composite(color, over: backgrounds[index])
                foregrounds[index] = Self.composite(color, over: foregrounds[index])
            }
        }
    }

    /// The character shown in a cell; nil off the grid or on the right half of a wide one.
    func character(column: Int, row: Int) -> Character? {
        guard bounds.contains(column: column, row: row),
              case .glyph(let character, _) = slots[row * columns + column] else { return nil }
        return character
    }
}
