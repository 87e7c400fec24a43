import LuaBridge

/// A Swift value of a type known only at run time (`userInfo: [String: Any]`), pushed as
/// its Lua counterpart: strings, numbers, booleans, arrays and string-keyed dictionaries of
/// them, Lua values and Lua objects. Anything else becomes nil.
struct LuaDynamic: LuaPushable {
    let value: Any?

    init(_ value: Any?) { self.value = value }

    func push(to stack: LuaStack) -> Int32 {
        switch value {
        case let value as any LuaPushable:
            stack.pushOne(value)
        case let list as [Any]:
            stack.push(list.map(LuaDynamic.init))
        case let dictionary as [String: Any]:
            stack.push(dictionary.mapValues(LuaDynamic.init))
        default:
            stack.pushNil()
        }
        return 1
    }
}

extension LuaValue {
    /// The most values ``swiftValue`` copies, and the deepest nesting: a table nested
    /// deeper, or past the budget (a table that holds itself, a huge one), is left out, so
    /// that no script can make the copy run forever or exhaust the stack.
    static let swiftValueBudget = 10_000
    static let swiftValueDepth = 32

    /// The value as plain Swift data for Swift code that reads `userInfo`: strings,
    /// integers, doubles, booleans, Swift objects, and tables as arrays (sequences) or
    /// string-keyed dictionaries. Functions and other Lua-only values are left out (nil),
    /// and so are tables nested more than ``swiftValueDepth`` deep and the values past the
    /// first ``swiftValueBudget``.
    var swiftValue: Any? {
        var budget = Self.swiftValueBudget
        return swiftValue(depth: 0, budget: &budget)
    }

    private func swiftValue(depth: Int, budget: inout Int) -> Any? {
        guard budget > 0 else { return nil }
        budget -= 1
        switch self {
        case .nil, .function, .thread, .lightUserdata: return nil
        case .boolean(let value): return value
        case .integer(let value): return Int(value)
        case .number(let value): return value
        case .string(let value): return value.description
        case .userdata(let value): return value.object(as: AnyObject.self)
        case .table(let table):
            guard depth < Self.swiftValueDepth else { return nil }
            let count = table.count
            if count > 0, table.isSequence(count) {
                var list: [Any] = []
                for index in 1...min(count, budget + 1) {
                    guard budget > 0 else { break }
                    if let value = table[index].swiftValue(depth: depth + 1, budget: &budget) { list.append(value) }
                }
                return list
            }
            var dictionary: [String: Any] = [:]
            for (key, value) in table.pairs {
                guard budget > 0 else { break }
                if let key = key.stringValue, let value = value.swiftValue(depth: depth + 1, budget: &budget) {
                    dictionary[key] = value
                }
            }
            return dictionary
        }
    }
}

extension LuaTable {
    /// Whether the table holds only its sequence `1...count`.
    fileprivate func isSequence(_ count: Int) -> Bool {
        var keys = 0
        for _ in pairs {
            keys += 1
            if keys > count { return false }
        }
        return keys == count
    }
}
