import Testing
@testable import EventLoop

@MainActor
@Suite("LoopTimer")
struct LoopTimerTests {
    // MARK: - Firing

    @Test("a one-shot timer fires once, at its time, with itself as argument")
    func oneShot() {
        let loop = EventLoop(clock: .virtual)
        var calls: [(Double, LoopTimer)] = []
        let timer = loop.after(1.5) { calls.append((loop.now, $0)) }
        #expect(timer.isActive)
        #expect(!timer.isRepeating)
        #expect(timer.nextFireTime == 1.5)

        loop.advance(by: 1.4)
        #expect(calls.isEmpty)
        loop.advance(by: 10)
        #expect(calls.count == 1)
        #expect(calls.first?.0 == 1.5)
        #expect(calls.first?.1 == timer)
        #expect(!timer.isActive)
        #expect(timer.nextFireTime == nil)
    }

    @Test("a negative or zero delay fires in the next step")
    func pastDelay() {
        let loop = EventLoop(clock: .virtual)
        loop.advance(by: 2)
        var firedAt: Double?
        let timer = loop.after(-5) { _ in firedAt = loop.now }
        #expect(timer.nextFireTime == 2)
        loop.runOnce()
        #expect(firedAt == 2)
    }

    @Test("a repeating timer fires on its grid and stays active")
    func repeating() {
        let loop = EventLoop(clock: .virtual)
        loop.advance(by: 0.25)
        var fired: [Double] = []
        let timer = loop.every(1) { timer in
            fired.append(loop.now)
            #expect(timer.isActive)
        }
        #expect(timer.isRepeating)
        loop.advance(by: 3.5)
        #expect(fired == [1.25, 2.25, 3.25])
        #expect(timer.nextFireTime == 4.25)
    }

    @Test("a repeating timer with an inexact interval does not drift or double-fire")
    func repeatingInexactInterval() {
        let loop = EventLoop(clock: .virtual)
        var count = 0
        loop.every(0.1) { _ in count += 1 }
        for _ in 0..<100 { loop.advance(by: 0.1) }
        #expect(count == 100)
    }

    // MARK: - Cancelling

    @Test("a timer cancelled before its time never fires, and cancelling twice is harmless")
    func cancelBeforeFiring() {
        let loop = EventLoop(clock: .virtual)
        var fired = false
        let timer = loop.after(1) { _ in fired = true }
        timer.cancel()
        timer.cancel()
        #expect(!timer.isActive)
        #expect(timer.nextFireTime == nil)
        loop.advance(by: 2)
        #expect(!fired)
        #expect(loop.nextDeadline == nil)
    }

    @Test("a repeating timer cancelled inside its own callback stops")
    func cancelInOwnCallback() {
        let loop = EventLoop(clock: .virtual)
        var count = 0
        let timer = loop.every(1) { timer in
            count += 1
            if count == 3 { timer.cancel() }
        }
        loop.advance(by: 10)
        #expect(count == 3)
        #expect(!timer.isActive)
        #expect(loop.nextDeadline == nil)
    }

    @Test("a one-shot timer cancelled inside its own callback is left finished and quiet")
    func cancelOneShotInOwnCallback() {
        let loop = EventLoop(clock: .virtual)
        var count = 0
        loop.after(1) { timer in
            count += 1
            timer.cancel()
        }
        loop.advance(by: 5)
        #expect(count == 1)
    }

    @Test("a timer cancelled by another timer due at the same instant does not fire")
    func cancelBySameInstantTimer() {
        let loop = EventLoop(clock: .virtual)
        let log = Log()
        var victim: LoopTimer?
        var repeatingVictim: LoopTimer?
        loop.after(1) { _ in
            log("killer")
            victim?.cancel()
            repeatingVictim?.cancel()
        }
        victim = loop.after(1) { _ in log("victim") }
        repeatingVictim = loop.every(1) { _ in log("repeating victim") }
        loop.after(1) { _ in log("bystander") }
        loop.advance(by: 3)
        #expect(log.entries == ["killer", "bystander"])
    }

    @Test("a timer cancelled by an earlier one in the same step, after it was due, does not fire")
    func cancelOverdueInSameStep() {
        let loop = EventLoop(clock: .virtual)
        let log = Log()
        var victim: LoopTimer?
        loop.after(1) { _ in
            log("killer")
            victim?.cancel()
        }
        victim = loop.after(2) { _ in log("victim") }
        loop.stall(for: 5)  // both are due in the same step now
        loop.runOnce()
        #expect(log.entries == ["killer"])
    }

    @Test("a handle to a finished timer does not touch a later timer, even one reusing its storage")
    func staleHandle() {
        let loop = EventLoop(clock: .virtual)
        let keepAlive = loop.every(100) { _ in }
        let old = loop.after(1) { _ in }
        loop.advance(by: 1)
        var fired = false
        let new = loop.after(1) { _ in fired = true }
        #expect(old != new)
        #expect(!old.isActive)
        #expect(new.isActive)
        old.cancel()
        loop.advance(by: 1)
        #expect(fired)
        keepAlive.cancel()
    }

    // MARK: - Falling behind

    @Test("a repeating timer after a stall fires once, then continues on its grid")
    func stallSkipsToGrid() {
        let loop = EventLoop(clock: .virtual)
        var fired: [Double] = []
        let timer = loop.every(1) { _ in fired.append(loop.now) }
        loop.advance(by: 1)
        #expect(fired == [1])

        loop.stall(for: 10.5)  // ten whole intervals missed
        loop.runUntilIdle()
        #expect(fired == [1, 11.5])
        #expect(timer.nextFireTime == 12)

        loop.advance(by: 0.5)
        #expect(fired == [1, 11.5, 12])
    }

    @Test("a slow callback does not cause a burst during advance")
    func slowCallbackNoBurst() {
        let loop = EventLoop(clock: .virtual)
        var fired: [Double] = []
        loop.every(1) { _ in
            fired.append(loop.now)
            if fired.count == 1 { loop.stall(for: 9.5) }  // the first call takes 9.5 s
        }
        loop.advance(by: 12)
        #expect(fired == [1, 11, 12])
    }

    // MARK: - Cancelled timers do not pile up

    @Test("cancelled timers are compacted out of the queue")
    func compaction() {
        let loop = EventLoop(clock: .virtual)
        let keep = (0..<10).map { i in loop.after(Double(i) + 100) { _ in } }
        for round in 0..<50 {
            let batch = (0..<2_000).map { i in loop.after(Double(round * 2_000 + i)) { _ in } }
            batch.forEach { $0.cancel() }
            #expect(loop.timers.storedCount <= 2 * loop.timers.liveCount + TimerQueue.compactionThreshold)
        }
        #expect(loop.timers.liveCount == keep.count)
        var fired = 0
        loop.after(50) { _ in fired += 1 }
        loop.advance(by: 200)
        #expect(fired == 1)
        #expect(loop.timers.storedCount == 0)
        #expect(loop.timers.slotCount == 0)
    }

    @Test("cancelling most of a large queue keeps the rest in order")
    func compactionKeepsOrder() {
        let loop = EventLoop(clock: .virtual)
        var fired: [Int] = []
        let timers = (0..<1_000).map { i in loop.after(Double((i * 7919) % 1_000)) { _ in fired.append(i) } }
        for (i, timer) in timers.enumerated() where i % 10 != 0 { timer.cancel() }
        loop.advance(by: 1_000)
        let expected = (0..<1_000).filter { $0 % 10 == 0 }.sorted { ($0 * 7919) % 1_000 < ($1 * 7919) % 1_000 }
        #expect(fired == expected)
    }
}
