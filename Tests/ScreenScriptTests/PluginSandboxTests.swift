import Foundation
import Testing
import LuaBridge
@testable import ScreenScript

/// What a plugin can reach: the permissions its manifest grants, and nothing of the app,
/// of other plugins or of the host beyond them.
@MainActor
struct PluginSandboxTests {
    let fixture: PluginFixture

    init() throws {
        fixture = try PluginFixture()
    }

    /// A plugin whose `run(code)` runs `code` in the plugin's environment.
    static let probe = """
        local M = {}
        function M.run(code, ...) return assert(load(code, "=probe"))(...) end
        return M
        """

    func probeHost(_ extra: String = "", main: String = "") throws -> ScriptHost {
        try fixture.plugin("t1", extra, main: Self.probe)
        return try fixture.host(main: "probe = require('t1')\n" + main)
    }

    func manifest(_ name: String = "t1") -> String { "\(fixture.folder)/plugins/\(name)/plugin.lua" }

    // MARK: - Permissions

    @Test func withoutOSThereIsNoExecutePopenOrGetenv() throws {
        let host = try probeHost()
        for (code, what) in [("return os.execute('true')", "os.execute"), ("return io.popen('true')", "io.popen"),
                             ("return os.getenv('HOME')", "os.getenv"), ("return os.remove('x')", "os.remove"),
                             ("return os.rename('x', 'y')", "os.rename")] {
            let message = fixture.error(host, "return probe.run([[\(code)]])")
            #expect(message.contains("probe:1: \(what) needs the \"os\" permission: add it to permissions in \(manifest())"), "\(message)")
        }
        #expect(try fixture.run(host, "return probe.run('return type(os.time()), type(os.clock()), type(os.date())')") == .string("number"))
        #expect(fixture.error(host, "return probe.run('return os.exit()')").contains("os.exit is not available to plugins"))
    }

    @Test func theErrorNamesThePluginsFileAndLine() throws {
        try fixture.plugin("t1", main: """
            local M = {}
            function M.shell()
              return os.execute("true")
            end
            return M
            """)
        let host = try fixture.host(main: "t1 = require('t1')")
        // Lua shortens long chunk names from the left; the manifest's path is whole.
        #expect(fixture.error(host, "t1.shell()")
            .hasSuffix("/plugins/t1/init.lua:3: os.execute needs the \"os\" permission: add it to permissions in \(manifest())"))
    }

    @Test func withOSTheProcessFunctionsAreThere() throws {
        let host = try probeHost("permissions = { \"os\" }")
        #expect(try fixture.run(host, "return probe.run('return os.getenv(\"PATH\") ~= nil')") == .boolean(true))
        #expect(try fixture.run(host, "return probe.run('return type(os.execute) .. type(io.popen) .. type(os.remove) .. type(os.rename)')")
            == .string("functionfunctionfunctionfunction"))
        // The other permissions still are not granted.
        #expect(fixture.error(host, "return probe.run('return io.open')").contains("io.open needs the \"files\" permission"))
    }

    @Test func withoutStoreThereIsNoStore() throws {
        let host = try probeHost()
        #expect(fixture.error(host, "return probe.run('return store')")
            .contains("probe:1: store needs the \"store\" permission: add it to permissions in \(manifest())"))
        #expect(fixture.error(host, "return probe.run('return require(\"store\")')")
            .contains("require(\"store\") needs the \"store\" permission"))
    }

    @Test func withStoreThePluginOpensAStore() throws {
        let host = try probeHost("permissions = { \"store\" }")
        #expect(try fixture.run(host, "return probe.run('return type(store.open) .. type(require(\"store\").open)')") == .string("functionfunction"))
        #expect(fixture.error(host, "return probe.run('return notify')").contains("notify needs the \"notify\" permission"))
    }

    @Test func withoutNotifyThereIsNoNotify() throws {
        let host = try probeHost()
        #expect(fixture.error(host, "return probe.run('return notify.center')").contains("notify needs the \"notify\" permission"))
        let granted = try PluginFixture()
        try granted.plugin("t1", "permissions = { \"notify\" }", main: Self.probe)
        let other = try granted.host(main: "probe = require('t1')")
        #expect(try granted.run(other, "return probe.run('return type(notify)')") == .string("table"))
    }

    @Test func withoutFilesThereIsNoIO() throws {
        let host = try probeHost()
        for what in ["io.open", "io.lines"] {
            #expect(fixture.error(host, "return probe.run('return \(what)')").contains("\(what) needs the \"files\" permission: add it to permissions in \(manifest())"))
        }
        #expect(fixture.error(host, "return probe.run('return io.write')").contains("io.write is not available to plugins"))
        #expect(fixture.error(host, "return probe.run('return plugin.dataDirectory()')").contains("needs the \"files\" permission"))
    }

    @Test func withFilesTheDataDirectoryIsReadAndWritten() throws {
        try fixture.write("plugins/t1/words.txt", "hello\n")
        let host = try probeHost("permissions = { \"files\" }")
        let written = try fixture.run(host, """
            return probe.run([[
              local path = plugin.dataDirectory() .. "/notes.txt"
              local file = assert(io.open(path, "w"))
              file:write("kept")
              file:close()
              local again = assert(io.open(path))
              local text = again:read("a")
              again:close()
              local own = assert(io.open("words.txt")):read("l")
              return text .. " " .. own
            ]])
            """)
        #expect(written == .string("kept hello"))
        #expect(try String(contentsOfFile: fixture.folder + "/data/notes.txt", encoding: .utf8) == "kept")
        #expect(fixture.error(host, "return probe.run('return io.open(\"words.txt\", \"w\")')").contains("the plugin's folder is read-only"))
    }

    @Test func withFilesDotDotAndLinksOutAreRefused() throws {
        try fixture.write("secret.txt", "the app's")
        try FileManager.default.createSymbolicLink(
            atPath: fixture.folder + "/plugins/t1-link", withDestinationPath: fixture.folder + "/secret.txt")
        let host = try probeHost("permissions = { \"files\" }")
        try FileManager.default.createSymbolicLink(
            atPath: fixture.folder + "/plugins/t1/out.txt", withDestinationPath: fixture.folder + "/secret.txt")
        try FileManager.default.createDirectory(atPath: fixture.folder + "/data", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: fixture.folder + "/data/out", withDestinationPath: fixture.folder)
        #expect(fixture.error(host, "return probe.run('return io.open(\"../../secret.txt\")')").contains("'..' is not allowed"))
        #expect(fixture.error(host, "return probe.run('return io.open(plugin.dataDirectory() .. \"/../secret.txt\")')").contains("'..' is not allowed"))
        #expect(fixture.error(host, "return probe.run('return io.open(\"out.txt\")')").contains("is outside the plugin's folder"))
        #expect(fixture.error(host, "return probe.run('return io.open(plugin.dataDirectory() .. \"/out/secret.txt\", \"w\")')")
            .contains("is outside the plugin's folder"))
        #expect(fixture.error(host, "return probe.run('return io.open(\"/etc/passwd\")')").contains("is outside the plugin's folder"))
        #expect(fixture.error(host, "return probe.run('for l in io.lines(\"/etc/passwd\") do end')").contains("is outside the plugin's folder"))
        #expect(try String(contentsOfFile: fixture.folder + "/secret.txt", encoding: .utf8) == "the app's")
    }

    // MARK: - Escapes

    @Test func thereIsNoDebugLibraryAndNoLoadlib() throws {
        let host = try probeHost()
        #expect(fixture.error(host, "return probe.run('return debug.getregistry()')").contains("debug is not available to plugins"))
        #expect(try fixture.run(host, "return probe.run('return package.loadlib == nil and #package.searchers == 0 and package.cpath == \"\"')") == .boolean(true))
        for name in ["debug", "io", "os", "package", "string"] {
            #expect(fixture.error(host, "return probe.run('return require(\"\(name)\")')").contains("module '\(name)' not found: plugin 't1'"))
        }
    }

    @Test func binaryChunksAndStringDumpAreRefused() throws {
        let host = try probeHost()
        #expect(try fixture.run(host, "return probe.run('return string.dump')") == .nil)
        // What a dump starts with: the signature, then whatever a crafted chunk says.
        let binary = "'\\27LuaT\\0\\25\\147\\r\\n\\26\\n' .. ('x'):rep(40)"
        let result = try fixture.run(host, "return probe.run('local f, message = load(...) return f == nil and message', \(binary))")
        #expect(result.stringValue?.contains("binary chunk") == true, "\(result)")
        let explicit = try fixture.run(host, "return probe.run(\"local f, message = load(..., 'x', 'b') return f == nil and message\", \(binary))")
        #expect(explicit.stringValue?.contains("binary chunk") == true, "\(explicit)")
    }

    @Test func loadAndLoadfileStayInThePlugin() throws {
        try fixture.write("plugins/t1/extra.lua", "return who")
        try fixture.write("outside.lua", "return 'outside'")
        let host = try probeHost(main: "who = 'app'")
        #expect(try fixture.run(host, "return probe.run('who = \"plugin\" return loadfile(\"extra.lua\")()')") == .string("plugin"))
        #expect(try fixture.run(host, "return probe.run('return dofile(\"extra.lua\")')") == .string("plugin"))
        #expect(try fixture.run(host, "return probe.run('return load(\"return who\")()')") == .string("plugin"))
        #expect(try fixture.run(host, "return who") == .string("app"))
        #expect(fixture.error(host, "return probe.run('return loadfile(\"\(fixture.folder)/outside.lua\")')").contains("is outside the plugin's folder"))
        #expect(fixture.error(host, "return probe.run('return dofile(\"../../outside.lua\")')").contains("'..' is not allowed"))
        for name in ["../../outside", "..outside", "/etc/passwd", "extra\\0x"] {
            #expect(fixture.error(host, "return probe.run('return require(\"\(name)\")')").contains("not found: plugin 't1'"), "\(name)")
        }
    }

    @Test func theAppsGlobalsAreOutOfReach() throws {
        let host = try probeHost(main: "secret = 'app'")
        #expect(try fixture.run(host, "return probe.run('return secret == nil and rawget(_G, \"secret\") == nil and _G == _ENV')") == .boolean(true))
        #expect(try fixture.run(host, "return probe.run('return package.loaded.t1 == nil and package.loaded._G == nil')") == .boolean(true))
        // Globals a plugin sets are its own.
        _ = try fixture.run(host, "probe.run('leaked = 1; _G.leaked2 = 2; rawset(_G, \"leaked3\", 3)')")
        #expect(try fixture.run(host, "return leaked == nil and leaked2 == nil and leaked3 == nil") == .boolean(true))
        #expect(try fixture.run(host, "return probe.run('return getmetatable(_ENV)')") == .boolean(false))
        #expect(fixture.error(host, "return probe.run('return setmetatable(_ENV, nil)')").contains("cannot change the metatable"))
    }

    @Test func theStandardTablesAreTheAppsNoMore() throws {
        let host = try probeHost()
        _ = try fixture.run(host, """
            probe.run([[
              string.upper = function() return "changed" end
              rawset(table, "insert", false)
              math.pi = 3
              local meta = getmetatable("")
              meta.__index = { upper = function() return "changed" end }
              meta.__index.lower = function() return "changed" end
              rawset(meta, "__add", function() return "changed" end)
            ]])
            """)
        #expect(try fixture.run(host, "return ('a'):upper() .. string.upper('b') .. ('C'):lower() .. type(table.insert) .. tostring(math.pi > 3.14)")
            == .string("ABcfunctiontrue"))
        #expect(fixture.error(host, "return '1' + {}").contains("attempt to add a 'string' with a 'table'"))
    }

    @Test func theSharedModulesAreReadOnly() throws {
        let host = try probeHost()
        #expect(fixture.error(host, "return probe.run('ui.View = nil')").contains("ui is shared with the app"))
        #expect(fixture.error(host, "return probe.run('loop.after = nil')").contains("loop is shared with the app"))
        _ = try fixture.run(host, "probe.run('rawset(ui, \"Label\", false)')")
        #expect(fixture.error(host, "return probe.run('setmetatable(ui, {})')").contains("cannot change the metatable"))
        #expect(fixture.error(host, "return probe.run('setmetatable(..., {})', setmetatable({}, {}))").contains("cannot change the metatable"))
        #expect(try fixture.run(host, "return probe.run('return getmetatable(ui)')") == .boolean(false))
        #expect(try fixture.run(host, "return type(ui.Label) == 'table' and type(ui.View) == 'table'") == .boolean(true))
        // What a plugin makes with the shared classes is a view like any other.
        #expect(try fixture.run(host, "return probe.run('local v = ui.View:new{} return getmetatable(v) ~= nil and ui.View.new ~= nil')") == .boolean(true))
        #expect(fixture.error(host, "return probe.run('collectgarbage(\"stop\")')").contains("collectgarbage(\"stop\") is not available to plugins"))
    }

    @Test func pairsOnASharedModuleGivesNoWayToTheModuleItself() throws {
        let host = try probeHost()
        // pairs returns (iterator, state, start): the state must not be the app's table.
        _ = try fixture.run(host, """
            probe.run([[
              for _, name in ipairs{ "ui", "loop" } do
                local _, state = pairs(_ENV[name])
                if type(state) == "table" then rawset(state, "planted", true) end
              end
            ]])
            """)
        #expect(try fixture.run(host, "return ui.planted == nil and loop.planted == nil") == .boolean(true))
        // Iterating still lists the module's names.
        #expect(try fixture.run(host, "return probe.run('local n = 0 for k, v in pairs(ui) do if k == \"Label\" and v == ui.Label then n = n + 1 end end return n')")
            == .integer(1))
    }

    @Test func aPluginPrintsThroughThePrintTheAppHasNow() throws {
        // The REPL and a host's logging replace the global print after the plugins were set
        // up: a plugin's lines go there too.
        let host = try probeHost(main: "lines = {} print = function(...) lines[#lines + 1] = table.concat({ ... }, ' ') end")
        _ = try fixture.run(host, "probe.run('print(\"from\", \"plugin\")')")
        #expect(try fixture.run(host, "return lines[1]") == .string("from plugin"))
        // A print that is no function does not stop the plugin's.
        _ = try fixture.run(host, "print = 42")
        #expect(try fixture.run(host, "return probe.run('print(\"still\") return true')") == .boolean(true))
    }

    @Test func anotherPluginsEnvironmentIsOutOfReach() throws {
        try fixture.plugin("t2", main: """
            hidden = "t2's"
            local M = { visible = "exported" }
            function M.run(code) return assert(load(code))() end
            return M
            """)
        try fixture.plugin("t1", "requires = { t2 = \"^1\" }", main: """
            local t2 = require("t2")
            local M = {}
            function M.run(code) return assert(load(code))(t2) end
            return M
            """)
        let host = try fixture.host(main: "t1 = require('t1') t2 = require('t2')")
        #expect(try fixture.run(host, "return t1.run('local t2 = ... return t2.visible .. tostring(hidden) .. tostring(getmetatable(t2))')")
            == .string("exportednilnil"))
        _ = try fixture.run(host, "t1.run('hidden = \"t1s\"')")
        #expect(try fixture.run(host, "return t2.run('return hidden')") == .string("t2's"))
        #expect(try fixture.run(host, "return t1.run('return package.loaded.t2 == nil')") == .boolean(true))
    }

    @Test func requireInsideAPluginNamesWhatToAdd() throws {
        try fixture.plugin("t2", main: "return {}")
        try fixture.plugin("t1", main: Self.probe)
        let host = try fixture.host(main: "probe = require('t1')")
        #expect(fixture.error(host, "return probe.run('return require(\"t2\")')")
            .contains("plugin 't1' cannot require 't2': add t2 to requires in \(manifest())"))
        #expect(fixture.error(host, "return probe.run('return require(\"nowhere\")')")
            .contains("to use a plugin named nowhere, add it to requires in \(manifest())"))
        #expect(try fixture.run(host, "return probe.run('return require(\"ui\") == require(\"ui\") and require(\"loop\") ~= nil')") == .boolean(true))
    }
}

extension PluginSandboxTests {
    /// The plugin loader is compiled when a plugin is first needed, after the app's code has
    /// run: what the app did to the standard functions and tables in the meantime still
    /// reaches no plugin.
    @Test func whatTheAppChangesBeforeTheFirstPluginReachesNoPlugin() throws {
        try fixture.plugin("t1", main: Self.probe)
        let host = try fixture.host(main: """
            string.rep = function() return "tampered" end
            table.concat = function() return "tampered" end
            _G.setmetatable = function() error("tampered") end
            _G.pairs = nil
            probe = require('t1')
            """)
        #expect(try fixture.run(host, "return probe.run('return string.rep(\"ab\", 2)')") == .string("abab"))
        #expect(try fixture.run(host, "return probe.run('return table.concat({1, 2}, \",\")')") == .string("1,2"))
        #expect(try fixture.run(host, "return probe.run('return getmetatable(setmetatable({}, { __index = { x = 7 } })).__index.x')") == .integer(7))
        #expect(try fixture.run(host, "return probe.run('local n = 0 for _ in pairs({1, 2, 3}) do n = n + 1 end return n')") == .integer(3))
    }

    /// An app that needs no plugin never compiles the plugin loader: its own modules are
    /// found without it. The first plugin required starts it.
    @Test func anAppThatNeedsNoPluginNeverStartsThePluginLoader() throws {
        try fixture.plugin("t1", main: "return { answer = 42 }")
        try fixture.write("helper.lua", "return { value = 'own' }")
        let host = try fixture.host(main: "helper = require('helper')")
        #expect(try fixture.run(host, "return helper.value") == .string("own"))
        #expect(fixture.error(host, "require('nothing_of_that_name')").contains("no module 'nothing_of_that_name' in the registry or on the plugin path"))
        #expect(host.pluginLoader?.hasStarted == false)
        #expect(try fixture.run(host, "return require('t1').answer") == .integer(42))
        #expect(host.pluginLoader?.hasStarted == true)
    }
}
