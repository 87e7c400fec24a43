import ScreenKit

/// The screen as rows of character cells, which the text renderer draws into.
///
/// Characters are placed with their width from ``TextLayout/cellWidth(of:)``: a wide
/// character (CJK, emoji) takes its cell and the next, and drawing over either half of it
/// leaves a space in the other half, so a row never holds half a character.
///
/// Each cell also keeps who drew it last: the ``drawer`` at the time, a number the caller
/// gives its views (-1 for a cell nobody drew), so that a click on a cell can go to the view
/// that drew it.
///
/// A grid made to keep colours also has, for each cell, the colour of its character and of
/// its background, both opaque (see `CharacterGrid+Colors.swift`); the characters are the
/// same either way.
struct CharacterGrid {
    enum Slot: Equatable {
        case glyph(Character, wide: Bool)
        /// The right half of the wide character in the cell before.
        case continuation
    }

    let columns: Int
    let rows: Int
    /// The cells, row by row.
    private(set) var slots: [Slot]
    private var drawers: [Int32]
    /// Whether the grid keeps colours: else the colour arrays are empty and painting does
    /// nothing.
    let keepsColors: Bool
    /// Each cell's character colour and background as `0xRRGGBB`, when the grid keeps
    /// colours; a cell starts black on white, as a page does.
    var foregrounds: [UInt32]
    var backgrounds: [UInt32]
    /// The colour characters are written in from now on, alpha-composited over the cell's
    /// background; its packed value while it is opaque.
    var pen = Color.black {
        didSet { opaquePen = pen.alpha >= 1 ? pen.packedRGB : nil }
    }
    private var opaquePen: UInt32? = 0

    /// Who draws from now on: the number the caller gave the view drawing.
    var drawer: Int32 = -1

    /// The most columns, and the most rows, a grid has: more than any terminal shows, and
    /// few enough that a window made huge by a script cannot take the memory.
    static let maximumCells = 1024

    init(columns: Int, rows: Int, keepsColors: Bool = false) {
        self.columns = min(max(columns, 0), Self.maximumCells)
        self.rows = min(max(rows, 0), Self.maximumCells)
        let count = self.columns * self.rows
        slots = Array(repeating: .glyph(" ", wide: false), count: count)
        drawers = Array(repeating: -1, count: count)
        self.keepsColors = keepsColors
        foregrounds = keepsColors ? Array(repeating: Self.pageForeground, count: count) : []
        backgrounds = keepsColors ? Array(repeating: Self.pageBackground, count: count) : []
    }

    /// What a cell shows before anything is drawn: black on a white page.
    static let pageForeground: UInt32 = 0x000000
    static let pageBackground: UInt32 = 0xFFFFFF

    /// Every cell of the grid.
    var bounds: CellRect { CellRect(minColumn: 0, minRow: 0, maxColumn: columns, maxRow: rows) }

    // MARK: - Drawing

    /// Puts `character` at a cell if `clip` holds it and returns the cells it takes (0 for
    /// characters that show nothing). A wide character cut by the clip leaves a space in
    /// the half that is inside.
    @discardableResult
    mutating func put(_ character: Character, column: Int, row: Int, clip: CellRect) -> Int {
        let width = TextLayout.cellWidth(of: character)
        switch width {
        case 0:
            break
        case 1:
            if clip.contains(column: column, row: row) { set(.glyph(character, wide: false), column, row) }
        default:
            let left = clip.contains(column: column, row: row)
            let right = clip.contains(column: column + 1, row: row)
            if left && right {
                set(.glyph(character, wide: true), column, row)
                set(.continuation, column + 1, row)
            } else {
                if left { set(.glyph(" ", wide: false), column, row) }
                if right { set(.glyph(" ", wide: false), column + 1, row) }
            }
        }
        return width
    }

    /// Writes `text` rightwards from a cell on one row; the text should hold no newlines.
    mutating func write(_ text: String, column: Int, row: Int, clip: CellRect) {
        var column = column
        for character in text {
            column += put(character, column: column, row: row, clip: clip)
        }
    }

    /// Sets every cell of `cells` that `clip` holds to `character` (a one-cell character).
    mutating func fill(_ cells: CellRect, with character: Character, clip: CellRect) {
        guard let area = cells.intersection(clip)?.intersection(bounds) else { return }
        for row in area.minRow..<area.maxRow {
            for column in area.minColumn..<area.maxColumn {
                set(.glyph(character, wide: false), column, row)
            }
        }
    }

    /// Draws a box on the outermost cells of `cells`: ┌ ┐ └ ┘ at the corners, ─ and │ on the
    /// edges (┏ ┓ ┗ ┛ ━ ┃ when `heavy`). A box one row high is a line of ─, one column wide
    /// a line of │, and one cell is □ (■). Only the cells `clip` holds are drawn, so a
    /// clipped box shows its visible part; only those are visited, so a box far larger than
    /// the grid costs what the grid does.
    mutating func box(_ cells: CellRect, clip: CellRect, heavy: Bool = false) {
        // One cell, a horizontal and a vertical edge, then the corners clockwise from top left.
        let shapes: [Character] = heavy
            ? ["■", "━", "┃", "┏", "┓", "┗", "┛"]
            : ["□", "─", "│", "┌", "┐", "└", "┘"]
        guard let visible = cells.intersection(clip)?.intersection(bounds) else { return }
        let (left, top, right, bottom) = (cells.minColumn, cells.minRow, cells.maxColumn - 1, cells.maxRow - 1)
        func draw(_ character: Character, _ column: Int, _ row: Int) {
            put(character, column: column, row: row, clip: clip)
        }
        // The columns from `first` up to `last` (or the rows) that are visible.
        func columns(_ first: Int, _ last: Int) -> Range<Int> {
            Self.range(max(first, visible.minColumn), min(last + 1, visible.maxColumn))
        }
        func rows(_ first: Int, _ last: Int) -> Range<Int> {
            Self.range(max(first, visible.minRow), min(last + 1, visible.maxRow))
        }
        if cells.columns == 1 && cells.rows == 1 {
            draw(shapes[0], left, top)
        } else if cells.rows == 1 {
            for column in columns(left, right) { draw(shapes[1], column, top) }
        } else if cells.columns == 1 {
            for row in rows(top, bottom) { draw(shapes[2], left, row) }
        } else {
            draw(shapes[3], left, top)
            draw(shapes[4], right, top)
            draw(shapes[5], left, bottom)
            draw(shapes[6], right, bottom)
            for column in columns(left + 1, right - 1) {
                draw(shapes[1], column, top)
                draw(shapes[1], column, bottom)
            }
            for row in rows(top + 1, bottom - 1) {
                draw(shapes[2], left, row)
                draw(shapes[2], right, row)
            }
        }
    }

    /// `lower..<upper`, empty when `upper` is below `lower`.
    static func range(_ lower: Int, _ upper: Int) -> Range<Int> {
        lower..<max(lower, upper)
    }

    /// Whether every cell of `row` from `columns` that the grid has shows a space (or
    /// nothing): room for a line that must not cut through what is there.
    func isBlank(row: Int, columns: Range<Int>) -> Bool {
        guard row >= 0, row < rows else { return true }
        for column in Self.range(max(columns.lowerBound, 0), min(columns.upperBound, self.columns)) {
            guard case .glyph(" ", _) = slots[row * self.columns + column] else { return false }
        }
        return true
    }

    /// The number of the view that drew the cell last; -1 for a cell nobody drew or one
    /// outside the grid.
    func drawer(column: Int, row: Int) -> Int32 {
        bounds.contains(column: column, row: row) ? drawers[row * columns + column] : -1
    }

    // MARK: - Output

    /// The rows joined with newlines, each without trailing spaces, ending with a newline.
    var text: String {
        var result = ""
        for row in 0..<rows {
            var line = ""
            for column in 0..<columns {
                if case .glyph(let character, _) = slots[row * columns + column] { line.append(character) }
            }
            while line.last == " " { line.removeLast() }
            result += line
            result += "\n"
        }
        return result
    }

    /// Stores a slot, first turning the other half of any wide character it overwrites
    /// into a space. (A wide character is stored head first, so its own head is never the
    /// half this clears.)
    private mutating func set(_ slot: Slot, _ column: Int, _ row: Int) {
        guard bounds.contains(column: column, row: row) else { return }
        let index = row * columns + column
        switch slots[index] {
        case .continuation where column > 0:
            slots[index - 1] = .glyph(" ", wide: false)
        case .glyph(_, wide: true) where column + 1 < columns && slots[index + 1] == .continuation:
            slots[index + 1] = .glyph(" ", wide: false)
        default:
            break
        }
        slots[index] = slot
        drawers[index] = drawer
        if keepsColors {
            foregrounds[index] = opaquePen ?? Self.composite(pen, over: backgrounds[index])
        }
    }
}
