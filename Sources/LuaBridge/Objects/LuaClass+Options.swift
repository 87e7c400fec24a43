/// Option properties: a property whose value is a ``LuaEnumeration`` records the strings it
/// takes in ``LuaClassDefinition/optionValues``, so that what reads a class's definition
/// (the stubs' check, completion, generated tables) knows them without a second list.
///
/// These overloads are chosen over the general ones wherever the value is an enumeration.
/// The strings are listed only when something reads them: a host that never asks builds
/// no list of cases (and the runtime no array type for it) as it starts.
///
/// ```swift
/// cls.property("lineBreakMode", get: { $0.lineBreakMode }, set: { $0.lineBreakMode = $1 })
/// cls.optionValues["lineBreakMode"]   // ["clip", "truncateHead", ..., "charWrap"]
/// ```
extension LuaClass {
    /// Adds a read-only option property.
    public func property<Value: LuaEnumeration>(_ name: String, get: @escaping @MainActor (Object) -> Value) {
        property(name, options: { Value.allCases.map { $0.rawValue } }, get: get)
    }

    /// Adds a read-write option property.
    public func property<Value: LuaEnumeration>(
        _ name: String,
        get: @escaping @MainActor (Object) -> Value,
        set: @escaping @MainActor (Object, Value) throws -> Void
    ) {
        property(name, options: { Value.allCases.map { $0.rawValue } }, get: get, set: set)
    }

    /// Adds a read-only property whose value is made of the strings `options` lists, in
    /// another way than one enumeration (a list of them).
    public func property<Value: LuaPushable>(
        _ name: String, options: @escaping () -> [String], get: @escaping @MainActor (Object) -> Value
    ) {
        declareOptions(name, options)
        addGetter(name, get)
    }

    /// Adds a read-write property whose value is made of the strings `options` lists.
    public func property<Value: LuaConvertible>(
        _ name: String,
        options: @escaping () -> [String],
        get: @escaping @MainActor (Object) -> Value,
        set: @escaping @MainActor (Object, Value) throws -> Void
    ) {
        declareOptions(name, options)
        addGetter(name, get)
        addSetter(name, set)
    }

    /// Records the strings the property `name` takes, listed when first read.
    public func declareOptions(_ name: String, _ values: @escaping () -> [String]) {
        optionLists[name] = values
    }
}
