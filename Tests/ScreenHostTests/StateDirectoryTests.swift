import Foundation
import Testing
@testable import ScreenHost

@MainActor
@Suite("StateDirectory")
struct StateDirectoryTests {
    @Test("$XDG_STATE_HOME/luascreens/<id>, else ~/.local/state/luascreens/<id>")
    func path() {
        #expect(StateDirectory.path(forApp: "hello", environment: ["XDG_STATE_HOME": "/tmp/state", "HOME": "/home/a"])
            == "/tmp/state/luascreens/hello")
        #expect(StateDirectory.path(forApp: "hello", environment: ["XDG_STATE_HOME": "", "HOME": "/home/a"])
            == "/home/a/.local/state/luascreens/hello")
        #expect(StateDirectory.abbreviated("/home/a/.local/state/x", environment: ["HOME": "/home/a"]) == "~/.local/state/x")
        #expect(StateDirectory.abbreviated("/tmp/x", environment: ["HOME": "/home/a"]) == "/tmp/x")
    }

    @Test("the error log is made with its folder and each error is appended")
    func errorLog() throws {
        let folder = NSTemporaryDirectory() + "errorlog-\(UUID().uuidString)/app"
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let log = ErrorLog(directory: folder)
        #expect(log.append(context: "timer callback", message: "main.lua:1: one", traceback: "stack traceback:\n\tmain.lua:1: in main chunk"))
        #expect(log.append(context: "viewDidLoad of List", message: "main.lua:2: two", traceback: nil))
        let text = try String(contentsOfFile: log.path, encoding: .utf8)
        #expect(text.contains("timer callback\nmain.lua:1: one\nstack traceback:\n\tmain.lua:1: in main chunk\n\n"))
        #expect(text.contains("viewDidLoad of List\nmain.lua:2: two\n\n"))
    }
}
