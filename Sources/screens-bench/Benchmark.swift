import Foundation

/// One line of the report: our cost per operation against a baseline measured in the same run.
struct Figure {
    var name: String
    var ours: Double
    var baseline: Double
    var unit = "ns/op"
    /// The largest acceptable ratio, or nil when the figure is informational.
    var target: Double?

    var ratio: Double { ours / baseline }
    var withinTarget: Bool { target.map { ratio <= $0 } ?? true }
}

/// Measures and prints figures. Each measurement is the best of several rounds, which is the
/// most repeatable statistic on a shared machine.
struct Benchmark {
    var rounds = 7
    /// Only figures whose names contain this run (from the command line).
    var filter: String?
    private(set) var figures: [Figure] = []

    /// Whether the figure called `name` is selected.
    func wants(_ name: String) -> Bool {
        filter.map { name.localizedCaseInsensitiveContains($0) } ?? true
    }

    /// Nanoseconds per operation of `body`, which performs `operations` operations per call.
    func measure(operations: Int, _ body: () -> Void) -> Double {
        body()  // warm up caches and lazy setup
        var best = Double.infinity
        for _ in 0..<rounds {
            best = min(best, time(body))
        }
        return best / Double(operations)
    }

    /// Nanoseconds per operation of `ours` and of `baseline`, each called with a number of
    /// operations to perform and returning the nanoseconds it took. They run in many short
    /// alternating rounds, keeping the best of each, so that a load that comes and goes on a
    /// shared machine (this one is a VM) affects both alike.
    func compare(operations: Int, ours: (Int) -> Double, baseline: (Int) -> Double) -> (ours: Double, baseline: Double) {
        let slices = 25
        let slice = max(1, operations / slices)
        _ = ours(slice)
        _ = baseline(slice)
        var best = (ours: Double.infinity, baseline: Double.infinity)
        for _ in 0..<(rounds * slices) {
            best.ours = min(best.ours, ours(slice))
            best.baseline = min(best.baseline, baseline(slice))
        }
        return (best.ours / Double(slice), best.baseline / Double(slice))
    }

    /// The nanoseconds `body` takes, for ``compare(operations:ours:baseline:)``.
    func time(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    }

    /// Nanoseconds per operation of a body that times itself and returns total nanoseconds.
    func measureSelfTimed(operations: Int, _ body: () -> Double) -> Double {
        _ = body()
        var best = Double.infinity
        for _ in 0..<rounds { best = min(best, body()) }
        return best / Double(operations)
    }

    mutating func report(_ figure: Figure) {
        figures.append(figure)
        let ratio = String(format: "%.2f×", figure.ratio)
        let target = figure.target.map { String(format: "target ≤ %g×%@", $0, figure.withinTarget ? "" : "  MISSED") } ?? ""
        let line = [
            figure.name.padding(toLength: 72, withPad: " ", startingAt: 0),
            String(format: "%10.1f %@", figure.ours, figure.unit),
            String(format: "baseline %10.1f %@", figure.baseline, figure.unit),
            ratio.padding(toLength: 8, withPad: " ", startingAt: 0),
            target,
        ].joined(separator: "  ")
        print(line)
    }
}
