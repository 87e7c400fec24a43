import CLua
import LuaShim

/// A view of one thread's stack during a bridge operation: what conversions push to and
/// read from. Cheap to copy; valid only while the operation runs.
public struct LuaStack {
    /// The thread's `lua_State *`.
    nonisolated(unsafe) public let L: OpaquePointer
    /// The state the thread belongs to.
    nonisolated public unowned(unsafe) let state: LuaState

    @usableFromInline
    nonisolated init(_ L: OpaquePointer, _ state: LuaState) {
        self.L = L
        self.state = state
    }

    /// The index of the top value (the number of values on the stack).
    public var top: Int32 { lua_gettop(L) }

    /// Makes room for `count` more values. Stack: [-0, +0, -]
    ///
    /// A Swift function called from Lua has room for at least 200 values this way: when a
    /// script has filled its stack close to Lua's limit, the call fails with "stack
    /// overflow" before Swift runs. Pushing more than that in one function (without popping)
    /// is a programming error.
    public func reserve(_ count: Int32) {
        if lua_checkstack(L, count) == 0 {
            fatalError("Lua stack overflow: a Swift function pushed more than the 200 values it is given room for (\(count) more asked)")
        }
    }

    /// Pushes `value` and returns how many values it pushed. Stack: [-0, +n, -]
    @discardableResult
    public func push(_ value: some LuaPushable) -> Int32 {
        value.push(to: self)
    }

    /// Pushes exactly one value for `value`: nil for none, the first of several.
    /// Stack: [-0, +1, -]
    public func pushOne(_ value: some LuaPushable) {
        pushSingle(value, to: self)
    }

    /// Pushes nil. Stack: [-0, +1, -]
    public func pushNil() { lua_pushnil(L) }

    /// Pops `count` values. Stack: [-n, +0, -]
    public func pop(_ count: Int32 = 1) { lua_pop(L, count) }

    /// The type of the value at `index`.
    public func type(at index: Int32) -> LuaType {
        LuaType(rawValue: lua_type(L, index)) ?? .none
    }

    /// The type name Lua's messages use: the `__name` of the value's metatable when it is a
    /// string (as `luaL_typeerror` takes it), else the type.
    public func typeName(at index: Int32) -> String {
        let index = lua_absindex(L, index)
        return withStackEffect(L, 0) {
            // luaL_getmetafield pushes whatever the field holds, a script's number included.
            guard luaL_getmetafield(L, index, "__name") != LUA_TNIL else { return type(at: index).description }
            defer { lua_pop(L, 1) }
            guard lua_type(L, -1) == LUA_TSTRING, let name = lua_swiftstring(L, -1) else { return type(at: index).description }
            return name
        }
    }

    /// The value at `index`; tables, functions, userdata and threads become references.
    /// Stack: [-0, +0, -]
    public func value(at index: Int32) -> LuaValue {
        LuaValue.read(from: self, index)
    }

    /// Converts `index` to an absolute index, which stays valid while values are pushed.
    public func absolute(_ index: Int32) -> Int32 { lua_absindex(L, index) }

    /// The "X expected, got Y" error for the value at `index`. A class where one of its
    /// instances belongs says so: "a ui.Controller instance expected, got the class AccList;
    /// call AccList:new()".
    public func typeError(_ expected: String, at index: Int32) -> LuaConversionError {
        if let className = className(at: index), expected.contains(".") || expected.first?.isUppercase == true {
            return LuaConversionError(
                message: "a \(expected) instance expected, got the class \(className); call \(className):new()")
        }
        return LuaConversionError(message: "\(expected) expected, got \(typeName(at: index))")
    }

    /// The name of the class at `index`, when the value is a class table (one whose
    /// `__index` is itself and that has a `__name`), as `extend` and the registered classes
    /// make them. Raw reads only.
    func className(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TTABLE, lua_checkstack(L, 2) != 0 else { return nil }
        let table = lua_absindex(L, index)
        return withStackEffect(L, 0) {
            lua_pushswiftstring(L, "__index")
            lua_rawget(L, table)
            defer { lua_pop(L, 1) }
            guard lua_rawequal(L, -1, table) != 0 else { return nil }
            lua_pushswiftstring(L, "__name")
            lua_rawget(L, table)
            defer { lua_pop(L, 1) }
            return lua_type(L, -1) == LUA_TSTRING ? lua_swiftstring(L, -1) : nil
        }
    }
}

/// A Lua value that is not what Swift asked for, described in Lua's words
/// (`table expected, got nil`).
public struct LuaConversionError: Error, Equatable, CustomStringConvertible {
    public var message: String

    public init(message: String) { self.message = message }

    public var description: String { message }
}
