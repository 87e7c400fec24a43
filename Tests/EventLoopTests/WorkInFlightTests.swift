import Testing
import EventLoop

/// What a loop can say about the work it has in flight, for a test's message when an app
/// does not settle; and the virtual wall clock a test sets.
@MainActor
@Suite("Work in flight")
struct WorkInFlightTests {
    @Test("running animations are listed in the order they began, with their origin, until they end")
    func animationsInFlight() {
        let loop = EventLoop(clock: .virtual)
        var origins = ["main.lua:3", "main.lua:9"]
        loop.originProvider = { origins.removeFirst() }
        let first = loop.animate(duration: 1, step: { _ in })
        first.describe = { "the fade" }
        let second = loop.animate(duration: 0.5, step: { _ in })
        #expect(loop.animationsInFlight.map(\.origin) == ["main.lua:3", "main.lua:9"])
        #expect(loop.animationsInFlight.first?.describe?() == "the fade")
        #expect(loop.oneShotTimersWaiting == 0)
        second.cancel()
        #expect(loop.animationsInFlight.count == 1)
        loop.advance(by: 1)
        #expect(loop.animationsInFlight.isEmpty)
        #expect(first.describe == nil)
        #expect(!loop.hasWorkInFlight)
    }

    @Test("one-shot timers are counted apart from animation frames, repeating ones not at all")
    func timersWaiting() {
        let loop = EventLoop(clock: .virtual)
        loop.after(5) { _ in }
        loop.every(1) { _ in }
        loop.animate(duration: 1, step: { _ in })
        loop.defer {}
        #expect(loop.oneShotTimersWaiting == 1)
        #expect(loop.deferredCallsWaiting == 1)
    }

    @Test("the virtual wall clock can be set, and runs on with the monotonic clock")
    func settingTheWallClock() {
        let loop = EventLoop(clock: .virtual)
        loop.advance(by: 10)
        loop.setWallTime(0)
        #expect(loop.wallTime == 0)
        #expect(loop.now == 10)
        loop.advance(by: 2.5)
        #expect(loop.wallTime == 2.5)
        loop.setWallTime(.infinity)
        #expect(loop.wallTime == LoopClock.wallClockLimit)
        loop.setWallTime(.nan)
        #expect(loop.wallTime == LoopClock.virtualWallClockStart)
    }
}
