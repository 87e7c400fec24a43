import Testing
import LuaBridge
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
        let names = try ScriptHost().registry.classes.map(\.name)
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
