import EventLoop
import LuaBridge
import ScreenScript

/// What a test file's host records while its tests run: the errors scripts raised in
/// callbacks, which would otherwise only be printed.
final class TestSession {
    struct Report {
        var context: String
        var error: LuaError
        /// Its place among every report of the session, from 0.
        var serial: Int
    }

    private(set) var reports: [Report] = []
    /// How many reports were recorded so far, taken or not.
    private(set) var recorded = 0
    /// The test file's folder ("" for the current one), where `test.launch` also looks for apps.
    var fileFolder = ""
    /// Whether a test (its body and its hooks) is running.
    private(set) var isInTest = false
    /// What to undo when the running test ends (the apps it launched).
    private var testCleanups: [() -> Void] = []

    /// Records an error, its traceback trimmed to the test's code.
    func record(_ error: LuaError, context: String) {
        var error = error
        error.traceback = TestTraceback.trimmed(error.traceback)
        reports.append(Report(context: context, error: error, serial: recorded))
        recorded += 1
    }

    /// Takes the reports recorded so far.
    func takeReports() -> [Report] {
        defer { reports = [] }
        return reports
    }

    /// Takes the reports recorded since the one numbered `serial`.
    func takeReports(from serial: Int) -> [Report] {
        let taken = reports.filter { $0.serial >= serial }
        reports.removeAll { $0.serial >= serial }
        return taken
    }

    /// Runs `cleanup` when the running test ends; false (and nothing kept) outside a test.
    func atEndOfTest(_ cleanup: @escaping () -> Void) -> Bool {
        guard isInTest else { return false }
        testCleanups.append(cleanup)
        return true
    }

    /// Ends what the app launched last left running (see `PilotLauncher`).
    var launchEnding: (() -> Void)?

    /// Ends the app launched last: the animations and timers it left running are cancelled.
    func endLaunch() {
        let ending = launchEnding
        launchEnding = nil
        ending?()
    }

    func beginTest() {
        isInTest = true
    }

    func endTest() {
        isInTest = false
        let cleanups = testCleanups
        testCleanups = []
        for cleanup in cleanups.reversed() { cleanup() }
    }
}

/// `test`: what test files add to the API, on the file's virtual clock.
///
/// ```lua
/// loop.after(2, function() fired = true end)
/// test.advance(2)              -- runs the timers, deferred calls and animations due
/// test.stall(5)                -- moves the clock without running anything (a busy loop)
/// assert.is_true(fired)
/// local reported = test.errors()   -- errors raised in callbacks, taken so the test passes
/// ```
///
/// An error a callback raises during a test and the test does not take with
/// `test.errors()` fails that test.
enum TestModule {
    static func module(session: TestSession) -> ScriptModule {
        ScriptModule(name: "test") { host in
            let lua = host.lua
            let loop = host.loop
            let table = lua.newTable()
            table.set("advance", lua.function(lifetime: .state) { [unowned loop] args -> Void in
                let seconds = try args.get(1, as: Double.self)
                guard seconds.isFinite, seconds >= 0 else {
                    throw args.error(1, "non-negative number of seconds expected, got \(LuaValue.number(seconds))")
                }
                loop.advance(by: seconds)
            })
            table.set("stall", lua.function(lifetime: .state) { [unowned loop] args -> Void in
                let seconds = try args.get(1, as: Double.self)
                guard seconds.isFinite, seconds >= 0 else {
                    throw args.error(1, "non-negative number of seconds expected, got \(LuaValue.number(seconds))")
                }
                loop.stall(for: seconds)
            })
            table.set("now", lua.function(lifetime: .state) { [unowned loop] _ in loop.now })
            table.set("errors", lua.function(lifetime: .state) { [unowned session] _ in
                session.takeReports().map(\.luaRecord)
            })
            table.set("classes", lua.function(lifetime: .state) { [weak host] _ in
                host.map(TestClasses.records) ?? []
            })
            PilotBindings.install(in: table, host: host, session: session)
            return .table(table)
        }
    }

    /// The runner's host hooks, around each test and outside the file's own: what the test's
    /// scripts scheduled on the loop and left waiting is cancelled when it ends, so that it
    /// cannot run in the next test; and reported errors the test did not take fail it, and
    /// are listed with its result (`errors`) whatever else failed it.
    static func hooks(session: TestSession, host: ScriptHost, in lua: LuaState) -> LuaTable {
        let hooks = lua.newTable()
        hooks.set("before_each", lua.function { [unowned host, unowned session] _ -> Void in
            host.schedule.begin()
            session.beginTest()
        })
        hooks.set("after_each", lua.function { [unowned session, unowned host] args -> Void in
            host.schedule.end()
            session.endTest()
            let reports = session.takeReports()
            guard !reports.isEmpty, let record = args[1].tableValue else { return }
            record.set("errors", reports.map(\.luaRecord))
            guard (try? record.get("status", as: String.self)) != "failed" else { return }
            let failure = args.state.newTable()
            failure.set("message", untakenMessage(count: reports.count))
            failure.set("location", try? record.get("location", as: String?.self))
            record.set("status", "failed")
            record.set("reason", LuaValue.nil)
            record.set("failure", failure)
        })
        return hooks
    }

    /// Why a test that raised nothing itself failed.
    static func untakenMessage(count: Int) -> String {
        let errors = count == 1 ? "1 script error" : "\(count) script errors"
        return "\(errors) raised during the test and not taken with test.errors()"
    }
}

extension TestSession.Report {
    /// `{ context =, message =, traceback = }`, as `test.errors()` gives it.
    var luaRecord: [String: LuaValue] {
        ["context": .string(LuaString(context)),
         "message": .string(LuaString(error.message)),
         "traceback": error.traceback.map { .string(LuaString($0)) } ?? .nil]
    }
}
