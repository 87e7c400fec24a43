import Foundation
import Testing

/// `screens lua`: a plain Lua 5.4 interpreter with `lua`'s options, and under its link's name
/// the command test files get as `arg[-1]`.
struct LuaCommandTests {
    func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screens-lua-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func runsCodeAndScriptsWithTheirArgumentsAsLuaDoes() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "print(_VERSION, ..., arg[0], #arg)\nprint(arg[-1] ~= nil, arg[-2])\n"
            .write(to: folder.appendingPathComponent("show.lua"), atomically: true, encoding: .utf8)
        let script = try await ScreensProgram.screensDetached(["lua", "show.lua", "a", "b"], in: folder)
        #expect(script.status == 0)
        // `...` in the middle of a list is its first value, as Lua has it.
        #expect(script.stdout == "Lua 5.4\ta\tshow.lua\t2\ntrue\tnil\n")
        let code = try await ScreensProgram.screensDetached(["lua", "-e", "x = 6 * 7", "-e", "io.write(x)"], in: folder)
        #expect(code.stdout == "42")
        let library = try await ScreensProgram.screensDetached(["lua", "-l", "s=string", "-e", "io.write(s.rep('ab', 2))"], in: folder)
        #expect(library.stdout == "abab")
        let version = try await ScreensProgram.screensDetached(["lua", "-v"], in: folder)
        #expect(version.stdout.hasPrefix("Lua 5.4"))
    }

    @Test func hasTheWholeStandardLibraryAndLoadsBytecode() async throws {
        let code = """
            local f = load(string.dump(function() return 7 end))
            io.write(f(), " ", type(debug.getregistry()), " ", type(package.loadlib), " ", type(io.popen))
            """
        let result = try await ScreensProgram.screensDetached(["lua", "-e", code])
        #expect(result.stdout == "7 table function function")
    }

    @Test func anErrorIsPrintedWithItsTracebackAndFails() async throws {
        let result = try await ScreensProgram.screensDetached(["lua", "-e", "error('boom')"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("(command line):1: boom"))
        #expect(result.stderr.contains("stack traceback:"))
        let missing = try await ScreensProgram.screensDetached(["lua", "no-such-file.lua"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("cannot open no-such-file.lua"))
        let bad = try await ScreensProgram.screensDetached(["lua", "-x"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("unrecognized option '-x'"))
    }

    @Test func readsStandardInputWithADash() throws {
        let result = try ScreensProgram.screens(["lua", "-", "q"], input: "io.write(..., arg[0])")
        #expect(result.stdout == "q-")
    }

    /// A script's arg[-1] is one word that runs the interpreter again: a program it starts
    /// can start another.
    @Test func itsOwnInterpreterEntryRunsLua() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"local p = io.popen(arg[-1] .. [[ -e "io.write(_VERSION)"]]); io.write(p:read("a")); p:close()"#
            .write(to: folder.appendingPathComponent("nested.lua"), atomically: true, encoding: .utf8)
        let result = try await ScreensProgram.screensDetached(["lua", "nested.lua"], in: folder)
        #expect(result.stdout == "Lua 5.4")
    }
}
