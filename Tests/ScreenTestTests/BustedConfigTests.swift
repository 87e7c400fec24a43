import Foundation
import Testing
@testable import ScreenTest

/// `.busted` files and how their tasks stack under the command line, as busted stacks them.
struct BustedConfigTests {
    /// Writes `source` as a `.busted` file in a new folder and reads it.
    func config(_ source: String) throws -> BustedConfig {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("busted-config-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(".busted").path
        try source.write(toFile: file, atomically: true, encoding: .utf8)
        return try BustedConfig(file: file)
    }

    static let tasks = """
        return {
          _all = { lpath = "./lib/?.lua", ["exclude-tags"] = "slow", verbose = true },
          default = { ROOT = { "spec" }, pattern = { "_spec", "_check" } },
          ci = { ROOT = "spec", tags = "db,net", verbose = false, ["keep-going"] = false, shuffle = true, seed = 7 },
        }
        """

    @Test func theDefaultTaskStandsOnAllAndANamedTaskReplacesTheDefault() throws {
        let config = try config(Self.tasks)
        let plain = try config.settings(task: nil)
        #expect(plain.roots == ["spec"])
        #expect(plain.patterns == ["_spec", "_check"])
        #expect(plain.luaPath == "./lib/?.lua")
        #expect(plain.excludeTags == ["slow"])
        #expect(plain.verbose == true)
        let ci = try config.settings(task: "ci")
        #expect(ci.patterns == nil)
        #expect(ci.tags == ["db", "net"])
        #expect(ci.verbose == false)
        #expect(ci.failFast == true)
        #expect(ci.shuffleFiles == true && ci.shuffleTests == true)
        #expect(ci.seed == 7)
    }

    @Test func theCommandLineWinsAndItsListsReplaceTheTasks() throws {
        var commandLine = TestSettings()
        commandLine.excludeTags = ["flaky"]
        commandLine.roots = ["other"]
        let settings = commandLine.over(try config(Self.tasks).settings(task: nil))
        #expect(settings.excludeTags == ["flaky"])
        #expect(settings.roots == ["other"])
        #expect(settings.luaPath == "./lib/?.lua")
        var options = TestRunner.Options(paths: ["."])
        try settings.apply(to: &options)
        #expect(options.paths == ["other"])
        #expect(options.patterns == ["_spec", "_check"])
        #expect(options.shuffleSeed == nil)
    }

    @Test func aNegativeSeedIsASeedAsBustedTakesIt() throws {
        let settings = try config("return { default = { seed = -3 } }").settings(task: nil)
        #expect(settings.seed == -3)
        var options = TestRunner.Options(paths: ["."])
        try settings.apply(to: &options)
        #expect(options.shuffleSeed == -3 && options.shuffleFiles && options.shuffleTests)
        #expect(throws: BustedConfig.Invalid.self) { try config("return { default = { seed = 1.5 } }").settings(task: nil) }
    }

    @Test func aSeedShufflesFilesAndTestsUnlessOneIsTurnedOff() throws {
        var settings = TestSettings()
        settings.seed = 42
        var options = TestRunner.Options(paths: ["."])
        try settings.apply(to: &options) { Issue.record("a seed was given"); return 0 }
        #expect(options.shuffleSeed == 42 && options.shuffleFiles && options.shuffleTests)
        settings.shuffleFiles = false
        try settings.apply(to: &options)
        #expect(options.shuffleSeed == 42 && !options.shuffleFiles && options.shuffleTests)
        var unseeded = TestSettings()
        unseeded.shuffleTests = true
        try unseeded.apply(to: &options) { 5 }
        #expect(options.shuffleSeed == 5 && !options.shuffleFiles && options.shuffleTests)
    }

    @Test func aTagBothAskedForAndExcludedIsRefused() throws {
        let task = try config(Self.tasks).settings(task: nil)
        var settings = TestSettings()
        var options = TestRunner.Options(paths: ["."])
        settings.tags = ["db"]
        try settings.over(task).apply(to: &options)
        #expect(options.tags == ["db"] && options.excludeTags == ["slow"])
        settings.tags = ["db", "slow"]
        #expect(throws: TestSettings.ConflictingTags.self) { try settings.over(task).apply(to: &options) }
    }

    @Test func hostileFilesAreErrorsOrWarningsNeverCrashes() throws {
        let sources = [
            "return setmetatable({}, { __index = function() error('no') end, __pairs = function() error('no') end })",
            "local t = {}; t.default = t; return t",
            "return { default = { seed = 0/0, ['repeat'] = math.mininteger, ROOT = { 1, {} } } }",
            "return { default = { seed = math.huge } }",
            "return { [1] = {}, [true] = 1, default = 'x', _all = { [2] = 'y' } }",
            "return nil",
            "local s = 'x' while true do s = s .. s end",
        ]
        for source in sources {
            do {
                let config = try config(source)
                _ = try? config.settings(task: nil)
                _ = config.warnings(task: nil)
            } catch let error as BustedConfig.Invalid {
                #expect(!error.description.isEmpty)
            }
        }
        let warned = try config("return { [1] = {}, default = 'x', _all = { [2] = 'y', colour = 1 } }")
        #expect(warned.warnings(task: nil).count == 4)
    }
}

extension BustedConfigTests {
    /// A task the run does not select is never judged: only `_all` and the selected one are read.
    @Test func aTaskNotSelectedIsNeverJudged() throws {
        let config = try config("""
            return {
              default = { ROOT = { "spec" } },
              integration = { ROOT = 42, tags = { {} }, ["repeat"] = "often" },
            }
            """)
        #expect(try config.settings(task: nil).roots == ["spec"])
        #expect(config.warnings(task: nil).isEmpty)
        #expect(throws: BustedConfig.Invalid.self) { try config.settings(task: "integration") }
    }

    /// busted loads `.busted` with the standard library: `require`, `os`, `io`.
    @Test func theFileHasTheStandardLibrary() throws {
        let config = try config("""
            local folder = os.getenv("HOME") and "spec" or "spec"
            assert(type(require) == "function" and type(io.open) == "function")
            return { default = { ROOT = { folder }, directory = "project", jobs = 1, coverage = true,
                                 ["coverage-include"] = "src", ["coverage-exclude"] = { "vendor" } } }
            """)
        let settings = try config.settings(task: nil)
        #expect(settings.roots == ["spec"])
        #expect(settings.directory == "project")
        #expect(settings.jobs == 1)
        #expect(settings.coverage == true)
        #expect(settings.coverageInclude == ["src"])
        #expect(settings.coverageExclude == ["vendor"])
        var options = TestRunner.Options(paths: ["."])
        try settings.apply(to: &options)
        #expect(options.jobs == 1 && options.coverage && options.coverageInclude == ["src"])
    }

    /// busted's handler names are taken; another handler is warned about and the default used.
    @Test func anOutputHandlerOfItsOwnIsWarnedAboutNotRefused() throws {
        #expect(try config("return { default = { output = \"gtest\" } }").settings(task: nil).output == .gtest)
        #expect(try config("return { default = { output = \"TAP\" } }").settings(task: nil).output == .tap)
        let custom = try config("return { default = { output = \"handlers.dots\" } }")
        #expect(try custom.settings(task: nil).output == nil)
        #expect(custom.warnings(task: nil).contains { $0.contains("`handlers.dots` is not one screens test has") })
    }
}
