import ScreenKit
import Testing
@testable import ScreenRender

@MainActor
struct TerminalWriterTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private func frame(_ rows: [String], width: Int? = nil) -> TerminalFrame {
        var frame = TerminalFrame(width: width ?? rows.map { CellText.width(of: $0) }.max() ?? 0, height: rows.count)
        for (row, line) in rows.enumerated() { frame.draw(line, column: 0, row: row) }
        return frame
    }

    /// The bytes of `new` written after `old`.
    private func difference(_ old: TerminalFrame, _ new: TerminalFrame) -> String {
        var writer = TerminalWriter()
        _ = writer.frame(old)
        return text(writer.frame(new))
    }

    // MARK: - Full redraws

    @Test func firstFrameHomesClearsAndWritesEveryRow() {
        var frame = TerminalFrame(width: 5, height: 3)
        frame.draw("hi", column: 0, row: 0)
        frame.draw("ok", column: 1, row: 2, style: .bold)
        var writer = TerminalWriter()
        #expect(text(writer.frame(frame)) == "\u{1B}[0m\u{1B}[H\u{1B}[2Jhi\u{1B}[3H \u{1B}[1mok\u{1B}[0m")
    }

    @Test func anEmptyFrameIsAClearedScreen() {
        var writer = TerminalWriter()
        #expect(text(writer.frame(TerminalFrame(width: 3, height: 2))) == "\u{1B}[0m\u{1B}[H\u{1B}[2J")
    }

    @Test func invalidateAndANewSizeRedrawEverything() {
        var writer = TerminalWriter()
        let small = frame(["ab"])
        _ = writer.frame(small)
        #expect(writer.frame(small).isEmpty)
        writer.invalidate()
        #expect(text(writer.frame(small)) == "\u{1B}[0m\u{1B}[H\u{1B}[2Jab")
        #expect(text(writer.frame(frame(["ab", "c"]))) == "\u{1B}[0m\u{1B}[H\u{1B}[2Jab\u{1B}[2Hc")
    }

    // MARK: - Differences

    @Test func nothingChangedWritesNothing() {
        var writer = TerminalWriter()
        let screen = frame(["hello", "world"])
        _ = writer.frame(screen)
        #expect(writer.frame(screen).isEmpty)
        #expect(writer.frame(frame(["hello", "world"])).isEmpty)
    }

    @Test func oneChangedCellIsOneMoveAndItsCharacter() {
        #expect(difference(frame(["hello", "world"]), frame(["hello", "wOrld"])) == "\u{1B}[2;2HO")
    }

    @Test func aRunOfChangesIsOneMove() {
        #expect(difference(frame(["count: 9  "]), frame(["count: 10 "])) == "\u{1B}[1;8H10")
    }

    @Test func aShortGapIsPrintedAndALongOneSkipped() {
        #expect(difference(frame(["abcdefghijklmn"]), frame(["XbYdefghijklmn"])) == "\u{1B}[HXbY")
        #expect(difference(frame(["abcdefghijklmn"]), frame(["XbcdefghijklmY"])) == "\u{1B}[HX\u{1B}[12CY")
        #expect(difference(frame(["abcdef"]), frame(["XbcdYf"])) == "\u{1B}[HXbcdY")
        #expect(difference(frame(["abcdefgh"]), frame(["XbcdefYh"])) == "\u{1B}[HX\u{1B}[5CY")
    }

    @Test func changesOnSeveralRowsMoveToEach() {
        #expect(difference(frame(["ab", "cd", "ef"]), frame(["aB", "cd", "Ef"])) == "\u{1B}[1;2HB\u{1B}[3HE")
    }

    @Test func nearbyRowsAreReachedByRelativeMovesWhenShorter() {
        let old = TerminalFrame(width: 20, height: 12)
        func changed(_ cells: [(column: Int, row: Int)]) -> TerminalFrame {
            var new = old
            for cell in cells { new.draw("X", column: cell.column, row: cell.row) }
            return new
        }
        // Down one in the same column, down and back, down to the first column.
        #expect(difference(old, changed([(15, 10), (16, 11)])) == "\u{1B}[11;16HX\u{1B}[BX")
        #expect(difference(old, changed([(15, 10), (14, 11)])) == "\u{1B}[11;16HX\u{1B}[B\u{1B}[2DX")
        #expect(difference(old, changed([(15, 10), (0, 11)])) == "\u{1B}[11;16HX\u{1B}[B\rX")
        // Near the top-left corner the absolute move is as short.
        #expect(difference(old, changed([(5, 0), (4, 1)])) == "\u{1B}[1;6HX\u{1B}[2;5HX")
    }

    @Test func attributesChangeOnlyWhereTheStyleDoes() {
        var old = frame(["one two"])
        var new = old
        new.draw("one", column: 0, row: 0, style: .reverse)
        new.draw("two", column: 4, row: 0, style: .reverse)
        // The space between keeps the default style: moving over it is cheaper than two SGRs.
        #expect(difference(old, new) == "\u{1B}[H\u{1B}[7mone\u{1B}[Ctwo\u{1B}[0m")
        old = new
        new.draw("one", column: 0, row: 0, style: TerminalStyle(bold: true, foreground: .red))
        #expect(difference(old, new) == "\u{1B}[H\u{1B}[1;31mone\u{1B}[0m")
        new = old
        new.draw("t", column: 4, row: 0, style: TerminalStyle(reverse: true, background: .brightBlue))
        #expect(difference(old, new) == "\u{1B}[1;5H\u{1B}[7;104mt\u{1B}[0m")
    }

    @Test func aStyleLeftOffIsReset() {
        var writer = TerminalWriter()
        var frame = frame(["ab"])
        _ = writer.frame(frame)
        frame.draw("a", column: 0, row: 0, style: .bold)
        frame.draw("b", column: 1, row: 0, style: TerminalStyle(bold: true, underline: true))
        #expect(text(writer.frame(frame)) == "\u{1B}[H\u{1B}[1ma\u{1B}[4mb\u{1B}[0m")
        frame.draw("a", column: 0, row: 0, style: .underline)
        frame.draw("b", column: 1, row: 0)
        #expect(text(writer.frame(frame)) == "\u{1B}[H\u{1B}[4ma\u{1B}[0mb")
    }

    @Test func aWideCharacterIsWrittenWhole() {
        #expect(difference(frame(["a漢b"]), frame(["a字b"])) == "\u{1B}[1;2H字")
        #expect(difference(frame(["a漢b"]), frame(["axyb"])) == "\u{1B}[1;2Hxy")
        #expect(difference(frame(["axyb"]), frame(["a👍b"])) == "\u{1B}[1;2H👍")
        // Only the right half changes: the character is written from its left half.
        var old = frame(["a漢b"])
        old[2, 0] = TerminalCell(text: "x")
        #expect(difference(old, frame(["a漢b"])) == "\u{1B}[1;2H漢")
    }

    @Test func afterAWideCharacterTheNextMoveDoesNotCountFromTheCursor() {
        // A terminal may draw an emoji one cell wide: a move from the start of the row, or
        // an absolute one, still lands where it should.
        #expect(difference(frame(["👍 abcdefgh"]), frame(["👎 abcdefgX"])) == "\u{1B}[H👎\r\u{1B}[10CX")
        #expect(difference(frame(["👍 ab"]), frame(["👎 aX"])) == "\u{1B}[H👎\r\u{1B}[4CX")
        #expect(difference(frame(["ab ab"]), frame(["Xb aX"])) == "\u{1B}[HXb aX")
    }

    @Test func aCombiningMarkStaysWithItsBase() {
        let new = frame(["e\u{301}x"], width: 2)
        #expect(new[0, 0].text == "e\u{301}")
        #expect(difference(frame(["ex"]), new) == "\u{1B}[He\u{301}")
    }

    // MARK: - Against a terminal

    @Test func randomFramesShowExactlyOnATerminal() {
        var random = SeededGenerator(seed: 15)
        let alphabet = ["a", "b", " ", "z", "漢", "👍", "e\u{301}", "─", "字", "\u{301}", "👨\u{200D}👩\u{200D}👧\u{200D}👦", "👍\u{200D}"]
        let styles: [TerminalStyle] = [.plain, .bold, .reverse, TerminalStyle(dim: true, foreground: .green),
                                       TerminalStyle(underline: true, background: .blue)]
        func randomFrame(like base: TerminalFrame?, width: Int, height: Int) -> TerminalFrame {
            var frame = base ?? TerminalFrame(width: width, height: height)
            for _ in 0..<random.next(below: base == nil ? 40 : 8) {
                var line = ""
                for _ in 0..<random.next(below: 8) { line += alphabet[random.next(below: alphabet.count)] }
                frame.draw(line, column: random.next(below: width + 2) - 2, row: random.next(below: height),
                           style: styles[random.next(below: styles.count)])
            }
            return frame
        }
        for _ in 0..<300 {
            let width = 1 + random.next(below: 40)
            let height = 1 + random.next(below: 14)
            let old = randomFrame(like: nil, width: width, height: height)
            let new = randomFrame(like: random.next(below: 4) == 0 ? nil : old, width: width, height: height)
            var writer = TerminalWriter()
            var terminal = TerminalEmulator(width: width, height: height)
            terminal.apply(writer.frame(old))
            #expect(terminal.cells == old.cells)
            terminal.apply(writer.frame(new))
            let shown = terminal.cells == new.cells
            #expect(shown, "\(old.cells.map(\.text)) → \(new.cells.map(\.text)), shown \(terminal.cells.map(\.text))")
            #expect(terminal.unknown.isEmpty)
            #expect(writer.frame(new).isEmpty)
        }
    }
}

/// A small seeded generator (xorshift64*), so a failing case can be run again.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed == 0 ? 1 : seed }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2_685_821_657_736_338_717
    }

    mutating func next(below bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }
}
