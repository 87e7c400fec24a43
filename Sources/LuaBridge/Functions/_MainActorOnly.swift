/// The one place LuaBridge stores main-actor functions as nonisolated ones.
///
/// **Invariant:** a Lua state is only ever used on the main actor: Lua calls a Swift
/// function from the state's own thread, which is the loop's, so a function stored here is
/// never called elsewhere (debug builds assert it, see `LuaNativeBox.checked`). Checked
/// isolation would cost a hop per call (a system call on Linux), on the bridge's hottest
/// path: the `Lua→Swift call` figures of `screens-bench` hold that path to its targets.
///
/// Nothing outside `LuaNativeBox` may use it.
enum _MainActorOnly {
    /// The same closure under a nonisolated type. The cast goes through structs because a
    /// closure cast directly passes through a generic parameter and comes back wrapped in
    /// two reabstraction thunks, which would cost every call.
    nonisolated static func dropIsolation(
        _ body: @escaping LuaFunctionBody
    ) -> (LuaArguments) throws -> Int32 {
        struct Isolated { let body: LuaFunctionBody }
        struct Plain { let body: (LuaArguments) throws -> Int32 }
        return unsafeBitCast(Isolated(body: body), to: Plain.self).body
    }

    nonisolated static func dropIsolation(
        _ body: @escaping @MainActor (LuaArguments) throws -> Void
    ) -> (LuaArguments) throws -> Void {
        struct Isolated { let body: @MainActor (LuaArguments) throws -> Void }
        struct Plain { let body: (LuaArguments) throws -> Void }
        return unsafeBitCast(Isolated(body: body), to: Plain.self).body
    }
}
