import Testing
@testable import LuaBridge

/// Room on the stack for Swift functions a script calls with its stack nearly full.
@MainActor
struct LuaStackTests {
    @Test func aSwiftFunctionCalledWithTheStackNearlyFullFailsWithStackOverflow() throws {
        let lua = try LuaState()
        // Pushes more values than Lua promises a C function (LUA_MINSTACK, 20).
        lua.globals.set("many", lua.function { _ in LuaMultiple(Array(repeating: 1, count: 100)) })
        lua.globals.set("callback", lua.function { args in
            try args.get(1, as: LuaFunction.self).call(1, 2, 3, 4, 5, 6, 7, 8)
        })
        // Frames of 190 slots fill Lua's stack (10^6 slots) in a few thousand calls; frames
        // of a few slots then go to each depth just below its limit.
        let results = try lua.run("""
            local names = {}
            for i = 1, 190 do names[i] = 'v' .. i end
            local big = load('local big big = function(n, probe) local ' .. table.concat(names, ', ')
              .. ' if n == 0 then return probe() end local r = big(n - 1, probe) return r end return big')()
            local function small(n, f)
              if n == 0 then return select('#', f()) end
              local r = small(n - 1, f)
              return r
            end
            local lo, hi = 1, 8192
            while lo < hi do
              local mid = (lo + hi + 1) // 2
              if pcall(big, mid, function() return 1 end) then lo = mid else hi = mid - 1 end
            end
            local failures, successes = {}, 0
            for depth = lo - 2, lo do
              big(depth, function()
                for n = 0, 120 do
                  for _, f in ipairs{ many, function() return callback(function(...) return ... end) end } do
                    local ok, message = pcall(small, n, f)
                    if ok then successes = successes + 1 else failures[message:match('stack overflow') or message] = true end
                  end
                end
              end)
            end
            local kinds = {}
            for kind in pairs(failures) do kinds[#kinds + 1] = kind end
            return successes > 0, table.concat(kinds, '|')
            """, name: "@deep.lua")
        #expect(results == [true, "stack overflow"])
        #expect(try lua.run("return select('#', many())", name: "=after") == [.integer(100)])
    }

    @Test func aTypeErrorNamesAValueByItsMetatablesNameOnlyWhenThatIsAString() throws {
        let lua = try LuaState()
        lua.globals.set("half", lua.function { args in try args.get(1, as: Double.self) / 2 })
        let results = try lua.run("""
            local messages = {}
            for _, name in ipairs{ 5, true, {}, "Card" } do
              local ok, message = pcall(half, setmetatable({}, { __name = name }))
              messages[#messages + 1] = message
            end
            return table.concat(messages, "|")
            """, name: "=names")
        // A __name that is not a string is no name (and reading it leaves the stack as it was).
        #expect(results == [.string(LuaString([
            "bad argument #1 to 'half' (number expected, got table)",
            "bad argument #1 to 'half' (number expected, got table)",
            "bad argument #1 to 'half' (number expected, got table)",
            "bad argument #1 to 'half' (number expected, got Card)",
        ].joined(separator: "|")))])
    }
}
