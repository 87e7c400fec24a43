import Foundation
import Testing
@testable import EventLoop

@MainActor
@Suite("Loop clocks")
struct LoopClockTests {
    @Test("the virtual wall clock starts at 2026-01-01T00:00:00Z and moves with advance and stall")
    func virtualWallClock() {
        let loop = EventLoop(clock: .virtual)
        #expect(loop.wallTime == 1_767_225_600)
        #expect(Date(timeIntervalSince1970: loop.wallTime) == ISO8601DateFormatter().date(from: "2026-01-01T00:00:00Z"))
        loop.advance(by: 90)
        #expect(loop.wallTime == 1_767_225_690)
        #expect(loop.now == 90)
        loop.stall(for: 10)
        #expect(loop.wallTime == 1_767_225_700)
        var seen: Double?
        loop.after(2.5) { _ in seen = loop.wallTime }
        loop.advance(by: 5)
        #expect(seen == 1_767_225_702.5)
    }

    @Test("a virtual wall clock can start at another time; NaN means the default and far times are clamped")
    func virtualWallClockStart() {
        #expect(EventLoop(clock: .virtual, wallClockStart: 0).wallTime == 0)
        #expect(EventLoop(clock: .virtual, wallClockStart: -86_400).wallTime == -86_400)
        #expect(EventLoop(clock: .virtual, wallClockStart: .nan).wallTime == LoopClock.virtualWallClockStart)
        #expect(EventLoop(clock: .virtual, wallClockStart: .infinity).wallTime == LoopClock.wallClockLimit)
        #expect(EventLoop(clock: .virtual, wallClockStart: -1e308).wallTime == -LoopClock.wallClockLimit)
    }

    @Test("the real wall clock reads the system's time, whatever the loop's age")
    func realWallClock() {
        let loop = EventLoop(clock: .real, wallClockStart: 0)
        let system = Date().timeIntervalSince1970
        #expect(abs(loop.wallTime - system) < 60)
        #expect(loop.now < 60)
    }
}
