import EventLoop

// What keeps an app from being settled, for the pilot's `settle` and the REPL's `:settle`.

extension ScriptHost {
    /// Whether the app is at rest: no animation (transitions among them), deferred call or
    /// one-shot timer of its scripts is waiting. Repeating timers and local notifications do
    /// not count: they are what an app does while it is idle; nor do the host's own timers
    /// (the end of a run's `--for`).
    public var isSettled: Bool {
        loop.animationsInFlight.isEmpty && loop.deferredCallsWaiting == 0 && schedule.waitingTimers.isEmpty
    }

    /// What keeps the loop busy, one line each: the animations (transitions among them) with
    /// the script place that began them, the timers scripts are waiting for, and counts of
    /// the rest.
    public func busyWork() -> [String] {
        var lines: [String] = loop.animationsInFlight.map { animation in
            let what = animation.describe?() ?? "an animation"
            return animation.origin.map { "\(what), started at \($0)" } ?? what
        }
        let timers = schedule.waitingTimers
        lines += timers.map { "a \($0.context), due at \(Self.seconds(($0.due * 1000).rounded() / 1000)) s" }
        let others = loop.oneShotTimersWaiting - timers.count
        if others > 0 { lines.append(others == 1 ? "a one-shot timer" : "\(others) one-shot timers") }
        let deferred = loop.deferredCallsWaiting
        if deferred > 0 { lines.append(deferred == 1 ? "a deferred call" : "\(deferred) deferred calls") }
        return lines.isEmpty ? ["work the loop does not name"] : lines
    }

    /// Seconds as messages write them: whole ones without a fraction.
    public static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
