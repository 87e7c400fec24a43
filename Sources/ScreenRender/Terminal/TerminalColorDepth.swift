/// How many colours a terminal shows, which ``TerminalWriter`` writes a frame's colours for.
///
/// ```swift
/// let depth = TerminalColorDepth(environment: ["TERM": "xterm-256color"])   // .indexed256
/// var writer = TerminalWriter(colors: depth)
/// ```
public enum TerminalColorDepth: Int, Comparable, Sendable, CaseIterable, CustomStringConvertible {
    /// No colour at all: attributes only (bold, dim, underline, reverse).
    case monochrome
    /// The 16 colours of the terminal's theme.
    case sixteen
    /// xterm's 256 colours.
    case indexed256
    /// 24-bit colour.
    case trueColor

    /// The depth the environment says the terminal has, as terminal programs read it:
    /// none when `NO_COLOR` is set to anything but "" (no-color.org) or `TERM` is `dumb`;
    /// 24-bit when `COLORTERM` is `truecolor` or `24bit`; 256 when `TERM` holds `256color`;
    /// else 16.
    public init(environment: [String: String]) {
        let term = environment["TERM"] ?? ""
        if !(environment["NO_COLOR"] ?? "").isEmpty || term == "dumb" {
            self = .monochrome
        } else if ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "") {
            self = .trueColor
        } else if term.contains("256color") {
            self = .indexed256
        } else {
            self = .sixteen
        }
    }

    /// Whether the terminal shows colours at all.
    public var showsColor: Bool { self != .monochrome }

    public static func < (left: TerminalColorDepth, right: TerminalColorDepth) -> Bool {
        left.rawValue < right.rawValue
    }

    public var description: String {
        switch self {
        case .monochrome: "monochrome"
        case .sixteen: "16 colours"
        case .indexed256: "256 colours"
        case .trueColor: "24-bit colour"
        }
    }
}
