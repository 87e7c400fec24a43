import CLua
import LuaShim

/// A Swift value that can be pushed onto a Lua stack.
@MainActor
public protocol LuaPushable {
    /// Pushes the value and returns how many Lua values that was (1, except for
    /// ``LuaMultiple``). Stack: [-0, +n, -]
    func push(to stack: LuaStack) -> Int32
}

/// A Swift value that can be read from a Lua stack.
@MainActor
public protocol LuaReadable {
    /// Reads the value at `index`.
    /// - Throws: ``LuaConversionError`` saying what was expected and what was there.
    static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> Self
}

/// A value that goes both ways.
public typealias LuaConvertible = LuaPushable & LuaReadable

// MARK: - Booleans and numbers

extension Bool: LuaConvertible {
    public func push(to stack: LuaStack) -> Int32 {
        lua_pushboolean(stack.L, self ? 1 : 0)
        return 1
    }

    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> Bool {
        guard lua_type(stack.L, index) == LUA_TBOOLEAN else { throw stack.typeError("boolean", at: index) }
        return lua_toboolean(stack.L, index) != 0
    }
}

extension Int64: LuaConvertible {
    public func push(to stack: LuaStack) -> Int32 {
        lua_pushinteger(stack.L, self)
        return 1
    }

    /// Integers, floats with an exact integer value and numeric strings, as
    /// `luaL_checkinteger` accepts them.
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> Int64 {
        var isInteger: Int32 = 0
        let value = lua_tointegerx(stack.L, index, &isInteger)
        if isInteger != 0 { return value }
        if lua_isnumber(stack.L, index) != 0 {
            throw LuaConversionError(message: "number has no integer representation")
        }
        throw stack.typeError("number", at: index)
    }
}

extension Int: LuaConvertible {
    public func push(to stack: LuaStack) -> Int32 {
        lua_pushinteger(stack.L, lua_Integer(self))
        return 1
    }

    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> Int {
        Int(try Int64.read(from: stack, at: index))
    }
}

extension Int32: LuaConvertible {
    public func push(to stack: LuaStack) -> Int32 {
        lua_pushinteger(stack.L, lua_Integer(self))
        return 1
    }

    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> Int32 {
        let value = try Int64.read(from: stack, at: index)
        guard let narrow = Int32(exactly: value) else {
            throw LuaConversionError(message: "number \(value) is out of range")
        }
        return narrow
    }
}

extension Double: LuaConvertible {
    public func push(to stack: LuaStack) -> Int32 {
        lua_pushnumber(stack.L, self)
        return 1
    }

    /// Numbers and numeric strings, as `luaL_checknumber` accepts them.
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> Double {
        var isNumber: Int32 = 0
        let value = lua_tonumberx(stack.L, index, &isNumber)
        guard isNumber != 0 else { throw stack.typeError("number", at: index) }
        return value
    }
}

// MARK: - Strings

extension String: LuaConvertible {
    public func push(to stack: LuaStack) -> Int32 {
        lua_pushswiftstring(stack.L, self)
        return 1
    }

    /// Strings and numbers, as `luaL_checkstring` accepts them. Bytes that are not UTF-8
    /// are repaired; read ``LuaString`` to keep them as they are.
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> String {
        let type = lua_type(stack.L, index)
        guard type == LUA_TSTRING || type == LUA_TNUMBER, let text = lua_swiftstring(stack.L, index) else {
            throw stack.typeError("string", at: index)
        }
        return text
    }
}

// MARK: - Optionals, arrays, dictionaries

extension Optional: LuaPushable where Wrapped: LuaPushable {
    public func push(to stack: LuaStack) -> Int32 {
        guard let self else {
            lua_pushnil(stack.L)
            return 1
        }
        return self.push(to: stack)
    }
}

extension Optional: LuaReadable where Wrapped: LuaReadable {
    /// Nil (or no value) reads as `nil`; anything else must convert to `Wrapped`.
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> Wrapped? {
        if lua_isnoneornil(stack.L, index) { return nil }
        return try Wrapped.read(from: stack, at: index)
    }
}

extension Array: LuaPushable where Element: LuaPushable {
    /// Pushes a sequence `{ [1] = first, ... }`.
    public func push(to stack: LuaStack) -> Int32 {
        let L = stack.L
        stack.reserve(3)
        lua_createtable(L, Int32(clamping: count), 0)
        // By index: `enumerated()` would make the runtime build its iterator's type for each
        // element type on first use, a search of every protocol conformance in the program.
        var offset = 0
        while offset < count {
            withStackEffect(L, 0) {
                pushSingle(self[offset], to: stack)
                lua_rawseti(L, -2, lua_Integer(offset + 1))
            }
            offset += 1
        }
        return 1
    }
}

extension Array: LuaReadable where Element: LuaReadable {
    /// Reads the sequence `t[1] ... t[#t]` of a table (raw access; metamethods are not called).
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> [Element] {
        let L = stack.L
        guard lua_type(L, index) == LUA_TTABLE else { throw stack.typeError("table", at: index) }
        let table = lua_absindex(L, index)
        let count = Int(lua_rawlen(L, table))
        var result: [Element] = []
        result.reserveCapacity(count)
        stack.reserve(2)
        for position in 0..<count {
            lua_rawgeti(L, table, lua_Integer(position + 1))
            defer { lua_pop(L, 1) }
            do {
                result.append(try Element.read(from: stack, at: -1))
            } catch {
                throw LuaConversionError(message: "\(error.message) at index \(position + 1)")
            }
        }
        return result
    }
}

extension Dictionary: LuaPushable where Key == String, Value: LuaPushable {
    public func push(to stack: LuaStack) -> Int32 {
        let L = stack.L
        stack.reserve(4)
        lua_createtable(L, 0, Int32(clamping: count))
        for (key, value) in self {
            withStackEffect(L, 0) {
                lua_pushswiftstring(L, key)
                pushSingle(value, to: stack)
                lua_rawset(L, -3)
            }
        }
        return 1
    }
}

extension Dictionary: LuaReadable where Key == String, Value: LuaReadable {
    /// Reads every string-keyed field of a table (raw access). A key that is not a string
    /// is an error.
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> [String: Value] {
        let L = stack.L
        guard lua_type(L, index) == LUA_TTABLE else { throw stack.typeError("table", at: index) }
        let table = lua_absindex(L, index)
        var result: [String: Value] = [:]
        stack.reserve(3)
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            // Never convert the key in place: lua_next needs it unchanged.
            guard lua_type(L, -2) == LUA_TSTRING, let key = lua_swiftstring(L, -2) else {
                let got = stack.typeName(at: -2)
                lua_pop(L, 2)
                throw LuaConversionError(message: "string keys expected, got a \(got) key")
            }
            do {
                result[key] = try Value.read(from: stack, at: -1)
            } catch {
                lua_pop(L, 2)
                throw LuaConversionError(message: "\(error.message) in field '\(key)'")
            }
            lua_pop(L, 1)
        }
        return result
    }
}

/// Pushes exactly one value for a container element, so that a ``LuaMultiple`` inside a
/// table cannot unbalance it.
func pushSingle(_ value: some LuaPushable, to stack: LuaStack) {
    let count = value.push(to: stack)
    if count == 0 {
        lua_pushnil(stack.L)
    } else if count > 1 {
        lua_pop(stack.L, count - 1)
    }
}

// MARK: - Several results

/// Several values where Lua takes several: the results of a Swift function.
///
/// ```swift
/// return LuaMultiple(true, "done")
/// ```
public struct LuaMultiple: LuaPushable {
    public var values: [any LuaPushable]

    public init(_ values: any LuaPushable...) { self.values = values }
    public init(_ values: [any LuaPushable]) { self.values = values }

    public func push(to stack: LuaStack) -> Int32 {
        stack.reserve(Int32(clamping: values.count) + 1)
        var count: Int32 = 0
        for value in values {
            pushSingle(value, to: stack)
            count += 1
        }
        return count
    }
}
