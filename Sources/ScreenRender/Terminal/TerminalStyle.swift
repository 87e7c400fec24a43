/// How a terminal cell is drawn: a few attributes and, optionally, a foreground and a
/// background colour from the terminal's own 16-colour palette (so the user's theme decides
/// what they look like).
///
/// ```swift
/// let focused = TerminalStyle.reverse
/// let error = TerminalStyle(bold: true, foreground: .red)
/// ```
public struct TerminalStyle: Hashable, Sendable, CustomStringConvertible {
    /// The attributes in the low bits, then each colour as its number plus one (0 for the
    /// default): one word, so that comparing the styles of two cells is one comparison.
    private var bits: UInt32

    public init(
        bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false,
        foreground: TerminalColor? = nil, background: TerminalColor? = nil
    ) {
        var attributes: UInt32 = bold ? 1 : 0
        if dim { attributes |= 2 }
        if underline { attributes |= 4 }
        if reverse { attributes |= 8 }
        bits = attributes | Self.number(foreground) << 8 | Self.number(background) << 16
    }

    public var bold: Bool {
        get { flag(1) }
        set { setFlag(1, newValue) }
    }

    public var dim: Bool {
        get { flag(2) }
        set { setFlag(2, newValue) }
    }

    public var underline: Bool {
        get { flag(4) }
        set { setFlag(4, newValue) }
    }

    public var reverse: Bool {
        get { flag(8) }
        set { setFlag(8, newValue) }
    }

    /// The text colour; nil for the terminal's default.
    public var foreground: TerminalColor? {
        get { colour(shift: 8) }
        set { setColour(newValue, shift: 8) }
    }

    /// The cell's colour; nil for the terminal's default.
    public var background: TerminalColor? {
        get { colour(shift: 16) }
        set { setColour(newValue, shift: 16) }
    }

    /// The terminal's default: no attribute, default colours.
    public static let plain = TerminalStyle()
    public static let bold = TerminalStyle(bold: true)
    public static let dim = TerminalStyle(dim: true)
    public static let underline = TerminalStyle(underline: true)
    public static let reverse = TerminalStyle(reverse: true)

    /// The attributes and colours set, as `bold reverse red on blue`; `plain` for none.
    public var description: String {
        var words: [String] = []
        if bold { words.append("bold") }
        if dim { words.append("dim") }
        if underline { words.append("underline") }
        if reverse { words.append("reverse") }
        if let foreground { words.append("\(foreground)") }
        if let background { words += ["on", "\(background)"] }
        return words.isEmpty ? "plain" : words.joined(separator: " ")
    }

    private func flag(_ mask: UInt32) -> Bool { bits & mask != 0 }

    private mutating func setFlag(_ mask: UInt32, _ on: Bool) {
        bits = on ? bits | mask : bits & ~mask
    }

    private func colour(shift: UInt32) -> TerminalColor? {
        let number = (bits >> shift) & 0xFF
        return number == 0 ? nil : TerminalColor(rawValue: UInt8(number - 1))
    }

    private mutating func setColour(_ colour: TerminalColor?, shift: UInt32) {
        bits = bits & ~(0xFF << shift) | Self.number(colour) << shift
    }

    private static func number(_ colour: TerminalColor?) -> UInt32 {
        colour.map { UInt32($0.rawValue) + 1 } ?? 0
    }
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
