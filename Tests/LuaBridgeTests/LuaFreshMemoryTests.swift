import Testing
@testable import LuaBridge

/// A state that switched to fresh memory (what a test worker's fork does) goes on as before:
/// the blocks it had are read, grown and dropped, new ones of every size come and go, and
/// its memory cap holds.
@MainActor
struct LuaFreshMemoryTests {
    @Test func everythingMadeBeforeAndAfterTheSwitchLives() throws {
        let lua = try LuaState()
        try lua.run("""
            old = {}
            for i = 1, 2000 do old[i] = string.rep("o", i % 300) .. i end
            grown = { 1, 2, 3 }
            """, name: "=before")
        #expect(lua.useFreshMemory())
        let result = try lua.run("""
            -- Old blocks grown (copied) and old ones left, new ones of every size made and dropped.
            for i = 4, 5000 do grown[i] = i end
            old[1] = nil
            local kept = {}
            for round = 1, 20 do
              local t = {}
              for i = 1, 500 do t[i] = { i, tostring(i), string.rep("n", (i * round) % 2000) } end
              kept[round % 3] = t
              collectgarbage()
            end
            -- A block big enough to give its pages back when dropped, then its size again.
            local big = string.rep("b", 1 << 20)
            big = nil
            collectgarbage()
            local again = string.rep("c", 1 << 20)
            local sum = 0
            for i = 2, 2000 do sum = sum + #old[i] end
            return sum, #grown, grown[5000], #again, kept[1][500][2]
            """, name: "=after")
        var expected = 0
        for i in 2...2000 { expected += i % 300 + String(i).count }
        #expect(result == [.integer(Int64(expected)), .integer(5000), .integer(5000), .integer(1 << 20), .string("500")])
        lua.close()
    }

    @Test func theMemoryCapHoldsAfterTheSwitch() throws {
        let lua = try LuaState(limits: LuaLimits(memory: 8 << 20))
        #expect(lua.useFreshMemory())
        let error = try #require(throws: LuaError.self) {
            try lua.run("local t = {} for i = 1, 1e7 do t[i] = string.rep('x', 64) .. i end", name: "=grow")
        }
        #expect(error.kind == .memory)
        // The state goes on.
        #expect(try lua.run("return 1 + 1", name: "=next") == [.integer(2)])
    }
}
