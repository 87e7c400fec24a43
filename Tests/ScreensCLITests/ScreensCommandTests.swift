import Foundation
import Testing

/// Runs the built `screens` binary and checks its exit status and output.
struct ScreensCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `screens` executable next to the test bundle (SwiftPM builds it, since this
    /// target depends on it).
    static var executable: URL {
        #if os(macOS)
        let products = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }!.bundleURL.deletingLastPathComponent()
        #else
        let products = Bundle.main.bundleURL
        #endif
        return products.appendingPathComponent("screens")
    }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    func screens(_ arguments: String...) throws -> Output {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.currentDirectoryURL = Self.root
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    func expectedOutput(_ name: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent("Tests/ScreensCLITests/Expected/\(name)"), encoding: .utf8)
    }

    @Test func runPrintsToStandardOutput() throws {
        let result = try screens("run", "scripts/hello")
        #expect(result.status == 0)
        #expect(result.stdout == (try expectedOutput("hello.txt")))
        #expect(result.stderr == "")
    }

    @Test func runRunsTheLoopUntilQuitAndSurvivesCallbackErrors() throws {
        let result = try screens("run", "Tests/ScreensCLITests/Scripts/timers.lua")
        #expect(result.status == 0)
        #expect(result.stdout == (try expectedOutput("timers.txt")))
        #expect(result.stderr.hasPrefix("error in timer callback scheduled at Tests/ScreensCLITests/Scripts/timers.lua:6: "))
        #expect(result.stderr.contains("a broken timer does not stop the loop\nstack traceback:"))
    }

    @Test func aHeadlessRunWritesTheFinalScreen() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("headless-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = folder.appendingPathComponent("screen.txt").path
        let svg = folder.appendingPathComponent("screen.svg").path
        let result = try screens("run", "scripts/alarmclock", "--headless", "--for", "3", "--snapshot", text)
        #expect(result.status == 0)
        #expect(try String(contentsOfFile: text, encoding: .utf8) == (try expectedOutput("alarmclock-headless.txt")))
        #expect(try screens("run", "scripts/alarmclock", "--headless", "--snapshot", svg).status == 0)
        #expect(try String(contentsOfFile: svg, encoding: .utf8).hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"320\" height=\"480\""))
        let bad = try screens("run", "scripts/alarmclock", "--headless", "--snapshot", folder.appendingPathComponent("x.png").path)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--snapshot needs a .txt or .svg file name"))
    }

    @Test func runReportsErrorsWithTracebackAndFails() throws {
        let result = try screens("run", "Tests/ScreensCLITests/Scripts/fails.lua")
        #expect(result.status == 1)
        #expect(result.stdout == "before the error\n")
        #expect(result.stderr == (try expectedOutput("fails.stderr.txt")))
    }

    @Test func runTellsSyntaxErrorsAndMissingFilesApart() throws {
        let syntax = try screens("run", "Tests/lua/fixtures/syntax_error.lua")
        #expect(syntax.status == 1)
        #expect(syntax.stderr == "screens: Tests/lua/fixtures/syntax_error.lua:6: unexpected symbol near '='\n")
        let missing = try screens("run", "no/such/app")
        #expect(missing.status == 1)
        #expect(missing.stderr == "screens: cannot open no/such/app/main.lua: No such file or directory\n")
    }

    @Test func aFailingSuiteFailsTheRunWithTheRightClosingLine() throws {
        let result = try screens("test", "Tests/lua/fixtures/counting.lua")
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("\n4 passed, 7 failed, 3 skipped\n"))
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
