import Testing
@testable import LuaBridge

/// The instruction budget and the hooks scripts set with `debug.sethook`, on one hook.
@MainActor
struct LuaHookTests {
    func budgeted(_ instructions: Int = 100_000) throws -> LuaState {
        try LuaState(limits: LuaLimits(instructions: instructions))
    }

    @Test func removingTheScriptsHookKeepsTheBudget() throws {
        let lua = try budgeted()
        let error = try #require(throws: LuaError.self) {
            try lua.run("debug.sethook() while true do end", name: "@unhook.lua")
        }
        #expect(error.kind == .instructionBudget)
        // A hook of its own does not replace the budget either, on this thread or another.
        let hooked = try #require(throws: LuaError.self) {
            try lua.run("debug.sethook(function() end, 'l') while true do end", name: "@hooked.lua")
        }
        #expect(hooked.kind == .instructionBudget)
        let other = try #require(throws: LuaError.self) {
            try lua.run("""
                local co = coroutine.create(function() while true do end end)
                debug.sethook(co, function() end, 'c', 5)
                debug.sethook(co)
                local _, message = coroutine.resume(co)
                error(message)
                """, name: "@other.lua")
        }
        #expect(other.kind == .instructionBudget)
    }

    @Test func aHookFunctionThatLoopsRunsUnderTheBudget() throws {
        let lua = try budgeted()
        let error = try #require(throws: LuaError.self) {
            try lua.run("debug.sethook(function() while true do end end, 'l')\nlocal a = 1", name: "@loop.lua")
        }
        #expect(error.kind == .instructionBudget)
        #expect(error.message.contains("instruction budget exhausted"))
        // The script's hook stays set, as Lua keeps it: every call now ends the same way,
        // and none hangs.
        let again = try #require(throws: LuaError.self) { try lua.run("return 1 + 1", name: "=after") }
        #expect(again.kind == .instructionBudget)
    }

    @Test func gethookReturnsTheScriptsHookNotTheHosts() throws {
        let lua = try budgeted(10_000_000)
        let results = try lua.run("""
            local before = debug.gethook()
            local function hook() end
            debug.sethook(hook, 'cr', 7)
            local f, mask, count = debug.gethook()
            debug.sethook()
            return before, f == hook, mask, count, debug.gethook()
            """, name: "=get")
        #expect(results == [.nil, true, "cr", .integer(7), .nil])
    }

    @Test func scriptHooksFireAsLuaDocumentsWithABudget() throws {
        let lua = try budgeted(10_000_000)
        let results = try lua.run("""
            local events = {}
            local function f() return 1 end
            debug.sethook(function(event, line)
              if debug.getinfo(2, 'f').func == f then events[#events + 1] = event .. (line and (':' .. line) or '') end
            end, 'crl')
            f()
            debug.sethook()
            return table.concat(events, ' ')
            """, name: "@events.lua")
        #expect(results == ["call line:2 return"])
        let counted = try lua.run("""
            local counts = 0
            debug.sethook(function(e) counts = counts + 1 end, '', 1000)
            for i = 1, 100000 do end
            debug.sethook()
            return counts
            """, name: "=count")
        let counts = try #require(counted.first?.integerValue)
        #expect((100...300).contains(counts))
    }

    @Test func anInterruptStopsACoroutineWithAScriptHookAndABudget() throws {
        let lua = try budgeted(1_000_000_000)
        let interrupter = lua.interrupter
        lua.globals.set("watchdog", lua.function { _ in interrupter.interrupt("stopped by the watchdog") })
        let error = try #require(throws: LuaError.self) {
            try lua.run("""
                debug.sethook(function() end, 'c')
                local co = coroutine.wrap(function() watchdog() while true do end end)
                co()
                """, name: "@co.lua")
        }
        #expect(error.message.contains("co.lua:2: stopped by the watchdog"))
        lua.clearInterrupt()
        #expect(try lua.run("debug.sethook() return 3", name: "=after") == [.integer(3)])
    }
}
