import Foundation

/// `--output json`: JSON Lines, one object a line as the run goes, so that a reader can
/// follow a long run and a run cut short still leaves every line before it whole.
///
/// ```
/// {"type":"test","file":"tests/diary_spec.lua","name":"diary adds an entry","status":"failed",...}
/// {"type":"output","file":"tests/diary_spec.lua","text":"printed\n"}
/// {"type":"summary","passed":41,"failed":1,"skipped":0,"snapshots":{"written":[...]}}
/// ```
///
/// A `test` object has the result's fields: `file`, `name`, `location`, `status` (`passed`,
/// `failed`, `skipped`), `duration` (seconds), `failure` (`message`, `location`,
/// `traceback`, `output`), `reason`, `errors` and `snapshots`; absent fields have no value.
/// The notes and the closing line go to standard error.
final class JSONReporter: TestReporter {
    private let verbose: Bool
    private let output: ReportOutput
    private var files: [String] = []
    private var filesDone = 0
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    init(verbose: Bool, output: ReportOutput) {
        self.verbose = verbose
        self.output = output
    }

    func runStarted(files: [String]) {
        self.files = files
    }

    func report(_ result: TestResult) {
        write(TestLine(result: result))
    }

    func printed(_ text: String) {
        guard !text.isEmpty else { return }
        write(OutputLine(file: filesDone < files.count ? files[filesDone] : nil, text: text))
    }

    func fileFinished(_ file: String) {
        filesDone += 1
    }

    func notice(_ text: String) {
        output.errorLine(text)
    }

    func finish(_ end: TestRunEnd) {
        let snapshots = end.snapshots
        write(SummaryLine(
            passed: end.summary.passed, failed: end.summary.failed, skipped: end.summary.skipped,
            snapshots: snapshots.isEmpty ? nil : .init(
                written: snapshots.written, updated: snapshots.updated,
                obsolete: snapshots.removed ? [] : snapshots.obsolete,
                removed: snapshots.removed ? snapshots.obsolete : [])))
        for line in snapshots.lines(verbose: verbose) { output.errorLine(line) }
        if end.closingLine { output.errorLine(end.summary.line) }
    }

    private func write(_ line: some Encodable) {
        guard let data = try? encoder.encode(line) else { return }
        output.line(String(decoding: data, as: UTF8.self))
    }

    // MARK: - Lines

    private struct TestLine: Encodable {
        var result: TestResult

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode("test", forKey: .type)
            try result.encode(to: encoder)
        }

        enum Key: CodingKey { case type }
    }

    private struct OutputLine: Encodable {
        var type = "output"
        var file: String?
        var text: String
    }

    private struct SummaryLine: Encodable {
        var type = "summary"
        var passed: Int
        var failed: Int
        var skipped: Int
        var snapshots: Snapshots?

        struct Snapshots: Encodable {
            var written: [String]
            var updated: [String]
            var obsolete: [String]
            var removed: [String]
        }
    }
}
