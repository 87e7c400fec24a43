import Testing
import EventLoop

@MainActor
@Suite("NotificationHub")
struct NotificationHubTests {
    final class Sender {}

    // MARK: - Delivery

    @Test("a post reaches the observers of its name, in registration order, with its contents")
    func registrationOrder() {
        let hub = NotificationHub()
        let log = Log()
        let sender = Sender()
        hub.observe("tick") { _ in log("first") }
        hub.observe("tock") { _ in log("other name") }
        hub.observe("tick") { note in
            log("second \(note.name) \(note.userInfo["count"] as? Int ?? -1)")
            #expect(note.object === sender)
        }
        hub.observe("tick") { _ in log("third") }
        hub.post("tick", object: sender, userInfo: ["count": 3])
        #expect(log.entries == ["first", "second tick 3", "third"])
    }

    @Test("an object-filtered observer only hears posts about that very object")
    func objectFilter() {
        let hub = NotificationHub()
        let a = Sender()
        let b = Sender()
        let log = Log()
        hub.observe("changed", object: a) { _ in log("about a") }
        hub.observe("changed") { note in log(note.object === a ? "any: a" : note.object === b ? "any: b" : "any: nil") }
        hub.post("changed", object: a)
        hub.post("changed", object: b)
        hub.post("changed")
        #expect(log.entries == ["about a", "any: a", "any: b", "any: nil"])
    }

    @Test("the hub does not keep a filter object alive, and a gone object matches nothing")
    func filterObjectIsWeak() {
        let hub = NotificationHub()
        var heard = 0
        weak var gone: Sender?
        do {
            let temporary = Sender()
            gone = temporary
            hub.observe("changed", object: temporary) { _ in heard += 1 }
            hub.post("changed", object: temporary)
        }
        #expect(gone == nil)
        hub.post("changed")
        hub.post("changed", object: Sender())
        #expect(heard == 1)
    }

    @Test("posting with no observers does nothing")
    func noObservers() {
        let hub = NotificationHub()
        hub.post("nobody")
        #expect(hub.observerCount(for: "nobody") == 0)
    }

    // MARK: - Tokens

    @Test("a removed token is not called again; removing twice is harmless")
    func tokenRemoval() {
        let hub = NotificationHub()
        let log = Log()
        let first = hub.observe("n") { _ in log("first") }
        hub.observe("n") { _ in log("second") }
        #expect(hub.observerCount(for: "n") == 2)
        hub.remove(first)
        hub.remove(first)
        #expect(!first.isActive)
        #expect(hub.observerCount(for: "n") == 1)
        hub.post("n")
        #expect(log.entries == ["second"])
    }

    @Test("a token from another hub is ignored")
    func foreignToken() {
        let hub = NotificationHub()
        let other = NotificationHub()
        var heard = 0
        let token = other.observe("n") { _ in heard += 1 }
        hub.remove(token)
        other.post("n")
        #expect(heard == 1)
        #expect(token.isActive)
    }

    // MARK: - Changes during a post

    @Test("an observer removed during a post, not yet called, is not called")
    func removeDuringPost() {
        let hub = NotificationHub()
        let log = Log()
        var later: ObserverToken?
        var own: ObserverToken?
        own = hub.observe("n") { _ in
            log("first removes itself and the third")
            hub.remove(own!)
            hub.remove(later!)
        }
        hub.observe("n") { _ in log("second") }
        later = hub.observe("n") { _ in log("third") }
        hub.observe("n") { _ in log("fourth") }
        hub.post("n")
        #expect(log.entries == ["first removes itself and the third", "second", "fourth"])
        hub.post("n")
        #expect(log.entries.suffix(2) == ["second", "fourth"])
    }

    @Test("an observer added during a post is first called by the next post")
    func addDuringPost() {
        let hub = NotificationHub()
        let log = Log()
        var added = false
        hub.observe("n") { _ in
            log("first")
            if !added {
                added = true
                hub.observe("n") { _ in log("added") }
            }
        }
        hub.observe("n") { _ in log("second") }
        hub.post("n")
        #expect(log.entries == ["first", "second"])
        hub.post("n")
        #expect(log.entries == ["first", "second", "first", "second", "added"])
    }

    @Test("a post from inside an observer is delivered in full before the outer post goes on")
    func nestedPost() {
        let hub = NotificationHub()
        let log = Log()
        hub.observe("outer") { _ in
            log("outer 1")
            hub.post("inner")
        }
        hub.observe("inner") { _ in log("inner") }
        hub.observe("outer") { _ in log("outer 2") }
        hub.post("outer")
        #expect(log.entries == ["outer 1", "inner", "outer 2"])
    }

    @Test("each loop has its own hub")
    func loopHub() {
        let loop = EventLoop(clock: .virtual)
        var heard = false
        loop.notifications.observe("n") { _ in heard = true }
        EventLoop(clock: .virtual).notifications.post("n")
        #expect(!heard)
        loop.notifications.post(NotificationHub.Notification(name: "n"))
        #expect(heard)
    }
}
