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
/// A call still running at its limit is stopped where it is (see ``CallWatchdog``): it fails
/// with `file:line: timed out after S s`, and the file goes on with its next test. Stopped
/// code keeps failing until the state is cleared, so the first code to see the error must
/// not be Lua: the message handler here is a Swift function, which clears the interrupt and
/// then hands the error to the runner's own handler for its traceback.
final class TestCalls {
    // The state holds this object through its functions, not the other way round.
    private unowned let lua: LuaState
    private let watchdog: CallWatchdog?
    private let timeout: Double
    /// What a call stopped at its limit fails with.
    private let timeoutMessage: String
    /// The runner's message handlers of the calls in progress, innermost last, each with
    /// the call's depth (``LuaArguments/callDepth``).
    private var handlers: [(LuaFunction, Int32)] = []
    /// The last call's entry and the table it was read from (kept, so that a table seen
    /// again is the same one), and its handler: the same, test after test.
    private var lastEntry: (table: LuaTable, call: TestCall)?
    private var lastHandler: LuaFunction?
    /// Told what runs before each call starts (a worker tells its parent).
    var onCall: ((TestCall) -> Void)?
    /// The last call that failed, and its message as the runner's handler gave it: what to
    /// report when a limit that stops the whole file (the instruction budget) ends it.
    private(set) var lastFailure: (call: TestCall?, message: String)?
    /// The entry the latest calls ran, and the seconds its calls took so far (wall time):
    /// a test's time is that of its hooks and body.
    private(set) var timed: (call: TestCall?, seconds: Double) = (nil, 0)

    /// - Parameters:
    ///   - watchdog: what stops calls past their time; nil for no limit.
    ///   - timeout: seconds each call may run.
    init(lua: LuaState, watchdog: CallWatchdog?, timeout: Double) {
        self.lua = lua
        self.watchdog = timeout.isFinite && timeout > 0 ? watchdog : nil
        self.timeout = timeout
        timeoutMessage = Self.timeoutMessage(timeout)
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
    /// xpcall(fn, h, ...) returns, where h calls handler(err, last) (see runner.lua).
    ///
    /// A raw body: the arguments stay on the stack and the call is made there, and `what`
    /// and `handler`, the same tables and functions test after test, are read only when
    /// they change.
    /// Stack: [-(3+n), +results, -]
    func function() -> LuaFunction {
        let messageHandler = lua.function(raw: { [self] args in try handle(args) })
        return lua.function(raw: { [self] args in try call(args, messageHandler: messageHandler) })
    }

    private func call(_ args: LuaArguments, messageHandler: LuaFunction) throws -> Int32 {
        guard args.count >= 3 else { throw args.error(3, "value expected") }
        let handler: LuaFunction
        if let last = lastHandler, args.isSame(2, as: last) {
            handler = last
        } else {
            handler = try args.get(2, as: LuaFunction.self)
            lastHandler = handler
        }
        let what: TestCall?
        if let last = lastEntry, args.isSame(1, as: last.table) {
            what = last.call
        } else if let table = args[1].tableValue {
            let call = TestCall(
                name: (try? table.get("name", as: String.self)) ?? "?",
                location: try? table.get("location", as: String?.self),
                resume: try? table.get("resume", as: [Int]?.self))
            lastEntry = (table, call)
            what = call
        } else {
            what = nil
        }
        if let onCall, let what { onCall(what) }
        if timed.call != what { timed = (what, 0) }
        let started = Watchdog.now()
        defer { timed.seconds += Double(Watchdog.now() &- started) / 1e9 }
        handlers.append((handler, args.callDepth))
        watchdog?.push(seconds: timeout, message: timeoutMessage)
        let count = args.xpcall(at: 3, handler: messageHandler)
        handlers.removeLast()
        if let watchdog {
            // Stopped after its code was done, or its handler had no chance to clear it.
            if watchdog.pop() || lua.isInterrupted { lua.clearInterrupt() }
            watchdog.resume()
        }
        // No room on the stack for the call, which did not happen.
        if count == 0 { throw LuaError(kind: .runtime, message: "stack overflow") }
        lastFailure = args[3] == .boolean(false) ? (what, Self.message(of: args[4])) : nil
        return count
    }

    /// The message of an error the runner's handler describes (or of a plain one).
    private static func message(of error: LuaValue) -> String {
        if let table = error.tableValue, let message = try? table.get("message", as: String?.self) { return message }
        return error.stringValue ?? error.description
    }

    /// The message handler: lets Lua run again when the watchdog stopped this call, then
    /// asks the runner's handler, telling it how deep the call's frames go. Runs no Lua
    /// before clearing, so a stopped call's first error, raised where its code was, is the
    /// one the runner reports.
    private func handle(_ args: LuaArguments) throws -> Int32 {
        if let watchdog, watchdog.hasFired, lua.isInterrupted {
            lua.clearInterrupt()
            watchdog.acknowledge()
        }
        let error = args[1]
        guard let (handler, depth) = handlers.last else { return args.stack.push(error) }
        // Levels as the handler numbers them: itself at 1, this function at 2, then the
        // frames between this one and the call's, which this one's depth counts past it.
        let last = args.callDepth - depth + 1
        let described = (try? handler.call(error, Int(last), returning: LuaValue.self)) ?? error
        return args.stack.push(described)
    }
}
