import Testing
@testable import EventLoop

/// Work that keeps scheduling itself for now: a zero-second timer that sets another, a
/// deferred call that defers itself. Such a loop spins, but every driver still returns and
/// the rest of the app still runs.
@MainActor
@Suite("EventLoop spinning at one instant")
struct LoopSpinTests {
    /// A zero-second timer whose callback sets the next one, for ever.
    private func timerChain(_ loop: EventLoop, count: Counter) {
        loop.after(0) { [weak loop] _ in
            count.value += 1
            if let loop { timerChain(loop, count: count) }
        }
    }

    private func deferChain(_ loop: EventLoop, count: Counter) {
        loop.defer { [weak loop] in
            count.value += 1
            if let loop { deferChain(loop, count: count) }
        }
    }

    @Test("advance returns when a zero-second timer keeps re-arming, and time passes while it spins")
    func advanceEndsOnATimerChain() {
        let loop = EventLoop(clock: .virtual)
        let spins = Counter(), later = Counter()
        timerChain(loop, count: spins)
        loop.after(0.5) { _ in later.value += 1 }
        loop.advance(by: 1)
        #expect(loop.now == 1)
        #expect(later.value == 1)
        // The spinning steps at the first instant, one per millisecond after that, and the
        // final run until idle: bounded, whatever the chain does.
        #expect(spins.value >= EventLoop.callsPerInstant)
        #expect(spins.value <= 3 * EventLoop.callsPerInstant)
    }

    @Test("a deferred call that defers itself leaves room for timers, and advance returns")
    func advanceEndsOnADeferChain() {
        let loop = EventLoop(clock: .virtual)
        let spins = Counter(), later = Counter()
        deferChain(loop, count: spins)
        loop.after(0.25) { _ in later.value += 1 }
        loop.advance(by: 1)
        #expect(loop.now == 1)
        #expect(later.value == 1)
        #expect(spins.value > 0)
    }

    @Test("running until settled ends at its limit when work never settles at one instant")
    func settlingEndsAtTheLimit() {
        let loop = EventLoop(clock: .virtual)
        let spins = Counter()
        timerChain(loop, count: spins)
        #expect(loop.runUntilSettled(limit: 2) == .timeUp)
        #expect(loop.now == 2)
        #expect(loop.run(for: 0.5) == .timeUp)
        #expect(loop.now == 2.5)
    }

    @Test("running until idle returns and leaves the rest queued")
    func runUntilIdleEnds() {
        let loop = EventLoop(clock: .virtual)
        let spins = Counter()
        deferChain(loop, count: spins)
        loop.runUntilIdle()
        #expect(loop.now == 0)
        #expect(!loop.isIdle)
        #expect(spins.value >= EventLoop.drainAllowance)
    }

    @Test("on the real clock a self-deferring call does not keep quit from running")
    func realClockQuitsDespiteADeferChain() {
        let loop = EventLoop(clock: .real)
        let spins = Counter()
        deferChain(loop, count: spins)
        loop.after(0.01) { _ in loop.quit() }
        loop.run()
        #expect(spins.value > 0)
    }
}

@MainActor
private final class Counter {
    var value = 0
}
