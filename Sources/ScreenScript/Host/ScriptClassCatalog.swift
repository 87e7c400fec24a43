import LuaBridge

/// The Swift classes a host shows scripts, by the names scripts use, with what each defines:
/// what the LuaCATS stubs in docs/lua document (DocsTests checks them against it) and what
/// the REPL completes.
///
/// ```swift
/// let catalog = ScriptClassCatalog(lua: host.lua)
/// catalog.members(of: "ui.Label")   // text, font, ... and ui.View's, inherited
/// ```
public struct ScriptClassCatalog {
    /// One class: its own members (not inherited) and its parent's name.
    public struct Entry: Equatable, Sendable {
        public let name: String
        public let parent: String?
        public let properties: Set<String>
        public let methods: Set<String>
        /// Class functions, with `new` when Lua can construct the class and `extend` when
        /// it can extend it.
        public let classFunctions: Set<String>
        /// Everything the class defines itself.
        public var members: Set<String> { properties.union(methods).union(classFunctions) }
    }

    /// Classes the bindings register for their own use, which scripts never see.
    public static let internalClasses: Set<String> = ["ui.SegueTemplate", "notify.Identity"]

    /// The classes, by name.
    public let entries: [String: Entry]

    /// The classes registered in `lua`, but the internal ones.
    public init(lua: LuaState) {
        var entries: [String: Entry] = [:]
        for definition in lua.registeredClasses where !Self.internalClasses.contains(definition.name) {
            var classFunctions = Set(definition.classFunctionNames)
            if definition.isConstructible { classFunctions.insert("new") }
            if definition.isExtensibleFromLua { classFunctions.insert("extend") }
            entries[definition.name] = Entry(
                name: definition.name, parent: definition.parentDefinition?.name,
                properties: Set(definition.propertyNames), methods: Set(definition.methodNames),
                classFunctions: classFunctions)
        }
        self.entries = entries
    }

    /// The class `name` and its ancestors, nearest first (at most 32: a cycle cannot loop).
    public func lineage(of name: String) -> [Entry] {
        var result: [Entry] = []
        var current: String? = name
        while let name = current, let entry = entries[name], result.count < 32 {
            result.append(entry)
            current = entry.parent
        }
        return result
    }

    /// What `name` and its ancestors define.
    public func members(of name: String) -> Set<String> {
        lineage(of: name).reduce(into: []) { $0.formUnion($1.members) }
    }

    /// The methods of `name` and its ancestors.
    public func methods(of name: String) -> Set<String> {
        lineage(of: name).reduce(into: []) { $0.formUnion($1.methods) }
    }
}
