import Foundation
import Testing
@testable import ScreenTest

/// The runner in-process, on the fixtures in Tests/lua/fixtures, whose first lines state the
/// expected counts.
@MainActor
struct TestRunnerTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    func fixture(_ name: String) -> String { TestRunnerTests.root + "/Tests/lua/fixtures/" + name }

    func run(_ paths: [String], filter: String? = nil) throws -> (TestSummary, [TestResult], [String]) {
        var lines: [String] = []
        let runner = TestRunner(options: .init(paths: paths, filters: filter.map { [$0] } ?? []))
        runner.output = { lines.append($0) }
        let (summary, results) = try runner.run()
        return (summary, results, lines)
    }

    /// The `-- expect: ...` line at the top of a fixture.
    func expected(_ name: String, label: String = "expect") throws -> String {
        let text = try String(contentsOfFile: fixture(name), encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("-- \(label): ") })
        return String(line.dropFirst("-- \(label): ".count))
    }

    @Test(arguments: [
        "counting.lua", "all_pass.lua", "file_error.lua", "filtered.lua", "unclaimed_error.lua",
        "hostile_pending.lua",
    ])
    func countsFollowBusted(fixture name: String) throws {
        let (summary, results, lines) = try run([fixture(name)])
        #expect(summary.line == (try expected(name)))
        #expect(lines.last == summary.line)
        #expect(results.count == summary.passed + summary.failed + summary.skipped)
    }

    /// A file that does not compile: one failed entry named after it. The fixture is kept as
    /// text (every `.lua` file of the repository parses) and copied to a `.lua` name here.
    @Test func aFileThatDoesNotLoadCountsAsBustedCountsIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("syntax-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/syntax_error.lua"
        try FileManager.default.copyItem(atPath: fixture("syntax_error.lua.txt"), toPath: file)
        let (summary, results, lines) = try run([file])
        #expect(summary.line == (try expected("syntax_error.lua.txt")))
        #expect(lines.last == summary.line)
        #expect(results.map(\.status) == [.failed])
    }

    /// The runner's compiled chunks are kept for the whole process, and loaded as bytecode by
    /// each file's state; a test file handing over bytes of its own must not reach the files
    /// after it.
    @Test func aTestFileCannotHandTheRunnerBytecodeForTheFilesAfterIt() throws {
        let (summary, results, _) = try run([fixture("chunk_poison.lua"), fixture("all_pass.lua")])
        #expect(results.filter { $0.status == .failed }.map(\.name) == [])
        #expect(summary.line == "4 passed, 0 failed")
    }

    @Test func filtersByFullName() throws {
        let (fast, _, _) = try run([fixture("filtered.lua")], filter: "fast")
        #expect(fast.line == (try expected("filtered.lua", label: "expect with filter \"fast\"")))
    }

    /// The options table `runner.new` gets: each selection option reaches the file.
    @Test func selectionOptionsReachTheFile() throws {
        let source = """
            describe("math #fast", function()
              it("adds", function() end)
              it("divides #slow", function() error("slow") end)
            end)
            it("concatenates", function() end)
            it("sees the script arguments", function() assert.same({ "one", "two" }, arg) end)
            """
        let (tagged, _) = try runSuite(source) { $0.tags = ["fast"]; $0.excludeTags = ["slow"] }
        #expect(tagged == TestSummary(passed: 1))
        let (filtered, _) = try runSuite(source) { $0.filters = ["adds", "concat"]; $0.filtersOut = ["add"] }
        #expect(filtered == TestSummary(passed: 1))
        let (listed, listedResults) = try runSuite(source) { $0.list = true }
        #expect(listed == TestSummary())
        #expect(listedResults.map(\.status) == Array(repeating: .listed, count: 4))
        let (failFast, _) = try runSuite(source) { $0.failFast = true }
        #expect(failFast == TestSummary(passed: 1, failed: 1))
        let (withArguments, _) = try runSuite(source) { $0.filters = ["arguments"]; $0.scriptArguments = ["one", "two"] }
        #expect(withArguments == TestSummary(passed: 1))
        var sharded = TestSummary()
        let folder = "shards-\(UUID())"
        for index in 0..<3 {
            let (part, _) = try runSuite(source, folder: folder) { $0.shard = .init(index: index, count: 3) }
            sharded.passed += part.passed
            sharded.failed += part.failed
        }
        #expect(sharded == TestSummary(passed: 2, failed: 2))
    }

    @Test func theSameSeedGivesTheSameOrder() throws {
        let source = (1...8).map { "it('t\($0)', function() end)" }.joined(separator: "\n")
        let (_, first) = try runSuite(source) { $0.shuffleSeed = 99 }
        let (_, again) = try runSuite(source) { $0.shuffleSeed = 99 }
        let (_, declared) = try runSuite(source) { _ in }
        #expect(first.map(\.name) == again.map(\.name))
        #expect(first.map(\.name) != declared.map(\.name))
        #expect(Set(first.map(\.name)) == Set(declared.map(\.name)))
    }

    @Test func failuresShowMessageLocationAndTraceback() throws {
        let (_, results, lines) = try run([fixture("counting.lua")])
        let assertion = try #require(results.first { $0.name == "counting fails an assertion" })
        #expect(assertion.status == .failed)
        #expect(assertion.failure?.message.contains("Expected objects to be equal.") == true)
        #expect(assertion.failure?.location?.hasSuffix("counting.lua:13") == true)
        #expect(assertion.failure?.traceback == nil)
        let error = try #require(results.first { $0.name == "counting raises a Lua error" })
        #expect(error.failure?.traceback?.hasPrefix("stack traceback:") == true)
        let report = lines.joined(separator: "\n")
        #expect(report.contains("FAIL  counting fails an assertion"))
        #expect(report.contains("counting.lua:13: Expected objects to be equal."))
    }

    @Test func anUnclaimedCallbackErrorFailsItsTestWithWhatRaisedIt() throws {
        let (_, results, lines) = try run([fixture("unclaimed_error.lua")])
        let failed = try #require(results.first { $0.status == .failed })
        #expect(failed.name == "leaves a timer's error unclaimed")
        #expect(failed.failure?.message == "1 script error raised during the test and not taken with test.errors()")
        let error = try #require(failed.errors.first)
        #expect(failed.errors.count == 1)
        #expect(error.context.hasPrefix("timer callback scheduled at ") && error.context.hasSuffix("unclaimed_error.lua:6"))
        #expect(error.message.hasSuffix("unclaimed_error.lua:6: nobody looked"))
        #expect(lines.joined(separator: "\n").contains("error in timer callback scheduled at"))
        #expect(results.last?.status == .passed)
    }

    @Test func untakenErrorsAreKeptWithTheAssertionThatFailed() throws {
        let (_, results, lines) = try run([fixture("untaken_errors.lua")])
        let failed = try #require(results.first { $0.name == "untaken errors are shown with the assertion that failed" })
        #expect(failed.failure?.message.hasSuffix("untaken_errors.lua:18: Expected objects to be equal.\nPassed in:\n(number) 2\nExpected:\n(number) 1") == true)
        #expect(failed.errors.count == 1)
        #expect(failed.errors.first?.message.hasSuffix("untaken_errors.lua:14: nobody looked") == true)
        let frames = try #require(failed.errors.first?.traceback?.split(separator: "\n"))
        #expect(frames.first == "stack traceback:")
        #expect(frames.dropFirst().first?.hasSuffix("untaken_errors.lua:14: in local 'inner'") == true)
        #expect(frames.last?.contains("untaken_errors.lua:17: in function <") == true)
        #expect(frames.count == 5)
        let traceback = frames.joined(separator: "\n")
        #expect(!traceback.contains("screentest"))
        #expect(lines.joined(separator: "\n").contains(
            "      and 1 script error raised during the test and not taken with test.errors():"))
    }

    @Test func discoveryFindsSuitesAndSkipsTheRest() throws {
        let files = try TestDiscovery().files(in: [TestRunnerTests.root + "/Tests/lua"])
        #expect(!files.isEmpty)
        #expect(files.allSatisfy { TestDiscovery.isSuite(($0 as NSString).lastPathComponent) })
        #expect(files == files.sorted())
        #expect(throws: TestDiscovery.MissingPath.self) { try TestDiscovery().files(in: ["/no/such/place"]) }
    }

    @Test func discoveryTakesBustedsDefaultPattern() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("discovery-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for file in ["b_test.lua", "a_spec.lua", "helper.lua", "notes_spec.txt", "spec.lua", "sub/c_spec_tmp.lua",
                     "sub/__snapshots__/d_spec.lua", ".hidden/e_spec.lua", "support/reset_spec_tmp.lua"] {
            let path = folder + "/" + file
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try "".write(toFile: path, atomically: true, encoding: .utf8)
        }
        let files = try TestDiscovery().files(in: [folder, folder + "/a_spec.lua"])
        #expect(files == ["a_spec.lua", "sub/c_spec_tmp.lua", "support/reset_spec_tmp.lua"].map { folder + "/" + $0 })
    }

    /// Runs `source` as a suite of its own with `options` changed by `configure`, in a
    /// folder named `folder` (a fresh one by default: a shard depends on the file's path).
    func runSuite(
        _ source: String, folder name: String = "stuck-\(UUID())", configure: (inout TestRunner.Options) -> Void
    ) throws -> (TestSummary, [TestResult]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try source.write(toFile: folder + "/stuck_spec.lua", atomically: true, encoding: .utf8)
        var options = TestRunner.Options(paths: [folder])
        configure(&options)
        let runner = TestRunner(options: options)
        runner.output = { _ in }
        return try runner.run()
    }

    @Test func aStuckTestIsStoppedAtTheTimeLimitWhereItIsAndTheFileGoesOn() throws {
        let (summary, results) = try runSuite("""
            it("spins", function()
              local n = 0
              while true do n = n + 1 end
            end)
            it("still runs", function() assert.is_true(true) end)
            """) { $0.timeout = 0.1 }
        #expect(summary == TestSummary(passed: 1, failed: 1))
        let failure = try #require(results.first?.failure)
        #expect(failure.message.hasSuffix("stuck_spec.lua:3: timed out after 0.1 s"))
        #expect(failure.location?.hasSuffix("stuck_spec.lua:3") == true)
        let frames = try #require(failure.traceback?.split(separator: "\n"))
        #expect(frames.count == 2)
        #expect(frames.last?.contains("stuck_spec.lua:3: in function <") == true)
    }

    /// The cap holds inside a test's body (which the runner calls from Swift): the test that
    /// goes past it fails with Lua's memory error, and the file goes on.
    @Test func aTestPastTheMemoryCapFailsAndTheFileGoesOn() throws {
        let (summary, results) = try runSuite("""
            it("hoards", function()
              local kept = {}
              for i = 1, 1e8 do kept[i] = { i } end
            end)
            it("still runs", function() assert.are.same({ 1 }, { 1 }) end)
            """) { $0.memoryLimit = 16 << 20 }
        #expect(summary == TestSummary(passed: 1, failed: 1))
        #expect(results.first?.failure?.message.contains("not enough memory") == true)
    }

    @Test func aSpentInstructionBudgetFailsTheTestThatSpentItAndEndsTheFile() throws {
        let (summary, results) = try runSuite("""
            it("passes", function() end)
            it("spins", function() while true do end end)
            it("does not run", function() end)
            """) { $0.instructionBudget = 5_000_000 }
        #expect(summary == TestSummary(passed: 1, failed: 1))
        #expect(results.last?.name == "spins")
        #expect(results.last?.failure?.message.hasSuffix(
            "stuck_spec.lua:2: instruction budget exhausted (5000000 instructions); the file's remaining tests did not run") == true)
    }
}

extension TestRunnerTests {
    /// A snapshot holds the bytes it was given: text that is not UTF-8 (Latin-1 from a data
    /// file) matches itself on the next run.
    @Test func aSnapshotOfBytesThatAreNotUTF8MatchesOnTheNextRun() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bytes-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #"it("shows Latin-1", function() assert.snapshot("caf\xe9 \xff\n", "latin1") end)"#
            .write(toFile: folder + "/bytes_spec.lua", atomically: true, encoding: .utf8)
        for _ in 0..<2 {
            var options = TestRunner.Options(paths: [folder])
            options.isCI = false  // the first run writes the snapshot, even when CI runs these tests
            let runner = TestRunner(options: options)
            runner.output = { _ in }
            #expect(try runner.run().0 == TestSummary(passed: 1, failed: 0))
        }
        let written = FileManager.default.contents(atPath: folder + "/__snapshots__/latin1.txt")
        #expect(written.map(Array.init) == Array("caf".utf8) + [0xE9, 0x20, 0xFF, 0x0A])
    }
}

extension TestRunnerTests {
    /// Two tests of a file that give one snapshot name to different screens fail at the
    /// second, naming the clash: accepting it with --update-snapshots would only fail the first.
    @Test func aSnapshotNameGivenTwoScreensInAFileFailsNamingTheClash() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clash-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
            it("one", function() assert.snapshot("first\\n", "same") end)
            it("again", function() assert.snapshot("first\\n", "same") end)
            it("two", function() assert.snapshot("second\\n", "same") end)
            """.write(toFile: folder + "/clash_spec.lua", atomically: true, encoding: .utf8)
        for update in [false, true] {
            var options = TestRunner.Options(paths: [folder])
            options.updateSnapshots = update
            options.isCI = false  // the first test writes the snapshot, even when CI runs these tests
            let runner = TestRunner(options: options)
            runner.output = { _ in }
            let (summary, results) = try runner.run()
            #expect(summary == TestSummary(passed: 2, failed: 1))
            #expect(results.last?.failure?.message.hasSuffix("clash_spec.lua:3: snapshot \(folder)/__snapshots__/same.txt was "
                + "already taken by another screen in this file; give each snapshot a name of its own") == true)
        }
    }
}
