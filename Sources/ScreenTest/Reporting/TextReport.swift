/// The lines the text formats (``PlainReporter``, ``PrettyReporter``) write: each failure
/// with its message, traceback, output and the script errors the test left untaken (every
/// test with `verbose`), notes on snapshots, and the closing line.
///
/// ```
/// FAIL  diary adds an entry  (tests/diary_spec.lua:12)
///       tests/diary_spec.lua:15: Expected objects to be equal.
///       ...
/// 41 passed, 1 failed
/// ```
struct TextReport {
    /// Print every test, not only failures.
    var verbose: Bool
    /// Whether lines get ANSI colours.
    var colours = false

    /// What to print for a result, or nil for nothing.
    func text(for result: TestResult) -> String? {
        switch result.status {
        case .passed:
            return verbose ? paint("ok", .green) + "    \(Self.shown(result.name))" : nil
        case .skipped:
            guard verbose else { return nil }
            return paint("skip", .yellow) + "  \(Self.shown(result.name))" + (result.reason.map { " (\(Self.shown($0)))" } ?? "")
        case .listed:
            return result.location.map { "\($0): \(Self.shown(result.name))" } ?? Self.shown(result.name)
        case .failed:
            let header = paint("FAIL", .red) + "  \(Self.shown(result.name))" + (result.location.map { paint("  (\($0))", .dim) } ?? "")
            return ([header] + Self.details(of: result).map { "      " + $0 }).joined(separator: "\n")
        }
    }

    /// What a file printed, as one line (or several), or nil when it printed nothing.
    static func printedText(_ text: String) -> String? {
        guard !text.isEmpty else { return nil }
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// The end of the report: what happened to snapshots, then the closing line.
    func ending(_ end: TestRunEnd) -> [String] {
        end.snapshots.lines(verbose: verbose) + (end.closingLine ? [closingLine(end.summary)] : [])
    }

    func closingLine(_ summary: TestSummary) -> String {
        paint(summary.line, summary.failed > 0 ? .red : .green)
    }

    /// Why a test failed, as lines without indentation: the message (after where it was
    /// raised), the traceback, what the test printed before its process died, and the
    /// script errors it left untaken.
    static func details(of result: TestResult) -> [String] {
        var lines: [String] = []
        var untakenHeader = true
        if let failure = result.failure {
            var message = failure.message
            // Assertion failures have no position in their message: put it in front.
            if let location = failure.location, !message.hasPrefix(location) {
                message = "\(location): \(message)"
            }
            lines += split(shown(message, lines: true))
            if let traceback = failure.traceback, !traceback.isEmpty { lines += split(shown(traceback, lines: true)) }
            if let output = failure.output, !output.isEmpty {
                lines.append("output:")
                lines += split(output.hasSuffix("\n") ? String(output.dropLast()) : output)
            }
            untakenHeader = failure.message != TestModule.untakenMessage(count: result.errors.count)
        }
        if !result.errors.isEmpty {
            if untakenHeader {
                lines.append("and " + TestModule.untakenMessage(count: result.errors.count) + ":")
            }
            for error in result.errors {
                lines += split(shown("error in \(error.context): \(error.message)", lines: true))
                if let traceback = error.traceback, !traceback.isEmpty { lines += split(shown(traceback, lines: true)) }
            }
        }
        return lines
    }

    /// A name, a reason or a message as the report shows it: control characters escaped
    /// (`\x1B`), so that an escape sequence in a test's text cannot drive the terminal; a
    /// message keeps its lines and tabs. What a test printed is shown as it was.
    static func shown(_ text: String, lines: Bool = false) -> String {
        text.escapingControlCharacters(keepingTabs: lines, keepingNewlines: lines)
    }

    private static func split(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    // MARK: - Colours

    enum Colour: String {
        case red = "\u{1B}[1;31m", green = "\u{1B}[32m", yellow = "\u{1B}[33m", dim = "\u{1B}[2m"
    }

    func paint(_ text: String, _ colour: Colour) -> String {
        colours ? colour.rawValue + text + "\u{1B}[0m" : text
    }
}
