import Foundation

/// `--output gtest`: busted's gtest handler, as Google Test writes its runs: a `[ RUN      ]`
/// line before each test and its outcome after it (`[       OK ]`, `[  FAILED  ]` for a
/// failed assertion, `[  ERROR   ]` for an error, `[ SKIPPED  ]`), each named
/// `file @ line: full name` with its time, the failures' messages as they come, a section
/// for each file, and the lists of what did not pass at the end; then the closing line.
///
/// ```
/// [==========] Running tests from scanned files.
/// [----------] Global test environment setup.
/// [----------] Running tests from spec/math_spec.lua
/// [ RUN      ] spec/math_spec.lua @ 2: math adds
/// [       OK ] spec/math_spec.lua @ 2: math adds (0.03 ms)
/// [----------] 1 test from spec/math_spec.lua (0.03 ms total)
/// ```
final class GTestReporter: TestReporter {
    private let verbose: Bool
    private let output: ReportOutput
    private var started = Date()
    private var file: String?
    private var fileTests = 0
    private var fileSeconds = 0.0
    private var files = 0
    private var tests = 0
    private var passed = 0
    private var lists: (skipped: [String], failed: [String], errors: [String]) = ([], [], [])

    init(verbose: Bool, output: ReportOutput) {
        self.verbose = verbose
        self.output = output
    }

    func runStarted(files: [String]) {
        started = Date()
        output.line("[==========] Running tests from scanned files.")
        output.line("[----------] Global test environment setup.")
    }

    func report(_ result: TestResult) {
        let file = result.file ?? result.location.map(Self.file(of:)) ?? result.name
        if self.file != file {
            self.file = file
            output.line("[----------] Running tests from \(file)")
        }
        let name = Self.name(result)
        let time = String(format: "%.2f ms", (result.duration ?? 0) * 1000)
        if result.block == true {
            // A block that failed is an error, with no test around it.
            if let failure = result.failure { output.line(Self.message(failure, verbose: verbose)) }
            lists.errors.append(name)
            return
        }
        tests += 1
        fileTests += 1
        fileSeconds += result.duration ?? 0
        output.line("[ RUN      ] \(name)")
        switch result.status {
        case .passed:
            passed += 1
            output.line("[       OK ] \(name) (\(time))")
        case .skipped, .listed:
            lists.skipped.append(name)
            output.line("[ SKIPPED  ] \(name) (\(time))")
        case .failed:
            let isError = result.failure?.traceback != nil || result.failure == nil
            output.line(result.failure.map { Self.message($0, verbose: verbose) }
                ?? TextReport.details(of: result).joined(separator: "\n"))
            if isError { lists.errors.append(name) } else { lists.failed.append(name) }
            output.line((isError ? "[  ERROR   ] " : "[  FAILED  ] ") + "\(name) (\(time))")
        }
    }

    func fileFinished(_ file: String) {
        guard self.file != nil else { return }
        files += 1
        output.line("[----------] \(Self.count(fileTests, "test")) from \(file) (\(String(format: "%.2f", fileSeconds * 1000)) ms total)")
        output.line("")
        self.file = nil
        fileTests = 0
        fileSeconds = 0
    }

    func printed(_ text: String) {
        if let line = TextReport.printedText(text) { output.line(line) }
    }

    func notice(_ text: String) {
        output.line(text)
    }

    func finish(_ end: TestRunEnd) {
        let total = String(format: "%.2f", Date().timeIntervalSince(started) * 1000)
        output.line("[----------] Global test environment teardown.")
        output.line("[==========] \(Self.count(tests, "test")) from \(Self.count(files, "test file")) ran. (\(total) ms total)")
        output.line("[  PASSED  ] \(Self.count(passed, "test")).")
        let sections = [
            (tag: "[ SKIPPED  ]", names: lists.skipped, noun: "test", footer: "SKIPPED TEST"),
            (tag: "[  FAILED  ]", names: lists.failed, noun: "test", footer: "FAILED TEST"),
            (tag: "[  ERROR   ]", names: lists.errors, noun: "error", footer: "ERROR"),
        ].filter { !$0.names.isEmpty }
        for section in sections {
            output.line("\(section.tag) \(Self.count(section.names.count, section.noun)), listed below:")
            for name in section.names { output.line("\(section.tag) \(name)") }
        }
        if !sections.isEmpty { output.line("") }
        for section in sections {
            output.line(" \(section.names.count) \(section.footer)\(section.names.count == 1 ? "" : "S")")
        }
        for line in end.snapshots.lines(verbose: verbose) { output.line(line) }
        if end.closingLine { output.line(end.summary.line) }
    }

    // MARK: - Names

    /// `spec/math_spec.lua @ 2: math adds`.
    static func name(_ result: TestResult) -> String {
        let shown = TextReport.shown(result.name)
        guard let location = result.location, let colon = location.lastIndex(of: ":"),
              Int(location[location.index(after: colon)...]) != nil
        else { return shown }
        return "\(location[..<colon]) @ \(location[location.index(after: colon)...]): \(shown)"
    }

    private static func file(of location: String) -> String {
        guard let colon = location.lastIndex(of: ":") else { return location }
        return String(location[..<colon])
    }

    /// The failure as busted's handler prints it: the message (placed), and the traceback
    /// when verbose.
    private static func message(_ failure: TestResult.Failure, verbose: Bool) -> String {
        var message = failure.message
        if let location = failure.location, !message.hasPrefix(location) { message = "\(location): \(message)" }
        var text = TextReport.shown(message, lines: true)
        if verbose, let traceback = failure.traceback, !traceback.isEmpty { text += "\n" + TextReport.shown(traceback, lines: true) }
        if let output = failure.output, !output.isEmpty { text += "\noutput:\n" + output }
        return text
    }

    /// "1 test", "2 tests".
    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
