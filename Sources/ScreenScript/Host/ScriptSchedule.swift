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
    /// Everything scripts scheduled or observed that may still be waiting, recording or
    /// not, for ``cancelAll()``: a reloaded app's old state leaves nothing behind. Pruned of
    /// what is done whenever it doubles, so an app that keeps scheduling stays small.
    private var liveTimers: [(timer: LoopTimer, context: String)] = []
    private var liveNotifications: [LocalNotification] = []
    private var liveObservers: [ObserverToken] = []
    private var pruneAt = 64

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
        liveTimers.append((timer, context))
        pruneIfLarge()
    }

    func record(_ observer: ObserverToken) {
        liveObservers.append(observer)
        pruneIfLarge()
    }

    /// Cancels every timer and local notification scripts scheduled and removes every
    /// observer they added, recorded or not, and takes back the deferred calls they made:
    /// nothing the scripts asked for runs after this. Cancelling calls nothing.
    public func cancelAll() {
        end()
        ends += 1
        let (timers, notifications, observers) = (liveTimers, liveNotifications, liveObservers)
        liveTimers = []
        liveNotifications = []
        liveObservers = []
        for (timer, _) in timers { timer.cancel() }
        for notification in notifications { notification.cancel() }
        for observer in observers { observer.remove() }
    }

    private func pruneIfLarge() {
        guard liveTimers.count + liveNotifications.count + liveObservers.count >= pruneAt else { return }
        liveTimers.removeAll { !$0.timer.isActive }
        liveNotifications.removeAll { !$0.isPending }
        liveObservers.removeAll { !$0.isActive }
        pruneAt = max(64, 2 * (liveTimers.count + liveNotifications.count + liveObservers.count))
    }

    /// What the one-shot timers scripts scheduled and still waiting were scheduled for, by
    /// their callbacks' places ("timer callback scheduled at main.lua:12"), with the loop
    /// time each is due. The host's own timers (a run's `--for`) are not among them.
    public var waitingTimers: [(context: String, due: Double)] {
        liveTimers.compactMap { timer, context in
            guard !timer.isRepeating, timer.isActive, let due = timer.nextFireTime else { return nil }
            return (context, due)
        }
    }

    func record(_ notification: LocalNotification) {
        if isRecording { notifications.append(notification) }
        liveNotifications.append(notification)
        pruneIfLarge()
    }

    /// A check for a deferred call made now: false once what was scheduled now is taken back.
    func deferredCallCheck() -> () -> Bool {
        let made = ends
        return { [weak self] in self?.ends == made }
    }
}
