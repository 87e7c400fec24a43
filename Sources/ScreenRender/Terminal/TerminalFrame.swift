import ScreenKit

/// What a terminal should show: a grid of cells, each a character with a style, which
/// ``TerminalWriter`` turns into the bytes that bring the terminal from its last frame to
/// this one.
///
/// A character takes the cells ``TextLayout/cellWidth(of:)`` gives it, as in the text
/// renderer: a wide character (CJK, emoji) holds its cell and leaves "" in the next, and
/// putting anything over either half turns the other half into a space, so a row never
/// holds half a character. A combining mark stays with its base (a `Character` is the
/// whole cluster), and a mark without a base is put on a space; characters that show
/// nothing (controls, newlines) are left out, and a tab is a space.
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

    /// The most columns, and the most rows, a frame has: more than a terminal shows, and few
    /// enough that a frame cannot take much memory; a larger size is cut to it.
    public static let maximumSize = 1024

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
    /// plain style, or when the rendering kept colours (``TextScreen/hasColors``) in its
    /// cells' colours as 24-bit ones; the part off the frame is cut.
    public mutating func draw(_ screen: TextScreen, atColumn column: Int, row: Int) {
        // Far enough off the frame to draw nothing, near enough that no sum overflows.
        let limit = 4 * Self.maximumSize
        let column = min(max(column, -limit), limit)
        let row = min(max(row, -limit), limit)
        let first = max(0, -column)
        let last = min(screen.columns, width - column)
        guard first < last else { return }
        let slots = screen.slots
        let (foregrounds, backgrounds) = (screen.foregrounds, screen.backgrounds)
        let colored = screen.hasColors
        for y in max(0, -row)..<max(0, min(screen.rows, height - row)) {
            let source = y * screen.columns
            let target = (y + row) * width + column
            func style(_ x: Int) -> TerminalStyle {
                colored ? TerminalStyle(rgbForeground: foregrounds[source + x], background: backgrounds[source + x]) : .plain
            }
            // Only the edges can cut a wide character: the screen's own are whole inside.
            put(" ", column: first + column, row: y + row, style: style(first))
            put(" ", column: last - 1 + column, row: y + row, style: style(last - 1))
            cells.withUnsafeMutableBufferPointer { cells in
                for x in first..<last {
                    let style = style(x)
                    let space = colored ? TerminalCell(ascii: 0x20, style: style) : .blank
                    switch slots[source + x] {
                    case .glyph(let character, let wide):
                        let utf8 = character.utf8
                        if utf8.count == 1, let byte = utf8.first {
                            // ASCII, nearly all a screen shows.
                            cells[target + x] = byte == 0x20 || byte == 0x09 ? space : TerminalCell(ascii: byte, style: style)
                        } else if wide && x + 1 == last {
                            cells[target + x] = space
                        } else if wide {
                            cells[target + x] = TerminalCell(text: String(character), style: style)
                        } else {
                            cells[target + x] = TerminalCell(text: Self.shown(character), style: style)
                        }
                    case .continuation:
                        var half = Self.continuation
                        half.style = style
                        cells[target + x] = x == first ? space : half
                    }
                }
            }
        }
    }

    private static let continuation = TerminalCell(text: "")

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
            set(TerminalCell(text: Self.shown(character), style: style), column, row)
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

    /// A one-cell character as a terminal shows it in a cell of its own: a tab as a space,
    /// and a combining mark without a base (at the start of a text) on a space, where a
    /// terminal would otherwise put it on the cell before.
    private static func shown(_ character: Character) -> String {
        if character == "\t" { return " " }
        if let first = character.unicodeScalars.first, first.value >= 0x300 {
            switch first.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return " " + String(character)
            default: break
            }
        }
        return String(character)
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

