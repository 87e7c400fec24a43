import LuaBridge
import ScreenStore

extension ManagedObject: LuaObject {}
extension PersistentStore: LuaObject {}
extension StoreContext: LuaObject {}
extension DeleteRule: LuaEnumeration {}
extension AttributeType: LuaEnumeration {}
extension AggregateFunction: LuaEnumeration {}

/// Store values as Lua sees them: strings, integers, numbers, booleans; dates are numbers,
/// wall-clock seconds since 1970 (as `loop.time()` counts), and binary data is a byte string.
struct StoreValueConversion: LuaPushable {
    let value: StoreValue

    func push(to stack: LuaStack) -> Int32 {
        switch value {
        case .null: stack.pushNil()
        case .integer(let value): stack.pushOne(value)
        case .double(let value), .date(let value): stack.pushOne(value)
        case .string(let value): stack.pushOne(value)
        case .boolean(let value): stack.pushOne(value)
        case .binary(let bytes): stack.pushOne(LuaValue.string(LuaString(bytes: bytes)))
        }
        return 1
    }

    /// The store value for a Lua value, for an attribute of `type` (nil for any).
    /// - Throws: a message naming `place` when the value is of no store type.
    static func storeValue(_ value: LuaValue, for type: AttributeType?, place: String) throws -> StoreValue {
        switch value {
        case .nil: return .null
        case .boolean(let value): return .boolean(value)
        case .integer(let value): return type == .date ? .date(Double(value)) : .integer(value)
        case .number(let value):
            if type == .integer, let exact = Int64(exactly: value) { return .integer(exact) }
            return type == .date ? .date(value) : .double(value)
        case .string(let value):
            if type == .binary { return .binary(value.bytes) }
            guard let text = value.text else {
                if type == nil { return .binary(value.bytes) }
                throw BindingError("\(place): text expected, got bytes that are not UTF-8")
            }
            return .string(text)
        default:
            throw BindingError("\(place): a string, number or boolean expected, got \(value.type)")
        }
    }
}
