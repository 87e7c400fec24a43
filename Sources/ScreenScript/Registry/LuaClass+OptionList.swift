import LuaBridge

extension LuaClass {
    /// Adds a property that takes one option or a list of them (`autoresizing`, a swipe's
    /// `direction`), recording the strings it takes as an enumeration's property does.
    func property<Option: LuaEnumeration>(
        _ name: String,
        get: @escaping @MainActor (Object) -> OptionList<Option>,
        set: @escaping @MainActor (Object, OptionList<Option>) throws -> Void
    ) {
        property(name, options: { Option.allCases.map { $0.rawValue } }, get: get, set: set)
    }
}
