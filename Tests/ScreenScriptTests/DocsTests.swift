import Foundation
import Testing
@testable import LuaBridge
@testable import ScreenScript

/// The LuaCATS stubs in docs/lua match the host's registry (see ``StubCheck``): every class,
/// member and module function has a stub, every stub has something behind it, every option
/// property's stub type is an enum of the strings it takes, and every documented function
/// names each of its parameters with `@param`. The check loads each stub with Lua, and the
/// tests below prove it fails on a broken copy.
@MainActor
struct DocsTests {
    /// The modules a host installs, each documented in docs/lua/<name>.lua. (The test
    /// runner's `test` module and globals, in screentest.lua, belong to another target.)
    static let modules = ["ui", "loop", "notify", "store"]

    static var docsFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/lua")
    }

    @Test func theStubsMatchTheRegistry() throws {
        let problems = try Self.check().problems(in: Self.docsFolder)
        #expect(problems.isEmpty, "docs/lua does not match the bindings:\n\(problems.joined(separator: "\n"))")
    }

    @Test func everyOptionPropertyOfTheRegistryIsChecked() throws {
        let catalog = try Self.check().catalog
        let options = catalog.entries.values.flatMap { entry in entry.options.keys.map { "\(entry.name).\($0)" } }
        for expected in ["ui.Label.lineBreakMode", "ui.View.autoresizing", "ui.SwipeGesture.direction", "ui.Window.device"] {
            #expect(options.contains(expected), "\(expected) is not an option property of the registry")
        }
    }

    // MARK: - The check fails

    @Test func aStubThatDoesNotParseFailsWithLuasMessage() throws {
        let folder = try Self.copy { file, text in
            file == "loop.lua" ? text.replacingOccurrences(of: "function loop.quit() end", with: "function loop.quit() end end") : text
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let problems = try Self.check().problems(in: folder)
        #expect(problems.contains { $0.hasPrefix("loop.lua:") && $0.contains("<eof> expected near 'end'") }, "\(problems)")
    }

    @Test func aMissingMemberFails() throws {
        let folder = try Self.copy { file, text in
            file == "ui.lua" ? text.replacingOccurrences(of: "function ui.View:addSubview(view) end", with: "") : text
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let problems = try Self.check().problems(in: folder)
        #expect(problems.contains("ui.View.addSubview: no stub"), "\(problems)")
    }

    @Test func anExtraMemberFails() throws {
        let folder = try Self.copy { file, text in
            file == "ui.lua" ? text + "\n--- @param view ui.View\nfunction ui.View:addSubveiw(view) end\n" : text
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let problems = try Self.check().problems(in: folder)
        #expect(problems.contains("ui.View.addSubveiw: a stub without a member"), "\(problems)")
    }

    @Test func aWrongParentFails() throws {
        let folder = try Self.copy { file, text in
            file == "ui.lua" ? text.replacingOccurrences(of: "--- @class ui.TabBar: ui.View\n", with: "--- @class ui.TabBar\n") : text
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let problems = try Self.check().problems(in: folder)
        #expect(problems.contains("ui.TabBar: the stub's parent is none, the class's is ui.View"), "\(problems)")
    }

    @Test func aWrongOptionValueFails() throws {
        let folder = try Self.copy { file, text in
            file == "ui.lua" ? text.replacingOccurrences(of: "wordWrap = 0", with: "wordwrap = 0") : text
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let problems = try Self.check().problems(in: folder)
        #expect(problems.contains("ui.Label.lineBreakMode: 'wordWrap' is missing from ui.LineBreakMode"), "\(problems)")
        #expect(problems.contains("ui.Label.lineBreakMode: ui.LineBreakMode has 'wordwrap', which it does not take"), "\(problems)")
    }

    @Test func anOptionPropertyWithoutAnEnumFails() throws {
        let folder = try Self.copy { file, text in
            file == "ui.lua" ? text.replacingOccurrences(of: "@field lineBreakMode ui.LineBreakMode", with: "@field lineBreakMode string") : text
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let problems = try Self.check().problems(in: folder)
        #expect(problems.contains { $0.hasPrefix("ui.Label.lineBreakMode: an option property documented as 'string'") }, "\(problems)")
    }

    @Test func aParameterWithoutParamFails() throws {
        let folder = try Self.copy { file, text in
            file == "loop.lua" ? text.replacingOccurrences(of: "--- @param fn fun()\n", with: "") : text
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let problems = try Self.check().problems(in: folder)
        #expect(problems.contains { $0.hasPrefix("loop.lua:") && $0.hasSuffix("loop.defer: no @param for fn") }, "\(problems)")
    }

    // MARK: - Helpers

    /// The check against a fresh host's registry and modules.
    static func check() throws -> StubCheck {
        let host = try ScriptHost()
        // The catalog comes first: it fills the modules that wait for their first use.
        let catalog = ScriptClassCatalog(host: host)
        var modules: [String: Set<String>] = [:]
        for module in Self.modules {
            guard let table = host.lua.globals[module].tableValue else { continue }
            var members: Set<String> = []
            for (key, value) in table.pairs {
                guard let name = key.stringValue, ScriptValues.className(of: value) == nil else { continue }
                members.insert(name)
            }
            modules[module] = members
        }
        return StubCheck(catalog: catalog, moduleMembers: modules)
    }

    /// A copy of docs/lua in a new temporary folder, each file's text passed through `edit`.
    static func copy(_ edit: (String, String) -> String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stubs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: docsFolder.path) where file.hasSuffix(".lua") {
            let text = try String(contentsOf: docsFolder.appendingPathComponent(file), encoding: .utf8)
            try edit(file, text).write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        return folder
    }
}
