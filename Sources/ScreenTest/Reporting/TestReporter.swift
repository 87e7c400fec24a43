import Foundation
import ScreenScript

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a run's report, one format per type (`--output`): ``PrettyReporter``,
/// ``PlainReporter``, ``TAPReporter``, ``JUnitReporter``, ``JSONReporter``, ``GTestReporter``.
///
/// The runner tells it, in order: the files it will run, what each file printed and each
/// result as they come (in file order), each file once it is done, notes about the run,
/// and the end. Every format ends with the closing line, `N passed, N failed[, N skipped]`:
/// on standard error for those a machine reads whole from standard output (JUnit, JSON).
protocol TestReporter: AnyObject {
    /// The run starts with these files, in the order they are reported.
    func runStarted(files: [String])
    /// One result.
    func report(_ result: TestResult)
    /// What a test file printed, as it printed it.
    func printed(_ text: String)
    /// Every result of `file` has been reported.
    func fileFinished(_ file: String)
    /// Something about the run as a whole ("no test files in ...").
    func notice(_ text: String)
    /// The run is over.
    func finish(_ end: TestRunEnd)
}

extension TestReporter {
    func runStarted(files: [String]) {}
    func fileFinished(_ file: String) {}
}

/// How a run ended: its counts, every result in file order, and what it did to snapshots.
struct TestRunEnd {
    var summary: TestSummary
    var results: [TestResult]
    var snapshots = SnapshotChanges()
    /// Whether the report ends with the closing line (a listing has none).
    var closingLine = true
}

/// Where a report goes.
struct ReportOutput {
    /// Standard output, a line at a time.
    var line: (String) -> Void
    /// Standard error, a line at a time.
    var errorLine: (String) -> Void = { _ in }
    /// Writes to the terminal as it is, without a newline; nil when standard output is not
    /// a terminal.
    var terminal: ((String) -> Void)?
    /// Whether lines may have ANSI colours.
    var colours = false
}

extension TestRunner {
    /// The reporter the options ask for, with the JUnit file's besides when there is one.
    ///
    /// - Throws: ``JUnitReporter/FileError`` when the JUnit file cannot be created: that is
    ///   known before anything runs.
    func makeReporter() throws -> TestReporter {
        let isTerminal = outputIsStandard && isatty(STDOUT_FILENO) != 0
        let out = ReportOutput(
            line: output, errorLine: errorOutput,
            terminal: isTerminal ? { text in
                // After what print() holds in its buffer.
                fflush(nil)
                writeAll(STDOUT_FILENO, Array(text.utf8))
            } : nil,
            colours: PrettyReporter.usesColours(isTerminal: isTerminal, environment: ProcessEnvironment.current()))
        let verbose = options.verbose
        let main: TestReporter
        switch options.output {
        case .pretty: main = PrettyReporter(verbose: verbose, output: out)
        case .plain: main = PlainReporter(verbose: verbose, output: out)
        case .tap: main = TAPReporter(verbose: verbose, output: out)
        case .junit: main = try JUnitReporter(destination: .standardOutput, verbose: verbose, output: out)
        case .json: main = JSONReporter(verbose: verbose, output: out)
        case .gtest: main = GTestReporter(verbose: verbose, output: out)
        }
        guard let path = options.junitFile else { return main }
        let file = try JUnitReporter(destination: .file(path), verbose: verbose, output: out)
        return ReporterGroup([main, file])
    }
}

/// Several reporters told the same things, in order.
final class ReporterGroup: TestReporter {
    let reporters: [TestReporter]

    init(_ reporters: [TestReporter]) {
        self.reporters = reporters
    }

    func runStarted(files: [String]) { for reporter in reporters { reporter.runStarted(files: files) } }
    func report(_ result: TestResult) { for reporter in reporters { reporter.report(result) } }
    func printed(_ text: String) { for reporter in reporters { reporter.printed(text) } }
    func fileFinished(_ file: String) { for reporter in reporters { reporter.fileFinished(file) } }
    func notice(_ text: String) { for reporter in reporters { reporter.notice(text) } }
    func finish(_ end: TestRunEnd) { for reporter in reporters { reporter.finish(end) } }
}
