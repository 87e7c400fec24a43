import LuaBridge

/// What runs in a call into a test file, as the Lua runner describes it: the entry to fail
/// if the call never comes back (its process died), and the path to start the file
/// again after.
struct TestCall: Codable, Equatable, Sendable {
    /// The entry's name: a test's full name, a block's, or the file's path.
    var name: String
    /// Where it was declared (`file:line`), or the file.
    var location: String?
    /// The path (see runner.lua) the file can start again after, or nil when it cannot go on.
    var resume: [Int]?
}

/// The runner's way into a test file's code (`call` in runner.lua): every test, hook,
/// describe body and the file's main chunk runs through it, under `xpcall` with the Lua
/// runner's message handler, and with a time limit.
///
/// A call still running at its limit is stopped where it is (see ``Watchdog``): it fails
/// with `file:line: timed out after S s`, and the file goes on with its next test. Stopped
/// code keeps failing until the state is cleared, so the first code to see the error must
/// not be Lua: the message handler here is a Swift function, which clears the interrupt and
/// then hands the error to the runner's own handler for its traceback.
final class TestCalls {
    // The state holds this object through its functions, not the other way round.
    private unowned let lua: LuaState
    private let watchdog: Watchdog?
    /// Asked for before the suite's first call into Lua, so that the outermost calls note
    /// their thread, which the watchdog's interrupt signals (no count hook watches for it).
    private let interrupter: LuaInterrupter
    private let timeout: Double
    /// `xpcall` as it was before the file ran: a test may replace the global.
    private let xpcall: LuaFunction
    /// The runner's message handlers of the calls in progress, innermost last.
    private var handlers: [LuaFunction] = []
    /// Told what runs before each call starts (a worker tells its parent).
    var onCall: ((TestCall) -> Void)?
    /// The last call that failed, and its message as the runner's handler gave it: what to
    /// report when a limit that stops the whole file (the instruction budget) ends it.
    private(set) var lastFailure: (call: TestCall?, message: String)?
    /// The entry the latest calls ran, and the seconds its calls took so far (wall time):
    /// a test's time is that of its hooks and body.
    private(set) var timed: (call: TestCall?, seconds: Double) = (nil, 0)

    /// - Parameters:
    ///   - watchdog: the thread that stops calls past their time; nil for no limit.
    ///   - timeout: seconds each call may run.
    init(lua: LuaState, watchdog: Watchdog?, timeout: Double) throws {
        self.lua = lua
        self.watchdog = timeout.isFinite && timeout > 0 ? watchdog : nil
        self.timeout = timeout
        interrupter = lua.interrupter
        xpcall = try lua.globals.get("xpcall", as: LuaFunction.self)
    }

    /// The message a call stopped at its limit fails with.
    static func timeoutMessage(_ seconds: Double) -> String {
        "timed out after \(TestCalls.seconds(seconds)) s"
    }

    /// Seconds as a person writes them: `60`, `0.5`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// The `call` function the Lua runner takes: call(what, handler, fn, ...) returns what
    /// xpcall(fn, handler, ...) returns.
    /// Stack: [-(3+n), +results, -]
    func function() -> LuaFunction {
        let handler = lua.function { [self] args -> LuaValue in handle(args[1]) }
        return lua.function { [self] args -> LuaMultiple in
            try call(args, messageHandler: handler)
        }
    }

    private func call(_ args: LuaArguments, messageHandler: LuaFunction) throws -> LuaMultiple {
        let handler = try args.get(2, as: LuaFunction.self)
        let body = args[3]
        var rest: [any LuaPushable] = []
        if args.count > 3 {
            for index in 4...args.count { rest.append(args[index]) }
        }
        let what = args[1].tableValue.map { what in
            TestCall(
                name: (try? what.get("name", as: String.self)) ?? "?",
                location: try? what.get("location", as: String?.self),
                resume: try? what.get("resume", as: [Int]?.self))
        }
        if let onCall, let what { onCall(what) }
        if timed.call != what { timed = (what, 0) }
        let started = Watchdog.now()
        defer { timed.seconds += Double(Watchdog.now() &- started) / 1e9 }
        handlers.append(handler)
        watchdog?.push(seconds: timeout, interrupter: interrupter, message: Self.timeoutMessage(timeout))
        var results: [LuaValue]
        do {
            results = try xpcall.callReturningAll(body, messageHandler, LuaMultiple(rest))
        } catch {
            // Only the limits (memory, instructions) get past xpcall.
            results = [.boolean(false), .string(LuaString(error.message))]
        }
        handlers.removeLast()
        lastFailure = results.first == .boolean(false) ? (what, Self.message(of: results.count > 1 ? results[1] : .nil)) : nil
        if let watchdog {
            // Stopped after its code was done, or its handler had no chance to clear it.
            if watchdog.pop() || lua.isInterrupted { lua.clearInterrupt() }
            watchdog.resume()
        }
        return LuaMultiple(results.map { $0 as any LuaPushable })
    }

    /// The message of an error the runner's handler describes (or of a plain one).
    private static func message(of error: LuaValue) -> String {
        if let table = error.tableValue, let message = try? table.get("message", as: String?.self) { return message }
        return error.stringValue ?? error.description
    }

    /// The message handler: lets Lua run again when the watchdog stopped this call, then
    /// asks the runner's handler. Runs no Lua before clearing, so a stopped call's first
    /// error, raised where its code was, is the one the runner reports.
    private func handle(_ error: LuaValue) -> LuaValue {
        if let watchdog, watchdog.hasFired, lua.isInterrupted {
            lua.clearInterrupt()
            watchdog.acknowledge()
        }
        guard let handler = handlers.last else { return error }
        return (try? handler.call(error, returning: LuaValue.self)) ?? error
    }
}
