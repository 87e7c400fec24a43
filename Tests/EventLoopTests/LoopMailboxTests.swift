import Dispatch
import Testing
@testable import EventLoop

@MainActor
@Suite("Loop mailboxes")
struct LoopMailboxTests {
    @Test("posts from other threads wake the real-clock loop and arrive in order")
    func postsFromThreads() throws {
        let loop = EventLoop(clock: .real)
        var received: [Int] = []
        var deliveries = 0
        let mailbox = try loop.addMailbox { (numbers: [Int]) in
            deliveries += 1
            received += numbers
            if received.count == 100 { loop.quit() }
        }
        defer { mailbox.close() }
        let sender = mailbox.sender
        DispatchQueue.global().async {
            for number in 0..<100 { sender.post(number) }
        }
        // A long timer, so that only the mailbox can end the run in time.
        let limit = loop.after(60) { _ in loop.quit() }
        loop.run()
        limit.cancel()
        #expect(received == Array(0..<100))
        #expect(deliveries >= 1 && deliveries <= 100)
    }

    @Test("messages posted before a step are delivered together, once")
    func batched() throws {
        let loop = EventLoop(clock: .virtual)
        var batches: [[String]] = []
        let mailbox = try loop.addMailbox { (texts: [String]) in batches.append(texts) }
        defer { mailbox.close() }
        mailbox.sender.post("a")
        mailbox.sender.post("b")
        loop.runUntilIdle()
        mailbox.sender.post("c")
        loop.runUntilIdle()
        loop.runUntilIdle()
        #expect(batches == [["a", "b"], ["c"]])
    }

    @Test("a closed mailbox drops what waits and refuses more")
    func closed() throws {
        let loop = EventLoop(clock: .virtual)
        var received: [Int] = []
        let mailbox = try loop.addMailbox { (numbers: [Int]) in received += numbers }
        let sender = mailbox.sender
        #expect(sender.post(1))
        mailbox.close()
        mailbox.close()
        #expect(!sender.post(2))
        #expect(sender.closed)
        loop.runUntilIdle()
        #expect(received.isEmpty)
        #expect(loop.watchedDescriptors.isEmpty)
    }
}
