import EventLoop
import FlyingFox
import Foundation

/// One browser's WebSocket, on the server's tasks: it tells the loop the browser connected,
/// passes each text message on, and says when it went away. What goes out is the stream the
/// loop writes to; the loop never waits for a browser.
///
/// A browser that reads slower than frames come keeps only the newest ``backlog`` messages:
/// a frame that patches one it missed is refused by the page, which asks for a whole one.
nonisolated struct PreviewSocket: WSMessageHandler {
    let events: LoopMailbox<PreviewEvent>.Sender
    let counter: ConnectionCounter

    /// Messages waiting to go out to one browser before the oldest are dropped.
    static let backlog = 64
    /// The longest message a browser may send (a paste); a longer one is dropped.
    static let messageLimit = 64 * 1024

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let id = counter.next()
        let (messages, outgoing) = AsyncStream<WSMessage>.makeStream(bufferingPolicy: .bufferingNewest(Self.backlog))
        let events = self.events
        outgoing.onTermination = { _ in events.post(.closed(id)) }
        let outbox = PreviewOutbox(send: { outgoing.yield(.text($0)) }, finish: { outgoing.finish() })
        guard events.post(.opened(id, outbox)) else {
            outgoing.finish()
            return messages
        }
        Task.detached {
            for await message in client {
                if case .text(let text) = message, text.utf8.count <= Self.messageLimit {
                    events.post(.received(id, text))
                }
            }
            events.post(.closed(id))
        }
        return messages
    }
}

/// Numbers the connections, from any task.
nonisolated final class ConnectionCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var last = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        last += 1
        return last
    }
}
