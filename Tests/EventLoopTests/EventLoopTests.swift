import Testing
@testable import EventLoop

@MainActor
@Suite("EventLoop")
struct EventLoopTests {
    // MARK: - Step order

    @Test("a step runs deferred calls, then due timers, then input, draining deferred calls after each")
    func stepOrder() {
        let loop = EventLoop(clock: .virtual)
        let log = Log()
        loop.inputHandler = { event in
            guard case .key(let name) = event else { return }
            log("input \(name)")
            loop.defer { log("deferred by input \(name)") }
        }
        loop.enqueue(.key("a"))
        loop.enqueue(.key("b"))
        loop.after(0) { _ in
            log("timer 1")
            loop.defer { log("deferred by timer 1") }
        }
        loop.after(0) { _ in log("timer 2") }
        loop.defer {
            log("deferred 1")
            loop.defer { log("deferred by deferred 1") }
        }
        loop.defer { log("deferred 2") }

        #expect(loop.runOnce())
        #expect(log.entries == [
            "deferred 1", "deferred 2", "deferred by deferred 1",
            "timer 1", "deferred by timer 1", "timer 2",
            "input a", "deferred by input a", "input b", "deferred by input b",
        ])
    }

    @Test("input queued during the input phase waits for the next step")
    func inputQueuedDuringInputPhase() {
        let loop = EventLoop(clock: .virtual)
        let log = Log()
        loop.inputHandler = { event in
            log("\(event)")
            if event == .key("a") { loop.enqueue(.memoryWarning) }
        }
        loop.enqueue(.key("a"))

        loop.runOnce()
        #expect(log.entries == ["key(\"a\")"])
        #expect(loop.queuedInput == [.memoryWarning])

        loop.runOnce()
        #expect(log.entries == ["key(\"a\")", "memoryWarning"])
        #expect(loop.queuedInput.isEmpty)
    }

    @Test("every kind of input event reaches the handler with its payload, in order")
    func inputPayloads() {
        let loop = EventLoop(clock: .virtual)
        var received: [InputEvent] = []
        loop.inputHandler = { received.append($0) }
        let events: [InputEvent] = [
            .touch(phase: .began, x: 10, y: 20.5, id: 1),
            .touch(phase: .ended, x: 11, y: 21),
            .key("enter"),
            .rotation(.landscape),
            .memoryWarning,
        ]
        events.forEach(loop.enqueue)
        loop.runUntilIdle()
        #expect(received == events)
        #expect(received[1] == .touch(phase: .ended, x: 11, y: 21, id: 0))
    }

    @Test("input with no handler is dropped")
    func inputWithoutHandler() {
        let loop = EventLoop(clock: .virtual)
        loop.enqueue(.key("x"))
        #expect(loop.runOnce())
        #expect(loop.queuedInput.isEmpty)
        #expect(!loop.runOnce())
    }

    @Test("a timer made due during a step fires in the next step; run until idle runs both")
    func timerScheduledDuringStep() {
        let loop = EventLoop(clock: .virtual)
        let log = Log()
        loop.after(0) { _ in
            log("first")
            loop.after(0) { _ in log("second") }
        }
        loop.runOnce()
        #expect(log.entries == ["first"])
        loop.runOnce()
        #expect(log.entries == ["first", "second"])

        loop.after(0) { _ in
            log("third")
            loop.after(0) { _ in log("fourth") }
        }
        loop.runUntilIdle()
        #expect(log.entries == ["first", "second", "third", "fourth"])
        #expect(loop.isIdle)
    }

    @Test("run one step reports whether it ran anything")
    func runOnceResult() {
        let loop = EventLoop(clock: .virtual)
        #expect(!loop.runOnce())
        loop.defer {}
        #expect(loop.runOnce())
        loop.after(1) { _ in }
        #expect(!loop.runOnce())
        #expect(loop.now == 0)
    }

    // MARK: - Virtual time

    @Test("timers fire in deadline order, each at its deadline")
    func deadlineOrder() {
        let loop = EventLoop(clock: .virtual)
        var fired: [Double] = []
        for delay in [3.0, 1.0, 2.0, 0.5] {
            loop.after(delay) { _ in fired.append(loop.now) }
        }
        loop.advance(by: 2.5)
        #expect(fired == [0.5, 1.0, 2.0])
        #expect(loop.now == 2.5)
        loop.advance(by: 0.5)
        #expect(fired == [0.5, 1.0, 2.0, 3.0])
    }

    @Test("equal deadlines fire in scheduling order")
    func equalDeadlines() {
        let loop = EventLoop(clock: .virtual)
        let log = Log()
        for name in ["a", "b", "c", "d", "e"] {
            loop.after(1) { _ in log(name) }
            loop.after(0.5) { _ in log("early " + name) }
        }
        loop.advance(by: 1)
        #expect(log.entries == ["early a", "early b", "early c", "early d", "early e", "a", "b", "c", "d", "e"])
    }

    @Test("advance runs what callbacks schedule inside the interval, at the right times")
    func advanceRunsChainedTimers() {
        let loop = EventLoop(clock: .virtual)
        var fired: [Double] = []
        func chain() {
            loop.after(1) { _ in
                fired.append(loop.now)
                chain()
            }
        }
        chain()
        loop.advance(by: 3.5)
        #expect(fired == [1, 2, 3])
        #expect(loop.nextDeadline == 4)
    }

    @Test("virtual time never goes backwards")
    func timeNeverGoesBackwards() {
        let loop = EventLoop(clock: .virtual)
        #expect(loop.now == 0)
        loop.advance(by: 2)
        #expect(loop.now == 2)
        loop.advance(by: -1)
        #expect(loop.now == 2)
        loop.stall(for: -3)
        #expect(loop.now == 2)

        var seen: [Double] = []
        loop.after(1) { _ in
            seen.append(loop.now)
            loop.stall(for: 5)  // a slow callback: the advance below must not pull time back to 4
            seen.append(loop.now)
        }
        loop.after(1.5) { _ in seen.append(loop.now) }
        loop.advance(by: 2)
        #expect(seen == [3, 8, 8])
        #expect(loop.now == 8)
    }

    @Test("run until idle and run one step do not move virtual time")
    func idleDoesNotMoveTime() {
        let loop = EventLoop(clock: .virtual)
        var fired = false
        loop.after(1) { _ in fired = true }
        loop.runUntilIdle()
        loop.runOnce()
        #expect(!fired)
        #expect(loop.now == 0)
        #expect(loop.isIdle)
        loop.stall(for: 1)
        #expect(!loop.isIdle)
        loop.runUntilIdle()
        #expect(fired)
    }

    @Test("a deferred call scheduled during advance runs before the next timer")
    func deferredDuringAdvance() {
        let loop = EventLoop(clock: .virtual)
        let log = Log()
        loop.after(1) { _ in
            log("timer at 1")
            loop.defer { log("deferred at \(loop.now)") }
        }
        loop.after(1) { _ in log("second timer at 1") }
        loop.advance(by: 1)
        #expect(log.entries == ["timer at 1", "deferred at 1.0", "second timer at 1"])
    }

    // MARK: - Running and quitting

    @Test("run on the virtual clock moves time to each deadline and returns when nothing is left")
    func virtualRunUntilEmpty() {
        let loop = EventLoop(clock: .virtual)
        var fired: [Double] = []
        loop.after(2) { _ in fired.append(loop.now) }
        loop.after(5) { _ in fired.append(loop.now) }
        loop.run()
        #expect(fired == [2, 5])
        #expect(loop.now == 5)
    }

    @Test("quit from a timer callback makes run return after that callback; nothing queued is lost")
    func quitFromTimer() {
        let loop = EventLoop(clock: .virtual)
        let log = Log()
        loop.after(1) { _ in
            log("a")
            loop.defer { log("deferred by a") }
            loop.quit()
        }
        loop.after(1) { _ in log("b") }
        loop.after(2) { _ in log("c") }
        loop.run()
        #expect(log.entries == ["a"])
        #expect(loop.now == 1)
        #expect(!loop.isQuitRequested)

        loop.run()
        #expect(log.entries == ["a", "deferred by a", "b", "c"])
    }

    @Test("quit from a deferred call or an input handler ends run")
    func quitFromDeferredAndInput() {
        let loop = EventLoop(clock: .virtual)
        var ticks = 0
        loop.every(1) { _ in ticks += 1 }
        loop.defer { loop.quit() }
        loop.run()
        #expect(ticks == 0)

        loop.inputHandler = { event in
            if event == .key("q") { loop.quit() }
        }
        loop.after(3.5) { _ in loop.enqueue(.key("q")) }
        loop.run()
        #expect(ticks == 3)
        #expect(loop.now == 3.5)
    }

    @Test("quit before run makes run return at once, once")
    func quitBeforeRun() {
        let loop = EventLoop(clock: .virtual)
        var ran = false
        loop.defer { ran = true }
        loop.quit()
        #expect(loop.isQuitRequested)
        loop.run()
        #expect(!ran)
        #expect(!loop.isQuitRequested)
        loop.run()
        #expect(ran)
    }

    @Test("run until idle and run one step leave a quit request for run")
    func quitIgnoredByBoundedDrivers() {
        let loop = EventLoop(clock: .virtual)
        let log = Log()
        loop.defer {
            log("quits")
            loop.quit()
        }
        loop.defer { log("after quit") }
        loop.runUntilIdle()
        #expect(log.entries == ["quits", "after quit"])
        #expect(loop.isQuitRequested)
        loop.run()
        #expect(!loop.isQuitRequested)
    }

    @Test("an input source feeds run on the virtual clock")
    func inputSourceOnVirtualClock() {
        let loop = EventLoop(clock: .virtual)
        let source = ScriptedInput([[.key("a")], [], [.key("q")]], loop: loop)
        loop.inputSource = source
        let log = Log()
        loop.inputHandler = { event in
            log("\(event)")
            if event == .key("q") { loop.quit() }
        }
        loop.run()
        #expect(log.entries == ["key(\"a\")", "key(\"q\")"])
        #expect(source.timeouts.allSatisfy { $0 == nil })
    }

    @Test("run one step polls the input source without waiting")
    func runOncePollsWithoutWaiting() {
        let loop = EventLoop(clock: .virtual)
        let source = ScriptedInput([[.rotation(.landscape)]])
        loop.inputSource = source
        var received: [InputEvent] = []
        loop.inputHandler = { received.append($0) }
        #expect(loop.runOnce())
        #expect(received == [.rotation(.landscape)])
        #expect(source.timeouts == [0])
    }

    // MARK: - Real clock

    @Test("on the real clock a short timer fires from run, and quit ends run")
    func realClockTimerAndQuit() {
        let loop = EventLoop(clock: .real)
        var fired = false
        loop.every(10) { _ in }  // keeps run from returning on its own
        loop.after(0.02) { _ in
            fired = true
            loop.quit()
        }
        loop.run()
        #expect(fired)
    }

    @Test("on the real clock run returns by itself once nothing is left")
    func realClockRunsOut() {
        let loop = EventLoop(clock: .real)
        var fired = 0
        loop.after(0.01) { _ in
            fired += 1
            loop.after(0.01) { _ in fired += 1 }
        }
        loop.run()
        #expect(fired == 2)
        #expect(loop.nextDeadline == nil)
    }

    @Test("on the real clock run waits in the input source, and its input is dispatched")
    func realClockInputSource() {
        let loop = EventLoop(clock: .real)
        let source = ScriptedInput([[], [.touch(phase: .began, x: 1, y: 2)]], loop: loop)
        loop.inputSource = source
        var received: [InputEvent] = []
        loop.inputHandler = { event in
            received.append(event)
            loop.quit()
        }
        loop.run()
        #expect(received == [.touch(phase: .began, x: 1, y: 2)])
        #expect(source.timeouts.first == .some(nil))
    }

    @Test("real time does not decrease")
    func realTimeMonotonic() {
        let loop = EventLoop(clock: .real)
        var last = loop.now
        for _ in 0..<1000 {
            let next = loop.now
            #expect(next >= last)
            last = next
        }
    }
}

/// An input source that returns prepared batches, one per poll, and records the timeouts.
/// Once the batches run out it quits the loop, so a failing test cannot hang in `run()`.
final class ScriptedInput: InputSource {
    private var batches: [[InputEvent]]
    private(set) var timeouts: [Double?] = []
    weak var loop: EventLoop?

    init(_ batches: [[InputEvent]], loop: EventLoop? = nil) {
        self.batches = batches
        self.loop = loop
    }

    func poll(timeout: Double?) -> [InputEvent] {
        timeouts.append(timeout)
        guard !batches.isEmpty else {
            loop?.quit()
            return []
        }
        return batches.removeFirst()
    }
}

// MARK: - Settling

@MainActor
@Suite("EventLoop settling")
struct EventLoopSettlingTests {
    @Test("run until settled runs one-shot timers and their follow-ups, each at its time, then stops")
    func settlesAfterOneShotTimers() {
        let loop = EventLoop(clock: .virtual)
        let log = Log()
        loop.after(0.5) { _ in
            log("first at \(loop.now)")
            loop.after(1) { _ in log("follow-up at \(loop.now)") }
        }
        loop.defer { log("deferred") }
        #expect(loop.hasWorkInFlight)
        #expect(loop.runUntilSettled(limit: 60) == .settled)
        #expect(log.entries == ["deferred", "first at 0.5", "follow-up at 1.5"])
        #expect(loop.now == 1.5)
        #expect(!loop.hasWorkInFlight)
    }

    @Test("repeating timers and local notifications do not keep a loop busy, but fire on the way")
    func repeatingTimersAndNotificationsAreIdle() {
        let loop = EventLoop(clock: .virtual)
        var ticks = 0
        let ticker = loop.every(1) { _ in ticks += 1 }
        loop.scheduleLocalNotification(after: 3600, body: "later")
        #expect(!loop.hasWorkInFlight)
        #expect(loop.runUntilSettled(limit: 60) == .settled)
        #expect(loop.now == 0)
        loop.after(3) { _ in }
        #expect(loop.runUntilSettled(limit: 60) == .settled)
        #expect(ticks == 3)
        ticker.cancel()
    }

    @Test("an animation is in flight until its last frame")
    func animationsAreInFlight() {
        let loop = EventLoop(clock: .virtual)
        var finished = false
        loop.animate(duration: 0.3, step: { _ in }, completion: { finished = $0 })
        #expect(loop.hasWorkInFlight)
        #expect(loop.runUntilSettled(limit: 60) == .settled)
        #expect(finished)
        #expect(loop.now == 0.3)
    }

    @Test("cancelled one-shot timers no longer count as work")
    func cancelledTimersAreNotWork() {
        let loop = EventLoop(clock: .virtual)
        let timer = loop.after(10) { _ in }
        #expect(loop.hasWorkInFlight)
        timer.cancel()
        #expect(!loop.hasWorkInFlight)
        let note = loop.scheduleLocalNotification(after: 5, body: "x")
        loop.after(1) { _ in note.cancel() }
        #expect(loop.runUntilSettled(limit: 60) == .settled)
        #expect(loop.now == 1)
        #expect(loop.timers.oneShotCount == 0)
    }

    @Test("an app that keeps scheduling one-shot timers stops at the limit")
    func limitEndsABusyLoop() {
        let loop = EventLoop(clock: .virtual)
        var fired = 0
        func again() { loop.after(1) { _ in fired += 1; again() } }
        again()
        #expect(loop.runUntilSettled(limit: 10.5) == .timeUp)
        #expect(fired == 10)
        #expect(loop.now == 10.5)
    }

    @Test("quit ends a run until settled or a run for a time after the callback, and is then forgotten")
    func quitEndsVirtualRuns() {
        let loop = EventLoop(clock: .virtual)
        let log = Log()
        loop.after(1) { _ in log("quit"); loop.quit() }
        loop.after(2) { _ in log("after quit") }
        #expect(loop.runUntilSettled(limit: 60) == .quit)
        #expect(log.entries == ["quit"])
        #expect(loop.now == 1)
        #expect(!loop.isQuitRequested)

        loop.after(1) { _ in loop.quit() }
        #expect(loop.run(for: 30) == .quit)
        #expect(loop.now == 2)
        #expect(log.entries == ["quit", "after quit"])
    }

    @Test("a run for a time moves the clock by exactly that time, repeating timers firing on the way")
    func runForATime() {
        let loop = EventLoop(clock: .virtual)
        var ticks = 0
        loop.every(0.25) { _ in ticks += 1 }
        #expect(loop.run(for: 3) == .timeUp)
        #expect(loop.now == 3)
        #expect(ticks == 12)
        #expect(loop.run(for: .nan) == .timeUp)
        #expect(loop.now == 3)
    }
}
