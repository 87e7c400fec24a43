import LuaBridge

/// The classes a host shows scripts, by the names scripts use, with what each defines:
/// read from the host's ``ScriptRegistry``, and what the LuaCATS stubs in docs/lua document
/// (DocsTests checks them against it), what the REPL completes and what the generic tests
/// (`test.classes()`) go through.
///
/// ```swift
/// let catalog = ScriptClassCatalog(host: host)
/// catalog.members(of: "ui.Label")   // text, lines, ... and ui.View's, inherited
/// catalog.entries["ui.Label"]?.options["lineBreakMode"]   // ["clip", ..., "charWrap"]
/// ```
public struct ScriptClassCatalog {
    /// One class: its own members (not inherited) and its parent's name.
    public struct Entry: Equatable, Sendable {
        public let name: String
        /// Its module (`ui`) and its key in the module's table (`Switch`).
        public let module: String
        public let key: String
        public let parent: String?
        public let properties: Set<String>
        public let methods: Set<String>
        /// Class functions, with `new` when Lua can construct the class and `extend` when
        /// it can extend it.
        public let classFunctions: Set<String>
        /// The strings each option property takes, by property.
        public let options: [String: [String]]
        public let kind: ScriptClass.Kind
        public let visibility: ScriptClass.Visibility
        /// Fields a generic test gives `new` (see ``ScriptClass/sample``).
        public let sample: [String: ScriptSample]
        /// Everything the class defines itself.
        public var members: Set<String> { properties.union(methods).union(classFunctions) }
        public var isConstructible: Bool { classFunctions.contains("new") }
        public var isExtensible: Bool { classFunctions.contains("extend") }
    }

    /// The classes, by name.
    public let entries: [String: Entry]

    /// The classes of `host`'s registry that scripts see (not the bindings' own).
    public init(host: ScriptHost) {
        self.init(registry: host.registry)
    }

    /// The classes of `registry` that scripts see.
    public init(registry: ScriptRegistry) {
        var entries: [String: Entry] = [:]
        for entry in registry.classes where entry.visibility != .hidden {
            let definition = entry.definition
            var classFunctions = Set(definition.classFunctionNames)
            if definition.isConstructible { classFunctions.insert("new") }
            if definition.isExtensibleFromLua { classFunctions.insert("extend") }
            entries[definition.name] = Entry(
                name: definition.name, module: entry.module, key: entry.key, parent: definition.parentDefinition?.name,
                properties: Set(definition.propertyNames), methods: Set(definition.methodNames),
                classFunctions: classFunctions, options: definition.optionValues, kind: entry.kind,
                visibility: entry.visibility, sample: entry.sample)
        }
        self.entries = entries
    }

    /// The classes sorted by name: an order that does not depend on a table's.
    public var sorted: [Entry] { entries.values.sorted { $0.name < $1.name } }

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

    /// The option properties of `name` and its ancestors, with the strings each takes.
    public func options(of name: String) -> [String: [String]] {
        lineage(of: name).reversed().reduce(into: [:]) { $0.merge($1.options) { _, nearer in nearer } }
    }
}
