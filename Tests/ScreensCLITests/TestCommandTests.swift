import Foundation
import Testing

/// `screens test` as users run it: the built binary on the fixture suites in
/// Tests/lua/fixtures, its report compared with the files in Expected/ (`test-*.txt`).
struct TestCommandTests {
    static let root = ScreensProgram.root

    /// Runs `screens test ARGUMENTS` in `folder` (the repository by default), waiting on a
    /// thread of its own (the runs with time limits take a second or so).
    func screensTest(_ arguments: [String], in folder: URL = root) async throws -> ScreensProgram.Output {
        try await ScreensProgram.screensDetached(["test"] + arguments, in: folder)
    }

    func expected(_ name: String) throws -> String {
        try ScreensProgram.expected(name)
    }

    func fixture(_ name: String) -> String { "Tests/lua/fixtures/\(name)" }

    // MARK: - Time limits

    @Test func aTestStuckInLuaIsStoppedWhereItIsAndTheFileGoesOn() async throws {
        let result = try await screensTest([fixture("hangs.lua"), "--timeout", "0.1"])
        #expect(result.status == 1)
        #expect(result.stdout == (try expected("test-hangs.txt")))
        #expect(result.stderr == "")
    }

    @Test func aPatternStuckInCEndsItsWorkerAndTheRestOfTheFileRuns() async throws {
        let result = try await screensTest([fixture("pattern_hang.lua"), "--timeout", "0.1"])
        #expect(result.status == 1)
        #expect(result.stdout == (try expected("test-pattern-hang.txt")))
    }

    /// A file that is not the last one runs in a fork of its worker, whose time limit is a
    /// timer's signal rather than a thread: a test stuck in Lua (in a coroutine, under a
    /// `pcall`, in a hook) is stopped there just the same, and so is a file's block; and the
    /// fork runs on one thread. (The child inherits the test runner's blocked signals: the
    /// limit works whatever the mask the run starts with.)
    @Test func aTestStuckInLuaInAForkIsStoppedByTheTimersSignalOnTheForksOnlyThread() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            try """
                describe("a block stuck in its body", function()
                  it("never runs", function() end)
                  while true do end
                end)
                it("counts its process's threads", function()
                  print(io.open("/proc/self/status"):read("a"):match("Threads:%s*(%d+)") .. " thread")
                end)
                """.write(to: folder.appendingPathComponent("a_spec.lua"), atomically: true, encoding: .utf8)
            try "it('passes', function() end)\n"
                .write(to: folder.appendingPathComponent("b_spec.lua"), atomically: true, encoding: .utf8)
            let hangs = ScreensProgram.root.appendingPathComponent(fixture("hangs.lua")).path
            let result = try await screensTest([hangs, "a_spec.lua", "b_spec.lua", "--jobs", "1", "--timeout", "0.1"], in: folder)
                .stdout.replacingOccurrences(of: ScreensProgram.root.path + "/", with: "")
            let stuckInHangs = try expected("test-hangs.txt").split(separator: "\n").dropLast().joined(separator: "\n")
            #expect(result == stuckInHangs + "\n" + """
                FAIL  a block stuck in its body  (a_spec.lua:1)
                      a_spec.lua:3: timed out after 0.1 s
                      stack traceback:
                      \ta_spec.lua:3: in function <a_spec.lua:1>
                1 thread
                4 passed, 4 failed

                """)
        }
    }

    /// A file that is not the last one runs in a fork of its worker, which writes its
    /// events a few at a time: the test stuck where it cannot be stopped is still the one
    /// reported, with what it printed, whether it spins in C or waits there (opening a FIFO
    /// nobody writes to).
    @Test(arguments: [
        "local s = ('a'):rep(40); s:find(('a*'):rep(40) .. 'b')",
        "io.open('fifo'):read()",
    ])
    func aTestStuckInAForkIsTheOneReported(stuck: String) async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            try """
                it("passes before", function() end)
                it("is stuck", function()
                  print("stuck now")
                  \(stuck)
                end)
                it("passes after", function() end)
                """.write(to: folder.appendingPathComponent("a_spec.lua"), atomically: true, encoding: .utf8)
            try "it('passes', function() end)\n"
                .write(to: folder.appendingPathComponent("b_spec.lua"), atomically: true, encoding: .utf8)
            try #require(mkfifo(folder.appendingPathComponent("fifo").path, 0o600) == 0)
            let result = try await screensTest([".", "--jobs", "1", "--timeout", "0.1"], in: folder)
            #expect(result.status == 1)
            #expect(result.stdout == """
                FAIL  is stuck  (a_spec.lua:2)
                      timed out after 0.1 s where it could not be stopped (in a C function, such as a pattern that backtracks for ever); its worker process was ended
                      output:
                      stuck now
                3 passed, 1 failed

                """)
        }
    }

    // MARK: - Reports

    /// Plain failures, a test that ends its worker (and a block whose setup does), untaken
    /// errors and printed output, in one run on several workers, compared with the report
    /// of the same run on one worker (`screens test FILES --jobs 1`).
    @Test func crashesUntakenErrorsAndOutputAreReportedTheSameWhateverTheNumberOfWorkers() async throws {
        let files = ["counting.lua", "crashes.lua", "prints.lua", "untaken_errors.lua", "all_pass.lua", "filtered.lua"]
            .map(fixture)
        let result = try await screensTest(files + ["--jobs", "3"])
        #expect(result.status == 1)
        #expect(result.stdout == (try expected("test-several-files.txt")))
        // Tracebacks stop at the tests' code.
        for runnerFrame in ["screentest", "runner.lua", "assert.lua", "spy.lua", "xpcall"] {
            #expect(!result.stdout.contains(runnerFrame))
        }
    }

    /// What a file leaves to the collector runs as its state closes, after its last test:
    /// a finalizer that ends the worker there fails the file itself, and the results of its
    /// tests stand.
    @Test func aWorkerEndedAsAFileClosesFailsTheFileAndKeepsItsResults() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            try """
                describe("a file", function()
                  it("leaves a finalizer that ends its worker", function()
                    bomb = setmetatable({}, { __gc = function() os.execute("kill -9 $PPID") end })
                  end)
                  it("passes", function() end)
                end)
                """.write(to: folder.appendingPathComponent("closing_spec.lua"), atomically: true, encoding: .utf8)
            let result = try await screensTest(["closing_spec.lua"], in: folder)
            #expect(result.status == 1)
            #expect(result.stdout == """
                FAIL  closing_spec.lua
                      the worker process running this file was killed by signal 9 (SIGKILL)
                2 passed, 1 failed

                """)
        }
    }

    @Test func manySmallFilesShareLongLivedWorkers() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let pids = folder.appendingPathComponent("pids.txt").path
            // Above the script is os.execute's shell, and above it what runs the file: a
            // worker's fork, or the worker itself for its last file. Each file notes the
            // processes above the script, four deep.
            let note = """
                p=$PPID; q=$(awk '{ print $4 }' /proc/$p/stat); r=$(awk '{ print $4 }' /proc/$q/stat)
                s=$(awk '{ print $4 }' /proc/$r/stat); echo $p $q $r $s
                """
            let script = folder.appendingPathComponent("note.sh")
            try note.write(to: script, atomically: true, encoding: .utf8)
            for index in 1...10 {
                try "it('notes its worker', function() os.execute('sh \(script.path) >> \(pids)') end)\n"
                    .write(to: folder.appendingPathComponent("file\(index)_spec.lua"), atomically: true, encoding: .utf8)
            }
            let result = try await screensTest([folder.path, "--jobs", "2"])
            #expect(result.status == 0)
            #expect(result.stdout == "10 passed, 0 failed\n")
            let lines = try String(contentsOfFile: pids, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ") }
            // `screens test` is above every file; its workers are right below it.
            let main = lines.map(Set.init).reduce(Set(lines.first ?? [])) { $0.intersection($1) }
            #expect(main.count == 1)
            let workers = Set(lines.compactMap { line in line.firstIndex { main.contains($0) }.flatMap { $0 > 0 ? line[$0 - 1] : nil } })
            #expect((1...2).contains(workers.count))
        }
    }

    // MARK: - Paths

    @Test func aFileIsNamedTheSameWhateverWayItsPathIsSpelt() async throws {
        let report = try expected("test-counting.txt")
        #expect(report.contains("FAIL  counting raises a Lua error  (Tests/lua/fixtures/counting.lua:16)"))
        // One file, named once whatever the spelling: the same report.
        let spellings = try await screensTest([
            fixture("counting.lua"), "./Tests/lua/fixtures/counting.lua", "Tests//lua/./fixtures/../fixtures/counting.lua",
            Self.root.path + "/Tests/lua/fixtures/counting.lua",
        ])
        #expect(spellings.status == 1)
        #expect(spellings.stdout == report)
        let fromTests = try await screensTest(["lua/fixtures/counting.lua"], in: Self.root.appendingPathComponent("Tests"))
        #expect(fromTests.stdout == report.replacingOccurrences(of: "Tests/lua/", with: "lua/"))
        try await ScreensProgram.withTemporaryFolder { folder in
            let elsewhere = try await screensTest([Self.root.path + "/Tests/lua/fixtures/counting.lua"], in: folder)
            #expect(elsewhere.stdout == report.replacingOccurrences(of: "Tests/lua/", with: Self.root.path + "/Tests/lua/"))
        }
    }

    @Test func suitesThatCheckTheirOwnFileNamesPassWhateverWayTheirPathIsSpelt() async throws {
        // These compare messages naming their own file (`deferred call made at ...`).
        let suites = ["loop", "notify", "ownership", "store", "touch", "transition_requests", "ui"]
        let fromTests = try await screensTest(suites.map { "./lua/\($0)_spec.lua" }, in: Self.root.appendingPathComponent("Tests"))
        #expect(fromTests.status == 0)
        #expect(fromTests.stdout.hasSuffix(" passed, 0 failed\n"))
    }

    // MARK: - Exit status and options

    @Test func aRunWhereNothingRanFails() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let nothing = try await screensTest([folder.path])
            #expect(nothing.status == 1)
            #expect(nothing.stdout.hasSuffix("0 passed, 0 failed\n"))
        }
    }

    @Test func aTimeLimitBeyondWhatAClockCountsIsTaken() async throws {
        for timeout in ["1e20", "1e300"] {
            let result = try await screensTest([fixture("all_pass.lua"), "--timeout", timeout])
            #expect(result.status == 0)
            #expect(result.stdout == "3 passed, 0 failed\n")
        }
    }

    @Test func badLimitsAreUsageErrors() async throws {
        let timeout = try await screensTest([fixture("all_pass.lua"), "--timeout", "0"])
        #expect(timeout.status == 64)
        #expect(timeout.stderr.contains("--timeout must be a positive number of seconds, got 0.0"))
        let jobs = try await screensTest([fixture("all_pass.lua"), "--jobs", "0"])
        #expect(jobs.status == 64)
        #expect(jobs.stderr.contains("--jobs must be at least 1, got 0"))
    }
}
