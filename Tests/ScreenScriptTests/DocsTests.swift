import Foundation
import Testing
@testable import LuaBridge
@testable import ScreenScript

/// The LuaCATS stubs in docs/lua match what the bindings register in a live state: every
/// class, member and module function has a stub, every stub has something behind it, and
/// every documented function names each of its parameters with `@param`.
@MainActor
struct DocsTests {
    /// The modules a host installs, each documented in docs/lua/<name>.lua. (The test
    /// runner's `test` module and globals, in screentest.lua, belong to another target.)
    static let modules = ["ui", "loop", "notify", "store"]

    static var docsFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/lua")
    }

    @Test func everyClassMemberAndFunctionHasAStubAndEveryStubAMember() throws {
        var stubs = Stubs()
        for module in Self.modules {
            let text = try String(contentsOf: Self.docsFolder.appendingPathComponent("\(module).lua"), encoding: .utf8)
            stubs.parse(text, file: "\(module).lua")
        }
        let (live, parents) = try Self.liveMembers()
        var problems: [String] = []
        for (owner, members) in live.sorted(by: { $0.key < $1.key }) {
            guard let documented = stubs.members[owner] else {
                problems.append("\(owner): no stub (--- @class \(owner))")
                continue
            }
            // A member may be documented on a documented ancestor (`extend` on ui.View), and
            // a stub may document a member the class inherits.
            for member in members.subtracting(stubs.inherited(owner)).sorted() {
                problems.append("\(owner).\(member): no stub")
            }
            for member in documented.subtracting(Self.inherited(owner, live, parents)).sorted() {
                problems.append("\(owner).\(member): a stub without a member")
            }
        }
        for owner in Set(stubs.members.keys).subtracting(live.keys).sorted() {
            problems.append("\(owner): a stub without a class or module")
        }
        problems += stubs.problems
        #expect(problems.isEmpty, "docs/lua does not match the bindings:\n\(problems.joined(separator: "\n"))")
    }

    /// Each module's functions and values, and each registered class's properties, methods
    /// and class functions (with `new` when Lua can construct it, `extend` when it can
    /// extend it), by the names scripts use; and each class's parent.
    static func liveMembers() throws -> (members: [String: Set<String>], parents: [String: String]) {
        let host = try ScriptHost()
        var live: [String: Set<String>] = [:]
        var parents: [String: String] = [:]
        for module in modules {
            guard let table = host.lua.globals[module].tableValue else { continue }
            var members: Set<String> = []
            for (key, value) in table.pairs {
                guard let name = key.stringValue, ScriptValues.className(of: value) == nil else { continue }
                members.insert(name)
            }
            live[module] = members
        }
        for entry in ScriptClassCatalog(host: host).entries.values
        where modules.contains(where: { entry.name.hasPrefix($0 + ".") }) {
            live[entry.name] = entry.members
            parents[entry.name] = entry.parent
        }
        return (live, parents)
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

/// What LuaCATS stubs declare: classes (and modules) with their fields and functions.
struct Stubs {
    private(set) var members: [String: Set<String>] = [:]
    /// `@class ui.Label: ui.View` makes ui.View the parent of ui.Label.
    private(set) var parents: [String: String] = [:]
    /// Functions whose parameters are not all named by `@param`.
    private(set) var problems: [String] = []

    mutating func parse(_ text: String, file: String) {
        var current: String?
        var aliases: [String: String] = [:]
        var params: Set<String> = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("--- @class ") {
                let name = Self.word(after: "--- @class ", in: line)
                members[name, default: []] = members[name] ?? []
                if let parent = line.firstMatch(of: /^--- @class [\w.]+: ([\w.]+)/) { parents[name] = String(parent.1) }
                current = name
            } else if line.hasPrefix("--- @field "), let current {
                members[current, default: []].insert(Self.word(after: "--- @field ", in: line))
            } else if line.hasPrefix("--- @param ") {
                params.insert(Self.word(after: "--- @param ", in: line))
            } else if line.hasPrefix("--") {
                continue
            } else if let match = line.firstMatch(of: /^local (\w+) = \{\}/), let current {
                aliases[String(match.1)] = current
            } else if let match = line.firstMatch(of: /^function ([\w.]+)(?:[:.](\w+)|\["(\w+)"\])\((.*?)\)/) {
                let owner = aliases[String(match.1)] ?? String(match.1)
                guard let name = (match.2 ?? match.3).map(String.init) else { continue }
                members[owner, default: []].insert(name)
                let declared = match.4.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                let missing = declared.filter { !$0.isEmpty && $0 != "..." && !params.contains($0) }
                if !missing.isEmpty {
                    problems.append("\(file):\(offset + 1): \(owner).\(name): no @param for \(missing.joined(separator: ", "))")
                }
                params = []
            } else if !line.isEmpty {
                params = []
            }
        }
    }

    /// The members documented for `owner` and its documented ancestors.
    func inherited(_ owner: String) -> Set<String> {
        DocsTests.inherited(owner, members, parents)
    }

    /// The name after `prefix`: up to a space, a colon (`ui.Label: ui.View`) or `?`.
    private static func word(after prefix: String, in line: String) -> String {
        String(line.dropFirst(prefix.count).prefix { $0 != " " && $0 != ":" && $0 != "?" })
    }
}
