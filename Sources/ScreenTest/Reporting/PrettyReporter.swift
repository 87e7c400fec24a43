/// `--output pretty`, the default: the plain report, with colours when standard output is a
/// terminal and `NO_COLOR` is unset or empty, a progress line on a terminal once the run has
/// lasted a second (`12/40 files · 380 passed · 1 failed`, rewritten in place and cleared
/// before any other line), and with `verbose` the slowest tests before the closing line.
final class PrettyReporter: TestReporter {
    /// How many of the slowest tests `verbose` lists.
    static let slowestCount = 10
    /// Nanoseconds a run lasts before its progress shows.
    static let progressDelay: UInt64 = 1_000_000_000
    /// Nanoseconds between two redraws of the progress line, so that a run of many quick
    /// tests does not spend its time on the terminal.
    static let progressInterval: UInt64 = 50_000_000

    private let text: TextReport
    private let output: ReportOutput
    private let started = Watchdog.now()
    private var fileCount = 0
    private var filesDone = 0
    private var summary = TestSummary()
    private var progressShown = false
    private var progressDrawn: UInt64 = 0

    /// Nanoseconds the run lasts before the progress line shows.
    private let progressDelay: UInt64

    init(verbose: Bool, output: ReportOutput, progressDelay: UInt64 = PrettyReporter.progressDelay) {
        text = TextReport(verbose: verbose, colours: output.colours)
        self.output = output
        self.progressDelay = progressDelay
    }

    /// Colours on a terminal, unless `NO_COLOR` is set to something (https://no-color.org).
    static func usesColours(isTerminal: Bool, environment: [String: String]) -> Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }

    func runStarted(files: [String]) {
        fileCount = files.count
    }

    func report(_ result: TestResult) {
        summary.add(result.status)
        if let line = text.text(for: result) { write(line) }
        showProgress()
    }

    func printed(_ text: String) {
        if let line = TextReport.printedText(text) { write(line) }
    }

    func fileFinished(_ file: String) {
        filesDone += 1
        showProgress()
    }

    func notice(_ text: String) {
        write(text)
    }

    func finish(_ end: TestRunEnd) {
        clearProgress()
        var lines = end.snapshots.lines(verbose: text.verbose)
        if text.verbose { lines += Self.slowest(end.results) }
        if end.closingLine { lines.append(text.closingLine(end.summary)) }
        for line in lines { output.line(line) }
    }

    /// The slowest tests, slowest first: "slowest tests:" and a line for each.
    static func slowest(_ results: [TestResult]) -> [String] {
        let timed = results.filter { $0.duration != nil && $0.status != .skipped }
            .sorted { ($0.duration ?? 0) > ($1.duration ?? 0) }
            .prefix(slowestCount)
        guard !timed.isEmpty else { return [] }
        return ["slowest tests:"] + timed.map { result in
            let seconds = JUnitReporter.seconds(result.duration ?? 0) + " s"
            let place = result.location.map { "  (\($0))" } ?? ""
            return String(repeating: " ", count: max(2, 11 - seconds.count)) + seconds + "  " + result.name + place
        }
    }

    // MARK: - Progress

    private func write(_ line: String) {
        clearProgress()
        output.line(line)
    }

    private func showProgress() {
        let now = Watchdog.now()
        guard let terminal = output.terminal, now &- started >= progressDelay,
              !progressShown || now &- progressDrawn >= Self.progressInterval
        else { return }
        progressDrawn = now
        var line = "\(filesDone)/\(fileCount) files · \(summary.passed) passed · \(summary.failed) failed"
        if summary.skipped > 0 { line += " · \(summary.skipped) skipped" }
        terminal("\r" + line + "\u{1B}[K")
        progressShown = true
    }

    private func clearProgress() {
        guard progressShown else { return }
        output.terminal?("\r\u{1B}[K")
        progressShown = false
    }
}
