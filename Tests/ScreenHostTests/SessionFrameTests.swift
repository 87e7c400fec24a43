import EventLoop
import Foundation
import ScreenRender
import ScreenScript
import Testing
@testable import ScreenHost

@MainActor
@Suite("TerminalSession frames")
struct SessionFrameTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A session of the test app, launched and settled, for a terminal whose environment has
    /// `colors` over this process's (no colour unless told).
    func session(colors: [String: String] = ["NO_COLOR": "1"], noColor: Bool = false) throws -> TerminalSession {
        let host = try ScriptHost(loop: EventLoop(clock: .virtual))
        try host.loadApp(at: Self.root.path + "/Tests/ScreensCLITests/Scripts/terminal.lua")
        try host.launch()
        host.runHeadless()
        let environment = ProcessInfo.processInfo.environment.merging(colors) { $1 }
        return TerminalSession(
            host: host, options: .init(device: .iphone, orientation: .portrait, noColor: noColor), environment: environment)
    }

    func row(_ frame: TerminalFrame, _ row: Int, reversedOnly: Bool = false) -> String {
        (0..<frame.width).map { column in
            let cell = frame[column, row]
            return reversedOnly && !cell.style.reverse ? " " : cell.text
        }.joined()
    }

    @Test("the window centred, the status line in reverse video on the last row")
    func composed() throws {
        let session = try session()
        let frame = session.composeFrame(columns: 100, rows: 40)
        let rows = (0..<40).map { row(frame, $0) }
        let home = try #require(rows.firstIndex { $0.contains("taps 0") })
        let window = try #require(session.host.keyWindow)
        let alone = TextRenderer().render(window).split(separator: "\n", omittingEmptySubsequences: false)
        let windowRow = try #require(alone.firstIndex { $0.contains("taps 0") })
        // (40 - 1 - 30) / 2 = 4 rows above the window, (100 - 40) / 2 = 30 columns left of it.
        #expect(home == windowRow + 4)
        #expect(rows[home].dropFirst(30).hasPrefix(alone[windowRow]))
        #expect(rows[39].hasPrefix(" terminal · iphone portrait · Tab focus"))
        #expect(frame[0, 39].style.reverse)
    }

    @Test("the focused view's cells are drawn in reverse video, and only those")
    func focusHighlighted() throws {
        let session = try session()
        session.host.keyWindow?.key("tab")
        let frame = session.composeFrame(columns: 100, rows: 40)
        let highlighted = (0..<39).map { row(frame, $0, reversedOnly: true) }.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(highlighted.count == 1)
        #expect(highlighted.first?.contains("[ Open detail ]") == true)
    }

    @Test("a terminal too small shows the message only")
    func tooSmall() throws {
        let session = try session()
        let frame = session.composeFrame(columns: 50, rows: 20)
        let rows = (0..<20).map { row(frame, $0) }
        #expect(rows.contains { $0.contains("It needs 40×31 and has 50×20.") })
        #expect(!rows.contains { $0.contains("taps 0") })
    }

    @Test("an error shows as a panel over the screen")
    func errorPanel() throws {
        let session = try session()
        session.panel.add(.init(context: "action for touchUpInside", message: "main.lua:1: boom", traceback: nil))
        let frame = session.composeFrame(columns: 100, rows: 40)
        let rows = (0..<40).map { row(frame, $0) }
        #expect(rows.contains { $0.contains("Script error 1 of 1") })
        #expect(rows.contains { $0.contains("main.lua:1: boom") })
    }

    @Test("the arrows, page keys, Home, End and the wheel scroll the error panel; the app gets none of them")
    func errorPanelScrolls() throws {
        let session = try session()
        let traceback = (["stack traceback:"] + (1...50).map { "\tmain.lua:\($0): in function 'f'" }).joined(separator: "\n")
        session.panel.add(.init(context: "action for touchUpInside", message: "main.lua:1: boom", traceback: traceback))
        // 40 rows: 39 for the panel, 36 lines of text, a page of 35.
        func shown() -> String? {
            let frame = session.composeFrame(columns: 100, rows: 40)
            return (0..<40).map { row(frame, $0) }.first { $0.contains(" of 55;") }?
                .split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix("lines") }
                .map { String($0.prefix { $0 != ";" }) }
        }
        #expect(shown() == "lines 1–36 of 55")
        session.handle(.key(.down, modifiers: []))
        #expect(shown() == "lines 2–37 of 55")
        session.handle(.key(.pageDown, modifiers: []))
        #expect(shown() == "lines 20–55 of 55")
        session.handle(.key(.end, modifiers: []))
        #expect(shown() == "lines 20–55 of 55")
        session.handle(.mouse(.init(kind: .wheelUp, button: .none, column: 40, row: 10)))
        #expect(shown() == "lines 17–52 of 55")
        session.handle(.key(.home, modifiers: []))
        #expect(shown() == "lines 1–36 of 55")
        session.handle(.key(.up, modifiers: []))
        session.handle(.key(.pageUp, modifiers: []))
        #expect(shown() == "lines 1–36 of 55")
        // Tab, which would focus the app's first button, waits too.
        session.handle(.key(.tab, modifiers: []))
        #expect(session.host.keyWindow?.focusedView == nil)
        session.handle(.key(.escape, modifiers: []))
        #expect(!session.panel.isShown)
    }
}
