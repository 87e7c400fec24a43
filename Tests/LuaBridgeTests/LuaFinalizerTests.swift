import Testing
@testable import LuaBridge

/// Finalizers (`__gc`) of scripts' objects run under the budget, at safe points.
@MainActor
struct LuaFinalizerTests {
    @Test func aFinalizerThatLoopsRunsUnderTheBudgetAndTheStateGoesOn() throws {
        let lua = try LuaState(limits: LuaLimits(instructions: 100_000))
        // It spends the budget of the call it runs in: that call ends there, naming the
        // finalizer's line, however little it had left to do.
        let error = try #require(throws: LuaError.self) {
            try lua.run("""
                setmetatable({}, { __gc = function() while true do end end })
                collectgarbage()
                return 'went on'
                """, name: "@gc.lua")
        }
        #expect(error.message == "gc.lua:1: instruction budget exhausted (100000 instructions)")
        #expect(try lua.run("return 'the next call runs'", name: "=next") == ["the next call runs"])
        // Collected outside any call too, and at close.
        try lua.run("setmetatable({}, { __gc = function() while true do end end })", name: "=later")
        lua.collectGarbage()
        try lua.run("stuck = setmetatable({}, { __gc = function() while true do end end })", name: "=kept")
        lua.close()
    }

    @Test func finalizersRunAtTheEndOfTheCallThatDroppedTheirObject() throws {
        let lua = try LuaState()
        try lua.run("""
            log = {}
            for i = 1, 3 do setmetatable({ i = i }, { __gc = function(o) log[#log + 1] = o.i end }) end
            """, name: "=drop")
        lua.collectGarbage()
        #expect(try lua.run("table.sort(log) return table.concat(log, ',')", name: "=log") == ["1,2,3"])
        // An error in one is a warning; the others run.
        try lua.run("""
            log = {}
            setmetatable({}, { __gc = function() error('broken finalizer') end })
            setmetatable({}, { __gc = function() log[#log + 1] = 'ran' end })
            collectgarbage()
            """, name: "=errors")
        #expect(try lua.run("return log[1]", name: "=log") == ["ran"])
    }

    @Test func aLongCallWithABudgetFreesWhatItsFinalizersHeldAsItGoes() throws {
        let lua = try LuaState(limits: LuaLimits(memory: 32 << 20, instructions: 1_000_000_000))
        let results = try lua.run("""
            local finalized = 0
            for i = 1, 20000 do
              setmetatable({ ('x'):rep(4096) .. i }, { __gc = function() finalized = finalized + 1 end })
            end
            return finalized > 0
            """, name: "=long")
        #expect(results == [true])
    }

    @Test func aFinalizerCanResurrectItsObjectAndMarkItAgain() throws {
        let lua = try LuaState()
        let results = try lua.run("""
            local count, saved = 0
            local meta = {}
            meta.__gc = function(o) count = count + 1 if count == 1 then saved = setmetatable(o, meta) end end
            setmetatable({}, meta)
            collectgarbage()
            local first = count
            saved = nil
            collectgarbage()
            collectgarbage()
            return first, count
            """, name: "=again")
        #expect(results == [.integer(1), .integer(2)])
    }

    @Test func aLongFinalizerOrHookFunctionKeepsItsStackWhileScriptsHaveHooks() throws {
        let lua = try LuaState()
        let results = try lua.run("""
            debug.sethook(function() end, 'c') debug.sethook()
            local fromFinalizer, fromHook
            local function work() local a, b = 1, 2 for i = 1, 5000 do a = a + 1 end return a + b end
            setmetatable({}, { __gc = function() fromFinalizer = work() end })
            collectgarbage()
            debug.sethook(function() debug.sethook() fromHook = work() end, 'l')
            local _ = 1
            return fromFinalizer, fromHook
            """, name: "=long")
        #expect(results == [.integer(5003), .integer(5003)])
    }

    @Test func aFinalizerCallingTheHostAtCloseGetsAnError() throws {
        let lua = try LuaState()
        var calls = 0
        lua.globals.set("host", lua.function { _ in calls += 1 })
        try lua.run("kept = setmetatable({}, { __gc = function() host() end })", name: "=close")
        lua.close()
        #expect(calls == 0)
    }
}
