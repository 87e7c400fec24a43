import CLua
import LuaShim

/// Holds a Swift function that Lua can call: the trampoline's context.
///
/// The body is main-actor code stored under a nonisolated type (see ``_MainActorOnly``),
/// its isolation asserted in debug builds.
final class LuaNativeBox {
    // The body as stored: under a nonisolated type, and without an adapter closure for
    // bodies that return nothing, since every closure level costs every call. Two stored
    // closures and a flag rather than an enum: taking a closure out of an enum payload
    // retains it, and a retain costs more than the rest of the call.
    nonisolated(unsafe) let counted: (LuaArguments) throws -> Int32
    nonisolated(unsafe) let nothing: (LuaArguments) throws -> Void
    nonisolated let returnsNothing: Bool
    /// The state outlives every box (closing it releases them), so it is not retained.
    nonisolated unowned(unsafe) let state: LuaState

    init(_ body: LuaNativeBody, state: LuaState) {
        switch body {
        case .counted(let body):
            counted = _MainActorOnly.dropIsolation(Self.checked(body))
            nothing = { _ in }
            returnsNothing = false
        case .nothing(let body):
            counted = { _ in 0 }
            nothing = _MainActorOnly.dropIsolation(Self.checked(body))
            returnsNothing = true
        }
        self.state = state
    }

    /// Runs the body for the trampoline: a result count, or a request to raise.
    @inline(__always)
    nonisolated func invoke(_ L: OpaquePointer) -> Int32 {
        let arguments = LuaArguments(stack: LuaStack(L, state))
        do {
            if returnsNothing {
                try nothing(arguments)
                return 0
            }
            return try counted(arguments)
        } catch {
            return LuaNativeBox.raise(error, on: L)
        }
    }

    /// In debug builds, the body with a check that it runs on the main actor.
    private static func checked<R>(
        _ body: @escaping @MainActor (LuaArguments) throws -> R
    ) -> @MainActor (LuaArguments) throws -> R {
        #if DEBUG
        return { args in
            MainActor.preconditionIsolated("a Lua state was used off the main actor")
            return try body(args)
        }
        #else
        return body
        #endif
    }

    /// Pushes what the trampoline needs to raise `error` and returns the request.
    ///
    /// This is the one way a Swift function fails in Lua, whatever it threw:
    /// - ``LuaArgumentError``: `bad argument #2 to 'push' (...)`, as `luaL_argerror` words it;
    /// - a ``LuaError`` that came out of Lua code the function called (it has a position or
    ///   a traceback): raised as it is, since it already says where it happened;
    /// - anything else (a binding's refusal, a core's `ControllerError`, a ``LuaError`` made
    ///   by hand): its message with the position of the Lua code that made the call in front.
    nonisolated static func raise(_ error: any Error, on L: OpaquePointer) -> Int32 {
        switch error {
        case let error as LuaArgumentError:
            lua_pushinteger(L, lua_Integer(error.index))
            lua_pushswiftstring(L, error.message)
            return LSH_RAISE_ARG
        case let error as LuaError where error.location != nil || error.traceback != nil:
            lua_pushswiftstring(L, error.message)
            return LSH_RAISE
        case let error as LuaError:
            lua_pushswiftstring(L, error.message)
            return LSH_RAISE_WHERE
        case let error as CustomStringConvertible:
            lua_pushswiftstring(L, error.description)
            return LSH_RAISE_WHERE
        default:
            lua_pushswiftstring(L, String(describing: error))
            return LSH_RAISE_WHERE
        }
    }
}
