import LuaBridge

/// How messages name the Lua values scripts give, in Lua's words: `number`, `ui.View`,
/// and a class where an instance belongs as `the class AccList`.
enum ScriptValues {
    /// The name of the class `value` is, when it is a class table (its `__index` is itself
    /// and it has a `__name`, as `extend` and the registered classes make them). Raw reads.
    static func className(of value: LuaValue) -> String? {
        guard case .table(let table) = value, table["__index"] == value else { return nil }
        return table["__name"].stringValue
    }

    /// The value's type as Lua's messages name it (an object by its class, a Lua class's
    /// object by that class's name), or `the class Name` for a class table.
    static func describe(_ value: LuaValue, in lua: LuaState) -> String {
        if let name = className(of: value) { return "the class \(name)" }
        guard case .userdata(let userdata) = value else { return value.type.description }
        if let name = (userdata.object(as: AnyObject.self) as? LuaExtensible)?.luaPeer?.luaClassName { return name }
        let stack = lua.stack
        stack.reserve(1)
        stack.pushOne(value)
        defer { stack.pop() }
        return stack.typeName(at: -1)
    }

    /// A value a script returned, as `T`.
    /// - Throws: the conversion error, as an argument's would read (`ui.Controller expected,
    ///   got number`; a class says how to make an object of it).
    static func read<T: LuaReadable>(_ value: LuaValue, as type: T.Type, in lua: LuaState) throws(LuaConversionError) -> T {
        let stack = lua.stack
        stack.reserve(1)
        stack.pushOne(value)
        defer { stack.pop() }
        return try T.read(from: stack, at: -1)
    }
}
