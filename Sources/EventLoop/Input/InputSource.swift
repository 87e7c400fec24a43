/// Where the real-clock loop waits for input: a terminal, a pipe, a socket.
///
/// ``EventLoop/run()`` calls ``poll(timeout:)`` instead of sleeping, so input wakes the loop
/// as soon as it arrives and timers still fire on time. To wake the loop from another thread
/// or a signal handler, include a self-pipe among the descriptors the source polls.
///
/// ```swift
/// final class Terminal: InputSource {
///     func poll(timeout: Double?) -> [InputEvent] {
///         // poll(2) on stdin for up to `timeout`, then decode what was read
///     }
/// }
/// loop.inputSource = Terminal()
/// ```
public protocol InputSource: AnyObject {
    /// Waits for input for at most `timeout` seconds and returns the events that arrived.
    ///
    /// - Parameter timeout: 0 to check without waiting; nil to wait until input arrives.
    /// - Returns: The events read, possibly none (a timeout or a spurious wake-up).
    func poll(timeout: Double?) -> [InputEvent]
}
