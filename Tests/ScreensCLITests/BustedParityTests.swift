import Foundation
import Testing

/// `screens test` in every busted project under Tests/busted: its closing line is the one in
/// the folder's `expected` file, which busted's counts give (Tests/busted/compare checks
/// that against busted itself where it is installed). The arguments are the words of the
/// folder's `args` file, when it has one.
struct BustedParityTests {
    static let folder = ScreensProgram.root.appendingPathComponent("Tests/busted")

    static var cases: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted()
    }

    @Test func thereAreCases() {
        #expect(Self.cases.count >= 8)
    }

    @Test(arguments: cases)
    func countsAsBustedCounts(_ name: String) async throws {
        let dir = Self.folder.appendingPathComponent(name)
        let expected = try String(contentsOf: dir.appendingPathComponent("expected"), encoding: .utf8)
            .split(separator: "\n").first.map(String.init) ?? ""
        let argumentsFile = dir.appendingPathComponent("args")
        let arguments = (try? String(contentsOf: argumentsFile, encoding: .utf8))?
            .split(whereSeparator: \.isWhitespace).map(String.init) ?? []
        let result = try await ScreensProgram.screensDetached(["test"] + arguments, in: dir)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.last.map(String.init) == expected, "\(name): \(result.stdout)")
    }
}

extension BustedParityTests {
    /// Without luassert on Lua's path, every file fails with one message that says what to
    /// install.
    @Test func withoutLuassertEveryFileFailsSayingWhatToInstall() async throws {
        let dir = Self.folder.appendingPathComponent("order")
        let result = try await ScreensProgram.screensDetached(
            ["test"], in: dir, environment: ["LUA_PATH_5_4": "./?.lua", "LUA_PATH": "./?.lua"])
        #expect(result.status == 1)
        #expect(result.stdout == """
            FAIL  spec/order_spec.lua  (spec/order_spec.lua)
                  the test runner needs luassert and say, which are not installed: install the packages \
            lua-luassert and lua-say, or run `luarocks install luassert`
            0 passed, 1 failed

            """)
    }
}
