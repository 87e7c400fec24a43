import CLua
import LuaShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stops the Lua code running in a state from another thread: a watchdog's way to end a
/// script stuck in a loop (`while true do end`) without ending the process.
///
/// The code stops at its next instruction check with a Lua error, `file:line: <message>`,
/// which the call that ran it reports as any error; it goes on failing (a `pcall` cannot
/// catch its way past it) until ``LuaState/clearInterrupt()``. A state with an instruction
/// budget also stops code in coroutines; without one, only code on the main thread. Code
/// stuck inside a C function (a pattern that backtracks for ever) cannot be stopped in the
/// process: end the process instead.
///
/// ```swift
/// let interrupter = lua.interrupter
/// Thread.detachNewThread { sleep(60); interrupter.interrupt("test timed out after 60 s") }
/// ```
nonisolated public final class LuaInterrupter: @unchecked Sendable {
    // The state is closed on the main actor while a watchdog may be interrupting it, so the
    // handle is read and cleared under a lock (a pthread mutex at a fixed address).
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var handle: OpaquePointer?

    init(handle: OpaquePointer) {
        self.handle = handle
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Asks the running code to stop with `message`; does nothing once the state is closed.
    /// Callable from any thread.
    public func interrupt(_ message: String) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard let handle else { return }
        lsh_interruptfrom(handle, message)
    }

    /// Called as the state closes.
    func detach() {
        pthread_mutex_lock(mutex)
        handle = nil
        pthread_mutex_unlock(mutex)
    }
}

extension LuaState {
    /// Whether an interrupt is pending or in force (see ``LuaInterrupter``).
    public var isInterrupted: Bool { lsh_isinterrupted(handle) != 0 }

    /// Lets Lua code run again after an interrupt.
    public func clearInterrupt() {
        lsh_clearinterrupt(handle)
    }
}

extension LuaState {
    /// Runs `body` with `check` called about every `instructions` instructions of the Lua code
    /// it runs (on the main thread and the coroutines made meanwhile), from the count hook: a
    /// REPL server looks at the socket of the client whose chunk runs, without a thread, and
    /// stops the chunk through ``interrupter`` when the client asks or has gone. `check` must
    /// not call into Lua. The count hook is on only while `body` runs.
    ///
    /// ```swift
    /// try lua.whileChecking(every: 1_000_000, { if clientAsked() { interrupter.interrupt("interrupted") } }) {
    ///     try chunk.call()
    /// }
    /// ```
    public func whileChecking<T, E: Error>(
        every instructions: Int, _ check: @escaping () -> Void, _ body: () throws(E) -> T
    ) throws(E) -> T {
        let box = Unmanaged.passRetained(LuaCheck(check))
        lsh_setcheck(handle, { context in
            guard let context else { return }
            let check = Unmanaged<LuaCheck>.fromOpaque(context).takeUnretainedValue()
            MainActor.assumeIsolated { check.run() }
        }, box.toOpaque(), Int64(instructions))
        defer {
            lsh_setcheck(handle, nil, nil, 0)
            box.release()
        }
        return try body()
    }
}

/// The closure ``LuaState/whileChecking(every:_:_:)`` hands to the count hook.
private final class LuaCheck {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// Ctrl-C for a REPL, as `lua`'s own: a SIGINT handler that stops the Lua code of the state
/// ``target(_:)`` names (it fails with "interrupted" and where) and writes a byte to a pipe
/// the loop reads, so that the prompt hears of it too.
///
/// A signal's handler belongs to the process: one REPL at a time installs it, and
/// ``uninstall()`` puts back the action it replaced.
public enum LuaInterruptSignal {
    /// Installs the handler, which writes to `pipe` (the write end of the loop's self-pipe).
    /// - Returns: false when the handler could not be installed.
    public static func install(writingTo pipe: Int32) -> Bool {
        lsh_sigint_install(pipe) == 0
    }

    /// The state a SIGINT stops; nil for none (the signal only reaches the pipe).
    public static func target(_ lua: LuaState?) {
        lsh_sigint_target(lua?.handle)
    }

    /// Puts back the action ``install(writingTo:)`` replaced.
    public static func uninstall() {
        lsh_sigint_uninstall()
    }
}
