// MARK: - Timers

extension EventLoop {
    /// Schedules `body` to run once, `seconds` from now.
    ///
    /// ```swift
    /// loop.after(2) { _ in label.text = "Saved" }
    /// ```
    ///
    /// - Parameters:
    ///   - seconds: The delay; zero or less (or NaN) means the next step.
    ///   - body: The callback; it receives the timer.
    /// - Returns: The timer, to cancel it.
    @discardableResult
    public func after(_ seconds: Double, _ body: @escaping (LoopTimer) -> Void) -> LoopTimer {
        let id = schedule(at: Nanoseconds.sum(nowTicks, Nanoseconds.from(seconds: seconds)), body)
        return LoopTimer(loop: self, id: id, isRepeating: false)
    }

    /// Schedules `body` to run every `seconds`, first `seconds` from now.
    ///
    /// The firing times form a grid from the time of this call. A timer that falls behind (a slow
    /// callback, a stalled process) fires once, then continues at the next slot of its grid; it
    /// never fires a burst to catch up.
    ///
    /// ```swift
    /// loop.every(1) { timer in
    ///     ticks += 1
    ///     if ticks == 10 { timer.cancel() }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - seconds: The interval; must be finite and greater than zero (at least a nanosecond
    ///     is used).
    ///   - body: The callback; it receives the timer, so it can cancel it.
    /// - Returns: The timer, to cancel it; it repeats until cancelled.
    @discardableResult
    public func every(_ seconds: Double, _ body: @escaping (LoopTimer) -> Void) -> LoopTimer {
        precondition(seconds > 0 && seconds.isFinite, "every(_:_:) needs a finite interval greater than zero")
        let start = nowTicks
        let interval = max(Nanoseconds.from(seconds: seconds), 1)
        let id = timers.add(at: Nanoseconds.sum(start, interval), interval: interval, anchor: start, callback: body)
        return LoopTimer(loop: self, id: id, isRepeating: true)
    }

    /// Cancels a timer by id. Its callback is released here, after the queue's mutation has
    /// ended, because releasing it may run deinitializers that call back into the loop.
    func cancelTimer(_ id: TimerID) {
        _ = timers.cancel(id)
    }

    /// Schedules a one-shot timer at an absolute loop time in nanoseconds, clamped to now.
    func schedule(at deadline: Int64, _ body: @escaping (LoopTimer) -> Void) -> TimerID {
        timers.add(at: max(deadline, nowTicks), interval: 0, anchor: 0, callback: body)
    }
}
