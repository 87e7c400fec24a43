import Testing
import LuaBridge
import ScreenKit
@testable import ScreenScript

/// The registry is the one list of classes: what each module's table holds comes from it,
/// each name once, and each host has its own.
@MainActor
struct ScriptRegistryTests {
    @Test func everyClassInAModuleTableIsInTheRegistryUnderItsKey() throws {
        let host = try ScriptHost()
        let registry = host.registry
        for module in ["ui", "loop", "notify", "store"] {
            let table = try #require(host.lua.globals[module].tableValue, "\(module)")
            for (key, value) in table.pairs {
                guard let key = key.stringValue, let name = ScriptValues.className(of: value) else { continue }
                let entry = try #require(registry.entry(named: name), "\(module).\(key) is \(name), not in the registry")
                #expect(entry.key == key && entry.module == module && entry.visibility == .module, "\(name)")
            }
        }
        for entry in registry.classes where entry.visibility == .module {
            let table = try #require(host.lua.globals[entry.module].tableValue, "\(entry.module)")
            #expect(ScriptValues.className(of: table[entry.key]) == entry.name, "\(entry.name) is not \(entry.module).\(entry.key)")
        }
    }

    @Test func eachNameIsRegisteredOnce() throws {
        let host = try ScriptHost()
        let names = host.registry.classes.map(\.name)
        #expect(names.count == Set(names).count, "\(names)")
        #expect(names.allSatisfy { $0.contains(".") }, "\(names)")
    }

    @Test func kindsComeFromTheSwiftClasses() throws {
        let host = try ScriptHost()
        let kinds = Dictionary(uniqueKeysWithValues: host.registry.classes.map { ($0.name, $0.kind) })
        #expect(kinds["ui.Switch"] == .control)
        #expect(kinds["ui.Label"] == .view)
        #expect(kinds["ui.TableViewController"] == .controller)
        #expect(kinds["ui.TapGesture"] == .gesture)
        #expect(kinds["ui.FlowLayout"] == .layout)
        #expect(kinds["loop.Timer"] == .object)
    }

    @Test func theCatalogLeavesOutHiddenClassesAndKnowsOptions() throws {
        let catalog = ScriptClassCatalog(host: try ScriptHost())
        #expect(catalog.entries["ui.SegueTemplate"] == nil)
        #expect(catalog.entries["notify.Identity"] == nil)
        #expect(catalog.entries["ui.Label"]?.options["lineBreakMode"]
            == ["clip", "truncateHead", "truncateTail", "truncateMiddle", "wordWrap", "charWrap"])
        #expect(catalog.options(of: "ui.Button")["autoresizing"]?.contains("flexibleWidth") == true)
        #expect(catalog.entries["ui.Slider"]?.sample["maximumValue"] == .number(10))
    }

    @Test func twoHostsHaveTheirOwnRegistries() throws {
        let first = try ScriptHost()
        let second = try ScriptHost(modules: ModuleRegistry([LoopModule.module]))
        #expect(first.registry !== second.registry)
        #expect(second.registry.modules == ["loop"])
        #expect(first.registry.modules.contains("ui"))
    }
}

/// `ui` makes its classes on first use: a script that never touches it does not pay for
/// them, and one that does sees a plain table, whatever touched it first.
@MainActor
struct DeferredModuleTests {
    @Test func uiIsEmptyUntilUsedThenAPlainTable() throws {
        let host = try ScriptHost()
        let results = try host.lua.run(
            """
            local before = rawget(ui, "View")
            local view = ui.View
            return before == nil, rawget(ui, "View") == view, getmetatable(ui) == nil, view:new{}.hidden
            """, name: "=t")
        #expect(results == [true, true, true, false])
    }

    @Test func walkingOrAssigningFirstFillsItToo() throws {
        let walked = try ScriptHost()
        let names = try walked.lua.run(
            "local n, seen = 0, false for k, v in pairs(ui) do n = n + 1 seen = seen or k == 'Slider' end return n > 40, seen",
            name: "=t")
        #expect(names == [true, true])
        let assigned = try ScriptHost()
        let kept = try assigned.lua.run("ui.Mine = 1 ui.Label = 'mine' return ui.Mine, ui.Label, ui.Button ~= nil", name: "=t")
        #expect(kept == [.integer(1), .string("mine"), true])
    }

    @Test func anObjectSwiftPushesFirstHasItsClass() throws {
        let host = try ScriptHost()
        let read = try host.lua.load("local v = ... return v.tag, rawget(ui, 'Slider') ~= nil", name: "=t")
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        view.tag = 7
        #expect(try read.callReturningAll(view) == [.integer(7), true])
    }

    /// The host's own Lua that filling loads takes the standard functions as they were
    /// before the script ran, not the script's replacements.
    @Test func aScriptThatReplacedTheStandardFunctionsFirstStillGetsWorkingClasses() throws {
        let host = try ScriptHost()
        let results = try host.lua.run(
            """
            setmetatable = function() error("tampered") end
            getmetatable = function() error("tampered") end
            type = function() error("tampered") end
            local list = ui.TableView:new{}
            list.dataSource = { numberOfRows = function() return 0 end, cellForRow = function() end }
            return ui.Button:new{ title = "b" }.title, rawget(ui, "segue") ~= nil
            """, name: "=t")
        #expect(results == [.string("b"), true])
    }

    @Test func theRegistryAskedFirstFillsIt() throws {
        let host = try ScriptHost()
        #expect(host.registry.classes.contains { $0.name == "ui.Switch" })
        #expect(try host.lua.run("return rawget(ui, 'Switch') ~= nil", name: "=t") == [true])
    }
}
