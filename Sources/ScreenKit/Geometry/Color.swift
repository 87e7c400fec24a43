/// A colour with red, green, blue and alpha components from 0 to 1.
public nonisolated struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red, green, blue, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from `#rgb`, `#rrggbb` or `#rrggbbaa`.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        if digits.count == 3 { digits = Substring(digits.flatMap { [$0, $0] }) }
        guard digits.count == 6 || digits.count == 8, let value = UInt64(digits, radix: 16) else { return nil }
        let bytes = digits.count == 8 ? value : value << 8 | 0xff
        self.init(
            red: Double(bytes >> 24 & 0xff) / 255, green: Double(bytes >> 16 & 0xff) / 255,
            blue: Double(bytes >> 8 & 0xff) / 255, alpha: Double(bytes & 0xff) / 255)
    }

    public static let clear = Color(white: 0, alpha: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let gray = Color(white: 0.5)
    public static let lightGray = Color(white: 2.0 / 3)
    public static let darkGray = Color(white: 1.0 / 3)
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 1, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 1)
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    public static let orange = Color(red: 1, green: 0.5, blue: 0)

    // MARK: - iOS's system colours (light appearance)

    /// The default tint: buttons, sliders, check marks.
    public static let systemBlue = Color(bytes: 0x00, 0x7a, 0xff)
    /// A switch that is on.
    public static let systemGreen = Color(bytes: 0x34, 0xc7, 0x59)
    /// Destructive actions: a row's delete control and button.
    public static let systemRed = Color(bytes: 0xff, 0x3b, 0x30)
    public static let systemOrange = Color(bytes: 0xff, 0x95, 0x00)
    public static let systemYellow = Color(bytes: 0xff, 0xcc, 0x00)
    public static let systemPink = Color(bytes: 0xff, 0x2d, 0x55)
    public static let systemPurple = Color(bytes: 0xaf, 0x52, 0xde)
    public static let systemTeal = Color(bytes: 0x5a, 0xc8, 0xfa)
    public static let systemIndigo = Color(bytes: 0x58, 0x56, 0xd6)
    /// Disabled controls, the search field's magnifier.
    public static let systemGray = Color(bytes: 0x8e, 0x8e, 0x93)
    public static let systemGray2 = Color(bytes: 0xae, 0xae, 0xb2)
    /// Tracks and chevrons.
    public static let systemGray3 = Color(bytes: 0xc7, 0xc7, 0xcc)
    /// Edges, and the selected row.
    public static let systemGray4 = Color(bytes: 0xd1, 0xd1, 0xd6)
    public static let systemGray5 = Color(bytes: 0xe5, 0xe5, 0xea)
    public static let systemGray6 = Color(bytes: 0xf2, 0xf2, 0xf7)
    /// The hairline between rows, opaque (iOS's `opaqueSeparator`).
    public static let separator = Color(bytes: 0xc6, 0xc6, 0xc8)
    /// Behind a grouped table's sections.
    public static let systemGroupedBackground = Color(bytes: 0xf2, 0xf2, 0xf7)

    /// The wash over a pressed control's background: its tint lightened toward white, as iOS
    /// draws a highlighted button (#d6e8ff for systemBlue).
    public static func highlight(for tint: Color) -> Color {
        if tint == .systemBlue { return Color(bytes: 0xd6, 0xe8, 0xff) }
        let keep = 0.16
        func wash(_ component: Double) -> Double { 1 - keep * (1 - component) }
        return Color(red: wash(tint.red), green: wash(tint.green), blue: wash(tint.blue), alpha: tint.alpha)
    }

    /// A colour of three bytes, as `#rrggbb` reads.
    private init(bytes red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.init(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255)
    }

    /// The colours scripts may name.
    public static let named: [String: Color] = [
        "clear": .clear, "black": .black, "white": .white, "gray": .gray, "lightGray": .lightGray,
        "darkGray": .darkGray, "red": .red, "green": .green, "blue": .blue, "yellow": .yellow,
        "orange": .orange,
        "systemBlue": .systemBlue, "systemGreen": .systemGreen, "systemRed": .systemRed,
        "systemOrange": .systemOrange, "systemYellow": .systemYellow, "systemPink": .systemPink,
        "systemPurple": .systemPurple, "systemTeal": .systemTeal, "systemIndigo": .systemIndigo,
        "systemGray": .systemGray, "systemGray2": .systemGray2, "systemGray3": .systemGray3,
        "systemGray4": .systemGray4, "systemGray5": .systemGray5, "systemGray6": .systemGray6,
        "separator": .separator, "systemGroupedBackground": .systemGroupedBackground,
    ]

    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var hex: String {
        func byte(_ component: Double) -> String {
            // Not a number reads as 0, as a browser would take it.
            let value = component.isNaN ? 0 : Int((min(max(component, 0), 1) * 255).rounded())
            return (value < 16 ? "0" : "") + String(value, radix: 16)
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }

    public var description: String { hex }
}
