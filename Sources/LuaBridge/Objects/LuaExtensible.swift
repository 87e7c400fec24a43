import CLua
import LuaShim

/// A Swift class whose objects can carry Lua fields and be subclassed in Lua
/// (`ui.Controller:extend("Diary")`).
///
/// The object keeps its Lua side (its field table, whose metatable is its Lua class) in
/// ``luaPeer``, so the fields live as long as the object, even when Lua drops every
/// reference to it and Swift keeps it (a controller on a navigation stack).
@MainActor
public protocol LuaExtensible: AnyObject {
    /// Storage for the bridge; conformers declare `public var luaPeer: LuaPeer?`.
    var luaPeer: LuaPeer? { get set }
}

/// The Lua side of an extensible Swift object: its field table in the registry.
public final class LuaPeer {
    unowned(unsafe) let state: LuaState
    let lifetime: LuaLifetime
    let instanceTable: Int32
    /// Overrides running now; a call from one of them to the same Swift method is a
    /// `super` call and runs the Swift implementation.
    private var running: [String] = []
    /// Names that neither the object's own table nor any table up its class chain has, as
    /// of `missesVersion` (``lsh_methodsversion``): most overridable methods are not
    /// overridden, and a miss found here costs no call into Lua. Any assignment that could
    /// add such a name (a function to the object, a new key to a class, a metatable to a
    /// table) changes the version; rawset and the debug library go around it, and what
    /// they add to a class is seen after the next such change.
    private var misses: [String] = []
    private var missesVersion: UInt64 = .max

    init(state: LuaState, instanceTable: Int32) {
        self.state = state
        self.lifetime = state.lifetime
        self.instanceTable = instanceTable
    }

    deinit {
        lifetime.release(instanceTable)
    }

    /// The state the object's Lua side lives in, while it is open.
    public var luaState: LuaState? { lifetime.isOpen ? state : nil }

    /// Whether a call of the override `name` may find one: false when it is known missing
    /// (at the cost of the miss cache alone), is running (its `super` call), or the state is
    /// closed. True does not mean there is one.
    public func mayOverride(_ name: String) -> Bool {
        lifetime.isOpen && !running.contains(name) && !isKnownMiss(name)
    }

    /// Whether the object's Lua class (or the object itself) defines `name`.
    public func overrides(_ name: String) -> Bool {
        guard lifetime.isOpen, !running.contains(name), !isKnownMiss(name) else { return false }
        let L = state.currentThread
        return withStackEffect(L, 0) {
            guard pushOverride(name, on: L) else { return false }
            lua_pop(L, 1)
            return true
        }
    }

    /// Whether `name` was found missing since the last change that could add it.
    @inline(__always)
    private func isKnownMiss(_ name: String) -> Bool {
        let version = lsh_methodsversion(lifetime.handle)
        guard version == missesVersion else {
            misses.removeAll(keepingCapacity: true)
            missesVersion = version
            return false
        }
        return misses.contains(name)
    }

    /// The object's Lua class (the class table `new` was called on), while the state is open.
    public var luaClass: LuaTable? {
        guard lifetime.isOpen else { return nil }
        let L = state.currentThread
        return withStackEffect(L, 0) {
            lua_getref(L, instanceTable)
            defer { lua_pop(L, 1) }
            guard lua_getmetatable(L, -1) != 0 else { return nil }
            defer { lua_pop(L, 1) }
            return LuaStack(L, state).value(at: -1).tableValue
        }
    }

    /// The name of the object's Lua class, as `extend` gave it.
    public var luaClassName: String? {
        guard lifetime.isOpen else { return nil }
        return className(on: state.currentThread)
    }

    /// Calls the Lua override of the Swift method `name` with `self` and the arguments.
    ///
    /// Returns `.notOverridden` when no Lua class in the object's chain defines `name`, when
    /// the override itself is running and called the Swift method (its `super` call), or
    /// while the state is interrupted (``LuaInterrupter``): the caller then runs the Swift
    /// implementation. A Lua error is reported through the
    /// state's ``LuaState/errorHandler`` as "`name` of `Class`" and returned as `.failed`.
    ///
    /// ```swift
    /// override func viewDidLoad() {
    ///     if luaPeer?.callOverride("viewDidLoad", on: self) ?? .notOverridden != .notOverridden { return }
    ///     super.viewDidLoad()
    /// }
    /// ```
    public func callOverride<each Argument: LuaPushable>(
        _ name: String, on object: AnyObject, _ arguments: repeat each Argument
    ) -> LuaOverrideResult {
        guard lifetime.isOpen, !running.contains(name), !isKnownMiss(name) else { return .notOverridden }
        // Stopped code fails at once: a Swift loop that calls an override per item (a layout
        // asking each item's size) must not report each failure before the stop reaches
        // the script.
        guard !state.isInterrupted else { return .notOverridden }
        let L = state.prepareCall()
        let stack = LuaStack(L, state)
        return withStackEffect(L, 0) {
            stack.reserve(8)
            let base = lua_gettop(L)
            guard pushOverride(name, on: L) else { return .notOverridden }
            state.pushObject(object, on: L)
            var count: Int32 = 1
            for argument in repeat each arguments {
                stack.reserve(2)
                count += argument.push(to: stack)
            }
            running.append(name)
            defer { running.removeLast() }
            do throws(LuaError) {
                try state.protectedCall(on: L, arguments: count, results: LUA_MULTRET)
            } catch {
                state.report(error, in: "\(name) of \(className(on: L))")
                return .failed(error)
            }
            let top = lua_gettop(L)
            let results = top > base ? (base + 1...top).map { stack.value(at: $0) } : []
            lua_settop(L, base)
            return .returned(results)
        }
    }

    /// How many tables a walk up the object's class chain looks at before it takes the chain
    /// to end there: a script can make the metatables of its classes a cycle
    /// (`setmetatable(A, setmetatable({}, A))`), and no real hierarchy is this deep.
    static let maximumChainLength = 100

    /// Pushes the override of `name`: a function in the object's own table or in one of its
    /// Lua classes, stopping at the first Swift class table (or after
    /// ``maximumChainLength`` tables, should the chain be a cycle). Raw lookups only. When
    /// no table on the way has `name` at all, notes the miss.
    /// Stack: [-0, +1 when found, -]
    private func pushOverride(_ name: String, on L: OpaquePointer) -> Bool {
        let base = lua_gettop(L)
        var absent = true
        lua_getref(L, instanceTable)
        for _ in 0..<Self.maximumChainLength {
            // The table on top is the object's own table or one of its Lua classes.
            lua_pushswiftstring(L, name)
            let type = lua_rawget(L, -2)
            if type == LUA_TFUNCTION {
                lua_replace(L, base + 1)
                lua_settop(L, base + 1)
                return true
            }
            // A value that is not a function may become one without a new key, which
            // changes no version: only a name absent all the way up is a miss to keep.
            if type != LUA_TNIL { absent = false }
            lua_pop(L, 1)
            guard lua_getmetatable(L, -1) != 0 else { break }
            lua_remove(L, -2)
            lua_pushswiftstring(L, LuaState.swiftClassKey)
            let isSwiftClass = lua_rawget(L, -2) != LUA_TNIL
            lua_pop(L, 1)
            if isSwiftClass { break }
        }
        lua_settop(L, base)
        if absent { misses.append(name) }
        return false
    }

    /// The name of the object's Lua class (its `__name`), for messages.
    private func className(on L: OpaquePointer) -> String {
        withStackEffect(L, 0) {
            lua_getref(L, instanceTable)
            defer { lua_pop(L, 1) }
            return LuaStack(L, state).typeName(at: -1)
        }
    }
}

/// What calling a Lua override gave.
public enum LuaOverrideResult: Equatable {
    /// No Lua override: run the Swift implementation.
    case notOverridden
    /// The override ran and returned these values.
    case returned([LuaValue])
    /// The override raised this error, which has been reported.
    case failed(LuaError)

    /// Whether a Lua override ran (successfully or not).
    public var ran: Bool { self != .notOverridden }

    /// The first returned value, when the override returned one.
    public var value: LuaValue? {
        if case .returned(let values) = self { values.first } else { nil }
    }
}
