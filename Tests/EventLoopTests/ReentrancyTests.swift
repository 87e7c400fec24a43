import Testing
import EventLoop

/// Runs `body` when deinitialized: stands for an object captured by a callback whose
/// deinitializer uses the loop (a controller that cancels its timers, a binding that unrefs).
final class OnDeinit {
    private let body: () -> Void

    init(_ body: @escaping () -> Void) {
        self.body = body
    }

    isolated deinit {
        body()
    }
}

@MainActor
@Suite("Reentrancy")
struct ReentrancyTests {
    @Test("releasing a cancelled timer's callback may use the loop")
    func releaseOnCancel() {
        let loop = EventLoop(clock: .virtual)
        let log = Log()
        let other = loop.after(2) { _ in log("other") }
        var timer: LoopTimer?
        do {
            let captured = OnDeinit {
                other.cancel()
                loop.after(1) { _ in log("scheduled by a deinitializer") }
            }
            timer = loop.after(1) { _ in _ = captured }
        }
        timer?.cancel()
        loop.advance(by: 3)
        #expect(log.entries == ["scheduled by a deinitializer"])
    }

    @Test("releasing a fired timer's callback may use the loop")
    func releaseAfterFiring() {
        let loop = EventLoop(clock: .virtual)
        let log = Log()
        do {
            let captured = OnDeinit {
                loop.after(0) { _ in log("scheduled by a deinitializer") }
            }
            loop.after(1) { _ in
                _ = captured
                log("fired")
            }
        }
        loop.advance(by: 1)
        #expect(log.entries == ["fired", "scheduled by a deinitializer"])
    }

    @Test("releasing a removed observer may use the hub")
    func releaseOnRemove() {
        let hub = NotificationHub()
        let log = Log()
        var token: ObserverToken?
        do {
            let captured = OnDeinit {
                hub.observe("n") { _ in log("observer added by a deinitializer") }
            }
            token = hub.observe("n") { _ in _ = captured }
        }
        hub.remove(token!)
        hub.post("n")
        #expect(log.entries == ["observer added by a deinitializer"])
    }

    @Test("a callback may schedule, cancel and quit in one go, and the loop stays consistent")
    func everythingAtOnce() {
        let loop = EventLoop(clock: .virtual)
        let log = Log()
        var doomed: LoopTimer?
        loop.after(1) { timer in
            log("first")
            doomed?.cancel()
            loop.after(0) { _ in log("same instant, next step") }
            loop.defer { log("deferred") }
            loop.enqueue(.key("k"))
            loop.quit()
        }
        doomed = loop.after(1) { _ in log("doomed") }
        loop.inputHandler = { _ in log("input") }
        loop.run()
        #expect(log.entries == ["first"])
        loop.run()  // a new step: deferred calls, then due timers, then input
        #expect(log.entries == ["first", "deferred", "same instant, next step", "input"])
        #expect(loop.nextDeadline == nil)
    }
}
