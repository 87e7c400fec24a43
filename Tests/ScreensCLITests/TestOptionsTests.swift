import Foundation
import Testing

/// busted's command line and `.busted` files on `screens test`: the built binary run in the
/// case folders of Tests/busted/cli-* with the arguments of their `args` file (the same runs
/// the comparison with busted makes), its report compared with Expected/cli-*.txt.
struct TestOptionsTests {
    static let cases = URL(fileURLWithPath: "Tests/busted", relativeTo: ScreensProgram.root)

    /// Every case folder, with the status its run exits with.
    static let caseNames: [(String, Int32)] = [
        ("cli-busted-cli-wins", 1), ("cli-busted-default", 0), ("cli-busted-task", 0), ("cli-fail-fast", 1),
        ("cli-filter", 1), ("cli-filter-out", 0), ("cli-helper", 1), ("cli-lpath", 0),
        ("cli-lpath-default", 0), ("cli-pattern", 0), ("cli-repeat", 1), ("cli-shuffle", 1), ("cli-tags", 1),
    ]

    /// The arguments of a case's `args` file: words separated by white space, as typed.
    static func arguments(of name: String) throws -> [String] {
        let text = try String(contentsOf: cases.appendingPathComponent("\(name)/args"), encoding: .utf8)
        return text.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// Runs `screens test` in the case folder `name`, with its arguments and then `extra`.
    func run(_ name: String, _ extra: [String] = []) async throws -> ScreensProgram.Output {
        try await ScreensProgram.screensDetached(
            ["test"] + (try Self.arguments(of: name)) + extra, in: Self.cases.appendingPathComponent(name))
    }

    /// Runs `screens test ARGUMENTS` in `folder`.
    func run(_ arguments: [String], in folder: URL) async throws -> ScreensProgram.Output {
        try await ScreensProgram.screensDetached(["test"] + arguments, in: folder)
    }

    @Test(arguments: caseNames)
    func eachCaseGivesItsExpectedReport(name: String, status: Int32) async throws {
        let result = try await run(name)
        #expect(result.stdout == (try ScreensProgram.expected("\(name).txt")))
        #expect(result.stderr == "")
        #expect(result.status == status)
    }

    /// The names of the tests a verbose run reports, in order. (Runs compared whole are
    /// plain: pretty adds the slowest tests and their times.)
    func names(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            for prefix in ["ok    ", "FAIL  ", "skip  "] where line.hasPrefix(prefix) {
                return String(line.dropFirst(prefix.count)).components(separatedBy: "  (").first
            }
            return nil
        }
    }

    // MARK: - Shards

    @Test func theShardsOfASuiteTogetherRunEachTestOnceAndAlwaysTheSame() async throws {
        let whole = names(try await run("cli-shuffle", ["-v", "-o", "plain"]).stdout)
        #expect(whole.count == 24)
        var seen: [String] = []
        for shard in 1...3 {
            let part = try await run("cli-shuffle", ["-v", "-o", "plain", "--shard", "\(shard)/3", "--no-shuffle"])
            let again = try await run("cli-shuffle", ["-v", "-o", "plain", "--shard", "\(shard)/3", "--no-shuffle", "--jobs", "1"])
            #expect(part.stdout == again.stdout)
            #expect(!names(part.stdout).isEmpty)
            seen += names(part.stdout)
        }
        #expect(seen.sorted() == whole.sorted())
    }

    @Test func aShardOutsideItsCountIsAUsageError() async throws {
        let folder = Self.cases.appendingPathComponent("cli-shuffle")
        let cases = [
            ("0/3", "--shard 0/3: shards are counted from 1, so K goes from 1 to 3"),
            ("4/3", "--shard 4/3: there are only 3 shards, so K goes from 1 to 3"),
            ("1/0", "--shard 1/0: the number of shards must be at least 1"),
            ("half", "--shard must be K/N, two whole numbers such as 2/5, got \"half\""),
        ]
        for (shard, message) in cases {
            let result = try await run(["spec", "--shard", shard], in: folder)
            #expect(result.status == 64)
            #expect(result.stderr.hasPrefix("Error: \(message)\n"))
        }
    }

    // MARK: - Shuffle

    @Test func aSeedGivesTheSameOrderEachTimeAndIsPrinted() async throws {
        let first = try await run("cli-shuffle", ["-v", "-o", "plain"])
        let second = try await run("cli-shuffle", ["-v", "-o", "plain", "--jobs", "1"])
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.hasPrefix("Randomized with seed 1234 (--seed 1234 repeats this order)\n"))
        let other = try await run("cli-shuffle", ["-v", "-o", "plain", "--seed", "99"])
        #expect(names(other.stdout) != names(first.stdout))
        #expect(names(other.stdout).sorted() == names(first.stdout).sorted())
        let declared = names(try await run("cli-shuffle", ["-v", "-o", "plain", "--no-shuffle"]).stdout)
        #expect(names(first.stdout) != declared)
    }

    @Test func aNegativeSeedShufflesAsBustedTakesItAndIsPrintedToBeTypedBack() async throws {
        let folder = Self.cases.appendingPathComponent("cli-shuffle")
        let first = try await run(["spec", "--seed", "-5", "-v", "-o", "plain"], in: folder)
        #expect(first.status == 1, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("Randomized with seed -5 (--seed -5 repeats this order)\n"))
        let again = try await run(["spec", "--seed=-5", "-v", "-o", "plain", "--jobs", "1"], in: folder)
        #expect(again.stdout == first.stdout)
        let positive = try await run(["spec", "--seed", "5", "-v", "-o", "plain"], in: folder)
        #expect(names(positive.stdout) != names(first.stdout))
        #expect(names(positive.stdout).sorted() == names(first.stdout).sorted())
    }

    @Test func aShuffleWithoutASeedPrintsTheOneItChoseWhichRepeatsIt() async throws {
        let folder = Self.cases.appendingPathComponent("cli-shuffle")
        let first = try await run(["spec", "--shuffle", "-v", "-o", "plain"], in: folder)
        let line = try #require(first.stdout.split(separator: "\n").first)
        let seed = try #require(line.split(separator: " ").dropFirst(3).first)
        #expect(line == "Randomized with seed \(seed) (--seed \(seed) repeats this order)")
        let again = try await run(["spec", "--seed", String(seed), "-v", "-o", "plain"], in: folder)
        #expect(again.stdout == first.stdout)
    }

    // MARK: - Listing

    /// busted prints no counts for a listing, so this case is not compared with busted's.
    @Test func aListingNamesEachTestWhereItIsAndRunsNone() async throws {
        let folder = ScreensProgram.root.appendingPathComponent("Tests/ScreensCLITests/Scripts/list")
        let expected = try ScreensProgram.expected("test-list.txt")
        for jobs in ["1", "3"] {
            let result = try await run(["--list", "spec", "--jobs", jobs], in: folder)
            #expect(result.stdout == expected)
            #expect(result.status == 0)
        }
        let selected = try await run(["-l", "spec", "--filter", "nested", "--filter", "second"], in: folder)
        #expect(selected.stdout == """
            spec/a_spec.lua:6: lists inner a nested test
            spec/b_spec.lua:1: a test of the second file

            """)
        let none = try await run(["-l", "spec", "--filter", "nothing"], in: folder)
        #expect(none.stdout == "")
        #expect(none.status == 1)
    }

    // MARK: - Failing fast, on any number of workers

    @Test func failingFastStopsTheSameWhateverTheNumberOfWorkers() async throws {
        let expected = try ScreensProgram.expected("cli-fail-fast.txt")
        for jobs in ["1", "2"] {
            let result = try await run("cli-fail-fast", ["--jobs", jobs])
            #expect(result.stdout == expected)
            let ours = try await run(["spec", "--fail-fast", "--jobs", jobs], in: Self.cases.appendingPathComponent("cli-fail-fast"))
            #expect(ours.stdout == expected)
            #expect(ours.status == 1)
        }
    }

    // MARK: - .busted files

    @Test func aBustedFileThatDoesNotWorkNamesTheFileAndLine() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let config = folder.appendingPathComponent(".busted")
            try "return {\n  default = { ROOT = { \"spec\" } },\n  ci = nothing.here,\n}\n".write(to: config, atomically: true, encoding: .utf8)
            let broken = try await run([], in: folder)
            #expect(broken.status == 2)
            #expect(broken.stderr == "screens test: .busted:3: attempt to index a nil value (global 'nothing')\n")
            try "return { default = { ROOT = { \"spec\" }\n".write(to: config, atomically: true, encoding: .utf8)
            let syntax = try await run([], in: folder)
            #expect(syntax.stderr == "screens test: .busted:2: '}' expected (to close '{' at line 1) near <eof>\n")
            try "return { default = { [\"repeat\"] = \"twice\" } }\n".write(to: config, atomically: true, encoding: .utf8)
            let wrongType = try await run([], in: folder)
            #expect(wrongType.stderr == "screens test: .busted: task `default`: `repeat` must be a whole number from 1 to 1000000, got \"twice\"\n")
            try "return { default = {}, ci = {} }\n".write(to: config, atomically: true, encoding: .utf8)
            let missing = try await run(["-r", "nightly"], in: folder)
            #expect(missing.status == 2)
            #expect(missing.stderr == "screens test: .busted has no task `nightly` (it has `ci`, `default`)\n")
            try "while true do end\n".write(to: config, atomically: true, encoding: .utf8)
            let endless = try await run([], in: folder)
            #expect(endless.status == 2)
            #expect(endless.stderr.hasPrefix("screens test: .busted:1: "))
        }
    }

    @Test func aBustedFileHasTheStandardLibraryAndItsUnsupportedKeysAreWarnings() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            try "it('runs', function() end)\n".write(to: folder.appendingPathComponent("a_spec.lua"), atomically: true, encoding: .utf8)
            try "return '.'\n".write(to: folder.appendingPathComponent("layout.lua"), atomically: true, encoding: .utf8)
            let config = folder.appendingPathComponent(".busted")
            try "assert(io and os and debug and dofile and loadfile)\nreturn { default = { ROOT = { require('layout') } } }\n"
                .write(to: config, atomically: true, encoding: .utf8)
            let required = try await run([], in: folder)
            #expect(required.stdout == "1 passed, 0 failed\n")
            try "return { _all = { coverage = false, colour = 'red' }, default = { lang = 'fr' }, ci = { lua = 'luajit' } }\n"
                .write(to: config, atomically: true, encoding: .utf8)
            let warned = try await run([], in: folder)
            #expect(warned.status == 0)
            #expect(warned.stderr == """
                screens test: warning: .busted: task `_all`: `colour` is not a busted option and is ignored
                screens test: warning: .busted: task `default`: `lang` is not supported by screens test and is ignored

                """)
        }
    }

    @Test func theConfigFileAndDirectoryOptionsFindTheTasksElsewhere() async throws {
        let folder = Self.cases.appendingPathComponent("cli-busted-task")
        let here = try await run(["-r", "ci", "--exclude-tags", "none"], in: folder)
        let fromRoot = try await run(["-C", "Tests/busted", "-C", "cli-busted-task", "-r", "ci", "--exclude-tags", "none"], in: ScreensProgram.root)
        #expect(fromRoot.stdout == here.stdout)
        let named = try await run(
            ["-f", "Tests/busted/cli-busted-task/.busted", "-r", "ci", "--exclude-tags", "none", "-C", "Tests/busted/cli-busted-task"],
            in: ScreensProgram.root)
        #expect(named.stdout == here.stdout)
        let conflicting = try await run(["-r", "ci"], in: folder)
        #expect(conflicting.status == 2)
        #expect(conflicting.stderr == "screens test: the tag \"slow\" is both asked for (--tags) and excluded (--exclude-tags)\n")
    }

    // MARK: - Exit status

    @Test func theExitStatusSaysWhetherEverythingPassed() async throws {
        let folder = Self.cases.appendingPathComponent("cli-pattern")
        #expect(try await run(["spec", "--pattern", "_check", "--exclude-pattern", "skip"], in: folder).status == 0)
        #expect(try await run(["spec", "--pattern", "_spec"], in: folder).status == 1)
        let nothing = try await run(["spec", "--pattern", "_nothing"], in: folder)
        #expect(nothing.status == 1)
        #expect(nothing.stdout == "no test files (Lua files matching \"_nothing\") in spec\n0 passed, 0 failed\n")
        let badPattern = try await run(["spec", "--pattern", "[a"], in: folder)
        #expect(badPattern.status == 2)
        #expect(badPattern.stderr == "screens test: bad --pattern \"[a\": malformed pattern (missing ']')\n")
        // Told once, before anything runs, even where no test's name reaches the bad part.
        for (option, pattern) in [("--filter", "z["), ("--filter-out", "(a")] {
            let badFilter = try await run(["spec", option, pattern], in: folder)
            #expect(badFilter.status == 2)
            let reason = option == "--filter" ? "malformed pattern (missing ']')" : "unfinished capture"
            #expect(badFilter.stderr == "screens test: bad \(option) \"\(pattern)\": \(reason)\n")
            #expect(badFilter.stdout == "")
        }
        let repeatNone = try await run(["spec", "--repeat", "0"], in: folder)
        #expect(repeatNone.status == 64)
        #expect(repeatNone.stderr.hasPrefix("Error: --repeat must be at least 1, got 0\n"))
        // A negative number is the option's value, not an option of its own.
        for (arguments, message) in [
            (["--repeat", "-1"], "--repeat must be at least 1, got -1"),
            (["--timeout", "-1"], "--timeout must be a positive number of seconds, got -1.0"),
            (["--jobs", "-2"], "--jobs must be at least 1, got -2"),
            (["--instructions", "-5"], "--instructions needs a number, 0 or more, got -5"),
            (["--shard", "-1/3"], "--shard -1/3: shards are counted from 1, so K goes from 1 to 3"),
            // Busted takes negative seeds, and so does this (see the shuffle tests); not these.
            (["--seed", "1.5"], "The value '1.5' is invalid for '--seed <seed>'"),
        ] {
            let negative = try await run(["spec"] + arguments, in: folder)
            #expect(negative.status == 64)
            #expect(negative.stderr.hasPrefix("Error: \(message)\n"))
        }
        let missingHelper = try await run(["spec", "--helper", "nothere.lua"], in: folder)
        #expect(missingHelper.status == 2)
        #expect(missingHelper.stderr == "screens test: no such file or directory: nothere.lua\n")
    }

    // MARK: - Module paths

    @Test func luaAndCPathsGoBeforeThePackagePathsAsBustedPutsThem() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            try """
                it('sees the paths', function()
                  print(package.path:match('^[^;]*;[^;]*;[^;]*'))
                  print(package.cpath:match('^[^;]*;[^;]*'))
                end)
                """.write(to: folder.appendingPathComponent("paths_spec.lua"), atomically: true, encoding: .utf8)
            let defaults = try await run(["paths_spec.lua"], in: folder)
            #expect(defaults.stdout == "./src/?.lua;./src/?/?.lua;./src/?/init.lua\n./csrc/?.so;./csrc/?/?.so\n1 passed, 0 failed\n")
            let given = try await run(["paths_spec.lua", "-m", "a/?.lua", "--lpath", "b/?.lua;", "--cpath", "c/?.so"], in: folder)
            // The test file's own folder comes next, then the rest.
            #expect(given.stdout.hasPrefix("a/?.lua;b/?.lua;./?.lua\nc/?.so;"))
        }
    }

    // MARK: - Script arguments

    @Test func testFilesGetTheCommandsArgumentsAsArg() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            try "it('sees arg', function() print(table.concat(arg, ' ')) end)\n"
                .write(to: folder.appendingPathComponent("arg_spec.lua"), atomically: true, encoding: .utf8)
            let result = try await run(["arg_spec.lua", "--jobs", "1", "--", "--mode", "fast"], in: folder)
            #expect(result.stdout == "arg_spec.lua --jobs 1 -- --mode fast\n1 passed, 0 failed\n")
        }
    }
}
