import Foundation
import Testing
import CLua
import LuaShim
@testable import LuaBridge

@MainActor
struct LuaStateTests {
    @Test func runsAChunkAndReturnsItsResults() throws {
        let lua = try LuaState()
        let results = try lua.run("return 1, 2.5, 'three', nil, true", name: "=chunk")
        #expect(results == [.integer(1), .number(2.5), "three", .nil, true])
    }

    @Test func opensOnlyTheChosenLibraries() throws {
        let lua = try LuaState(libraries: [.string])
        let results = try lua.run("return type(string), type(io), type(os), type(debug), type(print)", name: "=libs")
        #expect(results == ["table", "nil", "nil", "nil", "function"])
        let all = try LuaState(libraries: .all)
        #expect(try all.run("return type(io), type(debug)", name: "=libs") == ["table", "table"])
    }

    @Test func loadErrorsAreSyntaxErrorsWithThePosition() throws {
        let lua = try LuaState()
        let error = try #require(throws: LuaError.self) { try lua.load("x = = 1", name: "@broken.lua") }
        #expect(error.kind == .syntax)
        #expect(error.message == "broken.lua:1: unexpected symbol near '='")
        #expect(error.location == LuaSourceLocation(chunk: "broken.lua", line: 1))
        #expect(error.traceback == nil)
    }

    @Test func runErrorsAreRuntimeErrorsWithPositionAndTraceback() throws {
        let lua = try LuaState()
        let code = """
        local function inner() error("boom") end
        local function outer() inner() end
        outer()
        """
        let error = try #require(throws: LuaError.self) { try lua.run(code, name: "@app/main.lua") }
        #expect(error.kind == .runtime)
        #expect(error.message == "app/main.lua:1: boom")
        #expect(error.reason == "boom")
        #expect(error.location == LuaSourceLocation(chunk: "app/main.lua", line: 1))
        let traceback = try #require(error.traceback)
        #expect(traceback.hasPrefix("stack traceback:"))
        #expect(traceback.contains("app/main.lua:1: in "))
        #expect(traceback.contains("app/main.lua:2: in "))
        #expect(traceback.contains("app/main.lua:3: in main chunk"))
        #expect(error.description == error.message + "\n" + traceback)
    }

    @Test func nonStringErrorObjectsAreDescribed() throws {
        let lua = try LuaState()
        let table = try #require(throws: LuaError.self) { try lua.run("error({})", name: "=t") }
        #expect(table.message == "(error object is a table value)")
        let described = try #require(throws: LuaError.self) {
            try lua.run("error(setmetatable({}, { __tostring = function() return 'custom' end }))", name: "=t")
        }
        #expect(described.message == "custom")
        let number = try #require(throws: LuaError.self) { try lua.run("error(42)", name: "=t") }
        #expect(number.message == "42")
    }

    @Test func loadsFilesWithTheirPathAsChunkName() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("luabridge-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("script.lua").path
        try "#!/usr/bin/env lua\nlocal x = 1\nerror('line three')\n".write(toFile: path, atomically: true, encoding: .utf8)
        let lua = try LuaState()
        let error = try #require(throws: LuaError.self) { try lua.run(file: path) }
        // Lua shortens long chunk names in messages (LUA_IDSIZE), keeping the end.
        #expect(error.message.hasSuffix("/script.lua:3: line three"))
        #expect(error.location?.line == 3)

        let missing = try #require(throws: LuaError.self) { try lua.run(file: directory.appendingPathComponent("nope.lua").path) }
        #expect(missing.kind == .file)
        #expect(missing.message.hasPrefix("cannot open "))
        #expect(missing.message.hasSuffix("nope.lua: No such file or directory"))
    }

    @Test func aByteOrderMarkAtTheStartOfAFileIsSkipped() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("luabridge-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let plain = directory.appendingPathComponent("bom.lua").path
        try Data([0xEF, 0xBB, 0xBF] + Array("local x = 2\nreturn x * 21\n".utf8)).write(to: URL(fileURLWithPath: plain))
        let shebang = directory.appendingPathComponent("shebang.lua").path
        try Data([0xEF, 0xBB, 0xBF] + Array("#!/usr/bin/env lua\nerror('line two')\n".utf8)).write(to: URL(fileURLWithPath: shebang))
        let lua = try LuaState()
        #expect(try lua.run(file: plain) == [.integer(42)])
        let error = try #require(throws: LuaError.self) { try lua.run(file: shebang) }
        #expect(error.message.hasSuffix("shebang.lua:2: line two"))
    }

    @Test func swiftMayLoadBinaryChunksScriptsMayNot() throws {
        let lua = try LuaState()
        let dump = try #require(try lua.run("return string.dump(function() return 7 end)", name: "=dump").first)
        guard case .string(let bytes) = dump else { Issue.record("no dump"); return }
        let chunk = String(decoding: bytes.bytes, as: UTF8.self)
        #expect(throws: LuaError.self) { try lua.load(chunk, name: "=bin") }
        lua.globals.set("dump", dump)
        let refused = try lua.run("return load(dump)", name: "=script")
        #expect(refused.first == .nil)
        #expect(refused.last?.stringValue?.contains("attempt to load a binary chunk") == true)
        let binary = try lua.load(bytes: bytes.bytes, name: "=bin", mode: .binary, environment: nil)
        #expect(try binary.callReturningAll() == [.integer(7)])
    }

    @Test func warningsAreSwitchedPerState() throws {
        let first = try LuaState()
        let second = try LuaState()
        try first.run("warn('@off')", name: "=off")
        #expect(lsh_warningson(first.handle) == 0)
        #expect(lsh_warningson(second.handle) == 1)
        try first.run("warn('@on')", name: "=on")
        #expect(lsh_warningson(first.handle) == 1)
    }

    @Test func globalsReadAndWrite() throws {
        let lua = try LuaState()
        lua.globals["answer"] = LuaValue.integer(42)
        #expect(try lua.run("return answer + 0", name: "=g") == [.integer(42)])
        try lua.run("greeting = 'hi'", name: "=g")
        #expect(try lua.globals.get("greeting", as: String.self) == "hi")
    }

    @Test func refusesBinaryChunksInTextMode() throws {
        let lua = try LuaState()
        let results = try lua.run("return load(string.dump(function() return 1 end), 'bin', 't')", name: "=d")
        #expect(results.first == .nil)
        #expect(results.last?.stringValue?.contains("attempt to load a binary chunk") == true)
    }

    @Test func stateSurvivesErrorsAndKeepsItsStackBalanced() throws {
        let lua = try LuaState()
        let height = lua_gettop(lua.handle)
        for _ in 0..<100 {
            _ = try? lua.run("error('x')", name: "=loop")
            _ = try? lua.load("(", name: "=loop")
        }
        #expect(lua_gettop(lua.handle) == height)
        #expect(try lua.run("return 1", name: "=after") == [.integer(1)])
    }
}
