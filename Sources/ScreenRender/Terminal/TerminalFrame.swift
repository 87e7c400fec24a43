import ScreenKit

/// What a terminal should show: a grid of cells, each a character with a style, which
/// ``TerminalWriter`` turns into the bytes that bring the terminal from its last frame to
/// this one.
///
/// A character takes the cells ``TextLayout/cellWidth(of:)`` gives it, as in the text
/// renderer: a wide character (CJK, emoji) holds its cell and leaves "" in the next, and
/// putting anything over either half turns the other half into a space, so a row never
/// holds half a character. A combining mark stays with its base (a `Character` is the
/// whole cluster); characters that show nothing (controls, newlines) are left out, and a
/// tab is a space.
///
/// ```swift
/// var frame = TerminalFrame(width: 40, height: 31)
/// frame.draw(TextRenderer().renderScreen(window), atColumn: 0, row: 0)
/// frame.draw(" hello · iphone portrait", column: 0, row: 30, style: .reverse)
/// ```
public struct TerminalFrame: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// The cells, row by row.
    public private(set) var cells: [TerminalCell]

    /// The most columns, and the most rows, a frame has: a larger size is cut to it.
    public static let maximumSize = 4096

    /// A frame of blank cells; a negative size is 0.
    public init(width: Int, height: Int) {
        self.width = min(max(width, 0), Self.maximumSize)
        self.height = min(max(height, 0), Self.maximumSize)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at a column and row; a blank cell off the frame, where setting does nothing.
    /// Setting a cell puts the first character of its text there as ``draw(_:column:row:style:)``
    /// does (a wide one also takes the next cell); "" or a character that shows nothing
    /// makes it a space.
    public subscript(column: Int, row: Int) -> TerminalCell {
        get { contains(column, row) ? cells[row * width + column] : .blank }
        set {
            guard contains(column, row) else { return }
            let character = newValue.text.first ?? " "
            if put(character, column: column, row: row, style: newValue.style) == 0 {
                put(" ", column: column, row: row, style: newValue.style)
            }
        }
    }

    /// Draws `text` rightwards from a cell on one row, cut at the frame's edges.
    ///
    /// - Parameters:
    ///   - text: One line; newlines and other controls show nothing.
    ///   - column: The first character's column; may be negative, the part before the left
    ///     edge is not drawn.
    ///   - row: The row.
    ///   - style: How every character is drawn.
    /// - Returns: The column after the last character.
    @discardableResult
    public mutating func draw(_ text: String, column: Int, row: Int, style: TerminalStyle = .plain) -> Int {
        var column = column
        guard row >= 0, row < height else { return column }
        for character in text {
            guard column < width else { break }
            column += put(character, column: column, row: row, style: style)
        }
        return column
    }

    /// Draws the cells of a text rendering with their top-left corner at a cell, in the
    /// plain style; the part off the frame is cut.
    public mutating func draw(_ screen: TextScreen, atColumn column: Int, row: Int) {
        let rows = max(0, min(screen.rows, height - row))
        let columns = max(0, min(screen.columns, width - column))
        for y in max(0, -row)..<rows {
            let base = (y + row) * width
            var x = max(0, -column)
            while x < columns {
                switch screen.slot(column: x, row: y) {
                case .glyph(let character, let wide):
                    if wide {
                        if x + 1 < columns && x + column >= 0 {
                            put(character, column: x + column, row: y + row, style: .plain)
                        } else {
                            put(" ", column: x + column, row: y + row, style: .plain)
                        }
                        x += 2
                    } else {
                        let cell = TerminalCell(text: character == "\t" ? " " : String(character))
                        if cells[base + x + column].isContinuation || cells[base + x + column].isWide {
                            put(character, column: x + column, row: y + row, style: .plain)
                        } else {
                            cells[base + x + column] = cell
                        }
                        x += 1
                    }
                case .continuation:
                    // The right half of a wide character cut at the left edge.
                    put(" ", column: x + column, row: y + row, style: .plain)
                    x += 1
                }
            }
        }
    }

    /// Fills the whole frame with blank cells.
    public mutating func clear() {
        for index in cells.indices { cells[index] = .blank }
    }

    // MARK: - Cells

    private func contains(_ column: Int, _ row: Int) -> Bool {
        column >= 0 && column < width && row >= 0 && row < height
    }

    /// Puts a character at a cell on the frame and returns the cells it takes (0 for one
    /// that shows nothing). A wide character without room for its right half leaves a space.
    @discardableResult
    private mutating func put(_ character: Character, column: Int, row: Int, style: TerminalStyle) -> Int {
        let cells = TextLayout.cellWidth(of: character)
        switch cells {
        case 0:
            return 0
        case 1:
            set(TerminalCell(text: character == "\t" ? " " : String(character), style: style), column, row)
        default:
            if column + 1 < width && column >= 0 {
                set(TerminalCell(text: String(character), style: style), column, row)
                set(TerminalCell(text: "", style: style), column + 1, row)
            } else {
                set(TerminalCell(text: " ", style: style), column, row)
                set(TerminalCell(text: " ", style: style), column + 1, row)
            }
        }
        return cells
    }

    /// Stores a cell, first turning the other half of a wide character it overwrites into
    /// a space.
    private mutating func set(_ cell: TerminalCell, _ column: Int, _ row: Int) {
        guard contains(column, row) else { return }
        let index = row * width + column
        let old = cells[index]
        if old.isContinuation && column > 0 {
            cells[index - 1] = TerminalCell(text: " ", style: cells[index - 1].style)
        } else if column + 1 < width && cells[index + 1].isContinuation {
            cells[index + 1] = TerminalCell(text: " ", style: cells[index + 1].style)
        }
        cells[index] = cell
    }
}

extension TerminalCell {
    /// Whether the cell holds the left half of a wide character (cheap for ASCII).
    var isWide: Bool {
        guard let first = text.utf8.first, first >= 0x80 else { return false }
        return text.first.map { TextLayout.cellWidth(of: $0) == 2 } ?? false
    }
}
