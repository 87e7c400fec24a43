import Foundation
import LuaBridge
import Testing
@testable import ScreenTest

/// The thread that stops Lua code past its deadline.
@MainActor
struct WatchdogTests {
    @Test func stopsCodeRunningPastItsDeadlineWhereItIs() throws {
        let lua = try LuaState()
        let watchdog = Watchdog()
        defer { watchdog.stop() }
        watchdog.push(seconds: 0.02, interrupter: lua.interrupter, message: "timed out")
        #expect(throws: LuaError.self) { try lua.run("local n = 0\nwhile true do n = n + 1 end", name: "=spin") }
        do {
            try lua.run("while true do end", name: "=again")
        } catch {
            #expect(error.message == "again:1: timed out")
        }
        #expect(watchdog.pop())
        lua.clearInterrupt()
        watchdog.resume()
        #expect(try lua.run("return 6 * 7", name: "=after").first == .integer(42))
    }

    @Test func watchesTheInnermostDeadlineThenTheOneOutsideIt() throws {
        let lua = try LuaState()
        let watchdog = Watchdog()
        defer { watchdog.stop() }
        watchdog.push(seconds: 60, interrupter: lua.interrupter, message: "outer")
        watchdog.push(seconds: 0.02, interrupter: lua.interrupter, message: "inner")
        #expect(throws: LuaError.self) { try lua.run("while true do end", name: "=spin") }
        #expect(watchdog.pop())
        lua.clearInterrupt()
        watchdog.resume()
        #expect(try lua.run("return 1", name: "=after").first == .integer(1))
        #expect(!watchdog.pop())
        #expect(!lua.isInterrupted)
    }

    @Test func aDeadlineDisarmedInTimeNeverFires() throws {
        let lua = try LuaState()
        let watchdog = Watchdog()
        defer { watchdog.stop() }
        watchdog.push(seconds: 0.05, interrupter: lua.interrupter, message: "never")
        #expect(!watchdog.pop())
        watchdog.resume()
        // Past the deadline it had: nothing fired, and code runs on.
        usleep(100_000)
        #expect(!lua.isInterrupted)
        #expect(try lua.run("local n = 0 for i = 1, 1e5 do n = n + i end return n", name: "=sum").first == .integer(5000050000))
    }
}

/// Code that keeps its thread busy after its deadline without reaching the runner is stuck
/// where it cannot be stopped; the watchdog says so, measuring CPU time.
@MainActor
struct WatchdogStuckTests {
    nonisolated final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }

    /// Keeps this thread busy (as C code stuck in a pattern would) until `flag` is set or
    /// `seconds` of wall time went by.
    func spin(until flag: Flag, seconds: Double) {
        let end = Watchdog.now() + UInt64(seconds * 1e9)
        var sum = 0
        while !flag.isSet && Watchdog.now() < end { sum &+= 1 }
        withExtendedLifetime(sum) {}
    }

    @Test func busyCodeThatNeverReachesTheRunnerIsStuck() throws {
        #if os(Linux)
        let lua = try LuaState()
        let stuck = Flag()
        let watchdog = Watchdog(onStuck: { stuck.set() }, stuckTime: 0.01)
        defer { watchdog.stop() }
        watchdog.push(seconds: 0.01, interrupter: lua.interrupter, message: "timed out")
        spin(until: stuck, seconds: 2)
        #expect(stuck.isSet)
        #expect(watchdog.pop())
        lua.clearInterrupt()
        #endif
    }

    @Test func stoppedCodeThatReachedTheRunnerIsNotStuck() throws {
        let lua = try LuaState()
        let stuck = Flag()
        let watchdog = Watchdog(onStuck: { stuck.set() }, stuckTime: 0.01)
        defer { watchdog.stop() }
        watchdog.push(seconds: 0.01, interrupter: lua.interrupter, message: "timed out")
        #expect(throws: LuaError.self) { try lua.run("while true do end", name: "=spin") }
        watchdog.acknowledge()
        lua.clearInterrupt()
        spin(until: stuck, seconds: Double(watchdog.stuckTime) / 1e9 * 3)
        #expect(!stuck.isSet)
        _ = watchdog.pop()
    }
}

/// What the parent says when it ends a silent worker.
@MainActor
struct WorkerTimeoutMessageTests {
    @Test func aWorkerSilentInACallIsBlamedOnTheCallsTimeLimit() {
        #expect(WorkerPool.timeoutMessage(2, inCall: true) == "timed out after 2 s where it could not be stopped "
            + "(in a C function, such as a pattern that backtracks for ever); its worker process was ended")
    }

    /// Outside a call (a finalizer that spins as the file's state closes) the parent waits
    /// longer than the time limit, and no C function is to blame.
    @Test func aWorkerSilentOutsideTheFilesTestsSaysWhereAndHowLong() {
        #expect(WorkerPool.timeoutMessage(2, inCall: false) == "the file went on past its tests for more than 12 s "
            + "(loading it, or a finalizer (__gc) as its state closed, that does not end); its worker process was ended")
    }
}
