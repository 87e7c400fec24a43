import CLua
import LuaShim

/// Any Lua value. Tables, functions, userdata and threads are references that keep the
/// Lua value alive while Swift holds them.
///
/// Integers and floats stay apart, as in Lua 5.4: `.integer(2)` and `.number(2.0)` are
/// different values here, and an integer never passes through a `Double`.
public enum LuaValue: Equatable, CustomStringConvertible {
    case `nil`
    case boolean(Bool)
    case integer(Int64)
    case number(Double)
    case string(LuaString)
    case table(LuaTable)
    case function(LuaFunction)
    case userdata(LuaUserdata)
    case lightUserdata(UnsafeMutableRawPointer?)
    case thread(LuaThread)

    /// The value's Lua type.
    public var type: LuaType {
        switch self {
        case .nil: .nil
        case .boolean: .boolean
        case .integer, .number: .number
        case .string: .string
        case .table: .table
        case .function: .function
        case .userdata: .userdata
        case .lightUserdata: .lightUserdata
        case .thread: .thread
        }
    }

    /// Lua's truth: everything but nil and false.
    public var isTruthy: Bool {
        switch self {
        case .nil, .boolean(false): false
        default: true
        }
    }

    public var isNil: Bool { if case .nil = self { true } else { false } }

    /// The string's text, when the value is a string.
    public var stringValue: String? { if case .string(let s) = self { s.description } else { nil } }
    /// The integer, when the value is an integer or a float with an exact integer value.
    public var integerValue: Int64? {
        switch self {
        case .integer(let i): i
        case .number(let d): Int64(exactly: d)
        default: nil
        }
    }
    /// The number, when the value is a number.
    public var numberValue: Double? {
        switch self {
        case .integer(let i): Double(i)
        case .number(let d): d
        default: nil
        }
    }
    public var tableValue: LuaTable? { if case .table(let t) = self { t } else { nil } }
    public var functionValue: LuaFunction? { if case .function(let f) = self { f } else { nil } }

    public var description: String {
        switch self {
        case .nil: "nil"
        case .boolean(let b): b ? "true" : "false"
        case .integer(let i): String(i)
        case .number(let d): LuaValue.format(d)
        case .string(let s): s.description
        case .table(let r as LuaReference), .function(let r as LuaReference),
             .userdata(let r as LuaReference), .thread(let r as LuaReference):
            r.description
        case .lightUserdata(let p): "light userdata: \(p.map { String(describing: $0) } ?? "NULL")"
        }
    }

    /// The value as a message names a table key: a string quoted (its first 40 characters),
    /// any other key in brackets, as a table constructor writes it (`[1]`, `[true]`, `[table]`).
    public var keyDescription: String {
        switch self {
        case .string(let string):
            let text = string.description
            return text.count > 40 ? "'\(text.prefix(40))...'" : "'\(text)'"
        case .integer, .number, .boolean: return "[\(self)]"
        default: return "[\(type)]"
        }
    }

    /// Formats a float the way Lua's `%.14g` does, keeping a `.0` on integral values.
    static func format(_ number: Double) -> String {
        if number.isNaN { return number.sign == .minus ? "-nan" : "nan" }
        if number.isInfinite { return number < 0 ? "-inf" : "inf" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) + ".0" }
        return String(number)
    }

    public static func == (lhs: LuaValue, rhs: LuaValue) -> Bool {
        switch (lhs, rhs) {
        case (.nil, .nil): true
        case (.boolean(let a), .boolean(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.lightUserdata(let a), .lightUserdata(let b)): a == b
        case (.table(let a as LuaReference), .table(let b as LuaReference)),
             (.function(let a as LuaReference), .function(let b as LuaReference)),
             (.userdata(let a as LuaReference), .userdata(let b as LuaReference)),
             (.thread(let a as LuaReference), .thread(let b as LuaReference)):
            a.isSameValue(as: b)
        default: false
        }
    }
}

extension LuaValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral
{
    public init(nilLiteral: ()) { self = .nil }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(LuaString(value)) }
}

extension LuaValue: LuaConvertible {
    public func push(to stack: LuaStack) -> Int32 {
        let L = stack.L
        switch self {
        case .nil: lua_pushnil(L)
        case .boolean(let b): lua_pushboolean(L, b ? 1 : 0)
        case .integer(let i): lua_pushinteger(L, i)
        case .number(let d): lua_pushnumber(L, d)
        case .string(let s):
            s.bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
            }
        case .table(let r as LuaReference), .function(let r as LuaReference),
             .userdata(let r as LuaReference), .thread(let r as LuaReference):
            r.pushReferenced(on: L)
        case .lightUserdata(let p): lua_pushlightuserdata(L, p)
        }
        return 1
    }

    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> LuaValue {
        read(from: stack, index)
    }

    /// Reads any value; it cannot fail. Stack: [-0, +0, -]
    static func read(from stack: LuaStack, _ index: Int32) -> LuaValue {
        let L = stack.L
        switch lua_type(L, index) {
        case LUA_TBOOLEAN:
            return .boolean(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            var isInteger: Int32 = 0
            let integer = lua_tointegerx(L, index, &isInteger)
            return lua_isinteger(L, index) != 0 && isInteger != 0 ? .integer(integer) : .number(lua_tonumberx(L, index, nil))
        case LUA_TSTRING:
            var length = 0
            let pointer = lua_tolstring(L, index, &length)!
            return .string(LuaString(bytes: Array(UnsafeRawBufferPointer(start: pointer, count: length))))
        case LUA_TTABLE:
            return .table(LuaTable(copying: index, on: L, state: stack.state))
        case LUA_TFUNCTION:
            return .function(LuaFunction(copying: index, on: L, state: stack.state))
        case LUA_TUSERDATA:
            return .userdata(LuaUserdata(copying: index, on: L, state: stack.state))
        case LUA_TLIGHTUSERDATA:
            return .lightUserdata(lua_touserdata(L, index))
        case LUA_TTHREAD:
            return .thread(LuaThread(copying: index, on: L, state: stack.state))
        default:
            return .nil
        }
    }
}
