import ScreenKit

/// Strings measured and cut on the character grid, with ScreenKit's own rules
/// (``TextLayout/cellWidth(of:)``), so that control titles fit the way label text does.
enum CellText {
    /// The cells `text` takes on one line.
    static func width(of text: String) -> Int {
        text.reduce(0) { $0 + TextLayout.cellWidth(of: $1) }
    }

    /// `text` on one line of at most `width` cells, its end replaced by "…" when it does not
    /// fit; empty when `width` is 0 or less.
    static func truncated(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        return TextLayout(text: text, width: width, lines: 1, lineBreakMode: .truncateTail).lines.first ?? ""
    }

    /// The longest start of `text` at most `width` cells wide, cut without an ellipsis.
    static func prefix(of text: String, fitting width: Int) -> String {
        var used = 0
        var result = ""
        for character in text {
            let cells = TextLayout.cellWidth(of: character)
            guard used + cells <= width else { break }
            used += cells
            result.append(character)
        }
        return result
    }

    /// The longest end of `text` at most `width` cells wide: what a field scrolled to its end
    /// shows.
    static func suffix(of text: String, fitting width: Int) -> String {
        var used = 0
        var result: [Character] = []
        for character in text.reversed() {
            let cells = TextLayout.cellWidth(of: character)
            guard used + cells <= width else { break }
            used += cells
            result.append(character)
        }
        return String(result.reversed())
    }

    /// `count` copies of `character`, or nothing for a count below 1.
    static func repeated(_ character: Character, _ count: Int) -> String {
        count > 0 ? String(repeating: character, count: count) : ""
    }
}
