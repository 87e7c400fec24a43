import ScreenKit

/// Pickers and activity indicators as characters; ``TextRenderer`` lists the shapes.
extension TextPass {
    /// A turn of the spinner, a frame per spoke: the gap in the dots goes round.
    static let spinnerFrames: [Character] = ["⣾", "⣽", "⣻", "⢿", "⡿", "⣟", "⣯", "⣷"]

    static func spinnerFrame(_ spinner: ViewDescription.Spinner) -> Character {
        spinnerFrames[spinner.phase % spinnerFrames.count]
    }

    /// A picker's wheels: each wheel's titles centred in its columns, on the lines their
    /// rows' middles are on; the selected row across the middle between two rules (where
    /// the lines just above and below it are free), the rows around it in a paler pen, and
    /// the focused wheel's selection in brackets.
    mutating func drawWheels(
        _ wheels: ViewDescription.Wheels, bounds: Rect, in cells: CellRect, placement: AffineTransform, clip: CellRect
    ) {
        let height = wheels.rowHeight
        guard height.isFinite, height > 0, bounds.midY.isFinite else { return }
        func line(_ offset: Int, in rect: Rect) -> Int {
            let row = Rect(x: rect.minX, y: bounds.midY + Double(offset) * height - height / 2, width: rect.width, height: height)
            return Self.textRow(centredIn: placement.apply(to: row))
        }
        let pen = grid.pen
        let selected = line(0, in: bounds)
        let paler = pen.fading(by: 0.45)
        if grid.keepsColors { grid.pen = paler }
        for (rule, neighbour) in [(selected - 1, line(-1, in: bounds)), (selected + 1, line(1, in: bounds))]
        where abs(neighbour - selected) >= 2 && rule >= cells.minRow && rule < cells.maxRow {
            for column in CharacterGrid.range(max(cells.minColumn, clip.minColumn), min(cells.maxColumn, clip.maxColumn)) {
                grid.put("─", column: column, row: rule, clip: clip)
            }
        }
        for wheel in wheels.wheels {
            let area = Rect(x: wheel.minX, y: bounds.minY, width: wheel.width, height: bounds.height)
            guard let columns = CellRect(covering: placement.apply(to: area)) else { continue }
            // A column between wheels stays clear.
            let room = columns.columns - 1
            guard room > 0 else { continue }
            for row in wheel.rows {
                var text = CellText.truncated(row.title, to: room)
                if row.offset == 0 && wheel.isFocused && CellText.width(of: text) + 2 <= room { text = "[" + text + "]" }
                if grid.keepsColors { grid.pen = row.offset == 0 ? pen : paler }
                let column = columns.minColumn + max(0, (room - CellText.width(of: text)) / 2)
                grid.write(text, column: column, row: line(row.offset, in: area), clip: clip)
            }
        }
        grid.pen = pen
    }
}
