import Foundation
import ScreenRender
import Testing
@testable import ScreenHost

/// The session's colours: the depth the environment and `--no-color` give, the window in
/// its colours, focus and the error panel in colour, and none at all without colour.
@MainActor
@Suite("TerminalSession colours")
struct SessionColorTests {
    let frames = SessionFrameTests()
    static let trueColor = ["NO_COLOR": "", "COLORTERM": "truecolor", "TERM": "xterm-256color"]

    @Test("the depth comes from COLORTERM, TERM and NO_COLOR; --no-color turns it off")
    func depth() throws {
        #expect(try frames.session(colors: Self.trueColor).colors == .trueColor)
        #expect(try frames.session(colors: ["NO_COLOR": "", "COLORTERM": "", "TERM": "xterm-256color"]).colors == .indexed256)
        #expect(try frames.session(colors: ["NO_COLOR": "", "COLORTERM": "", "TERM": "screen"]).colors == .sixteen)
        #expect(try frames.session(colors: Self.trueColor.merging(["NO_COLOR": "1"]) { $1 }).colors == .monochrome)
        #expect(try frames.session(colors: Self.trueColor, noColor: true).colors == .monochrome)
    }

    @Test("in colour the window is drawn in its colours on a white page; around it the terminal's own")
    func windowInColour() throws {
        let session = try frames.session(colors: Self.trueColor)
        let frame = session.composeFrame(columns: 100, rows: 40)
        let placement = try #require(session.placement?.origin)
        // The home controller's view is white, under its label "taps 0".
        let rows = (0..<40).map { row in (0..<100).map { frame[$0, row].text }.joined() }
        let label = try #require(rows.firstIndex { $0.contains("taps 0") })
        let inside = frame[placement.column + 1, label]
        #expect(inside.style.background == TerminalColor(rgb: 0xFFFFFF))
        #expect(inside.style.foreground != nil)
        #expect(frame[0, 0].style == .plain)
        #expect(frame[0, 39].style.reverse)
        let bytes = String(decoding: session.writer.frame(frame), as: UTF8.self)
        #expect(bytes.contains("48;2;255;255;255"))
    }

    @Test("without colour (NO_COLOR, --no-color) no cell has a colour and no colour is written", arguments: [false, true])
    func noColourAtAll(flag: Bool) throws {
        let session = try frames.session(colors: flag ? Self.trueColor : ["NO_COLOR": "1", "COLORTERM": "truecolor"], noColor: flag)
        session.host.keyWindow?.key("tab")
        session.panel.add(.init(context: "action for touchUpInside", message: "main.lua:1: boom", traceback: nil))
        let frame = session.composeFrame(columns: 100, rows: 40)
        #expect(frame.cells.allSatisfy { $0.style.foreground == nil && $0.style.background == nil })
        let bytes = String(decoding: session.writer.frame(frame), as: UTF8.self)
        #expect(Self.colourParameters(in: bytes).isEmpty)
        #expect(bytes.contains("\u{1B}[7m") || bytes.contains(";7m"))
    }

    @Test("with colour the focused view is white on the tint, and only it")
    func focusInColour() throws {
        let session = try frames.session(colors: Self.trueColor)
        session.host.keyWindow?.key("tab")
        let frame = session.composeFrame(columns: 100, rows: 40)
        let focused = (0..<39).map { row in
            (0..<100).map { frame[$0, row].style == TerminalSession.focusStyle ? frame[$0, row].text : " " }.joined()
        }.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(focused.count == 1)
        #expect(focused.first?.contains("[ Open detail ]") == true)
        #expect(!frame.cells.contains { $0.style.reverse && $0.style.background != nil })
    }

    @Test("the error panel: a title white on red over black on white in colour, reverse video without")
    func errorPanel() throws {
        for colour in [true, false] {
            let session = try frames.session(colors: colour ? Self.trueColor : ["NO_COLOR": "1"])
            session.panel.add(.init(context: "action for touchUpInside", message: "main.lua:1: boom", traceback: nil))
            let frame = session.composeFrame(columns: 100, rows: 40)
            let rows = (0..<40).map { row in (0..<100).map { frame[$0, row].text }.joined() }
            let titleRow = try #require(rows.firstIndex { $0.contains("Script error 1 of 1") })
            let title = try #require(Self.column(of: "Script error", in: rows[titleRow]))
            let messageRow = try #require(rows.firstIndex { $0.contains("main.lua:1: boom") })
            let message = try #require(Self.column(of: "boom", in: rows[messageRow]))
            let titleStyle = frame[title, titleRow].style, bodyStyle = frame[message, messageRow].style
            if colour {
                #expect(titleStyle.bold && titleStyle.background == TerminalColor(rgb: 0xFF3B30))
                #expect(bodyStyle.background == TerminalColor(rgb: 0xFFFFFF) && bodyStyle.foreground == TerminalColor(rgb: 0))
                #expect(frame[title - 3, titleRow].style.foreground == TerminalColor(rgb: 0xFF3B30))
            } else {
                #expect(titleStyle == TerminalStyle(bold: true, reverse: true))
                #expect(bodyStyle == .reverse)
            }
        }
    }

    /// Where `text` starts in a row, in cells (each character of these rows is one cell).
    static func column(of text: String, in row: String) -> Int? {
        row.range(of: text).map { row.distance(from: row.startIndex, to: $0.lowerBound) }
    }

    /// The SGR parameters in `bytes` that choose a colour: 30–49 but 39 and 49 (defaults), 90–107.
    static func colourParameters(in bytes: String) -> [Int] {
        var found: [Int] = []
        var rest = Substring(bytes)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            let body = rest.prefix { $0.isNumber || $0 == ";" }
            rest = rest.dropFirst(body.count)
            guard rest.first == "m" else { continue }
            found += body.split(separator: ";").compactMap { Int($0) }.filter { (30...48).contains($0) && $0 != 39 || (90...107).contains($0) }
        }
        return found
    }
}
