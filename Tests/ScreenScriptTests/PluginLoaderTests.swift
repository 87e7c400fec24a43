import Foundation
import Testing
import LuaBridge
@testable import ScreenScript

/// When plugins load, what `require` finds, and what a plugin that fails does to the app.
@MainActor
struct PluginLoaderTests {
    let fixture: PluginFixture

    init() throws {
        fixture = try PluginFixture()
    }

    /// A main that appends a line to `runs` in the data directory each time it runs.
    static let counting = """
        local file = assert(io.open(plugin.dataDirectory() .. "/runs", "a"))
        file:write("ran\\n")
        file:close()
        return { name = plugin.name }
        """

    func runs() -> Int {
        ((try? String(contentsOfFile: fixture.folder + "/data/runs", encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    @Test func mainRunsOnTheFirstRequireAndOnce() throws {
        try fixture.plugin("t1", "permissions = { \"files\" }", main: Self.counting)
        try fixture.plugin("t2", "requires = { t1 = \"1.x\" }", main: "return { t1 = require('t1') }")
        let host = try fixture.host(main: "")
        #expect(runs() == 0)
        #expect(host.pluginStatus("t1") == "available")
        #expect(try fixture.run(host, "local a = require('t1') return a == require('t1') and a == require('t2').t1 and a.name") == .string("t1"))
        #expect(runs() == 1)
        #expect(host.pluginStatus("t1") == "loaded")
        _ = try fixture.run(host, "package.loaded.t1 = nil return require('t1')")
        #expect(runs() == 1)
    }

    @Test func thePluginFoldersAreReadOnlyWhenARequireNeedsThem() throws {
        try fixture.plugin("t1", main: "return 'one'")
        let host = try fixture.host(main: "local ui = require('ui')")
        #expect(host.modules.plugins == nil)
        #expect(try fixture.run(host, "return require('t1')") == .string("one"))
        #expect(host.modules.plugins?.chosen["t1"] != nil)
    }

    @Test func aNameNoPluginCanHaveDoesNotReadThePluginFolders() throws {
        try fixture.plugin("t1", main: "return 'one'")
        let host = try fixture.host(main: "")
        for name in ["lib.core", "t1.sub", "My-Lib", "2d", ""] {
            let message = fixture.error(host, "require('\(name)')")
            #expect(message.contains("module '\(name)' not found"), "\(message)")
            #expect(message.contains("no module '\(name)' in the registry or on the plugin path"), "\(message)")
        }
        #expect(host.modules.plugins == nil)
        // Called by hand with no name: an argument error at the caller, as Lua's searchers give.
        #expect(fixture.error(host, "package.searchers[1]({})") == "test:1: bad argument #1 to 'searcher' (string expected, got table)")
        #expect(fixture.error(host, "require('nolib')").contains("module 'nolib' not found"))
        #expect(host.modules.plugins?.chosen["t1"] != nil)
    }

    @Test func aSecondAppInTheSameHostFindsItsOwnPlugins() throws {
        try fixture.plugin("t1", main: "return 'first'")
        let host = try fixture.host(main: "")
        #expect(host.pluginStatus("t1") == "available")
        let second = try PluginFixture()
        try second.plugin("t1", main: "return 'second'")
        try second.write("main.lua", "")
        try host.loadApp(at: second.folder)
        #expect(try fixture.run(host, "return require('t1')") == .string("second"))
    }

    @Test func builtInModulesAndPluginsAreOneRegistry() throws {
        try fixture.plugin("t1", main: "return { ok = true }")
        let host = try fixture.host(main: "")
        #expect(try fixture.run(host, "return require('ui') == ui and require('loop') == loop and package.preload.ui == nil") == .boolean(true))
        #expect(try fixture.run(host, "return require('t1').ok") == .boolean(true))
        if case .module(let module) = host.modules.entry(named: "ui") { #expect(module.name == "ui") } else { Issue.record("ui is not a module") }
        if case .plugin(let manifest) = host.modules.entry(named: "t1") { #expect(manifest.name == "t1") } else { Issue.record("t1 is not a plugin") }
        if host.modules.entry(named: "nowhere") != nil { Issue.record("nowhere is in the registry") }
        #expect(fixture.error(host, "require('t0-nowhere')").contains("no module 't0-nowhere' in the registry or on the plugin path"))
    }

    @Test func appPluginsLoadAtLaunch() throws {
        try fixture.plugin("t1", "permissions = { \"files\" }", main: Self.counting)
        let host = try fixture.host(main: "return { plugins = { 't1' }, didFinishLaunching = function() end }")
        #expect(runs() == 1)
        #expect(host.pluginStatus("t1") == "loaded")
        #expect(fixture.errors.isEmpty)
    }

    @Test func appPluginsNamingAMissingOrSkippedPluginIsAnErrorAtLaunch() throws {
        let missing = try fixture.loadError(main: "return { plugins = { 't0-missing' } }")
        #expect(missing.contains("main.lua: app.plugins: no plugin 't0-missing' on the plugin path (searched: \(fixture.folder)/plugins"), "\(missing)")
        try fixture.plugin("t1", "host = \">=99\"", main: "return {}")
        let skipped = try fixture.loadError(main: "return { plugins = { 't1' } }")
        #expect(skipped.contains("app.plugins: plugin 't1' was skipped: "), "\(skipped)")
        #expect(skipped.contains("99"), "\(skipped)")
        let wrong = try fixture.loadError(main: "return { plugins = 't1' }")
        #expect(wrong.contains("app.plugins must be a list of plugin names"), "\(wrong)")
    }

    @Test func requiringASkippedPluginSaysWhy() throws {
        try fixture.plugin("t1", "requires = { tgone = \"^1\" }", main: "return {}")
        let host = try fixture.host(main: "")
        let message = fixture.error(host, "require('t1')")
        #expect(message.contains("test:1: plugin 't1' was skipped: "), "\(message)")
        #expect(message.contains("tgone"), "\(message)")
        #expect(host.pluginStatus("t1") == "skipped")
    }

    @Test func aFailingMainIsReportedAndTheAppGoesOn() throws {
        try fixture.plugin("t1", main: "local x = 1\nerror('boom')\n")
        try fixture.plugin("t2", main: "return { fine = true }")
        let host = try fixture.host(main: """
            return { plugins = { 't1', 't2' }, didFinishLaunching = function(window) launched = true end }
            """)
        try host.launch()
        #expect(try fixture.run(host, "return launched and require('t2').fine") == .boolean(true))
        // Lua shortens long chunk names from the left: the end of the path is what is sure.
        #expect(fixture.errors.count == 1)
        #expect(fixture.errors.first?.hasPrefix("plugin 't1' listed in app.plugins: plugin 't1' failed: ") == true)
        #expect(fixture.errors.first?.hasSuffix("/plugins/t1/init.lua:2: boom") == true)
        #expect(host.pluginStatus("t1") == "failed")
        let again = fixture.error(host, "require('t1')")
        #expect(again.hasPrefix("test:1: plugin 't1' failed: ") && again.hasSuffix("/plugins/t1/init.lua:2: boom"), "\(again)")
        #expect(fixture.error(host, "require('t1')").contains("boom"))
    }

    @Test func aMainThatYieldsAValueFails() throws {
        try fixture.plugin("t1", main: "coroutine.yield('half') return { done = true }")
        try fixture.plugin("t2", main: "coroutine.yield() return { done = true }")
        let host = try fixture.host(main: "")
        for name in ["t1", "t2"] {
            let message = fixture.error(host, "require('\(name)')")
            #expect(message.contains("plugin '\(name)' failed: its main yielded, which a plugin's main may not"), "\(message)")
            #expect(host.pluginStatus(name) == "failed")
        }
    }

    @Test func anErrorValueThatCannotBeShownStillNamesThePlugin() throws {
        try fixture.plugin("t1", main: "error(setmetatable({}, { __tostring = function() error('not shown') end }))")
        try fixture.plugin("t2", main: "error(setmetatable({}, { __tostring = function() return 42 end }))")
        let host = try fixture.host(main: "")
        for name in ["t1", "t2"] {
            let message = fixture.error(host, "require('\(name)')")
            #expect(message.contains("plugin '\(name)' failed: "), "\(message)")
            #expect(host.pluginStatus(name) == "failed")
            let again = fixture.error(host, "require('\(name)')")
            #expect(again.contains("plugin '\(name)' failed: ") && !again.contains("budget"), "\(again)")
        }
    }

    @Test func theInstructionBudgetStopsAPluginsMain() throws {
        fixture.limits = LuaLimits(instructions: 1_000_000)
        try fixture.plugin("t1", main: "while true do end")
        let host = try fixture.host(main: "return { plugins = { 't1' } }")
        #expect(fixture.errors.count == 1)
        #expect(fixture.errors.first?.contains("plugin 't1' listed in app.plugins") == true)
        #expect(fixture.errors.first?.contains("instruction budget") == true, "\(fixture.errors)")
        // Where the time went, in the plugin's file: not the loader's line that ran it.
        #expect(fixture.errors.first?.contains("/plugins/t1/init.lua:1: instruction budget exhausted") == true, "\(fixture.errors)")
        #expect(fixture.error(host, "require('t1')").contains("plugin 't1' failed"))
        #expect(try fixture.run(host, "return 1 + 1") == .integer(2))
    }

    @Test func theMemoryCapStopsAPluginsMain() throws {
        fixture.limits = LuaLimits(memory: 64 << 20)
        try fixture.plugin("t1", main: "local t = {} for i = 1, 1e9 do t[i] = ('x'):rep(100) .. i end")
        let host = try fixture.host(main: "")
        let message = fixture.error(host, "require('t1')")
        #expect(message.contains("plugin 't1' failed"), "\(message)")
        #expect(message.contains("not enough memory"), "\(message)")
        #expect(try fixture.run(host, "return 1 + 1") == .integer(2))
    }

    @Test func aPluginRequiresItsOwnFiles() throws {
        try fixture.write("plugins/t1/rows.lua", "count = (count or 0) + 1 return { count = count }")
        try fixture.write("plugins/t1/parts/cell.lua", "return 'cell'")
        try fixture.plugin("t1", main: """
            local a = require("rows")
            local b = require("t1.rows")
            return { same = a == b, count = a.count, cell = require("parts.cell"), full = require("t1.parts.cell") }
            """)
        let host = try fixture.host(main: "")
        #expect(try fixture.run(host, "local t = require('t1') return t.same and t.count == 1 and t.cell .. t.full") == .string("cellcell"))
        // The app does not see the plugin's files as modules.
        #expect(fixture.error(host, "require('rows')").contains("module 'rows' not found"))
        try fixture.write("plugins/t2/plugin.lua", "return { name = 't2', version = '1.0.0' }")
        try fixture.write("plugins/t2/init.lua", "return require('t2.nothing')")
        let other = try fixture.host(main: "")
        #expect(fixture.error(other, "require('t2')").contains("plugin 't2' has no file for module 't2.nothing'"))
    }

    @Test func aMainThatRequiresItselfIsACycle() throws {
        try fixture.plugin("t1", main: "return require('t1')")
        let host = try fixture.host(main: "")
        #expect(fixture.error(host, "require('t1')").contains("plugin 't1' is required again while its main runs"))
    }

    @Test func aTestFileSeesThePluginItSitsInAndItsAppsPlugins() throws {
        try fixture.plugin("t1", main: "return {}")
        try fixture.write("main.lua", "")
        try fixture.write("tests/app_spec.lua", "")
        try fixture.write("plugins/t1/spec/deep/t1_spec.lua", "")
        let noEnvironment: [String: String] = ["SCREENS_BUNDLED_PLUGINS": "/nonexistent"]
        let app = PluginCatalog.SearchPath.forTestFile(fixture.folder + "/tests/app_spec.lua", pluginPaths: ["extra"], environment: noEnvironment)
        #expect(app.folders.map(\.path).prefix(2) == [fixture.folder + "/plugins", "extra"])
        let beside = PluginCatalog.SearchPath.forTestFile(fixture.folder + "/x_spec.lua", pluginPaths: [], environment: noEnvironment)
        #expect(beside.folders.first?.path == fixture.folder + "/plugins")
        let own = PluginCatalog.SearchPath.forTestFile(
            fixture.folder + "/plugins/t1/spec/deep/t1_spec.lua", pluginPaths: [], environment: noEnvironment)
        #expect(own.folders.first?.path == fixture.folder + "/plugins")
        let elsewhere = PluginCatalog.SearchPath.forTestFile("/nonexistent/x_spec.lua", pluginPaths: [], environment: noEnvironment)
        #expect(elsewhere.folders.map(\.origin) == [.bundled], "\(elsewhere.folders)")
    }

    @Test func theMainNamedInTheManifestRuns() throws {
        try fixture.write("plugins/t1/plugin.lua", "return { name = 't1', version = '1.0.0', main = 'lib.core' }")
        try fixture.write("plugins/t1/lib/core.lua", "return 'core'")
        let host = try fixture.host(main: "")
        #expect(try fixture.run(host, "return require('t1')") == .string("core"))
    }
}
