import Testing
@testable import EventLoop

/// Taking back what was scheduled since a mark, as the test runner does after each test.
@MainActor
@Suite("LoopMark")
struct LoopMarkTests {
    @Test("timers scheduled since the mark are cancelled; older ones, repeating ones too, go on")
    func timers() {
        let loop = EventLoop(clock: .virtual)
        let log = Log()
        loop.after(2) { _ in log("old one-shot") }
        let clock = loop.every(1) { _ in log("old clock") }
        let mark = loop.mark()
        let late = loop.after(1.5) { _ in log("new one-shot") }
        loop.every(0.5) { _ in log("new repeating") }
        loop.cancelScheduled(since: mark)
        #expect(!late.isActive)
        loop.advance(by: 2)
        // At 2 s the one-shot goes first: it was scheduled before the clock re-armed at 1 s.
        #expect(log.entries == ["old clock", "old one-shot", "old clock"])
        #expect(clock.isActive)
    }

    @Test("a timer a callback schedules after the mark is cancelled, the timer that scheduled it is not")
    func scheduledByOldWork() {
        let loop = EventLoop(clock: .virtual)
        let log = Log()
        loop.every(1) { _ in
            log("tick")
            loop.after(5) { _ in log("echo") }
        }
        let mark = loop.mark()
        loop.advance(by: 1)
        loop.cancelScheduled(since: mark)
        loop.advance(by: 7)
        // The echo the first tick scheduled (due at 6 s) is gone; those of the ticks at 2 and
        // 3 s, scheduled after the cancel, come at 7 and 8 s, before the ticks re-armed later.
        #expect(log.entries == ["tick", "tick", "tick", "tick", "tick", "tick", "echo", "tick", "echo", "tick"])
    }

    @Test("deferred calls queued since the mark are dropped, earlier ones still run")
    func deferredCalls() {
        let loop = EventLoop(clock: .virtual)
        let log = Log()
        loop.defer { log("before") }
        let mark = loop.mark()
        loop.defer { log("after") }
        loop.defer { log("after too") }
        loop.cancelScheduled(since: mark)
        loop.advance(by: 0)
        #expect(log.entries == ["before"])
        // The counts stay right for the next mark.
        let next = loop.mark()
        loop.defer { log("later") }
        loop.cancelScheduled(since: next)
        loop.defer { log("kept") }
        loop.advance(by: 0)
        #expect(log.entries == ["before", "kept"])
    }

    @Test("local notifications scheduled since the mark are no longer pending")
    func localNotifications() {
        let loop = EventLoop(clock: .virtual)
        var delivered: [String] = []
        loop.localNotificationHandler = { delivered.append($0.body) }
        loop.scheduleLocalNotification(after: 1, body: "old")
        let mark = loop.mark()
        loop.scheduleLocalNotification(after: 1, body: "new")
        loop.cancelScheduled(since: mark)
        #expect(loop.pendingLocalNotifications.map(\.body) == ["old"])
        loop.advance(by: 2)
        #expect(delivered == ["old"])
    }

    @Test("an animation started before the mark runs to its end; one started after stops quietly")
    func animations() {
        let loop = EventLoop(clock: .virtual)
        let log = Log()
        let old = loop.animate(duration: 0.5, step: { _ in }, completion: { log("old finished \($0)") })
        loop.advance(by: 0.1)
        let mark = loop.mark()
        var newSteps = 0
        loop.animate(duration: 0.5, step: { _ in newSteps += 1 }, completion: { log("new finished \($0)") })
        loop.advance(by: 0.1)
        let stepsBefore = newSteps
        loop.cancelScheduled(since: mark)
        loop.advance(by: 1)
        #expect(log.entries == ["old finished true"])
        #expect(!old.isRunning)
        #expect(stepsBefore > 0)
        #expect(newSteps == stepsBefore)
    }
}
