import Foundation
import Testing
import EventLoop
import LuaBridge
@testable import ScreenScript

@MainActor
struct ScriptHostTests {
    /// A scratch folder with the given files, removed afterwards.
    func withFolder(_ files: [String: String], _ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenscript-\(UUID())").path
        for (name, text) in files {
            let path = folder + "/" + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    @Test func registeredModulesAreGlobalsAndRequirable() throws {
        var opened = 0
        let registry = ModuleRegistry()
            .adding(ScriptModule(name: "greet") { host in
                opened += 1
                let table = host.lua.newTable()
                table.set("hello", host.lua.function { args in "hello " + (try args.get(1, as: String.self)) })
                return .table(table)
            })
            .adding(ScriptModule(name: "hidden", isGlobal: false) { _ in "secret" })
        let host = try ScriptHost(modules: registry)
        let results = try host.lua.run(
            "return greet.hello('you'), require('greet') == greet, hidden, (require('hidden'))", name: "=m")
        #expect(results == ["hello you", true, .nil, "secret"])
        #expect(opened == 1)
    }

    @Test func aModuleThatFailsToOpenIsAnErrorNamingIt() throws {
        let registry = ModuleRegistry().adding(ScriptModule(name: "broken") { _ in
            throw LuaError(kind: .runtime, message: "no display")
        })
        let error = try #require(throws: LuaError.self) { try ScriptHost(modules: registry) }
        #expect(error.message.contains("no display"))
    }

    @Test func loadsAnAppFolderWithItsModules() throws {
        try withFolder([
            "app/main.lua": "local util = require('util') app = { name = util.name() }",
            "app/util.lua": "return { name = function() return 'demo' end }",
            "app/lib/init.lua": "return 1",
        ]) { folder in
            let host = try ScriptHost()
            let app = try host.loadApp(at: folder + "/app/")
            #expect(app.tableValue?["name"] == "demo")
            #expect(try host.lua.run("return (require('lib'))", name: "=r") == [.integer(1)])
        }
    }

    @Test func theMainChunksResultIsTheApp() throws {
        try withFolder(["single.lua": "return { kind = 'returned' }"]) { folder in
            let host = try ScriptHost()
            let app = try host.loadApp(at: folder + "/single.lua")
            #expect(app.tableValue?["kind"] == "returned")
        }
    }

    @Test func appErrorsCarryFileLineAndTraceback() throws {
        try withFolder(["app/main.lua": "local x = nil\nprint(x.field)\n"]) { folder in
            let error = try #require(throws: LuaError.self) { try ScriptHost().loadApp(at: folder + "/app") }
            #expect(error.kind == .runtime)
            #expect(error.message.hasSuffix("main.lua:2: attempt to index a nil value (local 'x')"))
            #expect(error.traceback?.contains("in main chunk") == true)
        }
    }

    @Test func aMissingAppSaysWhatDoesNotExist() throws {
        let folder = try #require(throws: LuaError.self) { try ScriptHost().loadApp(at: "/nonexistent/app") }
        #expect(folder.kind == .file)
        #expect(folder.message == "the folder /nonexistent/app does not exist")
        let file = try #require(throws: LuaError.self) { try ScriptHost().loadApp(at: "/nonexistent/app.lua") }
        #expect(file.message == "the file /nonexistent/app.lua does not exist")
        try withFolder(["empty/readme.txt": "no app here"]) { folder in
            let error = try #require(throws: LuaError.self) { try ScriptHost().loadApp(at: folder + "/empty") }
            #expect(error.message == "the folder \(folder)/empty has no main.lua (an app is a folder with main.lua, or a single Lua file)")
        }
    }

    @Test func appLocations() throws {
        try withFolder(["hello/main.lua": "", "x.lua": "", "a/b/c.lua": ""]) { folder in
            let hello = try AppLocation(folder + "/hello/")
            #expect(hello.file == folder + "/hello/main.lua")
            #expect(hello.folder == folder + "/hello")
            #expect(hello.name == "hello")
            #expect(try AppLocation(folder + "/a/b/c.lua").folder == folder + "/a/b")
            #expect(try AppLocation(folder + "/x.lua").name == "x")
        }
        #expect(AppLocation.name(ofMainFile: "/x.lua") == "x")
        #expect(AppLocation.name(ofMainFile: "/main.lua") == "screens")
        #expect(AppLocation.name(ofMainFile: "/home/me/notes/main.lua") == "notes")
    }

    // MARK: - Identity and data

    @Test func theFolderTheMainFileAndAPathThroughDotsOrALinkAreTheSameApp() throws {
        try withFolder(["notes/main.lua": "return nil", "other/readme.txt": ""]) { folder in
            try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/notes")
            for path in ["/notes", "/notes/", "/notes/main.lua", "/other/../notes", "/link", "/link/main.lua", "/notes/."] {
                let host = try ScriptHost()
                try host.loadApp(at: folder + path)
                #expect(host.appID == "notes", "\(path)")
                #expect(host.dataDirectory.hasSuffix("/luascreens/notes"), "\(path)")
            }
        }
    }

    @Test func appIDNamesTheAppAndItsDataDirectory() throws {
        try withFolder(["folder/main.lua": "return { id = 'diary', didFinishLaunching = function() end }"]) { folder in
            let host = try ScriptHost()
            try host.loadApp(at: folder + "/folder")
            #expect(host.appID == "diary")
            #expect(host.dataDirectory == ScriptHost.defaultDataDirectory(forApp: "diary"))
            host.dataDirectory = folder + "/chosen"
            #expect(host.dataDirectory == folder + "/chosen")
            #expect(try host.lua.run("return store.open('x.sqlite', store.model{ N = { t = 'string' } }).path", name: "=t")
                == [.string(LuaString(folder + "/chosen/x.sqlite"))])
        }
    }

    @Test func anAppIDThatCannotNameAFolderIsAnError() throws {
        for (id, shown) in [("''", "the string \"\""), ("'a/b'", "the string \"a/b\""), ("'..'", "the string \"..\""), ("42", "the number 42"), ("{}", "a table")] {
            try withFolder(["app/main.lua": "return { id = \(id) }"]) { folder in
                let error = try #require(throws: LuaError.self) { try ScriptHost().loadApp(at: folder + "/app") }
                #expect(error.message == "\(folder)/app/main.lua: app.id must be a name for the app's data directory (a non-empty string without '/'), got \(shown)")
            }
        }
    }

    @Test func anAppIDSetAfterTheMainChunkOpenedTheDataDirectoryIsAnError() throws {
        let main = "store.open('s.sqlite', store.model{ N = { t = 'string' } }) return { id = 'late' }"
        try withFolder(["app/main.lua": main]) { folder in
            let host = try ScriptHost()
            host.environment["XDG_DATA_HOME"] = folder + "/xdg"
            let error = try #require(throws: LuaError.self) { try host.loadApp(at: folder + "/app") }
            #expect(error.message == "\(folder)/app/main.lua: app.id 'late' comes after the main chunk opened the data directory of 'app'; open the store in didFinishLaunching, or give store.open a path")
            #expect(FileManager.default.fileExists(atPath: folder + "/xdg/luascreens/app/s.sqlite"))

            // With a chosen data directory the id moves nothing.
            let chosen = try ScriptHost()
            chosen.dataDirectory = folder + "/data"
            try chosen.loadApp(at: folder + "/app")
            #expect(chosen.appID == "late")
            #expect(FileManager.default.fileExists(atPath: folder + "/data/s.sqlite"))
        }
    }

    @Test func theDefaultDataDirectoryFollowsXDGDataHome() {
        #expect(ScriptHost.defaultDataDirectory(forApp: "notes", environment: ["XDG_DATA_HOME": "/data"]) == "/data/luascreens/notes")
        #expect(ScriptHost.defaultDataDirectory(forApp: "notes", environment: ["XDG_DATA_HOME": ""])
            == NSHomeDirectory() + "/.local/share/luascreens/notes")
        #expect(ScriptHost.defaultDataDirectory(forApp: "notes", environment: [:]) == NSHomeDirectory() + "/.local/share/luascreens/notes")
    }

    // MARK: - What an app returns

    @Test func aMainChunkThatReturnsNoAppTableIsAnErrorSayingWhatAnAppReturns() throws {
        for (main, shown) in [("return 42", "the main chunk returned the number 42"),
                              ("return 'app'", "the main chunk returned the string \"app\""),
                              ("return print", "the main chunk returned a function"),
                              ("app = true", "the global 'app' is the boolean true")] {
            try withFolder(["app/main.lua": main]) { folder in
                let error = try #require(throws: LuaError.self) { try ScriptHost().loadApp(at: folder + "/app") }
                #expect(error.message == "\(folder)/app/main.lua: \(shown): an app's main chunk returns its app table, with didFinishLaunching(window), or nothing")
            }
        }
        try withFolder(["a.lua": "print('a script')", "b.lua": "return nil", "c.lua": "app = { didFinishLaunching = function() end }"]) { folder in
            for name in ["a", "b", "c"] {
                #expect(throws: Never.self) { try ScriptHost().loadApp(at: folder + "/\(name).lua") }
            }
        }
    }

    @Test func didFinishLaunchingThatIsNotAFunctionIsAnError() throws {
        try withFolder(["app/main.lua": "return { didFinishLaunching = 'soon' }"]) { folder in
            let error = try #require(throws: LuaError.self) { try ScriptHost().loadApp(at: folder + "/app") }
            #expect(error.message == "\(folder)/app/main.lua: the app's didFinishLaunching is the string \"soon\", not a function: an app's main chunk returns its app table, with didFinishLaunching(window), or nothing")
        }
        try withFolder(["app/main.lua": "return { didFinishLaunchng = function() end }"]) { folder in
            let host = try ScriptHost()
            try host.loadApp(at: folder + "/app")
            let error = try #require(throws: LuaError.self) { try host.launch() }
            #expect(error.message == "the app has no didFinishLaunching(window) function (it has 'didFinishLaunchng'): an app's main chunk returns its app table, with didFinishLaunching(window), or nothing")
        }
    }

    @Test func anAppTableMayInheritDidFinishLaunching() throws {
        let main = """
            local App = {}
            App.__index = App
            function App.didFinishLaunching(window) launched = window ~= nil end
            return setmetatable({}, App)
            """
        try withFolder(["app/main.lua": main]) { folder in
            let host = try ScriptHost(loop: EventLoop(clock: .virtual))
            try host.loadApp(at: folder + "/app")
            try host.launch()
            #expect(host.lua.globals["launched"] == true)
        }
    }

    // MARK: - Reported errors

    @Test func errorsReportedFromCallbacksAreKeptAndStillReported() throws {
        let host = try ScriptHost(loop: EventLoop(clock: .virtual))
        var reported: [String] = []
        host.errorReporter = { _, context in reported.append(context) }
        try host.lua.run("loop.after(1, function() error('late') end) loop.defer(function() error('soon') end)", name: "=main")
        host.loop.advance(by: 2)
        #expect(host.reportedErrorCount == 2)
        #expect(host.reportedErrors.map(\.description) == [
            "deferred call made at main:1: main:1: soon", "timer callback scheduled at main:1: main:1: late",
        ])
        #expect(reported == ["deferred call made at main:1", "timer callback scheduled at main:1"])
        for _ in 0..<ScriptHost.reportedErrorsKept {
            try host.lua.run("loop.defer(function() error('again') end)", name: "=more")
        }
        host.loop.runUntilIdle()
        #expect(host.reportedErrorCount == 2 + ScriptHost.reportedErrorsKept)
        #expect(host.reportedErrors.count == ScriptHost.reportedErrorsKept)
    }

    // MARK: - Clocks

    @Test func onAVirtualLoopOSTimeAndDateReadTheVirtualWallClock() throws {
        let host = try ScriptHost(loop: EventLoop(clock: .virtual))
        let start = try host.lua.run("return os.time(), os.date('!%Y-%m-%d %H:%M:%S'), loop.time(), loop.now()", name: "=t")
        #expect(start == [.integer(1_767_225_600), "2026-01-01 00:00:00", .number(1_767_225_600), .number(0)])
        host.loop.advance(by: 3661.5)
        let later = try host.lua.run("return os.time(), os.date('!%H:%M:%S', nil), loop.time(), loop.now(), os.date('!*t').day", name: "=t")
        #expect(later == [.integer(1_767_229_261), "01:01:01", .number(1_767_229_261.5), .number(3661.5), .integer(1)])
        // Given a time, they are Lua's own.
        let given = try host.lua.run("return os.time{ year = 2000, month = 1, day = 1, hour = 12 } == os.time{ year = 2000, month = 1, day = 1, hour = 12 }, os.date('!%Y', 0)", name: "=t")
        #expect(given == [true, "1970"])
    }

    @Test func virtualOSTimeAndDateFailAsLuasOwnDoAtTheCallersPlace() throws {
        let host = try ScriptHost(loop: EventLoop(clock: .virtual))
        let time = try #require(throws: LuaError.self) { try host.lua.run("\nos.time('noon')", name: "=main") }
        #expect(time.message == "main:2: bad argument #1 to 'time' (table expected, got string)")
        let date = try #require(throws: LuaError.self) { try host.lua.run("os.date('%Ez', 0)", name: "=main") }
        #expect(date.message.hasPrefix("main:1: bad argument #1 to 'date' (invalid conversion specifier '%Ez')"))
        let field = try #require(throws: LuaError.self) { try host.lua.run("os.time{ year = 2000 }", name: "=main") }
        #expect(field.message == "main:1: field 'month' missing in date table")
    }

    @Test func onARealLoopOSTimeIsTheSystemsAndLoopTimeTheWallClock() throws {
        let host = try ScriptHost(loop: EventLoop(clock: .real))
        let now = Date().timeIntervalSince1970
        let values = try host.lua.run("return os.time(), loop.time()", name: "=t")
        #expect(abs((values[0].numberValue ?? 0) - now) < 60)
        #expect(abs((values[1].numberValue ?? 0) - now) < 60)
    }

    @Test func theHostsOwnLuaRunsOncePerStateUnderTheChunkNameItsFramesAreHiddenBy() throws {
        let host = try ScriptHost(loop: EventLoop(clock: .virtual))
        let module = try ScriptHost.appChunk.module(in: host.lua)
        #expect(LuaValue.table(try ScriptHost.appChunk.module(in: host.lua)) == .table(module))
        let field = try ScriptHost.appChunk.function("field", in: host.lua)
        let source = try host.lua.load("return debug.getinfo(..., 'S').source", name: "=t").call(field, returning: String.self)
        #expect(source == "=app")
        #expect(ScriptHost.ownChunks.contains("app"))
        let other = try ScriptHost(loop: EventLoop(clock: .virtual))
        #expect(try ScriptHost.appChunk.function("field", in: other.lua).call(other.lua.globals, "ui", returning: LuaValue.self).tableValue != nil)
    }
}
