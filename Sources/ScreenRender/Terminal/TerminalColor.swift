import ScreenKit

/// A colour of a terminal cell: one of the 16 every colour terminal has (its theme chooses
/// them), one of xterm's 256, or a 24-bit colour. ``TerminalWriter`` writes each as the
/// terminal's ``TerminalColorDepth`` allows, bringing a colour it cannot show to the nearest
/// it can.
///
/// ```swift
/// let error = TerminalStyle(bold: true, foreground: .brightWhite, background: .red)
/// let tint = TerminalColor(red: 0, green: 122, blue: 255)
/// let page = TerminalColor(Color.white)
/// ```
public struct TerminalColor: Hashable, Sendable, CustomStringConvertible {
    /// The kind in bits 24–25 (never 0, so that a style can keep "no colour" as 0), the
    /// palette index or the `0xRRGGBB` value below.
    let code: UInt32

    /// What a colour is.
    public enum Kind: UInt32, Sendable {
        /// One of the 16 of the terminal's theme: ``index`` 0–15.
        case palette = 1
        /// One of xterm's 256: ``index`` 0–255.
        case indexed = 2
        /// A 24-bit colour: ``rgb``.
        case rgb = 3
    }

    init(code: UInt32) {
        self.code = code
    }

    private init(_ kind: Kind, _ value: UInt32) {
        code = kind.rawValue << 24 | value & 0xFF_FFFF
    }

    /// A 24-bit colour.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.init(.rgb, UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue))
    }

    /// A 24-bit colour from `0xRRGGBB`; higher bits are ignored.
    public init(rgb: UInt32) {
        self.init(.rgb, rgb)
    }

    /// The 24-bit colour nearest a ScreenKit colour, its alpha ignored; a component out of
    /// 0...1 (or not a number) is clamped to it.
    public init(_ color: Color) {
        self.init(rgb: color.packedRGB)
    }

    /// One of the 16 colours of the terminal's theme, 0–15 (black, red, …, bright white).
    public init?(palette index: Int) {
        guard (0..<16).contains(index) else { return nil }
        self.init(.palette, UInt32(index))
    }

    /// One of xterm's 256 colours: the 16 of the theme, a 6×6×6 cube (16–231) and 24 greys
    /// (232–255).
    public init?(indexed index: Int) {
        guard (0..<256).contains(index) else { return nil }
        self.init(.indexed, UInt32(index))
    }

    public var kind: Kind { Kind(rawValue: code >> 24) ?? .rgb }

    /// The palette or xterm index; nil for a 24-bit colour.
    public var index: Int? { kind == .rgb ? nil : Int(code & 0xFF) }

    /// `0xRRGGBB`: the colour itself, or for a palette and xterm colour the value xterm gives
    /// it by default (a theme may differ).
    public var rgb: UInt32 {
        switch kind {
        case .rgb: code & 0xFF_FFFF
        case .palette, .indexed: Self.xtermRGB(Int(code & 0xFF))
        }
    }

    public static let black = TerminalColor(.palette, 0)
    public static let red = TerminalColor(.palette, 1)
    public static let green = TerminalColor(.palette, 2)
    public static let yellow = TerminalColor(.palette, 3)
    public static let blue = TerminalColor(.palette, 4)
    public static let magenta = TerminalColor(.palette, 5)
    public static let cyan = TerminalColor(.palette, 6)
    public static let white = TerminalColor(.palette, 7)
    public static let brightBlack = TerminalColor(.palette, 8)
    public static let brightRed = TerminalColor(.palette, 9)
    public static let brightGreen = TerminalColor(.palette, 10)
    public static let brightYellow = TerminalColor(.palette, 11)
    public static let brightBlue = TerminalColor(.palette, 12)
    public static let brightMagenta = TerminalColor(.palette, 13)
    public static let brightCyan = TerminalColor(.palette, 14)
    public static let brightWhite = TerminalColor(.palette, 15)

    private static let paletteNames = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        "brightBlack", "brightRed", "brightGreen", "brightYellow", "brightBlue", "brightMagenta", "brightCyan", "brightWhite",
    ]

    /// `red` for a palette colour, `#0087ff` for a 24-bit one, `indexed 33` for an xterm one.
    public var description: String {
        switch kind {
        case .palette: Self.paletteNames[Int(code & 0xF)]
        case .indexed: "indexed \(code & 0xFF)"
        case .rgb: Color.hexDigits(code & 0xFF_FFFF)
        }
    }

    /// The SGR parameters that select this colour for text, or with `background` for the
    /// cell: 30–37 and 90–97 (40–47, 100–107) for the palette, `38;5;n` (`48;5;n`) for
    /// xterm's, `38;2;r;g;b` (`48;2;r;g;b`) for a 24-bit colour.
    func appendParameters(background: Bool, to parameters: inout [Int]) {
        let value = Int(code & 0xFF_FFFF)
        switch kind {
        case .palette:
            parameters.append((value < 8 ? 30 + value : 90 + value - 8) + (background ? 10 : 0))
        case .indexed:
            parameters += [background ? 48 : 38, 5, value]
        case .rgb:
            parameters += [background ? 48 : 38, 2, value >> 16, value >> 8 & 0xFF, value & 0xFF]
        }
    }
}

extension Color {
    /// `0xRRGGBB`, each component clamped to 0...1 and rounded (not a number reads as 0).
    var packedRGB: UInt32 {
        func byte(_ component: Double) -> UInt32 {
            component.isNaN ? 0 : UInt32((min(max(component, 0), 1) * 255).rounded())
        }
        return byte(red) << 16 | byte(green) << 8 | byte(blue)
    }

    /// The opaque colour of `0xRRGGBB`.
    init(packedRGB rgb: UInt32) {
        self.init(
            red: Double(rgb >> 16 & 0xFF) / 255, green: Double(rgb >> 8 & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255)
    }

    /// `#rrggbb` for `0xRRGGBB`.
    static func hexDigits(_ rgb: UInt32) -> String {
        let digits = String(rgb & 0xFF_FFFF, radix: 16)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }
}
