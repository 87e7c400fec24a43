import Foundation
import Testing
@testable import LuaBridge

/// The CPU time limit (``LuaLimits/cpuSeconds``): it sees the time C functions take, which
/// the instruction budget counts as one instruction each.
@MainActor
struct LuaCPULimitTests {
    /// Makes `big`, a million numbers: sorting them takes tens of milliseconds of C each time,
    /// one instruction for the budget. Made in a call of its own, outside the limit tested.
    private func stateWithBigTable(_ limits: LuaLimits) throws -> LuaState {
        let lua = try LuaState(limits: LuaLimits(memory: limits.memory, instructions: limits.instructions))
        try lua.run("big = {} for i = 1, 1000000 do big[i] = math.random() end table.sort(big)", name: "=setup")
        lua.limits = limits
        return lua
    }

    @Test func aLoopOfLongCCallsIsStoppedNamingItsLine() throws {
        let lua = try stateWithBigTable(LuaLimits(cpuSeconds: 0.3))
        let error = try #require(throws: LuaError.self) {
            try lua.run("""
                local big = big
                while true do
                  table.sort(big)
                end
                """, name: "@sort.lua")
        }
        #expect(error.kind == .cpuTimeLimit)
        #expect(error.message == "sort.lua:3: CPU time limit exceeded (0.3 s)")
    }

    @Test func aCoroutineRunningTheLoopIsStoppedAtOnceAndSoIsItsResumer() throws {
        // With a budget the count hook fires every thousand instructions: a loop of five
        // instructions reaches it after 200 sorts, some seconds. The limit stops it within
        // a few sorts of its time.
        let lua = try stateWithBigTable(LuaLimits(instructions: 1_000_000_000_000, cpuSeconds: 0.3))
        let wrapped = try #require(throws: LuaError.self) {
            try lua.run("""
                sorts = 0
                local big, sort = big, table.sort
                coroutine.wrap(function()
                  while true do sort(big) sorts = sorts + 1 end
                end)()
                return 'went on'
                """, name: "@wrapped.lua")
        }
        #expect(wrapped.kind == .cpuTimeLimit)
        #expect(wrapped.message == "wrapped.lua:4: CPU time limit exceeded (0.3 s)")
        #expect(try lua.globals.get("sorts", as: Int.self) < 50)

        let resumed = try #require(throws: LuaError.self) {
            try lua.run("""
                sorts = 0
                local big, sort = big, table.sort
                local co = coroutine.create(function()
                  while true do sort(big) sorts = sorts + 1 end
                end)
                while true do
                  coroutine.resume(co)
                  sort(big)
                end
                """, name: "@resumed.lua")
        }
        #expect(resumed.kind == .cpuTimeLimit)
        #expect(resumed.message == "resumed.lua:4: CPU time limit exceeded (0.3 s)")
        #expect(try lua.globals.get("sorts", as: Int.self) < 50)
    }

    @Test func catchingTheErrorBuysNoTime() throws {
        let lua = try stateWithBigTable(LuaLimits(cpuSeconds: 0.3))
        let error = try #require(throws: LuaError.self) {
            try lua.run("""
                local big = big
                while true do
                  pcall(function()
                    while true do table.sort(big) end
                  end)
                  pcall(error, "and again")
                end
                """, name: "@stubborn.lua")
        }
        #expect(error.kind == .cpuTimeLimit)
        #expect(error.message == "stubborn.lua:4: CPU time limit exceeded (0.3 s)")
    }

    @Test func theNextCallStartsAfreshAndCallsUnderTheLimitAreUntouched() throws {
        let lua = try stateWithBigTable(LuaLimits(cpuSeconds: 0.3))
        try lua.run("function spin() while true do table.sort(big) end end", name: "@spin.lua")
        let spin = try lua.globals.get("spin", as: LuaFunction.self)
        #expect(throws: LuaError.self) { try spin.call() }
        #expect(try lua.run("return 6 * 7", name: "=next") == [.integer(42)])
        // Calls that each stay under the limit, and together go far past it.
        let sortOnce = try lua.load("local t = {} for i = 1, 10000 do t[i] = -i end table.sort(t) return t[1]", name: "=once")
        for _ in 0..<300 {
            #expect(try sortOnce.call(returning: Int.self) == -10000)
        }
        let again = try #require(throws: LuaError.self) { try spin.call() }
        #expect(again.message == "spin.lua:1: CPU time limit exceeded (0.3 s)")
    }

    @Test func aLuaLoopIsStoppedWithTheInstructionBudgetOff() throws {
        let lua = try LuaState(limits: LuaLimits(cpuSeconds: 0.2))
        let error = try #require(throws: LuaError.self) {
            try lua.run("local n = 0\nwhile true do n = n + 1 end", name: "@spin.lua")
        }
        #expect(error.kind == .cpuTimeLimit)
        #expect(error.message == "spin.lua:2: CPU time limit exceeded (0.2 s)")
        // Whole seconds read as they were given.
        lua.limits.cpuSeconds = 1
        let whole = try #require(throws: LuaError.self) { try lua.run("while true do end", name: "@whole.lua") }
        #expect(whole.message == "whole.lua:1: CPU time limit exceeded (1 s)")
    }

    @Test func theInstructionBudgetStillRunsOutFirstWhenItIsSmaller() throws {
        let lua = try LuaState(limits: LuaLimits(instructions: 100_000, cpuSeconds: 60))
        let error = try #require(throws: LuaError.self) { try lua.run("while true do end", name: "@spin.lua") }
        #expect(error.kind == .instructionBudget)
        #expect(error.message == "spin.lua:1: instruction budget exhausted (100000 instructions)")
    }

    @Test func theLimitCanBeLiftedAndSetAgain() throws {
        let lua = try LuaState(limits: LuaLimits(cpuSeconds: 0.2))
        lua.limits.cpuSeconds = nil
        #expect(try lua.run("local t = os.clock() while os.clock() - t < 0.4 do end return 'done'", name: "=lifted") == ["done"])
        lua.limits.cpuSeconds = 0.2
        #expect(throws: LuaError.self) { try lua.run("while true do end", name: "=again") }
    }
}

/// Counts the Swift objects a closing state released.
@MainActor
private final class ReleaseCounter {
    static var released = 0
    deinit { MainActor.assumeIsolated { ReleaseCounter.released += 1 } }
}

/// The finalizers run while a state closes share one budget.
@MainActor
struct LuaClosingBudgetTests {
    @Test(arguments: [
        LuaLimits(instructions: 1_000_000),
        LuaLimits(cpuSeconds: 0.2),
    ])
    func aThousandLoopingFinalizersShareOneBudgetAtClose(limits: LuaLimits) throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("finalizers-\(UUID()).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let lua = try LuaState(limits: limits)
        ReleaseCounter.released = 0
        do {
            let counter = ReleaseCounter()
            lua.globals.set("swift", lua.function { _ in withExtendedLifetime(counter) {} })
        }
        try lua.load("""
            local path = ...
            kept = {}
            for i = 1, 1000 do
              kept[i] = setmetatable({ swift = swift }, { __gc = function()
                local f = io.open(path, "a") f:write("ran\\n") f:close()
                while true do end
              end })
            end
            swift = nil
            """, name: "=finalizers").call(log.path)
        lua.close()
        // The first one spent the closing's budget; the others were skipped, and what they
        // held was released all the same.
        #expect(try String(contentsOf: log, encoding: .utf8) == "ran\n")
        #expect(ReleaseCounter.released == 1)
    }

    /// The same outside any call, while the state lives: the finalizers a collection made
    /// due run in one pass under one budget, so a thousand that loop cannot hold the host
    /// for a thousand budgets. The pass after it has a budget of its own again.
    @Test(arguments: [
        LuaLimits(instructions: 1_000_000),
        LuaLimits(cpuSeconds: 0.2),
    ])
    func aThousandLoopingFinalizersShareOneBudgetInAPass(limits: LuaLimits) throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("finalizers-\(UUID()).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let lua = try LuaState(limits: limits)
        defer { lua.close() }
        // Made with the collector stopped, so that none is finalized before the pass.
        let make = try lua.load("""
            local path, count = ...
            collectgarbage("stop")
            kept = {}
            for i = 1, count do
              kept[i] = setmetatable({}, { __gc = function()
                local f = io.open(path, "a") f:write("ran\\n") f:close()
                while true do end
              end })
            end
            """, name: "=finalizers")
        let drop = try lua.load("kept = nil collectgarbage('restart')", name: "=drop")
        try make.call(log.path, 1000)
        try drop.call()
        lua.collectGarbage()
        #expect(try String(contentsOf: log, encoding: .utf8) == "ran\n")
        try make.call(log.path, 1)
        try drop.call()
        lua.collectGarbage()
        #expect(try String(contentsOf: log, encoding: .utf8) == "ran\nran\n")
        #expect(try lua.run("return 1 + 1", name: "=after").first == .integer(2))
    }
}
