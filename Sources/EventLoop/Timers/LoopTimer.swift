/// A handle to a one-shot or repeating timer scheduled on an ``EventLoop``.
///
/// A small value: copies stand for the same timer, and a handle to a timer that has finished
/// stays harmless (it is inactive, and cancelling it does nothing). The loop keeps the timer's
/// callback until the timer finishes or is cancelled, so the handle can be dropped.
///
/// ```swift
/// let blink = loop.every(0.5) { timer in cursor.toggle() }
/// blink.cancel()
/// ```
public struct LoopTimer: Hashable {
    let loop: EventLoop
    let id: TimerID

    /// Whether the timer fires repeatedly (made by ``EventLoop/every(_:_:)``).
    public let isRepeating: Bool

    init(loop: EventLoop, id: TimerID, isRepeating: Bool) {
        self.loop = loop
        self.id = id
        self.isRepeating = isRepeating
    }

    // MARK: - State

    /// Whether the timer will fire again: scheduled and not cancelled. Inside its own callback a
    /// repeating timer is active and a one-shot timer is not.
    public var isActive: Bool { loop.timers.isActive(id) }

    /// The loop time at which the timer fires next, or nil while it is not waiting to fire
    /// (cancelled, finished, or running its callback).
    public var nextFireTime: Double? { loop.timers.deadline(of: id).map(Nanoseconds.seconds) }

    /// Stops the timer: it does not fire again, and the loop releases its callback.
    ///
    /// Safe at any time: before it fires, from inside its own callback (a repeating timer then
    /// stops), from another callback due at the same instant (this one then does not fire), and
    /// more than once.
    public func cancel() {
        loop.cancelTimer(id)
    }

    // MARK: - Identity

    /// Whether two handles stand for the same timer of the same loop.
    public static func == (lhs: LoopTimer, rhs: LoopTimer) -> Bool {
        lhs.loop === rhs.loop && lhs.id == rhs.id
    }

    /// Hashes the loop's identity and the timer's, so handles can key a table (a binding's
    /// cache of userdata, say).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(loop))
        hasher.combine(id)
    }
}
