import EventLoop
import LuaBridge
import ScreenScript

// MARK: - Host figures

/// The host figure: what a new host costs (its state, the built-in modules, the host's own
/// Lua), against a state with the standard libraries, as a test file or a launch makes one.
func runHostBenchmarks(_ bench: inout Benchmark) throws {
    let start = "host: a new ScriptHost on the virtual clock (vs a LuaState)"
    guard bench.wants(start) else { return }
    let (ours, baseline) = bench.compare(
        operations: 250,
        ours: { n in bench.time { for _ in 0..<n { _ = try! ScriptHost(loop: EventLoop(clock: .virtual)) } } },
        baseline: { n in bench.time { for _ in 0..<n { _ = try! LuaState(libraries: .all) } } })
    bench.report(Figure(name: start, ours: ours / 1000, baseline: baseline / 1000, unit: "µs/host", target: 20))
}
