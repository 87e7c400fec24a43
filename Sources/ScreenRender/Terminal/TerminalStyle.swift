/// How a terminal cell is drawn: a few attributes and, optionally, a foreground and a
/// background colour from the terminal's own 16-colour palette (so the user's theme decides
/// what they look like).
///
/// ```swift
/// let focused = TerminalStyle.reverse
/// let error = TerminalStyle(bold: true, foreground: .red)
/// ```
public struct TerminalStyle: Hashable, Sendable {
    public var bold: Bool
    public var dim: Bool
    public var underline: Bool
    public var reverse: Bool
    /// The text colour; nil for the terminal's default.
    public var foreground: TerminalColor?
    /// The cell's colour; nil for the terminal's default.
    public var background: TerminalColor?

    public init(
        bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false,
        foreground: TerminalColor? = nil, background: TerminalColor? = nil
    ) {
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
        self.foreground = foreground
        self.background = background
    }

    /// The terminal's default: no attribute, default colours.
    public static let plain = TerminalStyle()
    public static let bold = TerminalStyle(bold: true)
    public static let dim = TerminalStyle(dim: true)
    public static let underline = TerminalStyle(underline: true)
    public static let reverse = TerminalStyle(reverse: true)
}

/// The 16 colours every colour terminal has, which its theme chooses.
public enum TerminalColor: UInt8, CaseIterable, Sendable {
    case black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite

    /// The SGR parameter that selects this colour for text (30–37, 90–97); add 10 for the
    /// background.
    var foregroundParameter: Int {
        rawValue < 8 ? 30 + Int(rawValue) : 90 + Int(rawValue) - 8
    }
}
