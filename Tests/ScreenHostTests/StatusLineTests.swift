import Testing
@testable import ScreenHost

@MainActor
@Suite("StatusLine")
struct StatusLineTests {
    @Test("the app, its device and orientation, and the keys, padded to the width")
    func plain() {
        let status = StatusLine(appID: "hello", device: .iphone, orientation: .portrait)
        let text = status.text(width: 120)
        #expect(text.hasPrefix(" hello · iphone portrait · Tab focus · Enter tap · Esc back · ^R rotate · ^W memory · q quit"))
        #expect(text.count == 120)
    }

    @Test("after a reload and an error it says what was reloaded and where the log is, before the keys")
    func notes() {
        var status = StatusLine(appID: "notes", device: .ipad, orientation: .landscape)
        status.reloadNote = "reloaded main.lua"
        status.errorLogPath = "~/.local/state/luascreens/notes/error.log"
        status.errorCount = 2
        #expect(status.segments == [
            "notes", "ipad landscape", "reloaded main.lua", "2 errors: ~/.local/state/luascreens/notes/error.log",
            StatusLine.keys,
        ])
    }

    @Test("a narrow terminal cuts the line with an ellipsis")
    func cut() {
        let status = StatusLine(appID: "gallery", device: .iphone, orientation: .portrait)
        let text = status.text(width: 20)
        #expect(text.count == 20)
        #expect(text.hasSuffix("…"))
        #expect(status.text(width: 0) == "")
    }
}
