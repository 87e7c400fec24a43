import ScreenKit
import Testing
@testable import ScreenRender

/// The writer's colours: the escape sequences for each depth, monochrome without any, and
/// frames of 24-bit colours shown exactly.
@MainActor
struct TerminalWriterColorTests {
    private static let tint = TerminalColor(rgb: 0x007AFF)
    private static let page = TerminalColor(rgb: 0xFFFFFF)

    /// The bytes of a first frame holding "ab" in `style` in a frame of 2×1, written for `depth`.
    private func written(_ style: TerminalStyle, depth: TerminalColorDepth) -> String {
        var frame = TerminalFrame(width: 2, height: 1)
        frame.draw("ab", column: 0, row: 0, style: style)
        var writer = TerminalWriter(colors: depth)
        return String(decoding: writer.frame(frame), as: UTF8.self)
    }

    private let clear = "\u{1B}[0m\u{1B}[H\u{1B}[2J"

    @Test("24-bit colour as 38;2 and 48;2")
    func trueColorSequences() {
        let style = TerminalStyle(foreground: Self.tint, background: Self.page)
        #expect(written(style, depth: .trueColor) == clear + "\u{1B}[38;2;0;122;255;48;2;255;255;255mab\u{1B}[0m")
    }

    @Test("256 colours as 38;5 and 48;5, from the cube and the greys")
    func indexedSequences() {
        let style = TerminalStyle(bold: true, foreground: Self.tint, background: TerminalColor(rgb: 0x808080))
        #expect(written(style, depth: .indexed256) == clear + "\u{1B}[1;38;5;33;48;5;244mab\u{1B}[0m")
    }

    @Test("16 colours as 30–37 and 90–97, 40–47 and 100–107")
    func sixteenSequences() {
        let style = TerminalStyle(foreground: Self.tint, background: Self.page)
        #expect(written(style, depth: .sixteen) == clear + "\u{1B}[94;107mab\u{1B}[0m")
        let dark = TerminalStyle(foreground: TerminalColor(rgb: 0xCD0000), background: TerminalColor(rgb: 0x000000))
        #expect(written(dark, depth: .sixteen) == clear + "\u{1B}[31;40mab\u{1B}[0m")
    }

    @Test("the theme's own 16 are written as such at every depth with colour")
    func paletteColoursEverywhere() {
        let style = TerminalStyle(bold: true, foreground: .brightWhite, background: .red)
        for depth in [TerminalColorDepth.sixteen, .indexed256, .trueColor] {
            #expect(written(style, depth: depth) == clear + "\u{1B}[1;97;41mab\u{1B}[0m")
        }
    }

    @Test("monochrome writes the attributes and never a colour")
    func monochromeHasNoColour() {
        let style = TerminalStyle(reverse: true, foreground: Self.tint, background: .red)
        #expect(written(style, depth: .monochrome) == clear + "\u{1B}[7mab\u{1B}[0m")
        #expect(written(TerminalStyle(foreground: Self.tint, background: .red), depth: .monochrome) == clear + "ab")
    }

    @Test("a run of one style sets it once, and a change sets only what changed")
    func runsAndChanges() {
        var frame = TerminalFrame(width: 6, height: 1)
        let blue = TerminalStyle(foreground: Self.tint, background: Self.page)
        frame.draw("abc", column: 0, row: 0, style: blue)
        frame.draw("de", column: 3, row: 0, style: TerminalStyle(foreground: TerminalColor(rgb: 0xFF0000), background: Self.page))
        frame.draw("f", column: 5, row: 0, style: TerminalStyle(foreground: TerminalColor(rgb: 0xFF0000)))
        var writer = TerminalWriter(colors: .trueColor)
        let text = String(decoding: writer.frame(frame), as: UTF8.self)
        #expect(text == clear + "\u{1B}[38;2;0;122;255;48;2;255;255;255mabc\u{1B}[38;2;255;0;0mde\u{1B}[0;38;2;255;0;0mf\u{1B}[0m")
    }

    @Test("two 24-bit colours that quantize alike need no new SGR at a lower depth")
    func alikeAfterQuantizing() {
        var frame = TerminalFrame(width: 2, height: 1)
        frame.draw("a", column: 0, row: 0, style: TerminalStyle(foreground: TerminalColor(rgb: 0x0000FF)))
        frame.draw("b", column: 1, row: 0, style: TerminalStyle(foreground: TerminalColor(rgb: 0x0505FA)))
        var writer = TerminalWriter(colors: .indexed256)
        #expect(String(decoding: writer.frame(frame), as: UTF8.self) == clear + "\u{1B}[38;5;21mab\u{1B}[0m")
    }

    @Test("unreadable text after quantizing is written in a readable colour")
    func contrastOnTheWire() {
        let style = TerminalStyle(foreground: TerminalColor(rgb: 0xC8C8C8), background: Self.page)
        #expect(written(style, depth: .sixteen) == clear + "\u{1B}[90;107mab\u{1B}[0m")
    }

    @Test("random frames of 24-bit colours show exactly on a terminal, also after changes")
    func randomColouredFrames() {
        var random = SeededGenerator(seed: 24)
        let colours = [0x000000, 0xFFFFFF, 0x007AFF, 0xFF3B30, 0xF2F2F7].map { TerminalColor(rgb: UInt32($0)) }
        func style() -> TerminalStyle {
            let pick = { random.next(below: 3) == 0 ? nil : colours[random.next(below: colours.count)] }
            return TerminalStyle(bold: random.next(below: 4) == 0, foreground: pick(), background: pick())
        }
        let alphabet = ["a", " ", "漢", "─", "e\u{301}"]
        func randomFrame(like base: TerminalFrame?, width: Int, height: Int) -> TerminalFrame {
            var frame = base ?? TerminalFrame(width: width, height: height)
            for _ in 0..<random.next(below: base == nil ? 30 : 6) {
                var line = ""
                for _ in 0..<random.next(below: 6) { line += alphabet[random.next(below: alphabet.count)] }
                frame.draw(line, column: random.next(below: width), row: random.next(below: height), style: style())
            }
            return frame
        }
        for _ in 0..<200 {
            let width = 1 + random.next(below: 30), height = 1 + random.next(below: 8)
            let old = randomFrame(like: nil, width: width, height: height)
            let new = randomFrame(like: old, width: width, height: height)
            var writer = TerminalWriter(colors: .trueColor)
            var terminal = TerminalEmulator(width: width, height: height)
            terminal.apply(writer.frame(old))
            terminal.apply(writer.frame(new))
            #expect(terminal.cells == new.cells)
            #expect(terminal.unknown.isEmpty)
        }
    }
}
