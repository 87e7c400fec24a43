import ScreenKit

/// A view's ``Canvas`` commands as characters; ``TextRenderer`` lists the rules.
extension TextPass {
    /// tan 22.5°: lines closer than this to an axis are drawn along it.
    private static let axisSlope = 0.41421356237309503

    /// Draws `commands` (in `view`'s coordinates) inside `clip` (grid points).
    mutating func drawCommands(_ commands: [Canvas.Command], of view: View, clip: Rect) {
        var clip: Rect? = clip
        for command in commands {
            guard let current = clip, let area = CellRect(covering: current) else { return }
            switch command {
            case .fill(let rect, let color):
                guard color.isVisible, let cells = CellRect(covering: gridRect(rect, in: view)) else { continue }
                grid.fill(cells, with: color.luminance < 0.5 ? "█" : " ", clip: area)
            case .stroke(let rect, let color, let width):
                guard color.isVisible, width > 0, let cells = CellRect(covering: gridRect(rect, in: view)) else {
                    continue
                }
                grid.box(cells, clip: area)
            case .line(let start, let end, let color, _):
                guard color.isVisible else { continue }
                drawLine(from: gridPoint(start, in: view), to: gridPoint(end, in: view), clip: area)
            case .text(let string, let point, let color):
                guard color.isVisible else { continue }
                let origin = gridPoint(point, in: view)
                let column = CellRect.column(of: origin.x), row = CellRect.row(of: origin.y)
                let lines = string.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
                for (index, line) in lines.enumerated() {
                    grid.write(String(line), column: column, row: row + index, clip: area)
                }
            case .clip(let rect):
                clip = current.intersection(gridRect(rect, in: view))
            }
        }
    }

    /// A line between two grid points: the cells from the first end's to the second's, the
    /// ends taken as a rectangle would take them (so a line ending on a cell boundary does
    /// not spill into the next cell), one cell per step along the longer direction.
    private mutating func drawLine(from start: Point, to end: Point, clip: CellRect) {
        let dx = end.x - start.x, dy = end.y - start.y
        let character: Character
        if abs(dy) <= abs(dx) * Self.axisSlope {
            character = "─"
        } else if abs(dx) <= abs(dy) * Self.axisSlope {
            character = "│"
        } else {
            character = (dx > 0) == (dy > 0) ? "╲" : "╱"
        }
        let (startColumn, endColumn) = Self.ends(start.x, end.x, CellRect.column(of:), CellRect.column(closing:))
        let (startRow, endRow) = Self.ends(start.y, end.y, CellRect.row(of:), CellRect.row(closing:))
        let columns = endColumn - startColumn, rows = endRow - startRow
        let steps = max(abs(columns), abs(rows))
        // Whole-number interpolation, rounding halves up, so no floating point decides a cell.
        func step(_ total: Int, _ index: Int) -> Int {
            guard steps > 0 else { return 0 }
            let doubled = 2 * index * total + steps
            let divisor = 2 * steps
            return doubled >= 0 ? doubled / divisor : -((-doubled + divisor - 1) / divisor)
        }
        for index in 0...steps {
            let column = startColumn + step(columns, index), row = startRow + step(rows, index)
            grid.put(character, column: column, row: row, clip: clip)
        }
    }

    /// The cells of a line's two ends along one axis: the lower end's cell is the one
    /// holding it and the upper end's the one it closes, as for the edges of a rectangle;
    /// a line along one coordinate takes the cell holding it.
    private static func ends(
        _ a: Double, _ b: Double, _ holding: (Double) -> Int, _ closing: (Double) -> Int
    ) -> (Int, Int) {
        let low = holding(min(a, b))
        let high = max(low, closing(max(a, b)))
        return a <= b ? (low, high) : (high, low)
    }
}
