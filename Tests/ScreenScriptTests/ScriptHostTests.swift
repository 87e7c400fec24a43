import Foundation
import Testing
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
        let missing = try #require(throws: LuaError.self) { try ScriptHost().loadApp(at: "/nonexistent/app") }
        #expect(missing.kind == .file)
        #expect(missing.message == "cannot open /nonexistent/app/main.lua: No such file or directory")
    }

    @Test func appLocations() {
        #expect(AppLocation("scripts/hello").file == "scripts/hello/main.lua")
        #expect(AppLocation("scripts/hello/").folder == "scripts/hello")
        #expect(AppLocation("x.lua").folder == "")
        #expect(AppLocation("/x.lua").folder == "/")
        #expect(AppLocation("a/b/c.lua").folder == "a/b")
    }
}
