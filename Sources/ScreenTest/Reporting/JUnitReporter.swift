import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--output junit` and `--junit-file F`: JUnit XML as CI systems read it (Jenkins, GitLab,
/// the GitHub actions that parse JUnit).
///
/// One `testsuite` per file (with its tests, failures, skipped and time, and what it
/// printed as `system-out`), one `testcase` per result: `classname` the file's path with
/// dots for slashes and without `.lua`, `name` the test's full name, `file`, `line` and
/// `time` in seconds; a `failure` with the message as its attribute and the message,
/// `file:line`, traceback and output as its text; `skipped` with the reason. Characters
/// XML cannot hold (control characters, U+FFFE, U+FFFF) are written as `\xNN`.
///
/// On standard output the document is written whole at the end, and the notes and the
/// closing line go to standard error, so that the output parses.
final class JUnitReporter: TestReporter {
    enum Destination {
        case standardOutput
        case file(String)
    }

    /// The JUnit file cannot be written.
    struct FileError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot write the JUnit report to \(path): \(reason)" }
    }

    private let destination: Destination
    private let verbose: Bool
    private let output: ReportOutput
    private var files: [String] = []
    private var filesDone = 0
    private var printedByFile: [String: String] = [:]

    /// - Throws: ``FileError`` when the file cannot be created, before anything runs.
    init(destination: Destination, verbose: Bool, output: ReportOutput) throws {
        self.destination = destination
        self.verbose = verbose
        self.output = output
        if case .file(let path) = destination { try Self.write("", to: path) }
    }

    func runStarted(files: [String]) {
        self.files = files
    }

    func report(_ result: TestResult) {}

    func printed(_ text: String) {
        guard filesDone < files.count else { return }
        printedByFile[files[filesDone], default: ""] += text
    }

    func fileFinished(_ file: String) {
        filesDone += 1
    }

    func notice(_ text: String) {
        if case .standardOutput = destination { output.errorLine(text) }
    }

    func finish(_ end: TestRunEnd) {
        let document = self.document(end.results)
        switch destination {
        case .standardOutput:
            output.line(document)
            for line in end.snapshots.lines(verbose: verbose) { output.errorLine(line) }
            if end.closingLine { output.errorLine(end.summary.line) }
        case .file(let path):
            do {
                try Self.write(document + "\n", to: path)
            } catch {
                output.errorLine(String(describing: error))
            }
        }
    }

    // MARK: - The document

    func document(_ results: [TestResult]) -> String {
        // A file run several times (--repeat) is one suite.
        var order: [String] = []
        var listed = Set<String>()
        for file in files where listed.insert(file).inserted { order.append(file) }
        var byFile: [String: [TestResult]] = [:]
        for result in results {
            let file = result.file ?? "?"
            if listed.insert(file).inserted { order.append(file) }
            byFile[file, default: []].append(result)
        }
        var total = Counts()
        var suites: [String] = []
        for file in order {
            let cases = byFile[file] ?? []
            let counts = Counts(cases)
            total.add(counts)
            var lines = ["  <testsuite name=\(Self.attribute(file))\(counts.attributes)>"]
            lines += cases.map { testCase($0, file: file) }
            if let printed = printedByFile[file], !printed.isEmpty {
                lines.append("    <system-out>\(Self.text(printed))</system-out>")
            }
            lines.append("  </testsuite>")
            suites.append(lines.joined(separator: "\n"))
        }
        return (["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                 "<testsuites name=\"screens test\"\(total.attributes)>"] + suites + ["</testsuites>"])
            .joined(separator: "\n")
    }

    private func testCase(_ result: TestResult, file: String) -> String {
        var attributes = "classname=\(Self.attribute(Self.className(file))) name=\(Self.attribute(result.name))"
        attributes += " file=\(Self.attribute(file))"
        if let line = result.location.flatMap(Self.line(of:)) { attributes += " line=\"\(line)\"" }
        attributes += " time=\"\(Self.seconds(result.duration ?? 0))\""
        switch result.status {
        case .passed:
            return "    <testcase \(attributes)/>"
        case .skipped:
            let reason = result.reason.map { " message=\(Self.attribute($0))" } ?? ""
            return "    <testcase \(attributes)>\n      <skipped\(reason)/>\n    </testcase>"
        case .listed:
            return "    <testcase \(attributes)>\n      <skipped message=\"listed, not run\"/>\n    </testcase>"
        case .failed:
            let message = result.failure?.message ?? TestModule.untakenMessage(count: result.errors.count)
            let text = TextReport.details(of: result).joined(separator: "\n")
            return "    <testcase \(attributes)>\n      <failure message=\(Self.attribute(message)) type=\"failure\">"
                + Self.text(text) + "</failure>\n    </testcase>"
        }
    }

    private struct Counts {
        var tests = 0, failures = 0, skipped = 0, time = 0.0

        init(_ results: [TestResult] = []) {
            for result in results {
                tests += 1
                if result.status == .failed { failures += 1 }
                if result.status == .skipped || result.status == .listed { skipped += 1 }
                time += result.duration ?? 0
            }
        }

        mutating func add(_ other: Counts) {
            tests += other.tests
            failures += other.failures
            skipped += other.skipped
            time += other.time
        }

        var attributes: String {
            " tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\"\(JUnitReporter.seconds(time))\""
        }
    }

    // MARK: - Text

    /// `Tests/lua/diary_spec.lua` → `Tests.lua.diary_spec`.
    static func className(_ file: String) -> String {
        var name = file.hasSuffix(".lua") ? String(file.dropLast(4)) : file
        while name.hasPrefix("/") || name.hasPrefix("./") { name = String(name.drop { $0 == "/" || $0 == "." }) }
        return name.replacingOccurrences(of: "/", with: ".")
    }

    /// The line of a `file:line` place.
    static func line(of place: String) -> Int? {
        guard let colon = place.lastIndex(of: ":") else { return nil }
        return Int(place[place.index(after: colon)...])
    }

    /// Seconds with three decimals: `0.012`.
    static func seconds(_ value: Double) -> String {
        guard value.isFinite, value > 0 else { return "0.000" }
        let millis = Int((min(value, 1e12) * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Character data: `&`, `<` and `>` escaped (so `]]>` cannot appear), and the characters
    /// XML cannot hold, or would not keep (a carriage return), written visibly.
    static func text(_ value: String) -> String {
        escaped(value.escapingControlCharacters(keepingTabs: true, keepingNewlines: true), inAttribute: false)
    }

    /// A quoted attribute value, its newlines and tabs kept as references (a parser would
    /// turn them into spaces).
    static func attribute(_ value: String) -> String {
        "\"" + escaped(value.escapingControlCharacters(keepingTabs: true, keepingNewlines: true), inAttribute: true) + "\""
    }

    private static func escaped(_ value: String, inAttribute: Bool) -> String {
        var text = ""
        text.reserveCapacity(value.utf8.count)
        for character in value.unicodeScalars {
            switch character {
            case "&": text += "&amp;"
            case "<": text += "&lt;"
            case ">": text += "&gt;"
            case "\"" where inAttribute: text += "&quot;"
            case "\n" where inAttribute: text += "&#10;"
            case "\t" where inAttribute: text += "&#9;"
            default: text.unicodeScalars.append(character)
            }
        }
        return text
    }

    /// Writes the file, or says why it cannot in the system's words (`the folder out does not
    /// exist`, `permission denied`).
    private static func write(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileError(path: path, reason: reason(errno, path: path)) }
        defer { close(descriptor) }
        guard writeAll(descriptor, Array(text.utf8)) else { throw FileError(path: path, reason: reason(errno, path: path)) }
    }

    private static func reason(_ code: Int32, path: String) -> String {
        switch code {
        case ENOENT:
            let folder = (path as NSString).deletingLastPathComponent
            return "the folder \(folder.isEmpty ? "." : folder) does not exist"
        case EISDIR: return "it is a folder"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }
}
