/// Option properties: a property whose value is a ``LuaEnumeration`` records the strings it
/// takes in ``LuaClassDefinition/optionValues``, so that what reads a class's definition
/// (the stubs' check, completion, generated tables) knows them without a second list.
///
/// These overloads are chosen over the general ones wherever the value is an enumeration;
/// each records the cases, then adds the property as the general one does.
///
/// ```swift
/// cls.property("lineBreakMode", get: { $0.lineBreakMode }, set: { $0.lineBreakMode = $1 })
/// cls.optionValues["lineBreakMode"]   // ["clip", "truncateHead", ..., "charWrap"]
/// ```
extension LuaClass {
    /// Adds a read-only option property.
    public func property<Value: LuaEnumeration>(_ name: String, get: @escaping @MainActor (Object) -> Value) {
        declareOptions(name, Value.allCases.map(\.rawValue))
        property(name, get: { LuaPushed(get($0)) })
    }

    /// Adds a read-write option property.
    public func property<Value: LuaEnumeration>(
        _ name: String,
        get: @escaping @MainActor (Object) -> Value,
        set: @escaping @MainActor (Object, Value) throws -> Void
    ) {
        declareOptions(name, Value.allCases.map(\.rawValue))
        property(name, get: { LuaConverted(get($0)) }, set: { try set($0, $1.value) })
    }

    /// Records the strings the property `name` takes, for a property whose value is made of
    /// options in another way (a list of them).
    public func declareOptions(_ name: String, _ values: [String]) {
        optionValues[name] = values
    }
}

/// An enumeration's value through the general `property` (which would otherwise choose the
/// option overload again).
private struct LuaPushed<Value: LuaPushable>: LuaPushable {
    let value: Value
    init(_ value: Value) { self.value = value }
    func push(to stack: LuaStack) -> Int32 { value.push(to: stack) }
}

private struct LuaConverted<Value: LuaConvertible>: LuaConvertible {
    let value: Value
    init(_ value: Value) { self.value = value }
    func push(to stack: LuaStack) -> Int32 { value.push(to: stack) }
    static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> LuaConverted {
        LuaConverted(try Value.read(from: stack, at: index))
    }
}
