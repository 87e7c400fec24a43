import Testing
@testable import LuaBridge

@MainActor
struct LuaResourceFolderTests {
    @Test func findsAFileInTheTargetsResourceFolder() throws {
        let path = try LuaResourceFolder.luaBridge.path(of: "prelude.lua")
        #expect(path.hasSuffix("/Lua/prelude.lua"))
        #expect(try LuaResourceFolder.luaBridge.contents(of: "prelude.lua").count > 1000)
    }

    @Test func aMissingFileOrFolderIsAnErrorNamingTheFile() throws {
        let file = try #require(throws: LuaError.self) { try LuaResourceFolder.luaBridge.path(of: "missing.lua") }
        #expect(file.kind == .file)
        #expect(file.message.contains("missing.lua"))
        let folder = try #require(throws: LuaError.self) {
            try LuaResourceFolder(bundle: "LuaScreens_Missing").contents(of: "prelude.lua")
        }
        #expect(folder.kind == .file)
        #expect(folder.message.contains("prelude.lua"))
    }
}
