import Testing
@testable import ScreenRender

@MainActor
struct TerminalModeTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func enteringTurnsOnTheAlternateScreenMouseAndPasteAndHidesTheCursor() {
        #expect(text(TerminalMode.enter) ==
            "\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h")
    }

    @Test func leavingTurnsReportsOffBeforeTheAlternateScreen() {
        let leave = text(TerminalMode.leave)
        #expect(leave == "\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        #expect(leave.hasSuffix(text(TerminalMode.alternateScreenOff)))
    }
}
