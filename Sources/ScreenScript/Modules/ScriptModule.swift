import LuaBridge

/// A Lua module the host provides: a name scripts `require`, and the Swift function that
/// builds it. Built-in modules and plugins are registered the same way.
public struct ScriptModule {
    /// The name for `require` (and the global, for modules that have one).
    public let name: String
    /// Whether the module is also a global, as `ui`, `loop`, `notify` and `store` are.
    public let isGlobal: Bool
    /// Builds the module's value (usually a table) in the host's state.
    public let open: @MainActor (ScriptHost) throws -> LuaValue

    public init(name: String, isGlobal: Bool = true, open: @escaping @MainActor (ScriptHost) throws -> LuaValue) {
        self.name = name
        self.isGlobal = isGlobal
        self.open = open
    }
}
