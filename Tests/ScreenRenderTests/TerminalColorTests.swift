import ScreenKit
import Testing
@testable import ScreenRender

@MainActor
struct TerminalColorTests {
    // MARK: - Depth from the environment

    @Test("COLORTERM, TERM and NO_COLOR choose the depth")
    func depthFromEnvironment() {
        func depth(_ environment: [String: String]) -> TerminalColorDepth { TerminalColorDepth(environment: environment) }
        #expect(depth(["COLORTERM": "truecolor", "TERM": "xterm"]) == .trueColor)
        #expect(depth(["COLORTERM": "24bit", "TERM": "xterm-256color"]) == .trueColor)
        #expect(depth(["COLORTERM": "TrueColor"]) == .trueColor)
        #expect(depth(["TERM": "xterm-256color"]) == .indexed256)
        #expect(depth(["TERM": "tmux-256color", "COLORTERM": "yes"]) == .indexed256)
        #expect(depth(["TERM": "xterm"]) == .sixteen)
        #expect(depth(["TERM": "screen"]) == .sixteen)
        #expect(depth([:]) == .sixteen)
        #expect(depth(["TERM": "dumb", "COLORTERM": "truecolor"]) == .monochrome)
    }

    @Test("NO_COLOR set to anything but the empty string turns colour off, whatever else says")
    func noColor() {
        let rich = ["COLORTERM": "truecolor", "TERM": "xterm-256color"]
        for value in ["1", "0", "yes", " "] {
            #expect(TerminalColorDepth(environment: rich.merging(["NO_COLOR": value]) { $1 }) == .monochrome)
        }
        #expect(TerminalColorDepth(environment: rich.merging(["NO_COLOR": ""]) { $1 }) == .trueColor)
    }

    // MARK: - Colours

    @Test("a colour keeps its kind and value, and says what it is")
    func kinds() {
        let tint = TerminalColor(Color(red: 0, green: 122 / 255, blue: 1))
        #expect(tint.kind == .rgb && tint.rgb == 0x007AFF && tint.index == nil)
        #expect(tint.description == "#007aff")
        #expect(TerminalColor.brightBlue.kind == .palette && TerminalColor.brightBlue.index == 12)
        #expect(TerminalColor(indexed: 33)?.rgb == 0x0087FF)
        #expect(TerminalColor(indexed: 256) == nil && TerminalColor(palette: 16) == nil && TerminalColor(palette: -1) == nil)
        #expect(TerminalColor(Color(red: .nan, green: 2, blue: -1)).rgb == 0x00FF00)
        var style = TerminalStyle(bold: true, foreground: tint, background: .red)
        #expect(style.foreground == tint && style.background == .red && style.bold)
        style.foreground = TerminalColor(rgb: 0xFFFFFF)
        #expect(style.description == "bold #ffffff on red")
        style.background = nil
        #expect(style == TerminalStyle(bold: true, foreground: TerminalColor(rgb: 0xFFFFFF)))
    }

    @Test("a cell is three words, whatever its colours")
    func cellsStayCompact() {
        #expect(MemoryLayout<TerminalStyle>.size == 8)
        #expect(MemoryLayout<TerminalCell>.stride == 24)
        let cell = TerminalCell(text: "é", style: TerminalStyle(foreground: TerminalColor(rgb: 0x123456), background: TerminalColor(rgb: 0xFEDCBA)))
        #expect(cell.text == "é" && cell.byteCount == 2)
        #expect(cell.style.background == TerminalColor(rgb: 0xFEDCBA))
        #expect(TerminalCell(text: "👨‍👩‍👧‍👦").byteCount <= TerminalCell.capacity)
    }

    // MARK: - Quantizing

    @Test("24-bit colours to xterm's cube and greys")
    func quantizeTo256() {
        func index(_ rgb: UInt32) -> Int? { TerminalColor(rgb: rgb).quantized(to: .indexed256)?.index }
        #expect(index(0x007AFF) == 33)       // iOS blue: #0087ff
        #expect(index(0xFF3B30) == 203)      // iOS red: #ff5f5f
        #expect(index(0x000000) == 16)
        #expect(index(0xFFFFFF) == 231)
        #expect(index(0x808080) == 244)      // a grey on the ramp, not the cube's #878787
        #expect(index(0xF2F2F7) == 255)      // iOS's grouped background: the lightest grey
        #expect(TerminalColor.red.quantized(to: .indexed256) == .red)
        #expect(TerminalColor(indexed: 100)?.quantized(to: .indexed256) == TerminalColor(indexed: 100))
    }

    @Test("24-bit and xterm colours to the nearest of the 16")
    func quantizeTo16() {
        func palette(_ rgb: UInt32) -> TerminalColor? { TerminalColor(rgb: rgb).quantized(to: .sixteen) }
        #expect(palette(0x007AFF) == .brightBlue)
        #expect(palette(0xFF3B30) == .brightRed)
        #expect(palette(0x34C759) == .green)
        #expect(palette(0xFFFFFF) == .brightWhite)
        #expect(palette(0x111111) == .black)
        #expect(palette(0x8E8E93) == .brightBlack)
        #expect(TerminalColor(indexed: 9)?.quantized(to: .sixteen) == .brightRed)
        #expect(TerminalColor(indexed: 196)?.quantized(to: .sixteen) == .brightRed)
        #expect(TerminalColor.cyan.quantized(to: .sixteen) == .cyan)
    }

    @Test("no colour at all in monochrome; every colour as it is in 24-bit")
    func monochromeAndTrueColor() {
        #expect(TerminalColor.red.quantized(to: .monochrome) == nil)
        #expect(TerminalColor(rgb: 0x123456).quantized(to: .monochrome) == nil)
        #expect(TerminalColor(rgb: 0x123456).quantized(to: .trueColor) == TerminalColor(rgb: 0x123456))
        let style = TerminalStyle(bold: true, reverse: true, foreground: .red, background: TerminalColor(rgb: 0x123456))
        #expect(style.resolved(for: .monochrome) == TerminalStyle(bold: true, reverse: true))
        #expect(style.resolved(for: .trueColor) == style)
    }

    // MARK: - Contrast

    @Test("contrast ratios as WCAG computes them")
    func contrastRatios() {
        #expect(abs(Contrast.ratio(0x000000, 0xFFFFFF) - 21) < 0.001)
        #expect(Contrast.ratio(0x123456, 0x123456) == 1)
        #expect(abs(Contrast.ratio(0x007AFF, 0xFFFFFF) - 4.02) < 0.01)
        #expect(Contrast.ratio(0xFFFFFF, 0x777777) == Contrast.ratio(0x777777, 0xFFFFFF))
    }

    @Test("a pair quantizing leaves readable stays as quantized")
    func readablePairsStay() {
        for depth in [TerminalColorDepth.sixteen, .indexed256] {
            let style = TerminalStyle(foreground: TerminalColor(rgb: 0x007AFF), background: TerminalColor(rgb: 0xFFFFFF))
            let resolved = style.resolved(for: depth)
            #expect(resolved.foreground == TerminalColor(rgb: 0x007AFF).quantized(to: depth))
            #expect(resolved.background == TerminalColor(rgb: 0xFFFFFF).quantized(to: depth))
        }
    }

    @Test("text that quantizing would make unreadable on its cell gets the nearest readable colour")
    func unreadablePairsAreMadeReadable() throws {
        // Light grey on white, 1.7:1: in 16 colours the nearest are white (7) on bright
        // white (15), 1.3:1.
        let pairs: [(UInt32, UInt32)] = [(0xB0B0B0, 0xF0F0F0), (0xC8C8C8, 0xFFFFFF), (0x5060F0, 0x0000E0), (0xD0D0D0, 0xA0A0A0)]
        for (text, cell) in pairs {
            let wanted = min(Contrast.ratio(text, cell), Contrast.enough)
            for depth in [TerminalColorDepth.sixteen, .indexed256] {
                let style = TerminalStyle(foreground: TerminalColor(rgb: text), background: TerminalColor(rgb: cell)).resolved(for: depth)
                let foreground = try #require(style.foreground), background = try #require(style.background)
                #expect(background == TerminalColor(rgb: cell).quantized(to: depth))
                #expect(foreground.kind == (depth == .sixteen ? .palette : .indexed))
                let ratio = Contrast.ratio(foreground.rgb, background.rgb)
                #expect(ratio >= wanted, "\(Color.hexDigits(text)) on \(Color.hexDigits(cell)) in \(depth): \(foreground) on \(background), \(ratio)")
            }
        }
        // The nearest readable one, not merely black or white: a mid grey for light grey text.
        let separator = TerminalStyle(foreground: TerminalColor(rgb: 0xC8C8C8), background: TerminalColor(rgb: 0xFFFFFF))
        #expect(TerminalColor(rgb: 0xC8C8C8).quantized(to: .sixteen) == .white)
        #expect(separator.resolved(for: .sixteen).foreground == .brightBlack)
    }

    @Test("palette colours are the theme's: never changed for contrast")
    func paletteColoursStay() {
        let style = TerminalStyle(foreground: .white, background: .brightWhite)
        #expect(style.resolved(for: .sixteen) == style)
        #expect(style.resolved(for: .indexed256) == style)
    }
}
