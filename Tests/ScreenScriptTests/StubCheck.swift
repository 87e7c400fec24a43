import Foundation
import LuaBridge
@testable import ScreenScript

/// Checks the LuaCATS stubs of a folder (`<module>.lua` for each module) against a host's
/// registry. Each stub is loaded with Lua: one that does not compile is a problem with
/// Lua's own message, and its classes, functions and option enums are the values it
/// defines when it runs (`ui.View = {}`, `function ui.View:addSubview(view) end`,
/// `ui.LineBreakMode = { clip = 0, ... }` under `--- @enum (key) ui.LineBreakMode`). What
/// only comments can say, a class's parent and its fields, comes from the annotations.
///
/// The problems: a class or member of the registry without a stub, a stub without a class
/// or member, an option property whose stub type is not an enum of exactly the strings it
/// takes, and a function whose parameters are not all named by `@param`.
@MainActor
struct StubCheck {
    /// The registry's classes and the modules' own members.
    let catalog: ScriptClassCatalog
    /// Each module's functions and values (not its classes), by module.
    let moduleMembers: [String: Set<String>]

    /// A stub's code and annotations.
    private struct Stub {
        var annotations: StubAnnotations
        var environment: LuaTable
        var file: String
    }

    /// Each class and module the stubs document: members (functions and fields), parent.
    private struct Documented {
        var members: [String: Set<String>] = [:]
        var parents: [String: String] = [:]
        var fieldTypes: [String: [String: String]] = [:]
        /// Each enum's name with its keys.
        var enums: [String: Set<String>] = [:]
    }

    /// The problems of the stubs in `folder`, one line each, sorted by class.
    func problems(in folder: URL) throws -> [String] {
        let lua = try LuaState(libraries: .all)
        defer { lua.close() }
        var problems: [String] = []
        var documented = Documented()
        for module in moduleMembers.keys.sorted() {
            let file = "\(module).lua"
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
            let environment = lua.newTable()
            do {
                let chunk = try lua.load(bytes: bytes, name: "@" + file, mode: .text, environment: environment)
                try chunk.call()
            } catch {
                problems.append(error.message)
                continue
            }
            let stub = Stub(
                annotations: StubAnnotations(text: String(decoding: bytes, as: UTF8.self), file: file),
                environment: environment, file: file)
            problems += stub.annotations.problems
            problems += try read(stub, into: &documented, lua: lua)
        }
        problems += compare(documented)
        return problems
    }

    // MARK: - Reading a stub

    /// Adds what `stub` documents to `documented`; the problems met on the way.
    private func read(_ stub: Stub, into documented: inout Documented, lua: LuaState) throws -> [String] {
        var problems: [String] = []
        let getinfo = lua.globals["debug"].tableValue?["getinfo"].functionValue
        let getlocal = lua.globals["debug"].tableValue?["getlocal"].functionValue
        for (name, line) in stub.annotations.enums {
            guard let table = resolve(name, in: stub.environment)?.tableValue else {
                problems.append("\(stub.file):\(line): @enum \(name) has no table \(name)")
                continue
            }
            documented.enums[name] = Set(table.pairs.compactMap { $0.key.stringValue })
        }
        let enumNames = Set(stub.annotations.enums.keys)
        for (name, cls) in stub.annotations.classes {
            guard let table = resolve(name, in: stub.environment)?.tableValue else {
                problems.append("\(stub.file):\(cls.line): @class \(name) has no table \(name)")
                continue
            }
            var members = Set(cls.fields.keys)
            for (key, value) in table.pairs {
                guard let key = key.stringValue, let function = value.functionValue else { continue }
                members.insert(key)
                guard let getinfo, let getlocal else { continue }
                let info = try getinfo.call(function, "Su", returning: LuaTable.self)
                let first = Int(info["linedefined"].integerValue ?? 0)
                let count = Int(info["nparams"].integerValue ?? 0)
                var missing: [String] = []
                let params = stub.annotations.params(above: first)
                for index in 0..<count {
                    let parameter = try getlocal.call(function, index + 1, returning: String?.self) ?? ""
                    if parameter != "self" && !params.contains(parameter) { missing.append(parameter) }
                }
                if !missing.isEmpty {
                    problems.append("\(stub.file):\(first): \(name).\(key): no @param for \(missing.joined(separator: ", "))")
                }
            }
            // A module's class tables and enum tables are not its members.
            for (key, value) in table.pairs where value.tableValue != nil {
                if let key = key.stringValue, enumNames.contains("\(name).\(key)") { members.remove(key) }
            }
            documented.members[name, default: []].formUnion(members)
            documented.fieldTypes[name, default: [:]].merge(cls.fields) { $1 }
            if let parent = cls.parent { documented.parents[name] = parent }
        }
        return problems
    }

    /// The value at the dotted path `name` of `environment` (raw reads).
    private func resolve(_ name: String, in environment: LuaTable) -> LuaValue? {
        var value = LuaValue.table(environment)
        for part in name.split(separator: ".") {
            guard let table = value.tableValue else { return nil }
            value = table[String(part)]
        }
        return value.isNil ? nil : value
    }

    // MARK: - Comparing

    private func compare(_ documented: Documented) -> [String] {
        var problems: [String] = []
        var live = moduleMembers
        var parents: [String: String] = [:]
        for entry in catalog.entries.values where moduleMembers.keys.contains(entry.module) {
            live[entry.name] = entry.members
            parents[entry.name] = entry.parent
        }
        for (owner, members) in live.sorted(by: { $0.key < $1.key }) {
            guard let stubbed = documented.members[owner] else {
                problems.append("\(owner): no stub (--- @class \(owner))")
                continue
            }
            // A member may be documented on a documented ancestor (`extend` on ui.View), and
            // a stub may document a member the class inherits.
            let documentedHere = Self.inherited(owner, documented.members, documented.parents)
            for member in members.subtracting(documentedHere).sorted() {
                problems.append("\(owner).\(member): no stub")
            }
            for member in stubbed.subtracting(Self.inherited(owner, live, parents)).sorted() {
                problems.append("\(owner).\(member): a stub without a member")
            }
            if let parent = parents[owner], documented.parents[owner] != parent {
                problems.append("\(owner): the stub's parent is \(documented.parents[owner] ?? "none"), the class's is \(parent)")
            }
        }
        for owner in Set(documented.members.keys).subtracting(live.keys).sorted() {
            problems.append("\(owner): a stub without a class or module")
        }
        problems += compareOptions(documented)
        return problems
    }

    /// Each option property's stub type is an enum of exactly the strings it takes.
    private func compareOptions(_ documented: Documented) -> [String] {
        var problems: [String] = []
        for entry in catalog.sorted where moduleMembers.keys.contains(entry.module) {
            for (property, values) in entry.options.sorted(by: { $0.key < $1.key }) {
                guard let type = fieldType(of: property, on: entry.name, documented) else { continue }
                let name = Self.enumName(type)
                guard let keys = documented.enums[name] else {
                    problems.append("\(entry.name).\(property): an option property documented as '\(type)', "
                                    + "not an @enum (key) of \(values.joined(separator: ", "))")
                    continue
                }
                for value in values where !keys.contains(value) {
                    problems.append("\(entry.name).\(property): '\(value)' is missing from \(name)")
                }
                for key in keys.subtracting(values).sorted() {
                    problems.append("\(entry.name).\(property): \(name) has '\(key)', which it does not take")
                }
            }
        }
        return problems
    }

    /// The stub type of `property` on `owner` or its nearest documented ancestor.
    private func fieldType(of property: String, on owner: String, _ documented: Documented) -> String? {
        var current: String? = owner
        var depth = 0
        while let name = current, depth < 20 {
            if let type = documented.fieldTypes[name]?[property] { return type }
            current = documented.parents[name]
            depth += 1
        }
        return nil
    }

    /// `ui.LineBreakMode` of `ui.LineBreakMode?` or `ui.SwipeDirection[]`.
    static func enumName(_ type: String) -> String {
        var name = Substring(type)
        while name.hasSuffix("?") || name.hasSuffix("[]") {
            name = name.hasSuffix("?") ? name.dropLast() : name.dropLast(2)
        }
        return String(name)
    }

    /// The members of `owner` and its ancestors.
    static func inherited(_ owner: String, _ members: [String: Set<String>], _ parents: [String: String]) -> Set<String> {
        var result: Set<String> = []
        var current: String? = owner
        var depth = 0
        while let name = current, depth < 20 {
            result.formUnion(members[name] ?? [])
            current = parents[name]
            depth += 1
        }
        return result
    }
}
