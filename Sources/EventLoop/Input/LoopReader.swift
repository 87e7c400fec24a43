/// A file descriptor the loop watches for input: a terminal, the read end of a self-pipe, an
/// inotify descriptor, a socket. Made by ``EventLoop/addReader(_:_:)``.
///
/// The loop calls the reader's callback in a step when the descriptor has something to read,
/// or has reached its end or an error; the callback reads what is there (without blocking: make
/// the descriptor non-blocking, or read only what `poll(2)` promised). The loop never reads nor
/// closes the descriptor itself.
///
/// ```swift
/// let stdin = loop.addReader(0) {
///     let bytes = readAvailable(0)      // a non-blocking read
///     decoder.decode(bytes).forEach(handle)
/// }
/// stdin.cancel()                         // before closing the descriptor
/// ```
public final class LoopReader {
    /// The descriptor watched.
    public let fileDescriptor: Int32

    /// Whether the loop has stopped watching: ``cancel()`` was called, or the descriptor was
    /// found closed (`POLLNVAL`), or it reported its end or an error without data after the
    /// callback had its chance to read it.
    public private(set) var isCancelled = false

    weak var loop: EventLoop?
    private(set) var onReadable: (() -> Void)?

    init(fileDescriptor: Int32, loop: EventLoop, onReadable: @escaping () -> Void) {
        self.fileDescriptor = fileDescriptor
        self.loop = loop
        self.onReadable = onReadable
    }

    /// Stops watching the descriptor; the loop releases the callback. Safe at any time, also
    /// from inside the callback and more than once. Cancel before closing the descriptor: a
    /// number reused by another file would otherwise be watched.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        onReadable = nil
        loop?.removeReader(self)
    }
}
