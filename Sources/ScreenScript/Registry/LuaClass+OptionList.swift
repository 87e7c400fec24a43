import LuaBridge

extension LuaClass {
    /// Adds a property that takes one option or a list of them (`autoresizing`, a swipe's
    /// `direction`), recording the strings it takes as an enumeration's property does.
    func property<Option: LuaEnumeration>(
        _ name: String,
        get: @escaping @MainActor (Object) -> OptionList<Option>,
        set: @escaping @MainActor (Object, OptionList<Option>) throws -> Void
    ) {
        declareOptions(name, Option.allCases.map(\.rawValue))
        property(name, get: { RecordedOptions(list: get($0)) }, set: { try set($0, $1.list) })
    }
}

/// An option list through the general `property` (which would otherwise choose the overload
/// above again).
private struct RecordedOptions<Option: LuaEnumeration>: LuaConvertible {
    let list: OptionList<Option>

    func push(to stack: LuaStack) -> Int32 { list.push(to: stack) }

    static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> RecordedOptions {
        RecordedOptions(list: try OptionList<Option>.read(from: stack, at: index))
    }
}
