import Foundation
import Testing
@testable import ScreenTest

/// The reporters on results made here: what a terminal gets (colours, the progress line),
/// the numbers and names they write, and what the runner gives them.
@MainActor
struct ReporterTests {
    /// What a reporter wrote: lines, error lines, and raw terminal writes, in order.
    final class Recorder {
        var events: [String] = []

        func output(terminal: Bool, colours: Bool = false) -> ReportOutput {
            ReportOutput(
                line: { self.events.append("line " + $0) }, errorLine: { self.events.append("error " + $0) },
                terminal: terminal ? { self.events.append("raw " + $0) } : nil, colours: colours)
        }
    }

    let passed = TestResult(name: "a passes", location: "a_spec.lua:1", status: .passed)
    let failed = TestResult(
        name: "a fails", location: "a_spec.lua:2", status: .failed, failure: .init(message: "boom", location: "a_spec.lua:3"))

    @Test func prettyShowsProgressOnATerminalAndClearsItBeforeAnyOtherLine() {
        let recorder = Recorder()
        let reporter = PrettyReporter(verbose: false, output: recorder.output(terminal: true), progressDelay: 0)
        reporter.runStarted(files: ["a_spec.lua", "b_spec.lua"])
        reporter.report(passed)
        reporter.report(failed)
        reporter.fileFinished("a_spec.lua")
        reporter.finish(TestRunEnd(summary: TestSummary(passed: 1, failed: 1), results: [passed, failed]))
        #expect(recorder.events == [
            "raw \r0/2 files · 1 passed · 0 failed\u{1B}[K",
            "raw \r\u{1B}[K",
            "line FAIL  a fails  (a_spec.lua:2)\n      a_spec.lua:3: boom",
            "raw \r0/2 files · 1 passed · 1 failed\u{1B}[K",
            "raw \r\u{1B}[K",
            "line 1 passed, 1 failed",
        ])
    }

    /// A name or message with an escape sequence (a test of a terminal library) cannot
    /// clear the screen or retitle the terminal the report is read on; tabs and lines stay.
    @Test func textReportsShowControlCharactersOfNamesAndMessagesEscaped() {
        let recorder = Recorder()
        let hostile = TestResult(
            name: "clears \u{1B}[2J", location: "a_spec.lua:2", status: .failed,
            failure: .init(message: "a_spec.lua:3: got \u{1B}]0;title\u{07}\nsecond\tline", traceback: "stack traceback:\n\tx\u{1B}"))
        PlainReporter(verbose: true, output: recorder.output(terminal: false)).report(hostile)
        PlainReporter(verbose: true, output: recorder.output(terminal: false))
            .report(TestResult(name: "skips \u{1B}[1m", location: "a_spec.lua:4", status: .skipped, reason: "because \u{1B}[1m"))
        #expect(recorder.events == [
            "line FAIL  clears \\x1B[2J  (a_spec.lua:2)\n      a_spec.lua:3: got \\x1B]0;title\\x07\n      second\tline"
                + "\n      stack traceback:\n      \tx\\x1B",
            "line skip  skips \\x1B[1m (because \\x1B[1m)",
        ])
    }

    @Test func prettyShowsNoProgressOffATerminalNorBeforeTheRunHasLastedASecond() {
        let recorder = Recorder()
        let offTerminal = PrettyReporter(verbose: false, output: recorder.output(terminal: false), progressDelay: 0)
        offTerminal.runStarted(files: ["a_spec.lua"])
        offTerminal.report(passed)
        let quick = PrettyReporter(verbose: false, output: recorder.output(terminal: true))
        quick.runStarted(files: ["a_spec.lua"])
        quick.report(passed)
        #expect(recorder.events.isEmpty)
    }

    @Test func prettyColoursOnlyWhenAskedTo() {
        let recorder = Recorder()
        PrettyReporter(verbose: false, output: recorder.output(terminal: true, colours: true)).report(failed)
        #expect(recorder.events == ["line \u{1B}[1;31mFAIL\u{1B}[0m  a fails\u{1B}[2m  (a_spec.lua:2)\u{1B}[0m\n      a_spec.lua:3: boom"])
        #expect(PrettyReporter.usesColours(isTerminal: true, environment: [:]))
        #expect(PrettyReporter.usesColours(isTerminal: true, environment: ["NO_COLOR": ""]))
        #expect(!PrettyReporter.usesColours(isTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(!PrettyReporter.usesColours(isTerminal: false, environment: [:]))
    }

    @Test func theSlowestTestsAreTheTenThatTookLongest() {
        let results = (1...12).map { index in
            var result = TestResult(name: "test \(index)", location: "a_spec.lua:\(index)", status: .passed)
            result.duration = Double(index) / 100
            return result
        }
        let lines = PrettyReporter.slowest(results)
        #expect(lines.count == 11)
        #expect(lines[1] == "    0.120 s  test 12  (a_spec.lua:12)")
        #expect(lines[10] == "    0.030 s  test 3  (a_spec.lua:3)")
    }

    @Test func junitNamesClassesAfterFilesAndWritesSeconds() {
        #expect(JUnitReporter.className("Tests/lua/diary_spec.lua") == "Tests.lua.diary_spec")
        #expect(JUnitReporter.className("/tmp/x/a_spec.lua") == "tmp.x.a_spec")
        #expect(JUnitReporter.className("./a_test.lua") == "a_test")
        #expect(JUnitReporter.seconds(0.0125) == "0.013")
        #expect(JUnitReporter.seconds(61) == "61.000")
        for hostile in [Double.nan, -1, .infinity] { #expect(JUnitReporter.seconds(hostile) == "0.000") }
        #expect(JUnitReporter.line(of: "a_spec.lua:12") == 12)
    }

    @Test func resultsCarryTheirFileAndTheTimeOfTheirCalls() throws {
        let file = TestRunnerTests.root + "/Tests/lua/fixtures/all_pass.lua"
        let runner = TestRunner(options: .init(paths: [file]))
        runner.output = { _ in }
        let (_, results) = try runner.run()
        #expect(results.count == 3)
        for result in results {
            #expect(result.file?.hasSuffix("Tests/lua/fixtures/all_pass.lua") == true)
            #expect((result.duration ?? -1) >= 0)
        }
    }
}

extension ReporterTests {
    /// `--output gtest` writes busted's gtest handler's lines: a RUN and an outcome for each
    /// test, FAILED for an assertion and ERROR for an error, a block's error alone, the
    /// lists at the end, then the closing line.
    @Test func gtestWritesBustedsGTestLines() {
        let recorder = Recorder()
        let reporter = GTestReporter(verbose: false, output: recorder.output(terminal: false))
        var ok = passed
        ok.file = "a_spec.lua"
        ok.duration = 0.00025
        var assertion = failed
        assertion.file = "a_spec.lua"
        var error = TestResult(
            name: "a errs", location: "a_spec.lua:4", status: .failed,
            failure: .init(message: "a_spec.lua:4: boom", location: "a_spec.lua:4", traceback: "stack traceback:"))
        error.file = "a_spec.lua"
        var block = TestResult(
            name: "b setup", location: "b_spec.lua:1", status: .failed, failure: .init(message: "b_spec.lua:2: broke"),
            block: true)
        block.file = "b_spec.lua"
        reporter.runStarted(files: ["a_spec.lua", "b_spec.lua"])
        for result in [ok, assertion, error] { reporter.report(result) }
        reporter.fileFinished("a_spec.lua")
        reporter.report(block)
        reporter.fileFinished("b_spec.lua")
        reporter.finish(TestRunEnd(summary: TestSummary(passed: 1, failed: 3), results: []))
        let lines = recorder.events.map { $0.replacingOccurrences(of: #"\(\d+\.\d\d ms total\)"#, with: "(T ms total)", options: .regularExpression) }
        #expect(lines == [
            "line [==========] Running tests from scanned files.",
            "line [----------] Global test environment setup.",
            "line [----------] Running tests from a_spec.lua",
            "line [ RUN      ] a_spec.lua @ 1: a passes",
            "line [       OK ] a_spec.lua @ 1: a passes (0.25 ms)",
            "line [ RUN      ] a_spec.lua @ 2: a fails",
            "line a_spec.lua:3: boom",
            "line [  FAILED  ] a_spec.lua @ 2: a fails (0.00 ms)",
            "line [ RUN      ] a_spec.lua @ 4: a errs",
            "line a_spec.lua:4: boom",
            "line [  ERROR   ] a_spec.lua @ 4: a errs (0.00 ms)",
            "line [----------] 3 tests from a_spec.lua (T ms total)",
            "line ",
            "line [----------] Running tests from b_spec.lua",
            "line b_spec.lua:2: broke",
            "line [----------] 0 tests from b_spec.lua (T ms total)",
            "line ",
            "line [----------] Global test environment teardown.",
            "line [==========] 3 tests from 2 test files ran. (T ms total)",
            "line [  PASSED  ] 1 test.",
            "line [  FAILED  ] 1 test, listed below:",
            "line [  FAILED  ] a_spec.lua @ 2: a fails",
            "line [  ERROR   ] 2 errors, listed below:",
            "line [  ERROR   ] a_spec.lua @ 4: a errs",
            "line [  ERROR   ] b_spec.lua @ 1: b setup",
            "line ",
            "line  1 FAILED TEST",
            "line  2 ERRORS",
            "line 1 passed, 3 failed",
        ])
    }
}
