import Testing
import CLua
@testable import LuaBridge

/// Counts deinitializations, to prove that Swift cleanup ran.
@MainActor
final class DeinitCounter {
    nonisolated(unsafe) static var deinits = 0
    deinit { DeinitCounter.deinits += 1 }
}

struct PlainSwiftError: Error, CustomStringConvertible {
    var description: String { "the disk is full" }
}

@MainActor
struct LuaFunctionTests {
    /// Functions of both lifetimes behave the same when called; only their release differs.
    nonisolated static let lifetimes: [LuaFunctionLifetime] = [.collected, .state]

    @Test(arguments: LuaFunctionTests.lifetimes)
    func swiftClosuresAreLuaFunctions(lifetime: LuaFunctionLifetime) throws {
        let lua = try LuaState()
        lua.globals.set("add", lua.function(lifetime: lifetime) { args in try args.get(1, as: Int.self) + args.get(2, as: Int.self) })
        lua.globals.set("pair", lua.function(lifetime: lifetime) { _ in LuaMultiple(1, "two") })
        lua.globals.set("nothing", lua.function(lifetime: lifetime) { _ in })
        let results = try lua.run("return add(2, 3), select('#', nothing()), pair()", name: "=f")
        #expect(results == [.integer(5), .integer(0), .integer(1), "two"])
    }

    @Test func luaFunctionsAreCallableFromSwift() throws {
        let lua = try LuaState()
        try lua.run("function greet(name, times) return ('hi ' .. name):rep(times, ' ') end", name: "=f")
        let greet = try lua.globals.get("greet", as: LuaFunction.self)
        #expect(try greet.call("ann", 2, returning: String.self) == "hi ann hi ann")
        #expect(try greet.callReturningAll("bo", 1) == ["hi bo"])
        let error = try #require(throws: LuaError.self) { try greet.call(returning: String.self) }
        #expect(error.kind == .runtime)
        #expect(error.message.contains("attempt to concatenate a nil value (local 'name')"))
        let conversion = try #require(throws: LuaError.self) { try greet.call("x", 1, returning: Int.self) }
        #expect(conversion.kind == .conversion)
        #expect(conversion.message == "bad result from Lua function (number expected, got string)")
    }

    @Test(arguments: LuaFunctionTests.lifetimes)
    func swiftErrorsBecomeLuaErrorsThatPcallCatches(lifetime: LuaFunctionLifetime) throws {
        let lua = try LuaState()
        lua.globals.set("fail", lua.function(lifetime: lifetime) { _ -> Void in throw PlainSwiftError() })
        lua.globals.set("push", lua.function(lifetime: lifetime) { args in try args.get(1, as: [Int].self) })
        let results = try lua.run("""
            local ok1, e1 = pcall(fail)
            local function caller() return push(nil) end
            local ok2, e2 = pcall(caller)
            local ok3, e3 = pcall(function() fail() end)
            return ok1, e1, ok2, e2, ok3, e3
            """, name: "@errors.lua")
        #expect(results[0] == false)
        // Called directly by pcall there is no Lua caller, so no position.
        #expect(results[1] == "the disk is full")
        #expect(results[2] == false)
        #expect(results[3] == "errors.lua:2: bad argument #1 to 'push' (table expected, got nil)")
        #expect(results[5] == "errors.lua:4: the disk is full")
    }

    @Test(arguments: LuaFunctionTests.lifetimes)
    func argumentErrorsOfMethodsCountFromTheColon(lifetime: LuaFunctionLifetime) throws {
        let lua = try LuaState()
        let object = lua.globals
        object.set("take", lua.function(lifetime: lifetime) { args in try args.get(2, as: Int.self) })
        let error = try #require(throws: LuaError.self) { try lua.run("local t = _G\nt:take('x')", name: "@m.lua") }
        #expect(error.message == "m.lua:2: bad argument #1 to 'take' (number expected, got string)")
    }

    @Test(arguments: LuaFunctionTests.lifetimes)
    func uncaughtSwiftErrorsReachSwiftWithTraceback(lifetime: LuaFunctionLifetime) throws {
        let lua = try LuaState()
        lua.globals.set("fail", lua.function(lifetime: lifetime) { _ -> Void in throw PlainSwiftError() })
        let error = try #require(throws: LuaError.self) {
            try lua.run("local function step() fail() end\nstep()", name: "@trace.lua")
        }
        #expect(error.message == "trace.lua:1: the disk is full")
        #expect(error.traceback == """
            stack traceback:
            \t[C]: in function 'fail'
            \ttrace.lua:1: in local 'step'
            \ttrace.lua:2: in main chunk
            """)
    }

    @Test(arguments: LuaFunctionTests.lifetimes)
    func aLuaErrorNeverUnwindsASwiftFrame(lifetime: LuaFunctionLifetime) throws {
        // The Swift function holds an object and runs a defer while raising through the
        // trampoline, and calls back into Lua that raises: both clean-ups must run.
        let lua = try LuaState()
        let height = lua_gettop(lua.handle)
        var defers = 0
        DeinitCounter.deinits = 0
        lua.globals.set("raise", lua.function(lifetime: lifetime) { args -> Void in
            let held = DeinitCounter()
            defer { defers += 1; withExtendedLifetime(held) {} }
            let callback = try args.get(1, as: LuaFunction.self)
            try callback.call()   // rethrows the Lua error as a LuaError
        })
        for _ in 0..<1000 {
            let results = try lua.run("return pcall(raise, function() error('inner') end)", name: "@u.lua")
            #expect(results[0] == false)
            #expect(results[1] == "u.lua:1: inner")
        }
        #expect(defers == 1000)
        #expect(DeinitCounter.deinits == 1000)
        #expect(lua_gettop(lua.handle) == height)
    }

    @Test(arguments: LuaFunctionTests.lifetimes)
    func nestedCallsRunOnTheCallingCoroutine(lifetime: LuaFunctionLifetime) throws {
        let lua = try LuaState()
        lua.globals.set("each", lua.function(lifetime: lifetime) { args -> Void in
            let list = try args.get(1, as: [Int].self)
            let body = try args.get(2, as: LuaFunction.self)
            for item in list { try body.call(item) }
        })
        let results = try lua.run("""
            local seen = {}
            local co = coroutine.wrap(function()
              each({1, 2, 3}, function(x) seen[#seen + 1] = x * 10 end)
              return coroutine.running()
            end)
            local thread = co()
            return seen[1], seen[3], type(thread)
            """, name: "=co")
        #expect(results == [.integer(10), .integer(30), "thread"])
    }

    @Test(arguments: LuaFunctionTests.lifetimes)
    func yieldingAcrossASwiftFunctionIsAnErrorNotACrash(lifetime: LuaFunctionLifetime) throws {
        let lua = try LuaState()
        lua.globals.set("call", lua.function(lifetime: lifetime) { args in
            try args.get(1, as: LuaFunction.self).call()
        })
        let results = try lua.run("""
            local co = coroutine.create(function() call(function() coroutine.yield(1) end) end)
            return coroutine.resume(co)
            """, name: "=y")
        #expect(results[0] == false)
        #expect(results[1].stringValue?.contains("attempt to yield across a C-call boundary") == true)
    }

    @Test(arguments: LuaFunctionTests.lifetimes)
    func manyResultsGrowTheStack(lifetime: LuaFunctionLifetime) throws {
        let lua = try LuaState()
        lua.globals.set("many", lua.function(lifetime: lifetime) { _ in LuaMultiple((1...500).map { $0 as any LuaPushable }) })
        #expect(try lua.run("return select('#', many()), select(500, many())", name: "=m") == [.integer(500), .integer(500)])
    }

    @Test func aCollectedFunctionIsReleasedOnceNothingReachesIt() throws {
        let lua = try LuaState()
        DeinitCounter.deinits = 0
        do {
            let held = DeinitCounter()
            lua.globals.set("f", lua.function { _ in withExtendedLifetime(held) { 1 } })
        }
        #expect(try lua.run("return f()", name: "=f") == [.integer(1)])
        try lua.run("f = nil", name: "=f")
        lua.collectGarbage()
        #expect(DeinitCounter.deinits == 1)
    }

    @Test func aStateFunctionLivesUntilTheStateCloses() throws {
        let lua = try LuaState()
        DeinitCounter.deinits = 0
        do {
            let held = DeinitCounter()
            lua.globals.set("f", lua.function(lifetime: .state) { _ in withExtendedLifetime(held) { 1 } })
        }
        try lua.run("g = f; f = nil", name: "=f")
        #expect(try lua.run("return g()", name: "=f") == [.integer(1)])
        try lua.run("g = nil", name: "=f")
        lua.collectGarbage()
        #expect(DeinitCounter.deinits == 0)
        lua.close()
        #expect(DeinitCounter.deinits == 1)
    }

    @Test func stateFunctionsKeepTheirLifetimeBeyondTheCheapOnes() throws {
        // A state has room for 1024 light functions; the rest are closures it keeps.
        let lua = try LuaState()
        DeinitCounter.deinits = 0
        let count = 1500
        do {
            let functions = lua.newTable()
            for i in 1...count {
                let held = DeinitCounter()
                functions.set(i, lua.function(lifetime: .state) { _ in withExtendedLifetime(held) { i * 2 } })
            }
            lua.globals.set("functions", functions)
        }
        let results = try lua.run("""
            local sum, distinct = 0, {}
            for i, f in ipairs(functions) do
              assert(f() == i * 2, "function " .. i .. " runs another's body")
              sum, distinct[f] = sum + f(), true
            end
            local n = 0
            for _ in pairs(distinct) do n = n + 1 end
            functions = nil
            return sum, n
            """, name: "=many")
        #expect(results == [.integer(Int64(count * (count + 1))), .integer(Int64(count))])
        lua.collectGarbage()
        #expect(DeinitCounter.deinits == 0)
        lua.close()
        #expect(DeinitCounter.deinits == count)
    }

    @Test func eachStateCallsItsOwnStateFunctions() throws {
        // The light functions are shared code; what they run is looked up per state.
        let first = try LuaState(), second = try LuaState()
        first.globals.set("who", first.function(lifetime: .state) { _ in "first" })
        second.globals.set("who", second.function(lifetime: .state) { _ in "second" })
        second.globals.set("other", second.function(lifetime: .state) { _ in "other" })
        for _ in 0..<3 {
            #expect(try first.run("return who()", name: "=a") == ["first"])
            #expect(try second.run("return who(), other()", name: "=b") == ["second", "other"])
        }
        #expect(try first.run("return coroutine.wrap(function() return who() end)()", name: "=c") == ["first"])
    }

    @Test func aFunctionSaysWhichArgumentsItCanSee() throws {
        let lua = try LuaState()
        lua.globals.set("swift", lua.function { _ in })
        let functions = try lua.run(
            "return function(a, b) end, function(a, ...) end, print, swift", name: "=p")
        let (two, varargs, c, swift) = (
            try #require(functions[0].functionValue), try #require(functions[1].functionValue),
            try #require(functions[2].functionValue), try #require(functions[3].functionValue))
        #expect(two.takesArgument(at: 2) && !two.takesArgument(at: 3))
        #expect(varargs.takesArgument(at: 5))
        #expect(c.takesArgument(at: 3) && swift.takesArgument(at: 3))
        #expect(lua_gettop(lua.handle) == 1)
    }
}
