import ScreenKit
import Testing
@testable import ScreenRender

@MainActor
struct TerminalFrameTests {
    private func texts(_ frame: TerminalFrame, row: Int) -> [String] {
        (0..<frame.width).map { frame[$0, row].text }
    }

    @Test func drawingIsCutAtTheEdges() {
        var frame = TerminalFrame(width: 4, height: 2)
        #expect(frame.draw("abcdef", column: 1, row: 0) == 4)
        frame.draw("xyz", column: -2, row: 1)
        frame.draw("off", column: 0, row: 2)
        frame.draw("off", column: 0, row: -1)
        #expect(texts(frame, row: 0) == [" ", "a", "b", "c"])
        #expect(texts(frame, row: 1) == ["z", " ", " ", " "])
        #expect(frame[9, 9] == .blank)
        frame[9, 9] = TerminalCell(text: "q")
        #expect(frame == { var f = TerminalFrame(width: 4, height: 2); f.draw(" abc", column: 0, row: 0); f.draw("z", column: 0, row: 1); return f }())
    }

    @Test func hostileSizesAndPlacesAreCut() throws {
        let huge = TerminalFrame(width: Int.max, height: Int.max)
        #expect(huge.width == TerminalFrame.maximumSize && huge.height == TerminalFrame.maximumSize)
        #expect(TerminalFrame(width: -5, height: Int.min).cells.isEmpty)
        let screen = TextRenderer().renderScreen(Window(device: .iphone))
        var frame = TerminalFrame(width: 4, height: 2)
        frame.draw("ab", column: Int.max, row: 0)
        frame.draw("ab", column: Int.min, row: 0)
        frame.draw("ab", column: 0, row: Int.min)
        for (column, row) in [(Int.min, Int.min), (Int.max, Int.max), (Int.min, 0), (0, Int.max)] {
            frame.draw(screen, atColumn: column, row: row)
        }
        #expect(frame == TerminalFrame(width: 4, height: 2))
    }

    @Test func aWideCharacterTakesTwoCellsAndIsNeverHalved() {
        var frame = TerminalFrame(width: 5, height: 1)
        frame.draw("漢👍", column: 0, row: 0, style: .bold)
        #expect(texts(frame, row: 0) == ["漢", "", "👍", "", " "])
        #expect(frame[1, 0].style == .bold)
        // Over the right half of 漢: its left half becomes a space.
        frame.draw("x", column: 1, row: 0)
        #expect(texts(frame, row: 0) == [" ", "x", "👍", "", " "])
        // Over the left half of 👍: its right half becomes a space.
        frame.draw("y", column: 2, row: 0)
        #expect(texts(frame, row: 0) == [" ", "x", "y", " ", " "])
        // No room for the right half at the last column.
        frame.draw("字", column: 4, row: 0)
        #expect(texts(frame, row: 0) == [" ", "x", "y", " ", " "])
        frame[3, 0] = TerminalCell(text: "字")
        #expect(texts(frame, row: 0) == [" ", "x", "y", "字", ""])
    }

    @Test func aCellKeepsItsCharacterUpToFifteenBytes() {
        for text in ["a", "é", "e\u{301}", "漢", "👍🏽", "🇫🇷", "", " "] {
            #expect(TerminalCell(text: text).text == text)
        }
        // A family is 25 bytes: the cell keeps the whole scalars that fit, without the joiner.
        #expect(TerminalCell(text: "👨\u{200D}👩\u{200D}👧\u{200D}👦").text == "👨\u{200D}👩")
        #expect(TerminalCell(text: String(repeating: "é", count: 10)).text == String(repeating: "é", count: 7))
        #expect(TerminalCell(text: "👍\u{200D}").text == "👍")
        // A mark without a base goes on a space.
        var frame = TerminalFrame(width: 3, height: 1)
        frame.draw("\u{301}x", column: 0, row: 0)
        #expect(frame[0, 0].text == " \u{301}")
        var cell = TerminalCell(text: "x", style: .bold)
        cell.text = "字"
        #expect(cell == TerminalCell(text: "字", style: .bold))
        #expect(cell != TerminalCell(text: "字"))
        #expect(String(reflecting: cell) == "\"字\" bold")
        #expect(TerminalStyle(underline: true, foreground: .red, background: .brightBlue).description == "underline red on brightBlue")
    }

    @Test func controlsShowNothingAndATabIsASpace() {
        var frame = TerminalFrame(width: 6, height: 1)
        frame.draw("a\u{1B}[2Jb\tc\n", column: 0, row: 0)
        #expect(texts(frame, row: 0) == ["a", "[", "2", "J", "b", " "])
        frame[0, 0] = TerminalCell(text: "\u{7}")
        frame[1, 0] = TerminalCell(text: "")
        #expect(texts(frame, row: 0) == [" ", " ", "2", "J", "b", " "])
    }

    @Test func aTextScreenIsDrawnCellForCell() throws {
        let window = Window(device: .iphone)
        let label = Label(frame: Rect(x: 0, y: 0, width: 160, height: 16))
        label.text = "漢字 and é"
        try window.addSubview(label)
        let screen = TextRenderer().renderScreen(window)
        var frame = TerminalFrame(width: 42, height: 32)
        frame.draw("#########", column: 0, row: 1)
        frame.draw(screen, atColumn: 1, row: 1)
        #expect(texts(frame, row: 1).prefix(12) == ["#", "漢", "", "字", "", " ", "a", "n", "d", " ", "é", " "])
        // Cut at the right: the wide character's right half would be off the frame.
        var narrow = TerminalFrame(width: 3, height: 1)
        narrow.draw(screen, atColumn: 0, row: 0)
        #expect(texts(narrow, row: 0) == ["漢", "", " "])
        var shifted = TerminalFrame(width: 3, height: 1)
        shifted.draw(screen, atColumn: -1, row: 0)
        #expect(texts(shifted, row: 0) == [" ", "字", ""])
    }
}
