/// How a terminal cell is drawn: a few attributes and, optionally, a foreground and a
/// background colour — one of the terminal's own 16 (so the user's theme decides what they
/// look like), one of xterm's 256, or a 24-bit colour, which ``TerminalWriter`` brings to
/// what the terminal shows.
///
/// ```swift
/// let focused = TerminalStyle.reverse
/// let error = TerminalStyle(bold: true, foreground: .red)
/// let tinted = TerminalStyle(foreground: TerminalColor(red: 0, green: 122, blue: 255))
/// ```
public struct TerminalStyle: Hashable, Sendable, CustomStringConvertible {
    /// The attributes in the low byte, then each colour's code (26 bits, 0 for the default):
    /// one word, so that comparing the styles of two cells is one comparison.
    private var bits: UInt64

    private static let foregroundShift: UInt64 = 8
    private static let backgroundShift: UInt64 = 34
    private static let colourMask: UInt64 = 0x3FF_FFFF

    public init(
        bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false,
        foreground: TerminalColor? = nil, background: TerminalColor? = nil
    ) {
        var attributes: UInt64 = bold ? 1 : 0
        if dim { attributes |= 2 }
        if underline { attributes |= 4 }
        if reverse { attributes |= 8 }
        bits = attributes | Self.number(foreground) << Self.foregroundShift | Self.number(background) << Self.backgroundShift
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
        get { colour(shift: Self.foregroundShift) }
        set { setColour(newValue, shift: Self.foregroundShift) }
    }

    /// The cell's colour; nil for the terminal's default.
    public var background: TerminalColor? {
        get { colour(shift: Self.backgroundShift) }
        set { setColour(newValue, shift: Self.backgroundShift) }
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

    /// A style of 24-bit colours only, made from two `0xRRGGBB` values without a check: what
    /// the text renderer's cells become.
    init(rgbForeground foreground: UInt32, background: UInt32) {
        let rgb = UInt64(TerminalColor.Kind.rgb.rawValue) << 24
        bits = (rgb | UInt64(foreground & 0xFF_FFFF)) << Self.foregroundShift
            | (rgb | UInt64(background & 0xFF_FFFF)) << Self.backgroundShift
    }

    private func flag(_ mask: UInt64) -> Bool { bits & mask != 0 }

    private mutating func setFlag(_ mask: UInt64, _ on: Bool) {
        bits = on ? bits | mask : bits & ~mask
    }

    private func colour(shift: UInt64) -> TerminalColor? {
        let code = (bits >> shift) & Self.colourMask
        return code == 0 ? nil : TerminalColor(code: UInt32(code))
    }

    private mutating func setColour(_ colour: TerminalColor?, shift: UInt64) {
        bits = bits & ~(Self.colourMask << shift) | Self.number(colour) << shift
    }

    private static func number(_ colour: TerminalColor?) -> UInt64 {
        colour.map { UInt64($0.code) } ?? 0
    }
}
