import Foundation
import Testing
import LuaBridge
@testable import ScreenScript

@MainActor
struct StoreModuleTests {
    @Test func anAppsDefaultStoreLivesUnderXDGDataHome() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("xdg-\(UUID())").path
        let app = FileManager.default.temporaryDirectory.appendingPathComponent("diary-\(UUID())").path
        defer {
            try? FileManager.default.removeItem(atPath: base)
            try? FileManager.default.removeItem(atPath: app)
        }
        try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        try """
        local model = store.model{ Note = { text = "string" } }
        local db = store.open(model)
        local before = db.context:count{ entity = "Note" }
        db.context:insert("Note", { text = "kept" })
        db.context:save()
        return { path = db.path, named = store.open("notes.sqlite", model).path, before = before }
        """.write(toFile: app + "/main.lua", atomically: true, encoding: .utf8)
        setenv("XDG_DATA_HOME", base, 1)
        defer { unsetenv("XDG_DATA_HOME") }

        let host = try ScriptHost()
        let result = try host.loadApp(at: app)
        let name = (app as NSString).lastPathComponent
        #expect(result.tableValue?["path"] == .string(LuaString("\(base)/luascreens/\(name)/store.sqlite")))
        #expect(result.tableValue?["named"] == .string(LuaString("\(base)/luascreens/\(name)/notes.sqlite")))
        #expect(FileManager.default.fileExists(atPath: "\(base)/luascreens/\(name)/store.sqlite"))
        #expect(result.tableValue?["before"] == .integer(0))

        // The same app run again finds what it saved.
        let second = try ScriptHost()
        let again = try second.loadApp(at: app)
        #expect(again.tableValue?["before"] == .integer(1))
    }

    @Test func aFileThatIsNoDatabaseIsAClearErrorAtTheCall() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("garbage-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(to: URL(fileURLWithPath: path))
        let host = try ScriptHost()
        #expect(throws: LuaError.self) {
            try host.lua.run("store.open('\(path)', store.model{ Note = { text = 'string' } })", name: "=open")
        }
        do {
            try host.lua.run("store.open('\(path)', store.model{ Note = { text = 'string' } })", name: "=open")
        } catch {
            #expect(error.message.hasPrefix("open:1: "))
            #expect(error.message.contains(path))
        }
    }
}
