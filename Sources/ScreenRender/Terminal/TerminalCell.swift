/// One cell of a ``TerminalFrame``: what it shows and how.
public struct TerminalCell: Hashable, Sendable {
    /// One character (grapheme cluster) one or two cells wide; "" in the right half of a
    /// wide character, whose left cell holds it.
    public var text: String
    public var style: TerminalStyle

    public init(text: String, style: TerminalStyle = .plain) {
        self.text = text
        self.style = style
    }

    /// A space in the terminal's default style: what a cleared terminal shows.
    public static let blank = TerminalCell(text: " ")

    /// Whether this is the right half of a wide character.
    var isContinuation: Bool { text.isEmpty }
}
