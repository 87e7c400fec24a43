/// `--output plain`: the failures (every test with `verbose`), what the tests printed, notes
/// on snapshots and the closing line; never colours nor a progress line, whatever the
/// output is.
final class PlainReporter: TestReporter {
    private let text: TextReport
    private let output: ReportOutput

    init(verbose: Bool, output: ReportOutput) {
        text = TextReport(verbose: verbose)
        self.output = output
    }

    func report(_ result: TestResult) {
        if let line = text.text(for: result) { output.line(line) }
    }

    func printed(_ text: String) {
        if let line = TextReport.printedText(text) { output.line(line) }
    }

    func notice(_ text: String) {
        output.line(text)
    }

    func finish(_ end: TestRunEnd) {
        for line in text.ending(end) { output.line(line) }
    }
}
