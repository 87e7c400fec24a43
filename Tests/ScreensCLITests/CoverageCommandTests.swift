import Foundation
import Testing

/// `screens test --coverage`: a project whose module is half covered gets its lines in
/// coverage/lcov.info and its percent in the summary; the specs, the runner and luassert are
/// not in them.
struct CoverageCommandTests {
    static let module = """
        -- A calculator, half of it tested.
        local calc = {}

        function calc.add(a, b)
          return a + b
        end

        function calc.half(x)
          if x > 0 then
            return x / 2
          end
          return 0
        end

        function calc.unused(x)
          local y = x * 2
          return y + 1
        end

        return calc

        """

    static let spec = """
        local calc = require("calc")
        describe("calc", function()
          it("adds", function() assert.are.equal(3, calc.add(1, 2)) end)
          it("halves", function() assert.are.equal(2, calc.half(4)) end)
        end)

        """

    func project() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screens-coverage-\(UUID())")
        for sub in ["src", "spec"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try Self.module.write(to: folder.appendingPathComponent("src/calc.lua"), atomically: true, encoding: .utf8)
        try Self.spec.write(to: folder.appendingPathComponent("spec/calc_spec.lua"), atomically: true, encoding: .utf8)
        // Two files on two workers: their lines meet in one report.
        try Self.spec.replacingOccurrences(of: "calc.add(1, 2)", with: "calc.add(2, 1)")
            .write(to: folder.appendingPathComponent("spec/more_spec.lua"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func writesLCOVAndASummaryOfTheProjectsFiles() async throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await ScreensProgram.screensDetached(["test", "--coverage", "-j", "2"], in: folder)
        #expect(result.status == 0)
        #expect(result.stdout == """
            Coverage (coverage/lcov.info):
            File            Lines      Hit   Percent
            src/calc.lua       11        8    72.73%
            Total              11        8    72.73%
            4 passed, 0 failed

            """)
        let lcov = try String(contentsOf: folder.appendingPathComponent("coverage/lcov.info"), encoding: .utf8)
        // Blank lines, comments and the `end`s are not counted; a definition counts where it
        // starts; the unused function's body is missed.
        let lines = ["2,1", "4,1", "5,1", "8,1", "9,1", "10,1", "12,0", "15,1", "16,0", "17,0", "20,1"]
        #expect(lcov == "TN:\nSF:src/calc.lua\n" + lines.map { "DA:\($0)\n" }.joined() + "LF:11\nLH:8\nend_of_record\n")
    }

    @Test func patternsChooseTheFilesAndABustedTaskTurnsItOn() async throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "return { default = { coverage = true, [\"coverage-exclude\"] = { \"calc\" } } }"
            .write(to: folder.appendingPathComponent(".busted"), atomically: true, encoding: .utf8)
        let result = try await ScreensProgram.screensDetached(["test"], in: folder)
        #expect(result.stdout.contains("Total        0        0   100.00%"))
        #expect(!result.stdout.contains("src/calc.lua"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent(".busted"))
        let included = try await ScreensProgram.screensDetached(["test", "--coverage", "--coverage-include", "^src/"], in: folder)
        #expect(included.stdout.contains("src/calc.lua       11        8    72.73%"))
        #expect(!included.stdout.contains("spec/"))
    }
}
