import ScreenKit

/// A view's ``Canvas`` commands as characters; ``TextRenderer`` lists the rules.
extension TextPass {
    /// tan 22.5°: lines closer than this to an axis are drawn along it.
    private static let axisSlope = 0.41421356237309503

    /// Draws `commands` inside `clip` (grid points); `placement` maps the coordinates they
    /// are in (the view's) to grid points. With colours, each command draws in its colour
    /// faded by `opacity` (a fill also lays it over the cells' background).
    mutating func drawCommands(_ commands: [Canvas.Command], placement: AffineTransform, clip: Rect, opacity: Double = 1) {
        var clip: Rect? = clip
        for command in commands {
            guard let current = clip, let area = CellRect(covering: current) else { return }
            if grid.keepsColors, let color = command.color { grid.pen = color.fading(by: opacity) }
            switch command {
            case .fill(let rect, let color):
                guard color.isVisible, let cells = CellRect(covering: placement.apply(to: rect)) else { continue }
                grid.paint(color.fading(by: opacity), on: cells, clip: area)
                grid.fill(cells, with: color.luminance < 0.5 ? "█" : " ", clip: area)
            case .stroke(let rect, let color, let width):
                guard color.isVisible, width > 0, let cells = CellRect(covering: placement.apply(to: rect)) else {
                    continue
                }
                grid.box(cells, clip: area)
            case .line(let start, let end, let color, _):
                guard color.isVisible else { continue }
                drawLine(from: placement.apply(to: start), to: placement.apply(to: end), clip: area)
            case .text(let string, let point, let color):
                guard color.isVisible else { continue }
                let origin = placement.apply(to: point)
                let column = CellRect.column(of: origin.x), row = CellRect.row(of: origin.y)
                let lines = string.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
                for (index, line) in lines.enumerated() {
                    grid.write(String(line), column: column, row: row + index, clip: area)
                }
            case .clip(let rect):
                clip = current.intersection(placement.apply(to: rect))
            }
        }
    }

    /// A line between two grid points: the cells from the first end's to the second's, the
    /// ends taken as a rectangle would take them (so a line ending on a cell boundary does
    /// not spill into the next cell), one cell per step along the longer direction.
    private mutating func drawLine(from start: Point, to end: Point, clip: CellRect) {
        // A line reaching far past the clip is first cut to the part near it, so that it
        // takes as many steps as one across the screen; nearer lines are drawn as they are.
        let near = Rect(
            x: Double(clip.minColumn) * CellRect.cellWidth - Self.lineMargin,
            y: Double(clip.minRow) * CellRect.cellHeight - Self.lineMargin,
            width: Double(clip.columns) * CellRect.cellWidth + 2 * Self.lineMargin,
            height: Double(clip.rows) * CellRect.cellHeight + 2 * Self.lineMargin)
        guard let (start, end) = Self.cut(from: start, to: end, to: near) else { return }
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

    /// How far past the clip, in points, a line is drawn as it is before it is cut.
    private static let lineMargin = 4096.0

    /// The part of the line from `start` to `end` inside `rect` (Liang and Barsky's clipping),
    /// or nil when it misses it or is not made of finite numbers. A line with both ends
    /// inside is returned unchanged.
    static func cut(from start: Point, to end: Point, to rect: Rect) -> (Point, Point)? {
        guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite else { return nil }
        if rect.contains(start) && rect.contains(end) { return (start, end) }
        // In halves, so that the difference of two huge coordinates cannot overflow.
        let dx = end.x / 2 - start.x / 2, dy = end.y / 2 - start.y / 2
        var low = 0.0, high = 1.0
        let edges = [
            (-dx, start.x / 2 - rect.minX / 2), (dx, rect.maxX / 2 - start.x / 2),
            (-dy, start.y / 2 - rect.minY / 2), (dy, rect.maxY / 2 - start.y / 2),
        ]
        for (step, room) in edges {
            if step == 0 {
                if room < 0 { return nil }
                continue
            }
            let t = room / step
            if step < 0 { low = max(low, t) } else { high = min(high, t) }
        }
        guard low <= high else { return nil }
        func point(_ t: Double) -> Point { Point(x: (start.x / 2 + t * dx) * 2, y: (start.y / 2 + t * dy) * 2) }
        return (low > 0 ? point(low) : start, high < 1 ? point(high) : end)
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

extension Canvas.Command {
    /// The colour the command draws in; nil for a clip.
    var color: Color? {
        switch self {
        case .fill(_, let color), .stroke(_, let color, _), .line(_, _, let color, _), .text(_, _, let color): color
        case .clip: nil
        }
    }
}
