import EventLoop

/// What scripts schedule on the loop (`loop.after`, `loop.every`, `loop.defer`,
/// `notify.schedule`) while a test runs, so that what the test leaves waiting can be taken
/// back when it ends: otherwise a timer one test leaves could fire, or fail, in the next.
///
/// Only what scripts ask for directly is taken back. The host's own work (a container's
/// transition, the store's change processing) finishes as it would have, so it never
/// leaves the host half-way. Outside ``begin()`` and ``end()`` nothing is recorded.
public final class ScriptSchedule {
    private var isRecording = false
    private var timers: [(timer: LoopTimer, context: String)] = []
    private var notifications: [LocalNotification] = []
    /// Counts the ends, so that a deferred call made before one knows it was taken back.
    private var ends = 0

    /// Starts recording what scripts schedule.
    public func begin() {
        isRecording = true
    }

    /// Cancels what scripts scheduled since ``begin()`` and has not run yet, and stops
    /// recording. Cancelling calls nothing.
    public func end() {
        guard isRecording else { return }
        isRecording = false
        ends += 1
        let (timers, notifications) = (self.timers, self.notifications)
        self.timers = []
        self.notifications = []
        for (timer, _) in timers { timer.cancel() }
        for notification in notifications { notification.cancel() }
    }

    /// How many timers and notifications were recorded since ``begin()``: a mark for
    /// ``cancel(since:)``.
    public var mark: (timers: Int, notifications: Int) { (timers.count, notifications.count) }

    /// Cancels what was recorded after `mark` and has not run yet (a test ends one app it
    /// launched to launch another); recording goes on.
    public func cancel(since mark: (timers: Int, notifications: Int)) {
        guard isRecording else { return }
        let timers = self.timers.dropFirst(mark.timers), notifications = self.notifications.dropFirst(mark.notifications)
        for (timer, _) in timers { timer.cancel() }
        for notification in notifications { notification.cancel() }
    }

    func record(_ timer: LoopTimer, context: String) {
        if isRecording { timers.append((timer, context)) }
    }

    /// What the one-shot timers scripts scheduled since ``begin()`` and still waiting were
    /// scheduled for, by their callbacks' places ("timer callback scheduled at main.lua:12"),
    /// with the loop time each is due.
    public var waitingTimers: [(context: String, due: Double)] {
        timers.compactMap { timer, context in
            guard !timer.isRepeating, timer.isActive, let due = timer.nextFireTime else { return nil }
            return (context, due)
        }
    }

    func record(_ notification: LocalNotification) {
        if isRecording { notifications.append(notification) }
    }

    /// A check for a deferred call made now: false once what was scheduled now is taken back.
    func deferredCallCheck() -> () -> Bool {
        guard isRecording else { return { true } }
        let made = ends
        return { [weak self] in self?.ends == made }
    }
}
