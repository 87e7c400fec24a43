/// `--output tap`: TAP version 13. A line for each result (`ok N - name`, `not ok N - name`
/// followed by a YAML block with the message, `at: file:line` and the traceback,
/// `ok N - name # SKIP reason`), what the tests printed and the notes as `#` comments, the
/// plan `1..N` after the last result, then the closing line (which TAP readers ignore).
///
/// ```
/// TAP version 13
/// ok 1 - diary opens
/// not ok 2 - diary adds an entry
///   ---
///   message: |-
///     Expected objects to be equal.
///   at: "tests/diary_spec.lua:15"
///   ...
/// 1..2
/// 1 passed, 1 failed
/// ```
final class TAPReporter: TestReporter {
    private let verbose: Bool
    private let output: ReportOutput
    private var count = 0

    init(verbose: Bool, output: ReportOutput) {
        self.verbose = verbose
        self.output = output
    }

    func runStarted(files: [String]) {
        output.line("TAP version 13")
    }

    func report(_ result: TestResult) {
        count += 1
        let description = Self.description(result.name)
        switch result.status {
        case .passed:
            output.line("ok \(count) - \(description)")
        case .skipped:
            let reason = result.reason.map { " " + Self.description($0) } ?? ""
            output.line("ok \(count) - \(description) # SKIP\(reason)")
        case .listed:
            output.line("ok \(count) - \(description) # SKIP listed, not run")
        case .failed:
            output.line(([ "not ok \(count) - \(description)" ] + Self.yaml(for: result)).joined(separator: "\n"))
        }
    }

    func printed(_ text: String) {
        guard let text = TextReport.printedText(text) else { return }
        notice(text)
    }

    func notice(_ text: String) {
        output.line(text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "# " + $0.escapingControlCharacters(keepingTabs: true) }.joined(separator: "\n"))
    }

    func finish(_ end: TestRunEnd) {
        for line in end.snapshots.lines(verbose: verbose) { notice(line) }
        output.line("1..\(count)")
        if end.closingLine { output.line(end.summary.line) }
    }

    /// A name or reason as a TAP line holds it: on one line, `#` and `\` escaped.
    static func description(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "#", with: "\\#")
            .escapingControlCharacters(keepingTabs: false)
    }

    /// The YAML block after `not ok`: what failed, where, and how it got there.
    static func yaml(for result: TestResult) -> [String] {
        var lines = ["  ---"]
        let failure = result.failure
        let message = failure?.message ?? TestModule.untakenMessage(count: result.errors.count)
        lines += block("message", message)
        if let place = failure?.location ?? result.location { lines.append("  at: " + quoted(place)) }
        if let traceback = failure?.traceback, !traceback.isEmpty { lines += block("traceback", traceback) }
        if let output = failure?.output, !output.isEmpty { lines += block("output", output) }
        if !result.errors.isEmpty {
            let errors = result.errors.map { error in
                "error in \(error.context): \(error.message)" + (error.traceback.map { "\n" + $0 } ?? "")
            }
            lines += block("errors", errors.joined(separator: "\n"))
        }
        lines.append("  ...")
        return lines
    }

    /// `key: |-` and the text's lines, indented; an explicit indentation when the first line
    /// starts with a space, which would otherwise set it.
    private static func block(_ key: String, _ text: String) -> [String] {
        let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
        guard !body.isEmpty else { return ["  \(key): \"\""] }
        let indicator = body.hasPrefix(" ") ? "|2-" : "|-"
        return ["  \(key): \(indicator)"] + body.split(separator: "\n", omittingEmptySubsequences: false).map {
            "    " + $0.escapingControlCharacters(keepingTabs: true)
        }
    }

    /// A YAML double-quoted scalar.
    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .escapingControlCharacters(keepingTabs: false) + "\""
    }
}
