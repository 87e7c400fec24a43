import Foundation
import LuaBridge

/// A thread that stops Lua code running past its time: each call the runner makes into a
/// test file is armed with a deadline, and code still running at the deadline is stopped
/// through the state's ``LuaInterrupter`` (it fails with `file:line: <message>` where it was).
///
/// Arms nest (a describe body runs inside the file's main chunk): each call has its own
/// deadline, and the thread watches the innermost one. An arm fires at most once.
///
/// Stopped code raises its error within a thousand instructions, and the runner's message
/// handler then ``acknowledge()``s it. Code that keeps the thread busy without doing so is
/// stuck in a C function (a pattern that backtracks for ever), which nothing in the process
/// can stop: `onStuck` is called then, on the watchdog's thread. Busy is measured in the
/// thread's CPU time, which a loaded machine does not stretch as it does the wall clock.
///
/// ```swift
/// let watchdog = Watchdog()
/// watchdog.push(seconds: 60, interrupter: lua.interrupter, message: "timed out after 60 s")
/// try body.call()
/// if watchdog.pop() { lua.clearInterrupt() }   // it fired: let Lua run again
/// watchdog.resume()                            // watch the enclosing call's deadline again
/// ```
nonisolated final class Watchdog: @unchecked Sendable {
    private struct Arm {
        var deadline: UInt64
        var interrupter: LuaInterrupter
        var message: String
        var fired = false
        /// The watched thread's CPU time when the arm fired.
        var firedAt: UInt64?
        /// The stopped code reached the runner, or was said to be stuck.
        var settled = false
    }

    /// CPU time (nanoseconds) stopped code may take without reaching the runner before it
    /// is called stuck: far more than the thousand instructions it needs.
    let stuckTime: UInt64

    /// The CPU seconds stopped code may take by default before it is stuck, here and in a
    /// process whose limit is a timer's (``AlarmWatchdog``).
    static let defaultStuckTime = 0.05
    private let onStuck: (@Sendable () -> Void)?
    private let onFire: (@Sendable () -> Void)?
    /// The CPU clock of the thread that made the watchdog, which is the one the code runs on.
    private let cpuClock: clockid_t?

    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var arms: [Arm] = []
    private var paused = false
    private var started = false
    private var stopped = false
    /// When the thread looks at the arms again by itself; nil while it waits to be woken.
    /// Arming and disarming wake it only when it would otherwise look too late: a call
    /// costs no thread switch.
    private var wakesAt: UInt64?

    /// Makes a watchdog for the code running on the calling thread.
    /// - Parameters:
    ///   - onStuck: called (on the watchdog's thread) when stopped code is stuck where it
    ///     cannot be stopped; nil to leave such code running.
    ///   - stuckTime: the CPU time that tells stuck code, 50 ms by default.
    ///   - onFire: called (on the watchdog's thread) when a deadline passes, before the code
    ///     is stopped.
    init(
        onStuck: (@Sendable () -> Void)? = nil, stuckTime: Double = Watchdog.defaultStuckTime, onFire: (@Sendable () -> Void)? = nil
    ) {
        self.onStuck = onStuck
        self.onFire = onFire
        // Room for the few arms calls nest to: a worker makes its watchdog before it forks
        // (``TestRunner/warmUp()``), and no fork then grows the array.
        arms.reserveCapacity(4)
        self.stuckTime = Self.nanoseconds(stuckTime)
        cpuClock = onStuck == nil ? nil : Self.currentThreadCPUClock()
    }

    /// Arms a deadline `seconds` from now for the code about to run; a non-positive or
    /// non-finite limit never fires.
    func push(seconds: Double, interrupter: LuaInterrupter, message: String) {
        let deadline = seconds.isFinite && seconds > 0
            ? Self.now() &+ Self.nanoseconds(seconds) : UInt64.max
        condition.lock()
        arms.append(Arm(deadline: deadline, interrupter: interrupter, message: message))
        paused = false
        startIfNeeded()
        wakeIfLate(for: deadline)
        condition.unlock()
    }

    /// Disarms the innermost deadline and pauses until ``resume()``, so that the caller can
    /// clear an interrupt this arm caused without clearing one of the enclosing arm's.
    /// - Returns: whether it fired, which leaves the state interrupted until cleared.
    func pop() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        paused = true
        return arms.popLast()?.fired ?? false
    }

    /// Watches the enclosing call's deadline again (which may have passed meanwhile).
    func resume() {
        condition.lock()
        paused = false
        if let arm = arms.last, !arm.fired { wakeIfLate(for: arm.deadline) }
        condition.unlock()
    }

    /// Whether the innermost deadline has fired.
    var hasFired: Bool {
        condition.lock()
        defer { condition.unlock() }
        return arms.last?.fired ?? false
    }

    /// Says that the code the innermost arm stopped has reached the runner.
    func acknowledge() {
        condition.lock()
        if !arms.isEmpty { arms[arms.count - 1].settled = true }
        condition.unlock()
    }

    /// Ends the thread (which keeps the watchdog alive until then).
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    // MARK: - The thread

    /// Wakes the thread if it would look at the arms after `deadline`. Called locked.
    private func wakeIfLate(for deadline: UInt64) {
        guard deadline != .max else { return }
        if wakesAt.map({ $0 > deadline }) ?? true { condition.signal() }
    }

    /// Waits until woken, or until `time` (monotonic) at the latest. Called locked.
    private func wait(until time: UInt64?) {
        wakesAt = time
        if let time {
            let now = Self.now()
            // The condition waits on the wall clock; the deadline is monotonic.
            if time > now { _ = condition.wait(until: Date(timeIntervalSinceNow: Double(time - now) / 1e9)) }
        } else {
            condition.wait()
        }
        wakesAt = nil
    }

    private func startIfNeeded() {
        guard !started else { return }
        started = true
        // A thread of the system's, not Foundation's `Thread`, which costs a worker's fork
        // several times as much to start. It holds the watchdog until `stop()`.
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let made = pthread_create(&thread, nil, { context in
            let watchdog = Unmanaged<Watchdog>.fromOpaque(context!).takeRetainedValue()
            watchdog.watch()
            return nil
        }, context)
        if made == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Watchdog>.fromOpaque(context).release()
        }
    }

    private func watch() {
        condition.lock()
        defer { condition.unlock() }
        while !stopped {
            guard !paused, let arm = arms.last, arm.deadline != .max else {
                wait(until: nil)
                continue
            }
            if !arm.fired {
                if Self.now() >= arm.deadline {
                    if let onFire {
                        condition.unlock()
                        onFire()
                        condition.lock()
                        // The arms may have changed meanwhile: look again.
                        guard !paused, arms.last.map({ !$0.fired && $0.deadline == arm.deadline }) ?? false else { continue }
                    }
                    arms[arms.count - 1].fired = true
                    arms[arms.count - 1].firedAt = cpuTime()
                    arm.interrupter.interrupt(arm.message)
                } else {
                    wait(until: arm.deadline)
                }
                continue
            }
            guard let onStuck, !arm.settled, let firedAt = arm.firedAt, let used = cpuTime() else {
                wait(until: nil)
                continue
            }
            if used &- firedAt >= stuckTime {
                arms[arms.count - 1].settled = true
                condition.unlock()
                onStuck()
                condition.lock()
            } else {
                wait(until: Self.now() &+ 10_000_000)
            }
        }
    }

    /// The watched thread's CPU time in nanoseconds, where the system can tell it.
    private func cpuTime() -> UInt64? {
        guard let cpuClock else { return nil }
        var spec = timespec()
        guard clock_gettime(cpuClock, &spec) == 0 else { return nil }
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    private static func currentThreadCPUClock() -> clockid_t? {
        #if os(Linux)
        var clock = clockid_t()
        return pthread_getcpuclockid(pthread_self(), &clock) == 0 ? clock : nil
        #else
        return nil
        #endif
    }

    /// `seconds` in nanoseconds, for adding to ``now()``: 0 for a negative number or NaN, and
    /// at most 10^9 s (some 31 years), so that no limit a user gives overflows the count.
    static func nanoseconds(_ seconds: Double) -> UInt64 {
        seconds > 0 ? UInt64(min(seconds, 1e9) * 1e9) : 0
    }

    /// Monotonic nanoseconds.
    static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}
