import Foundation
import LuaBridge
import ScreenScript
import Testing
@testable import ScreenHost

@MainActor
@Suite("REPL completion")
struct ReplCompletionTests {
    let session: ReplSession

    init() throws {
        session = try ReplSession(host: try ScriptHost())
    }

    func run(_ chunk: String) throws {
        try session.lua.load(chunk, name: "=test").call()
    }

    @Test("globals, by the start of their name")
    func globals() throws {
        try run("myGlobalThing = 1; myGlobalOther = 2")
        #expect(session.completions(for: "myGlobal") == ["myGlobalOther", "myGlobalThing"])
        #expect(session.completions(for: "x = myGlobalT") == ["myGlobalThing"])
        #expect(session.completions(for: "pai").contains("pairs"))
    }

    @Test("fields of nested tables, as whole words")
    func nestedFields() throws {
        try run("cfg = {display = {width = 1, height = 2, [3] = true}}")
        #expect(session.completions(for: "cfg.display.w") == ["cfg.display.width"])
        #expect(session.completions(for: "print(cfg.display.") == ["cfg.display.height", "cfg.display.width"])
        #expect(session.completions(for: "cfg.nothing.") == [])
        #expect(session.completions(for: "string.for") == ["string.format"])
    }

    @Test("methods through a metatable's __index table, and a string's")
    func methodsThroughMetatables() throws {
        try run("""
            Account = {}; Account.__index = Account
            function Account:deposit(n) self.balance = self.balance + n end
            acct = setmetatable({balance = 0}, Account)
            name = "text"
            """)
        #expect(session.completions(for: "acct:de") == ["acct:deposit"])
        // After `:` only functions.
        #expect(session.completions(for: "acct:") == ["acct:deposit"])
        #expect(session.completions(for: "acct.") == ["acct.balance", "acct.deposit"])
        #expect(session.completions(for: "name:up") == ["name:upper"])
    }

    @Test("members of Swift classes and objects, inherited ones included")
    func swiftClasses() throws {
        try run("label = ui.Label:new()")
        #expect(session.completions(for: "ui.NavigationCon") == ["ui.NavigationController"])
        // addSubview is ui.View's.
        #expect(session.completions(for: "ui.Label:addSub") == ["ui.Label:addSubview"])
        #expect(session.completions(for: "label:addSub") == ["label:addSubview"])
        #expect(session.completions(for: "label.tex").contains("label.text"))
        #expect(session.completions(for: "ui.Label.").contains("ui.Label.new"))
        #expect(session.completions(for: "ui.Label.").contains("ui.Label.extend"))
        // Metamethods only when asked for.
        #expect(!session.completions(for: "label:").contains { $0.contains("__") })
    }

    @Test(":commands at the start of a line only")
    func commands() {
        #expect(session.completions(for: ":q") == [":quit"])
        #expect(session.completions(for: "  :vi") == [":views"])
        #expect(session.completions(for: "x :q") == [])
    }

    @Test("hostile metatables: an __index that fails or never ends, __pairs, cycles, userdata")
    func hostileMetatables() throws {
        try run("""
            bad = setmetatable({}, {__index = function() error("boom") end, __pairs = function() error("pairs") end})
            spin = setmetatable({}, {__index = function() while true do end end})
            c1, c2 = {}, {}
            setmetatable(c1, {__index = c2}); setmetatable(c2, {__index = c1})
            c2.shared = 1
            locked = setmetatable({}, {__metatable = "no", __index = {hidden = 1}})
            strange = setmetatable({}, {__index = io.stdout})
            file = io.stdout
            """)
        #expect(session.completions(for: "bad.x") == [])
        #expect(session.completions(for: "bad.") == [])
        #expect(session.completions(for: "spin.a") == [])
        #expect(session.completions(for: "spin.a.b:") == [])
        #expect(session.completions(for: "c1.sh") == ["c1.shared"])
        #expect(session.completions(for: "c1.zz.") == [])
        #expect(session.completions(for: "locked.hi") == ["locked.hidden"])
        #expect(session.completions(for: "strange.") == [])
        #expect(session.completions(for: "file:wr") == ["file:write"])
        // Nothing was left on the stack, no error is pending, and Lua still answers.
        #expect(try session.lua.load("return 1 + 1", name: "=test").call(returning: Int.self) == 2)
    }

    @Test("odd words complete to nothing")
    func oddWords() {
        #expect(session.completions(for: "") .isEmpty == false)
        #expect(session.completions(for: "1.5") == [])
        #expect(session.completions(for: "a:b.c") == [])
        #expect(session.completions(for: ".x") == [])
        #expect(session.completions(for: "\u{1B}[A\0\u{FF}zzq") == [])
        #expect(session.completions(for: String(repeating: "a.", count: 10_000) + "b") == [])
    }
}

@Suite("REPL history")
struct LineHistoryTests {
    static func temporaryFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "history-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a line entered again moves to the end; blank lines and repeats are not kept")
    func duplicates() {
        var history = LineHistory(file: nil)
        for line in ["a", "b", "b", "  ", "c", "a"] { history.add(line) }
        #expect(history.entries == ["b", "c", "a"])
    }

    @Test("at most `limit` lines, the oldest dropped")
    func bounded() {
        var history = LineHistory(file: nil, limit: 3)
        for line in ["1", "2", "3", "4", "5"] { history.add(line) }
        #expect(history.entries == ["3", "4", "5"])
        #expect(LineHistory.limit == 1000)
    }

    @Test("saved and read back, in a private folder it creates")
    func roundTrip() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/luascreens/history"
        var history = LineHistory(file: file)
        history.add("x = 1")
        history.add("print(x)")
        let saved = history.save()
        #expect(saved)
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/luascreens")[.posixPermissions] as? Int
        #expect(mode == 0o700)
        let again = LineHistory(file: file)
        #expect(again.entries == ["x = 1", "print(x)"])
        #expect(again.warning == nil)
    }

    @Test("a file that cannot be read or written is a one-line warning")
    func unwritable() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A regular file where the folder should be.
        _ = FileManager.default.createFile(atPath: folder + "/blocker", contents: Data("x".utf8))
        var history = LineHistory(file: folder + "/blocker/history")
        history.add("kept in memory")
        let saved = history.save()
        #expect(!saved)
        #expect(history.warning?.hasPrefix("warning: cannot") == true)
        #expect(history.warning?.contains("\n") == false)
        #expect(history.entries == ["kept in memory"])
        // A folder where the file should be.
        try FileManager.default.createDirectory(atPath: folder + "/dir/history", withIntermediateDirectories: true)
        var unreadable = LineHistory(file: folder + "/dir/history")
        #expect(unreadable.warning != nil)
        unreadable.add("y")
        let savedAgain = unreadable.save()
        #expect(!savedAgain)
    }

    @Test("the file is under XDG_STATE_HOME, else ~/.local/state")
    func location() {
        #expect(LineHistory.defaultFile(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/luascreens/history")
        #expect(LineHistory.defaultFile(environment: ["HOME": "/h"]) == "/h/.local/state/luascreens/history")
        #expect(LineHistory.defaultFile(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]) == "/h/.local/state/luascreens/history")
        #expect(LineHistory.defaultFile(environment: [:]) == nil)
    }
}
