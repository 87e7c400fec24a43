import CLua
import LuaShim

/// The arguments of a call from Lua to Swift. Index 1 is the first argument (`self` for a
/// method), as in the C API.
public struct LuaArguments {
    /// The stack of the calling thread.
    nonisolated public let stack: LuaStack
    nonisolated init(stack: LuaStack) {
        self.stack = stack
    }

    /// How many arguments were passed. This is the stack's height, so read it before
    /// pushing values yourself (in a raw body).
    public var count: Int32 { lua_gettop(stack.L) }

    /// The state the call runs in.
    public var state: LuaState { stack.state }

    /// The argument at `index` as a ``LuaValue`` (`.nil` past the last one).
    public subscript(index: Int32) -> LuaValue {
        stack.value(at: index)
    }

    /// The argument at `index` converted to `T`.
    ///
    /// - Throws: ``LuaArgumentError`` in Lua's wording, e.g.
    ///   `bad argument #1 to 'push' (table expected, got nil)`.
    public func get<T: LuaReadable>(_ index: Int32, as type: T.Type = T.self) throws(LuaArgumentError) -> T {
        do {
            return try T.read(from: stack, at: index)
        } catch {
            throw LuaArgumentError(index: index, message: error.message)
        }
    }

    /// The argument at `index` converted to `T`, or `fallback` when it is nil or absent.
    public func get<T: LuaReadable>(_ index: Int32, default fallback: T) throws(LuaArgumentError) -> T {
        isNil(index) ? fallback : try get(index, as: T.self)
    }

    /// Whether the argument at `index` is nil or absent.
    public func isNil(_ index: Int32) -> Bool {
        lua_isnoneornil(stack.L, index)
    }

    /// The type of the argument at `index`.
    public func type(at index: Int32) -> LuaType {
        stack.type(at: index)
    }

    /// An argument error for `index`, for checks beyond type conversion.
    public func error(_ index: Int32, _ message: String) -> LuaArgumentError {
        LuaArgumentError(index: index, message: message)
    }

    /// Whether the argument at `index` is `value` itself (`rawequal`): a check that makes no
    /// reference, for a function that sees the same table or function call after call.
    public func isSame(_ index: Int32, as value: LuaReference) -> Bool {
        let L = stack.L
        guard value.lifetime === state.lifetime, lua_checkstack(L, 1) != 0 else { return false }
        value.pushReferenced(on: L)
        defer { lua_pop(L, 1) }
        return lua_rawequal(L, index, -1) != 0
    }

    /// The calls in progress on the calling thread, this Swift function's own included,
    /// innermost first: the levels `debug.getinfo` would number from 0 here.
    public var callDepth: Int32 { lsh_calldepth(stack.L) }

    /// In a raw body: calls the argument at `index` with the values above it as
    /// `xpcall(f, handler, ...)` does, and leaves what xpcall returns in their place (true
    /// and the results, or false and the handler's value).
    ///
    /// - Returns: how many values it left from `index` up; 0 when the stack had no room
    ///   for the call, which then did not happen.
    public func xpcall(at index: Int32, handler: LuaFunction) -> Int32 {
        precondition(handler.lifetime === state.lifetime, "a Lua function was called in another state")
        return lsh_xpcallat(stack.L, index, handler.ref)
    }
}

/// A bad argument to a Swift function. Lua reports it as
/// `bad argument #<index> to '<function>' (<message>)`.
public struct LuaArgumentError: Error, Equatable, CustomStringConvertible {
    public var index: Int32
    public var message: String

    public init(index: Int32, message: String) {
        self.index = index
        self.message = message
    }

    public var description: String { "bad argument #\(index) (\(message))" }
}


extension LuaArguments {
    /// Where the Lua code that called this Swift function is (`main.lua:12`), for messages
    /// that name a callback by the place that scheduled it. C functions between (a `pcall`)
    /// and the class system's own Lua are skipped: a constructor runs under `pcall` inside
    /// the prelude's `new`, and the place to name is the script's `Class:new{...}`. Nil when
    /// no script code is on the stack.
    public var callerLocation: String? {
        Self.scriptLocation(on: stack.L, from: 1, skipping: [])
    }

    /// The place of the innermost script frame at `level` or above on `L`'s stack (see
    /// ``callerLocation``), past the chunks named in `skipped` (as `=name`).
    static func scriptLocation(on L: OpaquePointer, from level: Int32, skipping skipped: Set<String>) -> String? {
        var record = lua_Debug()
        var level = level
        while lua_getstack(L, level, &record) != 0 {
            level += 1
            guard lua_getinfo(L, "Sl", &record) != 0 else { return nil }
            guard record.currentline > 0, !Self.isPrelude(record.source) else { continue }
            if !skipped.isEmpty, let source = record.source, skipped.contains(String(cString: source)) { continue }
            let source = withUnsafeBytes(of: &record.short_src) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            return "\(source):\(record.currentline)"
        }
        return nil
    }

    /// Whether a chunk is the prelude, loaded as `=luabridge` by `LuaState.loadPrelude`.
    private static func isPrelude(_ source: UnsafePointer<CChar>?) -> Bool {
        guard let source else { return false }
        return String(cString: source) == "=luabridge"
    }
}
