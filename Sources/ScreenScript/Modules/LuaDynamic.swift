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
    /// The value as plain Swift data for Swift code that reads `userInfo`: strings,
    /// integers, doubles, booleans, Swift objects, and tables as arrays (sequences) or
    /// string-keyed dictionaries. Functions and other Lua-only values are left out (nil).
    var swiftValue: Any? {
        switch self {
        case .nil, .function, .thread, .lightUserdata: return nil
        case .boolean(let value): return value
        case .integer(let value): return Int(value)
        case .number(let value): return value
        case .string(let value): return value.description
        case .userdata(let value): return value.object(as: AnyObject.self)
        case .table(let table):
            let count = table.count
            let pairs = table.pairs
            if count > 0 && pairs.count == count {
                return table.array.compactMap(\.swiftValue)
            }
            var dictionary: [String: Any] = [:]
            for (key, value) in pairs {
                if let key = key.stringValue, let value = value.swiftValue { dictionary[key] = value }
            }
            return dictionary
        }
    }
}
