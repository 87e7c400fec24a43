import Testing
import EventLoop

@MainActor
@Suite("LocalNotification")
struct LocalNotificationTests {
    /// A loop that records each delivery as (time, body).
    func makeLoop() -> (EventLoop, () -> [(Double, String)]) {
        let loop = EventLoop(clock: .virtual)
        var delivered: [(Double, String)] = []
        loop.localNotificationHandler = { note in delivered.append((loop.now, note.body)) }
        return (loop, { delivered })
    }

    @Test("a notification scheduled for a date falls due when the wall clock reaches it")
    func scheduleOnDate() {
        let loop = EventLoop(clock: .virtual, wallClockStart: 1_000_000)
        let (_, delivered) = makeLoop()
        var bodies: [String] = []
        loop.localNotificationHandler = { bodies.append($0.body) }
        loop.advance(by: 10)
        let note = loop.scheduleLocalNotification(onDate: 1_000_040, body: "Date")
        let past = loop.scheduleLocalNotification(onDate: 5, body: "Past")
        #expect(note.fireTime == 40)
        #expect(note.fireDate == 1_000_040)
        #expect(past.fireTime == 10)
        loop.advance(by: 0)
        #expect(bodies == ["Past"])
        loop.advance(by: 30)
        #expect(bodies == ["Past", "Date"])
        _ = delivered
    }

    @Test("a notification scheduled at a time is delivered at that time with its contents")
    func scheduleAt() {
        let (loop, delivered) = makeLoop()
        var info: [String: Any] = [:]
        loop.localNotificationHandler = { info = $0.userInfo }
        let note = loop.scheduleLocalNotification(at: 5, body: "Wake up", userInfo: ["alarm": 7])
        #expect(note.fireTime == 5)
        #expect(note.isPending)
        loop.advance(by: 4.9)
        #expect(info.isEmpty)
        loop.advance(by: 0.1)
        #expect(info["alarm"] as? Int == 7)
        #expect(!note.isPending)
        _ = delivered
    }

    @Test("a notification scheduled after an interval is delivered that long after scheduling")
    func scheduleAfter() {
        let (loop, delivered) = makeLoop()
        loop.advance(by: 2)
        let note = loop.scheduleLocalNotification(after: 3, body: "Tea")
        #expect(note.fireTime == 5)
        loop.advance(by: 10)
        #expect(delivered().map(\.0) == [5])
        #expect(delivered().map(\.1) == ["Tea"])
    }

    @Test("a time already past is delivered in the next step")
    func pastTime() {
        let (loop, delivered) = makeLoop()
        loop.advance(by: 4)
        let note = loop.scheduleLocalNotification(at: 1, body: "Late")
        #expect(note.fireTime == 4)
        loop.runOnce()
        #expect(delivered().map(\.0) == [4])
    }

    @Test("a cancelled notification is not delivered nor pending")
    func cancel() {
        let (loop, delivered) = makeLoop()
        let kept = loop.scheduleLocalNotification(at: 2, body: "kept")
        let dropped = loop.scheduleLocalNotification(at: 1, body: "dropped")
        dropped.cancel()
        dropped.cancel()
        #expect(!dropped.isPending)
        #expect(loop.pendingLocalNotifications.map(\.body) == ["kept"])
        loop.advance(by: 3)
        #expect(delivered().map(\.1) == ["kept"])
        kept.cancel()  // after delivery: nothing happens
        #expect(loop.pendingLocalNotifications.isEmpty)
    }

    @Test("the pending list is in delivery order and shrinks as notifications are delivered")
    func pendingOrder() {
        let (loop, delivered) = makeLoop()
        loop.scheduleLocalNotification(at: 5, body: "c")
        loop.scheduleLocalNotification(after: 1, body: "a")
        loop.scheduleLocalNotification(at: 3, body: "b")
        loop.scheduleLocalNotification(at: 3, body: "b2")
        #expect(loop.pendingLocalNotifications.map(\.body) == ["a", "b", "b2", "c"])
        loop.advance(by: 1)
        #expect(loop.pendingLocalNotifications.map(\.body) == ["b", "b2", "c"])
        loop.advance(by: 10)
        #expect(delivered().map(\.1) == ["a", "b", "b2", "c"])
        #expect(delivered().map(\.0) == [1, 3, 3, 5])
        #expect(loop.pendingLocalNotifications.isEmpty)
    }

    @Test("a notification cancelled by one delivered at the same instant is not delivered")
    func cancelAtSameInstant() {
        let loop = EventLoop(clock: .virtual)
        var bodies: [String] = []
        var second: LocalNotification?
        loop.localNotificationHandler = { note in
            bodies.append(note.body)
            second?.cancel()
        }
        loop.scheduleLocalNotification(at: 1, body: "first")
        second = loop.scheduleLocalNotification(at: 1, body: "second")
        loop.advance(by: 2)
        #expect(bodies == ["first"])
    }

    @Test("cancel all empties the pending list")
    func cancelAll() {
        let (loop, delivered) = makeLoop()
        let notes = (1...3).map { loop.scheduleLocalNotification(after: Double($0), body: "\($0)") }
        loop.cancelAllLocalNotifications()
        #expect(loop.pendingLocalNotifications.isEmpty)
        #expect(notes.allSatisfy { !$0.isPending })
        loop.advance(by: 5)
        #expect(delivered().isEmpty)
    }

    @Test("notifications and timers share one deadline order")
    func sharedOrder() {
        let loop = EventLoop(clock: .virtual)
        let log = Log()
        loop.localNotificationHandler = { log("note " + $0.body) }
        loop.after(2) { _ in log("timer 2") }
        loop.scheduleLocalNotification(at: 1, body: "1")
        loop.scheduleLocalNotification(at: 2, body: "2")
        loop.after(1) { _ in log("timer 1") }
        loop.advance(by: 2)
        #expect(log.entries == ["note 1", "timer 1", "timer 2", "note 2"])
    }

    @Test("a notification due while no handler is installed is dropped")
    func noHandler() {
        let loop = EventLoop(clock: .virtual)
        let note = loop.scheduleLocalNotification(at: 1, body: "lost")
        loop.advance(by: 2)
        #expect(!note.isPending)
        #expect(loop.pendingLocalNotifications.isEmpty)
    }
}
