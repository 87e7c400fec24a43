import LuaBridge
import BenchShim
import LuaShim
import ScreenScript

/// A Swift object with one integer property, for the property-read figure.
final class BenchCounter: LuaObject {
    var value = 7

    static let lua: LuaClass<BenchCounter> = {
        let cls = LuaClass<BenchCounter>("bench.Counter")
        cls.property("value", get: { $0.value })
        return cls
    }()
}

/// The globals `nop` and `spin(n)`, and the loops `loop(f, n)` and `read(o, n)`.
private let bridgeChunk = LuaResourceChunk("bridge.lua", name: "=bench", in: .bench)

/// The bridge figures, each against the same work done with the plain C API.
func runBridgeBenchmarks(_ bench: inout Benchmark) throws {
    let lua = try LuaState()
    let L = lua.handle
    let calls = 1_000_000

    let swiftToLua = "Swift→Lua call of a trivial Lua function"
    if bench.wants(swiftToLua) {
        _ = try bridgeChunk.module(in: lua)
        let nop = try lua.globals.get("nop", as: LuaFunction.self)
        let (ours, raw) = bench.compare(
            operations: calls,
            ours: { n in bench.time { for _ in 0..<n { try! nop.call() } } },
            baseline: { n in bench_pcall(L, "nop", n) })
        bench.report(Figure(name: swiftToLua, ours: ours, baseline: raw, target: 1.3))
    }

    // A function registered for the state's life, as a C library registers its functions
    // (module functions and methods are made this way), against a registered C function;
    // then a collectable one, as callbacks are made, against the same C function.
    let luaToSwift = "Lua→Swift call of a trivial Swift function"
    let luaToSwiftCollected = "Lua→Swift call of a collectable Swift function"
    if bench.wants(luaToSwift) || bench.wants(luaToSwiftCollected) {
        let loop = try bridgeChunk.function("loop", in: lua)
        bench_register_function(L, "cnop")
        let cFunction = try lua.globals.get("cnop", as: LuaFunction.self)
        let functions = [
            (luaToSwift, lua.function(lifetime: .state) { _ in }, 1.5),
            (luaToSwiftCollected, lua.function { _ in }, nil),
        ]
        for (name, swiftFunction, target) in functions where bench.wants(name) {
            let (ours, raw) = bench.compare(
                operations: calls,
                ours: { n in bench.time { try! loop.call(swiftFunction, n) } },
                baseline: { n in bench.time { try! loop.call(cFunction, n) } })
            bench.report(Figure(name: name, ours: ours, baseline: raw, target: target))
        }
    }

    // What the limits every call from the loop runs under by default cost: on the call,
    // publishing it to the CPU time's watchdog; on the Lua code, the budget's count hook.
    let limitedCall = "Swift→Lua call under the default limits (vs none)"
    let limitedLoop = "Lua loop under the default limits (vs none), per iteration"
    if bench.wants(limitedCall) || bench.wants(limitedLoop) {
        let limited = try LuaState(limits: ScriptHost.defaultLimits)
        _ = try bridgeChunk.module(in: limited)
        _ = try bridgeChunk.module(in: lua)
        for (name, function, operations) in [(limitedCall, "nop", calls), (limitedLoop, "spin", 10_000_000)] where bench.wants(name) {
            let ours = try limited.globals.get(function, as: LuaFunction.self)
            let plain = try lua.globals.get(function, as: LuaFunction.self)
            let (withLimits, without) = function == "nop"
                ? bench.compare(
                    operations: operations,
                    ours: { n in bench.time { for _ in 0..<n { try! ours.call() } } },
                    baseline: { n in bench.time { for _ in 0..<n { try! plain.call() } } })
                : bench.compare(
                    operations: operations,
                    ours: { n in bench.time { try! ours.call(n) } },
                    baseline: { n in bench.time { try! plain.call(n) } })
            bench.report(Figure(name: name, ours: withLimits, baseline: without))
        }
    }

    let propertyRead = "userdata property read"
    if bench.wants(propertyRead) {
        lua.register(BenchCounter.lua)
        let read = try bridgeChunk.function("read", in: lua)
        let counter = BenchCounter()
        bench_push_userdata(L, 7)
        let cUserdata = lua.stack.value(at: -1)
        lua.stack.pop()
        let (ours, raw) = bench.compare(
            operations: calls,
            ours: { n in bench.time { _ = try! read.call(counter, n, returning: Int.self) } },
            baseline: { n in bench.time { _ = try! read.call(cUserdata, n, returning: Int.self) } })
        bench.report(Figure(name: propertyRead, ours: ours, baseline: raw, target: 3))
    }
}
