import CLua
import LuaShim

/// What a value offers by name, read without running any of a script's code: see
/// ``LuaState/rawMembers(along:functionsOnly:)``.
public struct LuaRawMembers: Equatable, Sendable {
    /// The string keys found.
    public var names: Set<String>
    /// The bridge class the value is, or is an object of (`ui.Label`), when it is one: its
    /// members are the class's definition's, which its tables do not list.
    public var className: String?
}

extension LuaState {
    /// How many `__index` tables are followed from one value.
    public static let rawMembersDepth = 16
    /// How many keys of one table are looked at.
    public static let rawMembersKeys = 10_000

    /// The names the value at `path` (from the globals: `["ui", "Label"]`) offers: a table's
    /// keys, then those of the tables its metatables' `__index` chain holds; an object's
    /// field table (what a script gave it) and its metatable's `__index` table; for other
    /// values, their metatable's `__index` table (a file's methods, the string library).
    /// With `functionsOnly`, only keys whose values are functions.
    ///
    /// Everything is read raw: no `__index` function, `__pairs` or getter runs, so a
    /// script's metatables cannot make it hang or fail; at most ``rawMembersDepth`` tables
    /// are followed from one value (which also ends cycles) and ``rawMembersKeys`` keys
    /// read from one table.
    ///
    /// - Returns: nil when a name of `path` leads nowhere.
    public func rawMembers(along path: [String], functionsOnly: Bool) -> LuaRawMembers? {
        let L = prepareCall()
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_checkstack(L, 8) != 0 else { return nil }
        lua_rawgeti(L, lsh_registryindex, lua_Integer(LUA_RIDX_GLOBALS))
        for name in path {
            guard RawReader.index(L, name) else { return nil }
        }
        return RawReader.members(L, functionsOnly: functionsOnly)
    }
}

/// The raw reads of ``LuaState/rawMembers(along:functionsOnly:)``, on the value on top of
/// the stack. Nothing here can raise: raw gets, `lua_next` over a table no one changes
/// meanwhile, and strings pushed from Swift only as keys of raw gets (see
/// `lua_pushswiftstring`).
private enum RawReader {
    /// Replaces the value on top with its field `name`, read raw (through `__index` tables);
    /// false, with the stack as it was, when there is none.
    static func index(_ L: OpaquePointer, _ name: String) -> Bool {
        let value = lua_gettop(L)
        switch lua_type(L, value) {
        case LUA_TTABLE:
            break
        case LUA_TUSERDATA where lua_getiuservalue(L, value, 1) == LUA_TTABLE:
            // The fields a script gave a Swift object (its field table): properties are code.
            replace(L, value)
        default:
            lua_settop(L, value)
            guard lua_getmetatable(L, value) != 0, rawField(L, "__index") == LUA_TTABLE else {
                lua_settop(L, value)
                return false
            }
            replace(L, value)
            lua_settop(L, value)
        }
        for _ in 0..<LuaState.rawMembersDepth {
            if rawField(L, name, of: value) != LUA_TNIL {
                replace(L, value)
                return true
            }
            pop(L, 1)
            guard lua_getmetatable(L, value) != 0 else { break }
            guard rawField(L, "__index") == LUA_TTABLE else { break }
            replace(L, value)
            lua_settop(L, value)
        }
        lua_settop(L, value - 1)
        return false
    }

    /// What the value on top offers (leaves the stack as it was).
    static func members(_ L: OpaquePointer, functionsOnly: Bool) -> LuaRawMembers {
        let value = lua_gettop(L)
        defer { lua_settop(L, value) }
        var result = LuaRawMembers(names: [], className: nil)
        switch lua_type(L, value) {
        case LUA_TTABLE:
            result.className = className(L, value)
            collectTableChain(L, value, functionsOnly: functionsOnly, into: &result.names)
        case LUA_TUSERDATA:
            if lua_getmetatable(L, value) != 0, rawField(L, "__name") == LUA_TSTRING {
                result.className = string(L, -1)
            }
            lua_settop(L, value)
            if lua_getiuservalue(L, value, 1) == LUA_TTABLE {
                collectTableChain(L, lua_gettop(L), functionsOnly: functionsOnly, into: &result.names)
            }
            lua_settop(L, value)
            if lua_getmetatable(L, value) != 0, rawField(L, "__index") == LUA_TTABLE {
                collectTableChain(L, lua_gettop(L), functionsOnly: functionsOnly, into: &result.names)
            }
        default:
            if lua_getmetatable(L, value) != 0, rawField(L, "__index") == LUA_TTABLE {
                collectTableChain(L, lua_gettop(L), functionsOnly: functionsOnly, into: &result.names)
            }
        }
        return result
    }

    /// Pushes `table[name]` read raw, for the table on top or at `index`; its type.
    @discardableResult
    private static func rawField(_ L: OpaquePointer, _ name: String, of index: Int32 = -1) -> Int32 {
        let table = lua_absindex(L, index)
        lua_pushswiftstring(L, name)
        return lua_rawget(L, table)
    }

    /// The name of the class table at `index` (its `__index` is itself and it has a `__name`).
    private static func className(_ L: OpaquePointer, _ index: Int32) -> String? {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        rawField(L, "__index", of: index)
        guard lua_rawequal(L, -1, index) != 0, rawField(L, "__name", of: index) == LUA_TSTRING else { return nil }
        return string(L, -1)
    }

    /// The keys of the table at `index` and of the `__index` tables behind it.
    private static func collectTableChain(_ L: OpaquePointer, _ index: Int32, functionsOnly: Bool, into names: inout Set<String>) {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        lua_pushvalue(L, index)
        var visited: [UnsafeRawPointer] = []
        for _ in 0..<LuaState.rawMembersDepth {
            let table = lua_gettop(L)
            guard let pointer = lua_topointer(L, table), !visited.contains(pointer) else { return }
            visited.append(pointer)
            collectKeys(L, table, functionsOnly: functionsOnly, into: &names)
            guard lua_getmetatable(L, table) != 0, rawField(L, "__index") == LUA_TTABLE else { return }
            replace(L, table)
            lua_settop(L, table)
        }
    }

    /// The string keys of the table at `index` (with function values when `functionsOnly`).
    private static func collectKeys(_ L: OpaquePointer, _ index: Int32, functionsOnly: Bool, into names: inout Set<String>) {
        lua_pushnil(L)
        var count = 0
        while lua_next(L, index) != 0 {
            count += 1
            if lua_type(L, -2) == LUA_TSTRING, !functionsOnly || lua_type(L, -1) == LUA_TFUNCTION, let key = string(L, -2) {
                names.insert(key)
            }
            pop(L, 1)
            if count >= LuaState.rawMembersKeys {
                pop(L, 1)
                return
            }
        }
    }

    /// The string at `index`, without conversion (lua_tolstring would turn a number key
    /// into a string and break lua_next).
    private static func string(_ L: OpaquePointer, _ index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let bytes = lua_tolstring(L, index, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    // lua_pop and lua_replace are macros, which Swift does not import.
    private static func pop(_ L: OpaquePointer, _ count: Int32) { lua_settop(L, -count - 1) }
    private static func replace(_ L: OpaquePointer, _ index: Int32) {
        lua_copy(L, -1, index)
        lua_settop(L, -2)
    }
}
