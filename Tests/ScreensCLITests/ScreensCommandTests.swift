import Foundation
import Testing

/// Runs the built `screens` binary and checks its exit status and output.
struct ScreensCommandTests {
    typealias Output = ScreensProgram.Output

    func screens(_ arguments: String...) throws -> Output {
        try ScreensProgram.screens(arguments)
    }

    func screens(_ arguments: [String], in directory: URL = ScreensProgram.root, environment: [String: String] = [:]) throws -> Output {
        try ScreensProgram.screens(arguments, in: directory, environment: environment)
    }

    func expectedOutput(_ name: String) throws -> String {
        try ScreensProgram.expected(name)
    }

    @Test func runPrintsToStandardOutput() throws {
        let result = try screens("run", "scripts/hello")
        #expect(result.status == 0)
        #expect(result.stdout == (try expectedOutput("hello.txt")))
        #expect(result.stderr == "")
    }

    @Test func runRunsTheLoopUntilQuitAndSurvivesCallbackErrorsButFails() throws {
        let result = try screens("run", "Tests/ScreensCLITests/Scripts/timers.lua")
        #expect(result.status == 1)
        #expect(result.stdout == (try expectedOutput("timers.txt")))
        #expect(result.stderr.hasPrefix("error in timer callback scheduled at Tests/ScreensCLITests/Scripts/timers.lua:6: "))
        #expect(result.stderr.contains("a broken timer does not stop the loop\nstack traceback:"))
        #expect(result.stderr.hasSuffix("""
            screens: 1 script error was reported during the run:
              timer callback scheduled at Tests/ScreensCLITests/Scripts/timers.lua:6: \
            Tests/ScreensCLITests/Scripts/timers.lua:6: a broken timer does not stop the loop

            """))
    }

    @Test func aHeadlessRunWithErrorsInOverridesAndTimersGoesOnThenListsThemAndFails() throws {
        for headless in [["--headless"], []] {
            let result = try screens(["run", "Tests/ScreensCLITests/Scripts/broken.lua"] + headless)
            #expect(result.status == 1)
            #expect(result.stdout.hasPrefix("still running\n"))
            #expect(result.stderr.contains("error in viewDidLoad of Broken: Tests/ScreensCLITests/Scripts/broken.lua:3: no view today\nstack traceback:"))
            #expect(result.stderr.hasSuffix(try expectedOutput("broken.stderr-end.txt")))
        }
    }

    @Test func aHeadlessRunWithoutErrorsSucceeds() throws {
        let result = try screens("run", "scripts/containers", "--headless")
        #expect(result.status == 0)
        #expect(result.stderr == "")
    }

    @Test func aHeadlessRunGoesOnUntilTheAppIsIdleThenPrintsTheScreen() throws {
        let result = try screens("run", "Tests/ScreensCLITests/Scripts/settles.lua", "--headless")
        #expect(result.status == 0)
        #expect(result.stdout == (try expectedOutput("settles.txt")))
        #expect(result.stderr == "")
    }

    @Test func anAppThatNeverSettlesStopsAtTheLimitWithANote() throws {
        let result = try screens("run", "Tests/ScreensCLITests/Scripts/busy.lua")
        #expect(result.status == 0)
        #expect(result.stdout == "started\n")
        #expect(result.stderr == """
            screens: the app was still busy after 60 s of virtual time (a one-shot timer or an animation kept going); \
            --for SECONDS sets how long it runs

            """)
        let bounded = try screens("run", "Tests/ScreensCLITests/Scripts/busy.lua", "--for", "5")
        #expect(bounded.status == 0)
        #expect(bounded.stderr == "")
    }

    @Test func quitEndsAHeadlessRun() throws {
        for arguments in [[], ["--for", "10"]] {
            let result = try screens(["run", "Tests/ScreensCLITests/Scripts/quits.lua"] + arguments)
            #expect(result.status == 0)
            #expect(result.stdout == "quitting at 1.0\n")
        }
    }

    @Test func headlessRunsSeeTheVirtualWallClock() throws {
        let result = try screens("run", "Tests/ScreensCLITests/Scripts/dates.lua", "--for", "100")
        #expect(result.status == 0)
        #expect(result.stdout == """
            2026-01-01 00:00:00\t1767225600\t1767225600.0\t0.0
            2026-01-01 00:01:30\t1767225690\t1767225690.0\t90.0

            """)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a terminal"))
    func onATerminalARunKeepsToRealTimeAndForStopsIt() throws {
        // script(1) gives the run a pseudo-terminal as its output.
        let command = "\(ScreensProgram.executable.path) run Tests/ScreensCLITests/Scripts/dates.lua --for 0.2"
        let result = try ScreensProgram.run(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\r\n")
        #expect(lines.count == 1, "the timer 90 s later must not fire: --for stopped the run")
        let fields = lines.first?.split(separator: "\t") ?? []
        #expect(fields.count == 4)
        #expect(fields.first != "2026-01-01 00:00:00")
        #expect(abs((fields.dropFirst(2).first.flatMap { Double($0) } ?? 0) - Date().timeIntervalSince1970) < 60)
    }

    @Test func aMainChunkThatReturnsNoAppFailsSayingWhatAnAppReturns() throws {
        let result = try screens("run", "Tests/ScreensCLITests/Scripts/notanapp.lua")
        #expect(result.status == 1)
        #expect(result.stderr == """
            screens: Tests/ScreensCLITests/Scripts/notanapp.lua: the main chunk returned the number 42: \
            an app's main chunk returns its app table, with didFinishLaunching(window), or nothing

            """)
    }

    @Test func aHeadlessRunWritesTheFinalScreen() throws {
        try ScreensProgram.withTemporaryFolder { folder in
            let text = folder.appendingPathComponent("screen.txt").path
            let svg = folder.appendingPathComponent("screen.svg").path
            let result = try screens("run", "scripts/alarmclock", "--headless", "--for", "3", "--snapshot", text)
            #expect(result.status == 0)
            #expect(try String(contentsOfFile: text, encoding: .utf8) == (try expectedOutput("alarmclock-headless.txt")))
            #expect(try screens("run", "scripts/alarmclock", "--headless", "--snapshot", svg).status == 0)
            #expect(try String(contentsOfFile: svg, encoding: .utf8).hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"320\" height=\"480\""))
            // Without a terminal, --headless is implied: --for and --snapshot are honoured, and
            // without --snapshot the screen goes to standard output.
            let implied = folder.appendingPathComponent("implied.txt").path
            #expect(try screens("run", "scripts/alarmclock", "--for", "3", "--snapshot", implied).status == 0)
            #expect(try String(contentsOfFile: implied, encoding: .utf8) == (try expectedOutput("alarmclock-headless.txt")))
            let printed = try screens("run", "scripts/alarmclock", "--for", "3")
            #expect(printed.status == 0)
            #expect(printed.stdout == (try expectedOutput("alarmclock-headless.txt")))
            let bad = try screens("run", "scripts/alarmclock", "--headless", "--snapshot", folder.appendingPathComponent("x.png").path)
            #expect(bad.status != 0)
            #expect(bad.stderr.contains("--snapshot needs a .txt or .svg file name"))
        }
    }

    @Test func runReportsErrorsWithTracebackAndFails() throws {
        let result = try screens("run", "Tests/ScreensCLITests/Scripts/fails.lua")
        #expect(result.status == 1)
        #expect(result.stdout == "before the error\n")
        #expect(result.stderr == (try expectedOutput("fails.stderr.txt")))
    }

    @Test func runTellsSyntaxErrorsAndMissingFilesApart() throws {
        try ScreensProgram.withTemporaryFolder { folder in
            try FileManager.default.copyItem(
                at: ScreensProgram.root.appendingPathComponent("Tests/lua/fixtures/syntax_error.lua.txt"),
                to: folder.appendingPathComponent("syntax_error.lua"))
            let syntax = try screens(["run", "syntax_error.lua"], in: folder)
            #expect(syntax.status == 1)
            #expect(syntax.stderr == "screens: syntax_error.lua:7: unexpected symbol near '='\n")
        }
        let missing = try screens("run", "no/such/app")
        #expect(missing.status == 1)
        #expect(missing.stderr == "screens: the folder no/such/app does not exist\n")
        #expect(try screens("run", "/nonexistent").stderr == "screens: the folder /nonexistent does not exist\n")
        #expect(try screens("run", "no/such/app.lua").stderr == "screens: the file no/such/app.lua does not exist\n")
        let empty = try screens("run", "Tests/ScreensCLITests/Expected")
        #expect(empty.status == 1)
        #expect(empty.stderr == """
            screens: the folder Tests/ScreensCLITests/Expected has no main.lua (an app is a folder with main.lua, \
            or a single Lua file)

            """)
    }

    // MARK: - Identity and data

    @Test func anAppRunFromItsFolderFromItsMainFileOrFromASiblingIsOneAppWithOneStore() throws {
        try ScreensProgram.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("myapp")
            try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("other"), withIntermediateDirectories: true)
            try """
                local db = store.open(store.model{ Note = { text = "string" } })
                db.context:insert("Note", { text = "run" })
                db.context:save()
                print(db.path, db.context:count{ entity = "Note" })
                """.write(to: app.appendingPathComponent("main.lua"), atomically: true, encoding: .utf8)
            let data = folder.appendingPathComponent("xdg").path
            let runs = [
                (["run", "."], app), (["run", "main.lua"], app), (["run", "../myapp"], folder.appendingPathComponent("other")),
                (["run", "myapp/"], folder),
            ]
            for (count, (arguments, directory)) in runs.enumerated() {
                let result = try screens(arguments, in: directory, environment: ["XDG_DATA_HOME": data])
                #expect(result.stderr == "")
                #expect(result.stdout == "\(data)/luascreens/myapp/store.sqlite\t\(count + 1)\n", "\(arguments)")
            }
            let chosen = folder.appendingPathComponent("chosen").path
            let result = try screens(["run", ".", "--data-dir", chosen], in: app, environment: ["XDG_DATA_HOME": data])
            #expect(result.stdout == "\(chosen)/store.sqlite\t1\n")
            let relative = try screens(["run", "myapp", "--data-dir", "here"], in: folder)
            #expect(relative.stdout == "\(folder.path)/here/store.sqlite\t1\n")
        }
    }

    @Test func appIDNamesTheDataDirectory() throws {
        try ScreensProgram.withTemporaryFolder { folder in
            try """
                return { id = "notes", didFinishLaunching = function()
                  print(store.open(store.model{ Note = { text = "string" } }).path)
                end }
                """.write(to: folder.appendingPathComponent("main.lua"), atomically: true, encoding: .utf8)
            let data = folder.appendingPathComponent("xdg").path
            let result = try screens(["run", folder.path], environment: ["XDG_DATA_HOME": data])
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("\(data)/luascreens/notes/store.sqlite\n"))
        }
    }

    @Test func testsUseAFreshDataDirectoryThatIsRemovedAfterwards() throws {
        try ScreensProgram.withTemporaryFolder { folder in
            let data = folder.appendingPathComponent("xdg").path
            let temporary = folder.appendingPathComponent("tmp")
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
            for _ in 0..<2 {
                let result = try screens(
                    ["test", "Tests/ScreensCLITests/Scripts/data_spec.lua"],
                    environment: ["XDG_DATA_HOME": data, "TMPDIR": temporary.path])
                #expect(result.status == 0, "\(result.stdout)")
                #expect(result.stdout.hasPrefix("store at \(temporary.path)/luascreens-test-"))
                #expect(result.stdout.hasSuffix("1 passed, 0 failed\n"))
            }
            #expect(!FileManager.default.fileExists(atPath: data))
            #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
        }
    }

    @Test func aFailingSuiteFailsTheRunWithTheRightClosingLine() throws {
        let result = try screens("test", "Tests/lua/fixtures/counting.lua")
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("\n5 passed, 7 failed, 2 skipped\n"))
        #expect(result.stdout.contains("FAIL  counting raises a Lua error  (Tests/lua/fixtures/counting.lua:16)"))
    }

    @Test func osExitInATestFailsThatTestAndTheRunGoesOn() throws {
        let result = try screens("test", "Tests/lua/fixtures/exits.lua")
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("\n1 passed, 2 failed\n"))
        #expect(result.stdout.contains(
            "exits.lua:7: os.exit is not available in test files: it would end the run before its report"))
    }

    @Test func aPassingSuitePassesTheRun() throws {
        let result = try screens("test", "Tests/lua/fixtures/all_pass.lua", "--verbose")
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("3 passed, 0 failed\n"))
        #expect(result.stdout.hasPrefix("ok    "))
    }

    @Test func aMissingPathIsAUsageError() throws {
        let result = try screens("test", "no/such/folder")
        #expect(result.status == 2)
        #expect(result.stderr == "screens test: no such file or directory: no/such/folder\n")
    }
}
