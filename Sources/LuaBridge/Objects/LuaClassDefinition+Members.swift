extension LuaClassDefinition {
    /// The names of the class's own properties (getters), not inherited.
    public var propertyNames: [String] { getters.map(\.name) }
    /// The names of the class's own methods, not inherited.
    public var methodNames: [String] { methods.map(\.name) }
    /// The names of the class's own class functions, not inherited.
    public var classFunctionNames: [String] { classFunctions.map(\.name) }
    /// Whether Lua can make objects of it (`Class.new`).
    public var isConstructible: Bool { constructor != nil }
    /// Whether Lua can extend it (`Class:extend("Name")`).
    public var isExtensibleFromLua: Bool { isExtensible && constructor != nil }
    /// The class it inherits from.
    public var parentDefinition: LuaClassDefinition? { parent }
    /// The Swift class of its objects (a subclass check tells a view class from a controller
    /// class without a list of names).
    public var objectType: AnyObject.Type { type }
}

extension LuaState {
    /// The classes registered in this state (the host's bindings and any others).
    public var registeredClasses: [LuaClassDefinition] { classes.values.map(\.definition) }
}
