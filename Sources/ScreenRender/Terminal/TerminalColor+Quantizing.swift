#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bringing colours to the ones a terminal shows, and keeping text readable on the way.
extension TerminalColor {
    /// The colour as a terminal of `depth` shows it: unchanged when it can (a palette colour
    /// on any colour terminal, anything in 24-bit colour), else the nearest xterm colour of
    /// the cube and greys (16–231, 232–255: the first 16 are the theme's, whose values are not
    /// known) or the nearest of the 16; nil in monochrome.
    public func quantized(to depth: TerminalColorDepth) -> TerminalColor? {
        switch (depth, kind) {
        case (.monochrome, _): nil
        case (_, .palette), (.trueColor, _): self
        case (.indexed256, .indexed): self
        case (.indexed256, .rgb): Self.nearestIndexed(to: rgb)
        case (.sixteen, .indexed) where code & 0xFF < 16: TerminalColor(palette: Int(code & 0xFF))
        case (.sixteen, _): Self.nearestPalette(to: rgb)
        }
    }

    /// The xterm colour of the cube or the greys (16–255) nearest `rgb`.
    static func nearestIndexed(to rgb: UInt32) -> TerminalColor {
        let (red, green, blue) = components(rgb)
        func level(_ value: Int) -> Int { value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40 }
        let cube = 16 + 36 * level(red) + 6 * level(green) + level(blue)
        let average = (red + green + blue) / 3
        let grey = 232 + (average > 238 ? 23 : max(0, (average - 3) / 10))
        let index = distance(rgb, xtermRGB(grey)) < distance(rgb, xtermRGB(cube)) ? grey : cube
        return TerminalColor(code: Kind.indexed.rawValue << 24 | UInt32(index))
    }

    /// The one of the 16 nearest `rgb`, taking xterm's default values for them.
    static func nearestPalette(to rgb: UInt32) -> TerminalColor {
        var best = 0
        var bestDistance = Int.max
        for index in 0..<16 {
            let distance = distance(rgb, xtermRGB(index))
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        return TerminalColor(code: Kind.palette.rawValue << 24 | UInt32(best))
    }

    /// xterm's default value of its colour `index` (0–255) as `0xRRGGBB`.
    static func xtermRGB(_ index: Int) -> UInt32 {
        switch index {
        case 0..<16:
            return xtermPalette[index]
        case 16..<232:
            let cube = index - 16
            func level(_ step: Int) -> UInt32 { step == 0 ? 0 : UInt32(55 + 40 * step) }
            return level(cube / 36) << 16 | level(cube / 6 % 6) << 8 | level(cube % 6)
        default:
            let grey = UInt32(8 + 10 * (min(index, 255) - 232))
            return grey << 16 | grey << 8 | grey
        }
    }

    /// xterm's default 16 colours.
    private static let xtermPalette: [UInt32] = [
        0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
        0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
    ]

    static func components(_ rgb: UInt32) -> (Int, Int, Int) {
        (Int(rgb >> 16 & 0xFF), Int(rgb >> 8 & 0xFF), Int(rgb & 0xFF))
    }

    /// How far apart two colours look: the squared distance with the "red mean" weights, a
    /// cheap stand-in for a perceptual one that tells greens and blues apart better than
    /// plain RGB.
    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let (r1, g1, b1) = components(a)
        let (r2, g2, b2) = components(b)
        let mean = (r1 + r2) / 2
        let (dr, dg, db) = (r1 - r2, g1 - g2, b1 - b2)
        return (512 + mean) * dr * dr + 1024 * dg * dg + (767 - mean) * db * db
    }
}

/// The contrast of two colours as WCAG 2 defines it: (L1 + 0.05) / (L2 + 0.05) of their
/// relative luminances, from 1 (the same) to 21 (black and white).
enum Contrast {
    static func ratio(_ a: UInt32, _ b: UInt32) -> Double {
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    static func luminance(_ rgb: UInt32) -> Double {
        let (red, green, blue) = TerminalColor.components(rgb)
        return 0.2126 * linear[red] + 0.7152 * linear[green] + 0.0722 * linear[blue]
    }

    /// The sRGB component values 0–255 decoded to linear light.
    private static let linear: [Double] = (0..<256).map { value in
        let c = Double(value) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// The contrast text keeps when its colours are quantized: that of the colours asked
    /// for, up to this much, beyond which text reads well anyway (WCAG's for large text).
    static let enough = 3.0
}

extension TerminalStyle {
    /// The style as a terminal of `depth` shows it: each colour quantized (none in
    /// monochrome), and when text and cell both have one, the text's changed to the nearest
    /// colour of that depth that keeps the contrast the colours asked for had (up to
    /// ``Contrast/enough``) where quantizing lost it — two light greys that became one
    /// colour, say.
    public func resolved(for depth: TerminalColorDepth) -> TerminalStyle {
        var style = self
        style.foreground = foreground?.quantized(to: depth)
        style.background = background?.quantized(to: depth)
        guard depth != .trueColor, let foreground, let background, let text = style.foreground,
              let cell = style.background, text != foreground || cell != background
        else { return style }
        let wanted = min(Contrast.ratio(foreground.rgb, background.rgb), Contrast.enough)
        guard Contrast.ratio(text.rgb, cell.rgb) < wanted else { return style }
        style.foreground = Self.readable(near: foreground.rgb, on: cell.rgb, contrast: wanted, depth: depth)
        return style
    }

    /// The colour of `depth` nearest `rgb` with at least `contrast` against `cell`; the one
    /// with the most contrast when none has that much.
    private static func readable(near rgb: UInt32, on cell: UInt32, contrast: Double, depth: TerminalColorDepth) -> TerminalColor {
        let candidates = depth == .sixteen
            ? (0..<16).compactMap { TerminalColor(palette: $0) }
            : (16..<256).compactMap { TerminalColor(indexed: $0) }
        var best: TerminalColor?
        var bestDistance = Int.max
        var mostContrast = (candidates[0], 0.0)
        for candidate in candidates {
            let ratio = Contrast.ratio(candidate.rgb, cell)
            if ratio > mostContrast.1 { mostContrast = (candidate, ratio) }
            guard ratio >= contrast else { continue }
            let distance = TerminalColor.distance(rgb, candidate.rgb)
            if distance < bestDistance { (best, bestDistance) = (candidate, distance) }
        }
        return best ?? mostContrast.0
    }
}
