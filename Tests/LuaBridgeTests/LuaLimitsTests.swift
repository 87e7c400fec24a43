import Testing
@testable import LuaBridge

@MainActor
struct LuaLimitsTests {
    @Test func anEndlessLoopStopsAtTheBudgetAndTheStateLives() throws {
        let lua = try LuaState(limits: LuaLimits(instructions: 1_000_000))
        try lua.run("function spin() while true do end end", name: "@spin.lua")
        let spin = try lua.globals.get("spin", as: LuaFunction.self)
        let error = try #require(throws: LuaError.self) { try spin.call() }
        #expect(error.kind == .instructionBudget)
        #expect(error.message == "spin.lua:1: instruction budget exhausted (1000000 instructions)")
        // The next call gets a fresh budget.
        #expect(try lua.run("local n = 0 for i = 1, 1000 do n = n + i end return n", name: "=after") == [.integer(500_500)])
        let again = try #require(throws: LuaError.self) { try spin.call() }
        #expect(again.kind == .instructionBudget)
    }

    @Test func catchingTheBudgetErrorDoesNotBuyMoreTime() throws {
        let lua = try LuaState(limits: LuaLimits(instructions: 100_000))
        let error = try #require(throws: LuaError.self) {
            try lua.run("""
                while true do
                  pcall(function() while true do end end)
                end
                """, name: "@stubborn.lua")
        }
        #expect(error.kind == .instructionBudget)
    }

    @Test func theErrorNamesWhereTheTimeWentPastAPcallOrACoroutine() throws {
        let lua = try LuaState(limits: LuaLimits(instructions: 100_000))
        let caught = try #require(throws: LuaError.self) {
            try lua.run("""
                local function spin()
                  while true do end
                end
                local ok = pcall(spin)
                return ok
                """, name: "@caught.lua")
        }
        #expect(caught.message == "caught.lua:2: instruction budget exhausted (100000 instructions)")
        let resumed = try #require(throws: LuaError.self) {
            try lua.run("""
                local co = coroutine.create(function()
                  while true do end
                end)
                coroutine.resume(co)
                return 1
                """, name: "@resumed.lua")
        }
        #expect(resumed.message == "resumed.lua:2: instruction budget exhausted (100000 instructions)")
        // Each call has its own: the next one names its own line.
        let next = try #require(throws: LuaError.self) { try lua.run("local x = 0\nwhile true do x = x + 1 end", name: "@next.lua") }
        #expect(next.message == "next.lua:2: instruction budget exhausted (100000 instructions)")
    }

    @Test func theBudgetCoversCoroutinesAndNestedCalls() throws {
        let lua = try LuaState(limits: LuaLimits(instructions: 100_000))
        lua.globals.set("callback", lua.function { args in
            try args.get(1, as: LuaFunction.self).call()
        })
        let inCoroutine = try #require(throws: LuaError.self) {
            try lua.run("coroutine.wrap(function() while true do end end)()", name: "@co.lua")
        }
        #expect(inCoroutine.kind == .instructionBudget)
        let nested = try #require(throws: LuaError.self) {
            try lua.run("callback(function() while true do end end)", name: "@nested.lua")
        }
        #expect(nested.kind == .instructionBudget)
        #expect(nested.message.contains("instruction budget exhausted"))
    }

    @Test func noBudgetMeansNoLimit() throws {
        let lua = try LuaState()
        #expect(try lua.run("local n = 0 for i = 1, 3000000 do n = n + 1 end return n", name: "=long") == [.integer(3_000_000)])
    }

    @Test func aMemoryBombGetsNotEnoughMemoryAndTheStateLives() throws {
        let lua = try LuaState(limits: LuaLimits(memory: 8 << 20))
        let error = try #require(throws: LuaError.self) {
            try lua.run("local t = {} while true do t[#t + 1] = ('x'):rep(1024) .. #t end", name: "@bomb.lua")
        }
        #expect(error.kind == .memory)
        #expect(error.message == "not enough memory")
        let big = try #require(throws: LuaError.self) { try lua.run("return ('x'):rep(64 << 20)", name: "=big") }
        #expect(big.kind == .memory)
        lua.collectGarbage()
        #expect(lua.memoryInUse < 8 << 20)
        #expect(try lua.run("return #('y'):rep(1000)", name: "=fine") == [.integer(1000)])
    }

    @Test func memoryErrorsInsideCallbacksDoNotUnwindSwift() throws {
        let lua = try LuaState(limits: LuaLimits(memory: 4 << 20))
        var returned = 0
        lua.globals.set("run", lua.function { args in
            defer { returned += 1 }
            do {
                try args.get(1, as: LuaFunction.self).call()
                return "no error"
            } catch let error as LuaError {
                return error.message
            }
        })
        let results = try lua.run("return run(function() return ('z'):rep(16 << 20) end)", name: "=cb")
        #expect(results == ["not enough memory"])
        #expect(returned == 1)
    }

    @Test func theSandboxReachesNothingOutside() throws {
        let lua = try LuaState(limits: LuaLimits(memory: 16 << 20, instructions: 1_000_000))
        let sandbox = try lua.makeSandbox()
        func attempt(_ code: String) throws -> [LuaValue] {
            try lua.run(code, name: "=plugin", environment: sandbox)
        }
        // Each way out of the sandbox, tried and refused.
        #expect(try attempt("return os.execute, io, package, debug, require, dofile, loadfile") == [.nil, .nil, .nil, .nil, .nil, .nil, .nil])
        #expect(try attempt("return pcall(function() return io.popen('echo hi') end)").first == false)
        #expect(try attempt("return package and package.loadlib") == [.nil])
        #expect(try attempt("return rawget(_G, 'debug'), _G == _ENV, load('return debug')()") == [.nil, true, .nil])
        let binary = try attempt("return load(string.dump and string.dump(print) or '\\27Lua', 'x', 'b')")
        #expect(binary.first == .nil)
        #expect(binary.last?.stringValue?.contains("attempt to load a binary chunk") == true)
        #expect(try attempt("return string.dump, getmetatable('')") == [.nil, .nil])
        // A string's methods are the host's, dump among them, but what it makes cannot be loaded.
        let dumped = try attempt("local chunk = ('').dump(function() return 1 end) return #chunk > 0, load(chunk)")
        #expect(dumped.first == true)
        #expect(dumped[1] == .nil)
        #expect(dumped.last?.stringValue?.contains("attempt to load a binary chunk") == true)
        // Sandboxed code cannot change what the host's strings or libraries do.
        _ = try attempt("string.upper = nil; math.pi = 3")
        #expect(try lua.run("return ('a'):upper(), math.pi > 3.14", name: "=host") == ["A", true])
        // What it may use works, and load inside the sandbox stays inside it.
        #expect(try attempt("return ('abc'):upper(), math.max(1, 2), load('return os and os.exit')()") == ["ABC", .integer(2), .nil])
        // Limits apply to sandboxed code too.
        #expect(throws: LuaError.self) { try attempt("while true do end") }
        #expect(throws: LuaError.self) { try attempt("return ('x'):rep(1 << 30)") }
    }
}
