import Testing
@testable import LuaBridge

@MainActor
struct LuaResourceChunkTests {
    @Test func loadsUnderItsChunkNameWithTheLinesOfItsFile() throws {
        let lua = try LuaState()
        let info = try lua.load(
            """
            local chunk, source = ...
            local function lines(f)
              local list = {}
              for line in pairs(debug.getinfo(f, "L").activelines) do list[#list + 1] = line end
              table.sort(list)
              return table.concat(list, " ")
            end
            return debug.getinfo(chunk, "S").source, lines(chunk) == lines(source)
            """, name: "=test")
        let source = try lua.load(bytes: try LuaResourceFolder.luaBridge.contents(of: "prelude.lua"), name: "=luabridge")
        let results = try info.callReturningAll(try luaPrelude.load(in: lua), source)
        #expect(results == ["=luabridge", true])
    }

    @Test func aMissingFileIsAnErrorNamingItEachTime() throws {
        let lua = try LuaState()
        let missing = LuaResourceChunk("missing.lua", name: "=missing", in: .luaBridge)
        for _ in 0..<2 {
            let error = try #require(throws: LuaError.self) { try missing.load(in: lua) }
            #expect(error.kind == .file)
            #expect(error.message.contains("missing.lua"))
        }
        #expect(try lua.run("return 1 + 1", name: "=after") == [.integer(2)])
    }
}

@MainActor
struct LuaResourceChunkStatesTests {
    /// The first state compiles the text, the second and later ones load the bytecode kept
    /// then: each sees the same chunk, under the same name.
    @Test func everyStateLoadsTheSameChunk() throws {
        let chunk = LuaResourceChunk("prelude.lua", name: "=again", in: .luaBridge)
        var seen: [[LuaValue]] = []
        for _ in 0..<3 {
            let lua = try LuaState()
            let info = try lua.load(
                "local f = ... return debug.getinfo(f, 'S').source, debug.getinfo(f, 'S').lastlinedefined, type(f())",
                name: "=test")
            seen.append(try info.callReturningAll(try chunk.load(in: lua)))
        }
        #expect(seen[0] == [.string("=again"), .integer(0), .string("table")])
        #expect(seen[1] == seen[0])
        #expect(seen[2] == seen[0])
    }
}
