#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Descriptor sources

extension EventLoop {
    /// Watches a file descriptor: `onReadable` runs in a step of the loop whenever the
    /// descriptor has data to read, has reached its end (a closed pipe, a hung-up terminal) or
    /// reports an error.
    ///
    /// On the real clock ``run()`` waits for all readers at once with `poll(2)`, together with
    /// the next timer's deadline, so input wakes the loop as soon as it arrives; readers keep
    /// `run()` running even when no timer is left. On the virtual clock readers are checked
    /// without waiting before each step (and do not keep `run()` from returning). Callbacks of
    /// readers that are ready run in the step's input phase, before the input events queued
    /// then, so events a callback queues with ``enqueue(_:)`` are handled in the same step.
    ///
    /// A descriptor that is closed while watched (`POLLNVAL`) is dropped without a call, and one
    /// that reports only its end or an error (`POLLHUP`, `POLLERR` without `POLLIN`) gets one
    /// call and is then dropped, so a reader never keeps the loop busy.
    ///
    /// ```swift
    /// var fds: [Int32] = [0, 0]
    /// pipe(&fds)
    /// let reader = loop.addReader(fds[0]) { drain(fds[0]) }
    /// ```
    ///
    /// - Parameters:
    ///   - fd: The descriptor; the loop neither reads nor closes it.
    ///   - onReadable: Reads what is there, without blocking.
    /// - Returns: The reader; ``LoopReader/cancel()`` stops watching. The loop keeps the reader
    ///   until it is cancelled, so the token can be dropped.
    @discardableResult
    public func addReader(_ fd: Int32, _ onReadable: @escaping () -> Void) -> LoopReader {
        let reader = LoopReader(fileDescriptor: fd, loop: self, onReadable: onReadable)
        readers.append(reader)
        return reader
    }

    /// The descriptors watched, in the order they were added.
    public var watchedDescriptors: [Int32] { readers.map(\.fileDescriptor) }

    func removeReader(_ reader: LoopReader) {
        readers.removeAll { $0 === reader }
        readyReaders.removeAll { $0.reader === reader }
    }

    /// Polls every reader for up to `timeout` nanoseconds (nil: until one is ready; 0: without
    /// waiting) and queues the ready ones for the next step's input phase. Returns early when a
    /// signal interrupts the wait; the loop then looks at its deadlines again.
    func pollReaders(timeoutNanoseconds timeout: Int64?) {
        guard !readers.isEmpty else {
            if let timeout { MonotonicClock.sleep(nanoseconds: timeout) }
            return
        }
        var fds = readers.map { pollfd(fd: $0.fileDescriptor, events: Int16(POLLIN), revents: 0) }
        let milliseconds: Int32
        if let timeout {
            // Rounded up, so that the loop does not wake just before a deadline and spin.
            let rounded = (max(timeout, 0) + 999_999) / 1_000_000
            milliseconds = Int32(clamping: rounded)
        } else {
            milliseconds = -1
        }
        let watched = readers
        let count = fds.withUnsafeMutableBufferPointer { buffer in
            poll(buffer.baseAddress, nfds_t(buffer.count), milliseconds)
        }
        guard count > 0 else { return }
        for (reader, entry) in zip(watched, fds) where entry.revents != 0 && !reader.isCancelled {
            let events = Int32(entry.revents)
            if events & Int32(POLLNVAL) != 0 {
                reader.cancel()
                continue
            }
            let ending = events & Int32(POLLIN) == 0
            if !readyReaders.contains(where: { $0.reader === reader }) {
                readyReaders.append((reader, ending))
            }
        }
    }

    /// Runs the callbacks of the readers found ready, draining deferred calls after each one;
    /// returns how many callbacks ran.
    func runReadyReaders(stoppingOnQuit: Bool) -> Int {
        guard !readyReaders.isEmpty else { return 0 }
        let ready = readyReaders
        readyReaders.removeAll()
        var calls = 0
        for (reader, ending) in ready where !reader.isCancelled {
            reader.onReadable?()
            calls += 1
            if ending { reader.cancel() }
            if stoppingOnQuit && isQuitRequested { break }
            calls += drainDeferredCalls(stoppingOnQuit: stoppingOnQuit)
            if stoppingOnQuit && isQuitRequested { break }
        }
        return calls
    }
}
