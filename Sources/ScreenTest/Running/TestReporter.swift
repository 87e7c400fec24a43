/// Writes a run's report as results come: each failure with its message, traceback and the
/// script errors the test left untaken (every test with `verbose`), what the tests printed,
/// and the closing line.
///
/// ```
/// FAIL  diary adds an entry  (tests/diary_spec.lua:12)
///       tests/diary_spec.lua:15: Expected objects to be equal.
///       ...
/// 41 passed, 1 failed
/// ```
struct TestReporter {
    /// Print every test, not only failures.
    var verbose: Bool
    /// Where the report goes, a line (or several) at a time.
    var output: (String) -> Void

    init(verbose: Bool = false, output: @escaping (String) -> Void = { print($0) }) {
        self.verbose = verbose
        self.output = output
    }

    /// Reports one result.
    func report(_ result: TestResult) {
        switch result.status {
        case .passed:
            if verbose { output("ok    \(result.name)") }
        case .skipped:
            if verbose {
                output("skip  \(result.name)" + (result.reason.map { " (\($0))" } ?? ""))
            }
        case .failed:
            output(failureReport(result))
        case .listed:
            output(result.location.map { "\($0): \(result.name)" } ?? result.name)
        }
    }

    /// Passes on what a test file printed, as it printed it.
    func printed(_ text: String) {
        guard !text.isEmpty else { return }
        output(text.hasSuffix("\n") ? String(text.dropLast()) : text)
    }

    /// Ends the report with the closing line.
    func finish(_ summary: TestSummary) {
        output(summary.line)
    }

    private func failureReport(_ result: TestResult) -> String {
        var lines = ["FAIL  \(result.name)" + (result.location.map { "  (\($0))" } ?? "")]
        var untakenHeader = true
        if let failure = result.failure {
            var message = failure.message
            // Assertion failures have no position in their message: put it in front.
            if let location = failure.location, !message.hasPrefix(location) {
                message = "\(location): \(message)"
            }
            lines += indented(message)
            if let traceback = failure.traceback, !traceback.isEmpty { lines += indented(traceback) }
            if let output = failure.output, !output.isEmpty {
                lines.append("      output:")
                lines += indented(output.hasSuffix("\n") ? String(output.dropLast()) : output)
            }
            untakenHeader = failure.message != TestModule.untakenMessage(count: result.errors.count)
        }
        if !result.errors.isEmpty {
            if untakenHeader {
                lines.append("      and " + TestModule.untakenMessage(count: result.errors.count) + ":")
            }
            for error in result.errors {
                lines += indented("error in \(error.context): \(error.message)")
                if let traceback = error.traceback, !traceback.isEmpty { lines += indented(traceback) }
            }
        }
        return lines.joined(separator: "\n")
    }

    private func indented(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }
    }
}
