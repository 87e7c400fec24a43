// MARK: - Marks

/// A point in a loop's history of scheduling, from ``EventLoop/mark()``.
public struct LoopMark: Sendable {
    /// The timers' sequence number then.
    let sequence: Int
    /// How many deferred calls had been queued then.
    let deferred: Int
}

extension EventLoop {
    /// Marks the present, so that ``cancelScheduled(since:)`` can later take back what was
    /// scheduled after it. The test runner marks the loop before each test.
    public func mark() -> LoopMark {
        LoopMark(sequence: timers.nextSequence, deferred: deferredQueued)
    }

    /// Cancels what was scheduled since `mark` and has not run: timers, deferred calls, local
    /// notifications and animations started since then. Work begun before the mark keeps
    /// going, even when it schedules again after it: a repeating timer, the next frame of an
    /// animation. The test runner calls it after each test, so that a timer a test leaves
    /// behind cannot fire in the next one.
    ///
    /// A cancelled animation gets no more frames and no completion; nothing is called. Marks
    /// nest: take back a later mark before an earlier one.
    public func cancelScheduled(since mark: LoopMark) {
        for notification in pendingLocalNotifications {
            if let timer = notification.timer, timer.serial >= mark.sequence {
                cancelLocalNotification(notification)
            }
        }
        // An animation's frames are timers made anew each frame; they go with the animation.
        var olderFrames = Set<TimerID>()
        for animation in Array(runningAnimations.values) {
            if animation.origin >= mark.sequence {
                animation.stop()
            } else if let frame = animation.frameTimer {
                olderFrames.insert(frame)
            }
        }
        for timer in timers.timers(madeSince: mark.sequence) where !olderFrames.contains(timer) {
            cancelTimer(timer)
        }
        // The queue runs first in, first out, so the calls queued since the mark are the last
        // ones still waiting. They are released after the queue's mutation.
        let waiting = deferredQueued - deferredRun
        let dropped = min(waiting, deferredQueued - mark.deferred)
        guard dropped > 0 else { return }
        let calls = Array(deferredCalls.suffix(dropped))
        deferredCalls.removeLast(dropped)
        deferredQueued -= dropped
        withExtendedLifetime(calls) {}
    }
}
