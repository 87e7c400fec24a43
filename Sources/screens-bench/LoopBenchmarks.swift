import EventLoop
import Collections

// MARK: - Event loop figures

/// The event loop figures: timers against a raw heap, and notification posts against calling
/// closures directly.
@MainActor
func runLoopBenchmarks(_ bench: inout Benchmark) {
    let timers = "loop: 10^6 one-shot timers, virtual time"
    if bench.wants(timers) {
        bench.report(timerFigure(timers, bench))
    }
    let posts = "notify: post to 100 observers"
    if bench.wants(posts) {
        bench.report(notificationFigure(posts, bench))
    }
}

/// 10^6 one-shot timers scheduled and fired in virtual time, against a raw `Heap` of
/// (deadline, sequence) keys filled and emptied with the same deadlines.
///
/// The two sides are measured in alternation, three times each, keeping the best of all rounds:
/// on a shared machine a load that comes and goes would otherwise skew the ratio.
@MainActor
private func timerFigure(_ name: String, _ bench: Benchmark) -> Figure {
    let count = 1_000_000
    let deadlines = pseudoRandomDeadlines(count)
    var alternating = bench
    alternating.rounds = 3

    var fired = 0
    var checksum = 0
    var ours = Double.infinity
    var baseline = Double.infinity
    for _ in 0..<3 {
        ours = min(ours, alternating.measure(operations: count) {
            let loop = EventLoop(clock: .virtual)
            for deadline in deadlines {
                loop.after(deadline) { _ in fired += 1 }
            }
            loop.advance(by: 1)
        })
        baseline = min(baseline, alternating.measure(operations: count) {
            var heap = Heap<DeadlineKey>()
            for (sequence, deadline) in deadlines.enumerated() {
                heap.insert(DeadlineKey(deadline: deadline, sequence: sequence))
            }
            while let key = heap.popMin() {
                checksum &+= key.sequence
            }
        })
    }
    precondition(fired == count * 3 * (alternating.rounds + 1), "every timer fires once per round")
    precondition(checksum != 0)

    return Figure(name: name, ours: ours, baseline: baseline, unit: "ns/timer", target: 3)
}

/// One post to 100 observers, against calling 100 closures from an array.
@MainActor
private func notificationFigure(_ name: String, _ bench: Benchmark) -> Figure {
    let observers = 100
    let posts = 100_000

    let hub = NotificationHub()
    var heard = 0
    for _ in 0..<observers {
        hub.observe("bench.tick") { _ in heard += 1 }
    }
    let ours = bench.measure(operations: posts) {
        for _ in 0..<posts {
            hub.post("bench.tick")
        }
    }
    precondition(heard == observers * posts * (bench.rounds + 1))

    var called = 0
    let closures: [(Int) -> Void] = (0..<observers).map { _ in { called &+= $0 } }
    let baseline = bench.measure(operations: posts) {
        for post in 0..<posts {
            for closure in closures {
                closure(post)
            }
        }
    }
    precondition(called != 0)

    return Figure(name: name, ours: ours, baseline: baseline, unit: "ns/post", target: nil)
}

// MARK: - Inputs

/// The raw heap's element: what a timer queue must order by, and nothing else.
private struct DeadlineKey: Comparable {
    var deadline: Double
    var sequence: Int

    static func < (lhs: DeadlineKey, rhs: DeadlineKey) -> Bool {
        lhs.deadline < rhs.deadline || (lhs.deadline == rhs.deadline && lhs.sequence < rhs.sequence)
    }
}

/// Deadlines spread over [0, 1) in a fixed pseudo-random order (a 64-bit LCG), so every run
/// and both sides of the figure see the same input.
private func pseudoRandomDeadlines(_ count: Int) -> [Double] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    return (0..<count).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
}
