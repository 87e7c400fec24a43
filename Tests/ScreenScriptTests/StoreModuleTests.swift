import EventLoop
import Foundation
import Testing
import LuaBridge
@testable import ScreenScript
import ScreenStore

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

    // MARK: - One host's store state

    @Test func twoHostsEachProcessTheChangesTheirScriptsMakeOnTheirOwnLoop() throws {
        let hub = NotificationHub()
        let store = try PersistentStore(
            path: ":memory:", model: try Model([Entity("Note", attributes: [Attribute("text", .string)])]), notifications: hub)
        var posts = 0
        hub.observe(StoreContext.objectsDidChangeNotification, object: store.context) { _ in posts += 1 }
        let (first, second) = (try ScriptHost(loop: EventLoop(clock: .virtual)), try ScriptHost(loop: EventLoop(clock: .virtual)))
        for host in [first, second] { host.lua.globals.set("ctx", store.context) }

        // The first host's loop never gets to run what it scheduled; the second's must still
        // process what its own script changed (a process-wide record of scheduled contexts
        // took the second request for the first's).
        try first.lua.run("ctx:insert('Note', { text = 'one' })", name: "=first")
        try second.lua.run("ctx:insert('Note', { text = 'two' })", name: "=second")
        second.loop.runUntilIdle()
        #expect(posts == 1)
        #expect(store.context.insertedObjects.count == 2)
    }

    @Test func aResultsDelegateLivesAsLongAsItsHostNotLonger() throws {
        weak var delegate: AnyObject?
        weak var state: LuaState?
        do {
            let host = try ScriptHost(loop: EventLoop(clock: .virtual))
            let controller = try host.lua.run("""
                local ctx = store.open(":memory:", store.model{ Note = { text = "string" } }).context
                frc = ctx:fetchedResults{ entity = "Note", sort = { "text" }, delegate = {} }
                return frc
                """, name: "=delegate").first?.userdataObject(as: FetchedResultsController.self)
            delegate = try #require(controller?.delegate)
            state = host.lua
        }
        // Kept by a process-wide table, the wrapper (and the Lua table it holds) outlived the host.
        #expect(state == nil)
        #expect(delegate == nil)
    }
}

private extension LuaValue {
    func userdataObject<T: AnyObject>(as type: T.Type) -> T? {
        if case .userdata(let userdata) = self { return userdata.object(as: T.self) }
        return nil
    }
}
