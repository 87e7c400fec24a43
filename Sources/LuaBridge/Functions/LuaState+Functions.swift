import CLua
import LuaShim

/// A Swift function as the trampoline runs it: it reads its arguments, pushes its results
/// and returns how many it pushed, as a `lua_CFunction` does.
///
/// Errors it throws become Lua errors raised after the Swift frame has returned:
/// ``LuaArgumentError`` in Lua's argument wording, ``LuaError`` as it is, anything else
/// with the caller's position in front.
public typealias LuaFunctionBody = @MainActor (LuaArguments) throws -> Int32

/// A Swift function body in one of the two shapes the trampoline runs directly.
enum LuaNativeBody {
    /// Pushes its results and returns how many.
    case counted(LuaFunctionBody)
    /// Returns nothing.
    case nothing(@MainActor (LuaArguments) throws -> Void)
}

/// How long a Swift function made into a Lua function lives.
public enum LuaFunctionLifetime: Sendable {
    /// Until neither Lua nor Swift reaches it; then the collector releases the body and
    /// what it captured. For callbacks and anything else made while the state runs.
    case collected
    /// As long as the state, like a function a C library registers with `luaL_setfuncs`:
    /// for module functions and the like, made once. Calls to it are cheaper (it is a
    /// light C function, with nothing to look up), but it is never released before the
    /// state closes, so making such functions over and over grows the state.
    case state
}

extension LuaState {
    /// Creates a Lua function that runs `body` and returns what it returns.
    ///
    /// ```swift
    /// lua.globals.set("double", lua.function { args in try args.get(1, as: Int.self) * 2 })
    /// lua.globals.set("pair", lua.function { _ in LuaMultiple(1, "two") })
    /// ```
    public func function<Result: LuaPushable>(
        lifetime: LuaFunctionLifetime = .collected,
        _ body: @escaping @MainActor (LuaArguments) throws -> Result
    ) -> LuaFunction {
        makeFunction(.counted(LuaState.returning(body)), lifetime: lifetime)
    }

    /// Creates a Lua function that runs `body` and returns nothing.
    ///
    /// A closure of several statements without `return` can match both forms, and the
    /// compiler says the use is ambiguous; give it an explicit `args -> Void in` signature.
    public func function(
        lifetime: LuaFunctionLifetime = .collected,
        _ body: @escaping @MainActor (LuaArguments) throws -> Void
    ) -> LuaFunction {
        makeFunction(.nothing(body), lifetime: lifetime)
    }

    /// Creates a Lua function from a body that pushes its own results.
    public func function(
        lifetime: LuaFunctionLifetime = .collected, raw body: @escaping LuaFunctionBody
    ) -> LuaFunction {
        makeFunction(.counted(body), lifetime: lifetime)
    }

    private func makeFunction(_ body: LuaNativeBody, lifetime: LuaFunctionLifetime) -> LuaFunction {
        let L = currentThread
        return withStackEffect(L, 0) {
            LuaStack(L, self).reserve(2)
            pushFunction(body, lifetime: lifetime, on: L)
            return LuaFunction(popping: L, state: self)
        }
    }

    /// Adapts a body that returns a value.
    static func returning<Result: LuaPushable>(
        _ body: @escaping @MainActor (LuaArguments) throws -> Result
    ) -> LuaFunctionBody {
        { args in try body(args).push(to: args.stack) }
    }

    /// Pushes a Lua function that runs `body`. Stack: [-0, +1, -]
    func pushFunction(_ body: LuaNativeBody, lifetime: LuaFunctionLifetime, on L: OpaquePointer) {
        let box = Unmanaged.passRetained(nativeBox(body)).toOpaque()
        switch lifetime {
        case .collected: lsh_pushfunction(L, box)
        case .state: _ = lsh_pushstaticfunction(L, box)
        }
    }

    /// Wraps a body in a box the trampoline can call.
    func nativeBox(_ body: LuaNativeBody) -> LuaNativeBox {
        LuaNativeBox(body, state: self)
    }
}
