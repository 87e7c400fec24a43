import LuaBridge
import WorkerShim

/// What stops a test's calls at their time limit (see ``TestCalls``): ``Watchdog``, a thread,
/// or, in a process that runs one file and ends, ``AlarmWatchdog``, a timer's signal.
///
/// Calls nest: each ``push(seconds:message:)`` is ended by a ``pop()``, after which the
/// enclosing call is watched again from ``resume()``. Only the innermost call is watched.
protocol CallWatchdog: AnyObject {
    /// A call starts: stopped with `message` if it still runs `seconds` from now (never for
    /// a non-positive or non-finite limit).
    func push(seconds: Double, message: String)
    /// The innermost call ended: whether it was stopped, which leaves the state interrupted
    /// until cleared.
    func pop() -> Bool
    /// Watches the enclosing call's deadline again (which may have passed meanwhile).
    func resume()
    /// Whether the innermost call was stopped.
    var hasFired: Bool { get }
    /// The innermost call, stopped, reached the runner: it is not stuck.
    func acknowledge()
}

extension Watchdog {
    /// The watchdog as it stops the calls of the state `interrupter` interrupts.
    func watching(_ interrupter: LuaInterrupter) -> CallWatchdog {
        WatchdogOfState(watchdog: self, interrupter: interrupter)
    }
}

private final class WatchdogOfState: CallWatchdog {
    let watchdog: Watchdog
    let interrupter: LuaInterrupter

    init(watchdog: Watchdog, interrupter: LuaInterrupter) {
        self.watchdog = watchdog
        self.interrupter = interrupter
    }

    func push(seconds: Double, message: String) {
        watchdog.push(seconds: seconds, interrupter: interrupter, message: message)
    }

    func pop() -> Bool { watchdog.pop() }
    func resume() { watchdog.resume() }
    var hasFired: Bool { watchdog.hasFired }
    func acknowledge() { watchdog.acknowledge() }
}

#if os(Linux)
/// The time limit of the calls of a process that runs one file and ends (a worker's fork,
/// or the worker for its last file), kept by a timer's signal rather than a thread, which
/// would cost such a process a tenth of its run (see WorkerShim's Alarm.c).
///
/// The timer is set once, for the first call's deadline, and again only when it expires
/// before the call running then is due; at the deadline the signal's handler writes what
/// the worker's channel gathered (``WorkerChannel/watchTimeLimit(stuck:stuckTime:)``),
/// stops the Lua code where it is, and tells the parent if it is stuck in a C function.
/// There is one per process: it is the process's timer and signal handler.
final class AlarmWatchdog: CallWatchdog {
    private let handle: OpaquePointer

    /// Watches the calls into `lua`'s code.
    init(lua: LuaState) {
        handle = lua.handle
    }

    isolated deinit {
        wsh_alarmstop()
    }

    func push(seconds: Double, message: String) {
        let deadline = seconds.isFinite && seconds > 0 ? Watchdog.now() &+ Watchdog.nanoseconds(seconds) : UInt64.max
        _ = message.withCString { wsh_alarmpush(deadline, handle, $0) }
    }

    func pop() -> Bool { wsh_alarmpop() != 0 }
    func resume() { wsh_alarmresume() }
    var hasFired: Bool { wsh_alarmfired() != 0 }
    func acknowledge() { wsh_alarmacknowledge() }
}
#endif
