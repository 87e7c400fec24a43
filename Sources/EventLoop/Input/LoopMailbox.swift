#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Messages from other threads into the loop: what a server's tasks receive, handed over to be
/// acted on in a step, where the app's state may be touched.
///
/// Any thread posts through the ``sender`` (a `Sendable` value); the loop wakes through a
/// self-pipe it watches with a reader (see ``EventLoop/addReader(_:_:)``) and hands every
/// message waiting to the mailbox's `deliver`, in the order they were posted, in one call per
/// wake-up. Nothing but the queue is shared: the sender never runs loop code.
///
/// ```swift
/// let mailbox = try loop.addMailbox { (lines: [String]) in lines.forEach(handle) }
/// let sender = mailbox.sender
/// Task.detached { sender.post("hello") }   // handle("hello") runs in a step of the loop
/// mailbox.close()
/// ```
public final class LoopMailbox<Message: Sendable> {
    /// Posts messages from any thread.
    public let sender: Sender
    private var reader: LoopReader?

    init(loop: EventLoop, deliver: @escaping ([Message]) -> Void) throws(LoopMailboxError) {
        sender = try Sender()
        let sender = sender
        reader = loop.addReader(sender.readEnd) {
            let messages = sender.takeAll()
            if !messages.isEmpty { deliver(messages) }
        }
    }

    /// Stops delivering: messages waiting are dropped, and later posts are refused. Safe more
    /// than once.
    public func close() {
        reader?.cancel()
        reader = nil
        sender.close()
    }

    /// The posting end of a ``LoopMailbox``, which any thread may hold and use.
    public nonisolated final class Sender: @unchecked Sendable {
        // Guarded by `lock`: the queue, whether the pipe holds its wake-up byte, and the
        // descriptors (a post never writes to a descriptor that close() has given back).
        private let lock = _MailboxLock()
        private var queue: [Message] = []
        private var woken = false
        private var isClosed = false
        fileprivate let readEnd: Int32
        private var writeEnd: Int32

        fileprivate init() throws(LoopMailboxError) {
            var fds: [Int32] = [-1, -1]
            guard fds.withUnsafeMutableBufferPointer({ pipe($0.baseAddress) }) == 0 else {
                throw LoopMailboxError(errno: errno)
            }
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
            (readEnd, writeEnd) = (fds[0], fds[1])
        }

        /// Queues `message` for the loop and wakes it.
        ///
        /// - Returns: false when the mailbox is closed and the message was dropped.
        @discardableResult
        public func post(_ message: Message) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            guard !isClosed else { return false }
            queue.append(message)
            // One byte wakes the loop however many messages wait, so the pipe never fills.
            if !woken {
                woken = true
                var byte: UInt8 = 1
                _ = write(writeEnd, &byte, 1)
            }
            return true
        }

        /// Whether the mailbox was closed.
        public var closed: Bool {
            lock.lock()
            defer { lock.unlock() }
            return isClosed
        }

        /// Every message waiting, oldest first; the wake-up byte read.
        fileprivate func takeAll() -> [Message] {
            lock.lock()
            defer { lock.unlock() }
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) > 0 {}
            woken = false
            let messages = queue
            queue.removeAll()
            return messages
        }

        fileprivate func close() {
            lock.lock()
            defer { lock.unlock() }
            guard !isClosed else { return }
            isClosed = true
            queue.removeAll()
            closeDescriptor(writeEnd)
            closeDescriptor(readEnd)
            writeEnd = -1
        }
    }
}

extension EventLoop {
    /// Makes a mailbox whose messages, posted from any thread, run `deliver` in a step of this
    /// loop (see ``LoopMailbox``). On the real clock a post wakes ``run()`` at once.
    ///
    /// - Parameter deliver: called with the messages waiting, oldest first, never with none.
    /// - Throws: ``LoopMailboxError`` when the process has no descriptor left for its pipe.
    public func addMailbox<Message: Sendable>(_ deliver: @escaping ([Message]) -> Void) throws(LoopMailboxError) -> LoopMailbox<Message> {
        try LoopMailbox(loop: self, deliver: deliver)
    }
}

/// Why a mailbox could not be made: its pipe could not be opened.
public nonisolated struct LoopMailboxError: Error, CustomStringConvertible, Sendable {
    public let errno: Int32
    public var description: String { "cannot open a pipe for the loop's mailbox: \(String(cString: strerror(errno)))" }
}

/// `close(2)`, out of reach of the methods called `close`.
nonisolated private func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
}

/// A POSIX mutex for ``LoopMailbox/Sender``: the one lock a post takes (Synchronization's
/// `Mutex` needs macOS 15). Not recursive; never held while calling out.
nonisolated final class _MailboxLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
}
