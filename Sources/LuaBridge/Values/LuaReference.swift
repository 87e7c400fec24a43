import CLua
import LuaShim

/// A Lua value that Swift holds: a slot in the registry, freed when the last Swift
/// reference goes away.
public class LuaReference: CustomStringConvertible {
    @usableFromInline let ref: Int32
    @usableFromInline unowned(unsafe) let state: LuaState
    @usableFromInline let lifetime: LuaLifetime

    /// Copies the value at `index` into the registry. Stack: [-0, +0, -]
    init(copying index: Int32, on L: OpaquePointer, state: LuaState) {
        lua_pushvalue(L, index)
        ref = lua_makeref(L)
        self.state = state
        lifetime = state.lifetime
    }

    /// Moves the top value into the registry. Stack: [-1, +0, -]
    init(popping L: OpaquePointer, state: LuaState) {
        ref = lua_makeref(L)
        self.state = state
        lifetime = state.lifetime
    }

    deinit {
        lifetime.release(ref)
    }

    /// The thread to work on, after checking that the state is still open: references do
    /// not keep their state alive (the state's functions may hold references, which would
    /// make a cycle), so a reference outliving its state is a programming error.
    var thread: OpaquePointer {
        precondition(lifetime.isOpen, "a Lua value was used after its state was closed")
        return lsh_current(lifetime.handle)
    }

    /// Pushes the referenced value. Stack: [-0, +1, -]
    @usableFromInline
    func pushReferenced(on L: OpaquePointer) {
        precondition(lifetime.isOpen, "a Lua value was used after its state was closed")
        lua_getref(L, ref)
    }

    /// Whether both refer to the same Lua value (`rawequal`).
    func isSameValue(as other: LuaReference) -> Bool {
        if ref == other.ref && lifetime === other.lifetime { return true }
        guard lifetime === other.lifetime, lifetime.isOpen else { return false }
        let L = thread
        return withStackEffect(L, 0) {
            LuaStack(L, state).reserve(2)
            pushReferenced(on: L)
            other.pushReferenced(on: L)
            defer { lua_pop(L, 2) }
            return lua_rawequal(L, -1, -2) != 0
        }
    }

    public var description: String {
        guard lifetime.isOpen else { return "(value of a closed Lua state)" }
        let L = thread
        return withStackEffect(L, 0) {
            LuaStack(L, state).reserve(1)
            pushReferenced(on: L)
            defer { lua_pop(L, 1) }
            return "\(LuaStack(L, state).typeName(at: -1)): \(lua_topointer(L, -1).map { String(describing: $0) } ?? "?")"
        }
    }
}

extension LuaReference: LuaPushable {
    public func push(to stack: LuaStack) -> Int32 {
        precondition(lifetime === stack.state.lifetime, "a Lua value was pushed into another state")
        pushReferenced(on: stack.L)
        return 1
    }
}

/// A Lua table held by Swift. Access is raw: metamethods are not called.
public final class LuaTable: LuaReference, LuaReadable {
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> LuaTable {
        guard lua_type(stack.L, index) == LUA_TTABLE else { throw stack.typeError("table", at: index) }
        return LuaTable(copying: index, on: stack.L, state: stack.state)
    }

    /// The value stored under `key` (nil when there is none).
    public subscript<Key: LuaPushable>(key: Key) -> LuaValue {
        get {
            let stack = LuaStack(thread, state)
            return withStackEffect(stack.L, 0) {
                stack.reserve(2)
                pushReferenced(on: stack.L)
                pushSingle(key, to: stack)
                lua_rawget(stack.L, -2)
                defer { lua_pop(stack.L, 2) }
                return stack.value(at: -1)
            }
        }
        set {
            set(key, newValue)
        }
    }

    /// Stores `value` under `key` (raw). A nil key is ignored, as Lua cannot store it.
    public func set<Key: LuaPushable, Value: LuaPushable>(_ key: Key, _ value: Value) {
        let stack = LuaStack(thread, state)
        withStackEffect(stack.L, 0) {
            stack.reserve(3)
            pushReferenced(on: stack.L)
            pushSingle(key, to: stack)
            if lua_isnoneornil(stack.L, -1) || (lua_type(stack.L, -1) == LUA_TNUMBER && lua_tonumberx(stack.L, -1, nil).isNaN) {
                lua_pop(stack.L, 2)
                return
            }
            pushSingle(value, to: stack)
            lua_rawset(stack.L, -3)
            lua_pop(stack.L, 1)
        }
    }

    /// The value under `key` converted to `T`.
    /// - Throws: ``LuaConversionError`` naming the field, e.g. `number expected, got nil in field 'x'`.
    public func get<T: LuaReadable, Key: LuaPushable>(_ key: Key, as type: T.Type = T.self) throws(LuaConversionError) -> T {
        let stack = LuaStack(thread, state)
        stack.reserve(2)
        pushReferenced(on: stack.L)
        pushSingle(key, to: stack)
        lua_rawget(stack.L, -2)
        defer { lua_pop(stack.L, 2) }
        do {
            return try T.read(from: stack, at: -1)
        } catch {
            pushSingle(key, to: stack)
            defer { stack.pop() }
            throw LuaConversionError(message: "\(error.message) in field '\(stack.value(at: -1))'")
        }
    }

    /// The length of the sequence part (`#t` without metamethods).
    public var count: Int {
        let L = thread
        return withStackEffect(L, 0) {
            LuaStack(L, state).reserve(1)
            pushReferenced(on: L)
            defer { lua_pop(L, 1) }
            return Int(lua_rawlen(L, -1))
        }
    }

    /// The sequence `t[1] ... t[#t]`.
    public var array: [LuaValue] {
        (0..<count).map { self[$0 + 1] }
    }

    /// Every key and value, in `next` order.
    public var pairs: [(key: LuaValue, value: LuaValue)] {
        let stack = LuaStack(thread, state)
        let L = stack.L
        return withStackEffect(L, 0) {
            stack.reserve(4)
            pushReferenced(on: L)
            var result: [(key: LuaValue, value: LuaValue)] = []
            lua_pushnil(L)
            while lua_next(L, -2) != 0 {
                result.append((stack.value(at: -2), stack.value(at: -1)))
                lua_pop(L, 1)
            }
            lua_pop(L, 1)
            return result
        }
    }

    /// Converts the whole table to `T` (an array, a dictionary, ...).
    public func decode<T: LuaReadable>(as type: T.Type = T.self) throws(LuaConversionError) -> T {
        let stack = LuaStack(thread, state)
        stack.reserve(1)
        pushReferenced(on: stack.L)
        defer { stack.pop() }
        return try T.read(from: stack, at: -1)
    }
}

/// A Lua function held by Swift.
public final class LuaFunction: LuaReference, LuaReadable {
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> LuaFunction {
        guard lua_type(stack.L, index) == LUA_TFUNCTION else { throw stack.typeError("function", at: index) }
        return LuaFunction(copying: index, on: stack.L, state: stack.state)
    }

    /// Whether the function would see an argument at position `position` (1-based): it
    /// declares that many parameters or takes `...`. A C or Swift function may read any.
    /// Lets a caller skip building arguments nobody reads.
    public func takesArgument(at position: Int) -> Bool {
        guard lifetime.isOpen else { return false }
        let L: OpaquePointer = lsh_current(lifetime.handle)
        return withStackEffect(L, 0) {
            LuaStack(L, state).reserve(1)
            pushReferenced(on: L)
            var record = lua_Debug()
            guard lua_getinfo(L, ">u", &record) != 0 else { return true }  // pops the function
            return record.isvararg != 0 || Int(record.nparams) >= position
        }
    }

    /// Calls the function in protected mode and discards its results.
    /// - Throws: ``LuaError`` with the message, position and traceback.
    @inlinable
    public func call<each Argument: LuaPushable>(_ arguments: repeat each Argument) throws(LuaError) {
        let L = beginCall(arguments: packCount(repeat each arguments))
        var count: Int32 = 0
        for argument in repeat each arguments { count += argument.push(to: LuaStack(L, state)) }
        try finishCall(arguments: count, results: 0)
    }

    /// Calls the function and converts its first result to `R`.
    /// - Throws: ``LuaError``; a result of the wrong type is a `.conversion` error.
    @inlinable
    public func call<each Argument: LuaPushable, R: LuaReadable>(
        _ arguments: repeat each Argument, returning type: R.Type
    ) throws(LuaError) -> R {
        let L = beginCall(arguments: packCount(repeat each arguments))
        var count: Int32 = 0
        for argument in repeat each arguments { count += argument.push(to: LuaStack(L, state)) }
        try finishCall(arguments: count, results: 1)
        let stack = LuaStack(lsh_current(lifetime.handle), state)
        defer { stack.pop() }
        do throws(LuaConversionError) {
            return try R.read(from: stack, at: -1)
        } catch {
            throw LuaError(kind: .conversion, message: "bad result from Lua function (\(error.message))")
        }
    }

    /// Calls the function and returns all its results.
    @inlinable
    public func callReturningAll<each Argument: LuaPushable>(_ arguments: repeat each Argument) throws(LuaError) -> [LuaValue] {
        let thread: OpaquePointer = lsh_current(lifetime.handle)
        let base = lua_gettop(thread)
        let L = beginCall(arguments: packCount(repeat each arguments))
        var count: Int32 = 0
        for argument in repeat each arguments { count += argument.push(to: LuaStack(L, state)) }
        try finishCall(arguments: count, results: LUA_MULTRET)
        return popResults(LuaStack(thread, state), base: base)
    }

    /// Frees dropped references and returns the thread to push the arguments on, with room
    /// for them (the main thread, unused, when there are none). Stack: [-0, +0, -]
    @inlinable @inline(__always)
    func beginCall(arguments: Int) -> OpaquePointer {
        precondition(lifetime.isOpen, "a Lua state was used after it was closed")
        if !lifetime.pendingReleases.isEmpty { LuaState.releasePendingReferences(lifetime) }
        // Without arguments nothing is pushed here, and lsh_callref finds the thread itself.
        guard arguments > 0 else { return lifetime.handle }
        let L: OpaquePointer = lsh_current(lifetime.handle)
        LuaStack(L, state).reserve(Int32(truncatingIfNeeded: arguments) &+ 2)
        return L
    }

    /// Calls the function with the arguments pushed since ``beginCall(arguments:)``.
    /// Stack: [-arguments, +results, -]; nothing is left when it throws.
    @inlinable @inline(__always)
    func finishCall(arguments: Int32, results: Int32) throws(LuaError) {
        #if DEBUG
        let L: OpaquePointer = lsh_current(lifetime.handle)
        let base = lua_gettop(L) - arguments
        #endif
        let status = lsh_callref(lifetime.handle, ref, arguments, results)
        if status != LUA_OK { throw LuaState.popError(on: lsh_current(lifetime.handle), status: status) }
        #if DEBUG
        if results != LUA_MULTRET {
            assert(lua_gettop(L) == base + results, "stack guard: a call left the stack unbalanced")
        }
        #endif
    }

    /// Pops the results above `base`. Stack: [-n, +0, -]
    @usableFromInline
    func popResults(_ stack: LuaStack, base: Int32) -> [LuaValue] {
        let top = lua_gettop(stack.L)
        let results = top > base ? (base + 1...top).map { stack.value(at: $0) } : []
        lua_settop(stack.L, base)
        return results
    }
}

/// The number of values in a parameter pack.
@inlinable
func packCount<each Value>(_ values: repeat each Value) -> Int {
    var count = 0
    for _ in repeat each values { count += 1 }
    return count
}

/// A full userdata held by Swift.
public final class LuaUserdata: LuaReference, LuaReadable {
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> LuaUserdata {
        guard lua_type(stack.L, index) == LUA_TUSERDATA else { throw stack.typeError("userdata", at: index) }
        return LuaUserdata(copying: index, on: stack.L, state: stack.state)
    }

    /// The Swift object the userdata holds, when it holds one of type `T`.
    public func object<T: AnyObject>(as type: T.Type = T.self) -> T? {
        let L = thread
        return withStackEffect(L, 0) {
            pushReferenced(on: L)
            defer { lua_pop(L, 1) }
            return LuaStack(L, state).object(at: -1, as: T.self)
        }
    }
}

/// A Lua thread (coroutine) held by Swift.
public final class LuaThread: LuaReference, LuaReadable {
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> LuaThread {
        guard lua_type(stack.L, index) == LUA_TTHREAD else { throw stack.typeError("thread", at: index) }
        return LuaThread(copying: index, on: stack.L, state: stack.state)
    }
}
