import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `screens test --output ...` as CI systems read it: the built binary on
/// Tests/lua/fixtures/reporting.lua (a test that passes, fails, is pending, skips itself,
/// ends its worker and loops for ever under --timeout 1) in each format, compared with
/// Expected/report-*, and on hostile_names.lua, whose names and messages hold what each
/// format must escape.
struct ReporterCommandTests {
    static let kinds = "Tests/lua/fixtures/reporting.lua"
    static let hostile = "Tests/lua/fixtures/hostile_names.lua"
    static let closingLine = "2 passed, 3 failed, 2 skipped\n"

    func screensTest(_ arguments: [String], environment: [String: String] = [:]) async throws -> ScreensProgram.Output {
        try await ScreensProgram.screensDetached(["test"] + arguments, environment: environment)
    }

    /// The report with its times (which vary) replaced by `T` and `0`.
    func timeless(_ text: String) -> String {
        text.replacingOccurrences(of: #"time="[0-9.]+""#, with: #"time="T""#, options: .regularExpression)
            .replacingOccurrences(of: #""duration":[-0-9.e]+"#, with: #""duration":0"#, options: .regularExpression)
    }

    // MARK: - Text

    @Test(arguments: ["plain", "pretty"])
    func textReportsEveryKindOfResult(format: String) async throws {
        // Not a terminal: pretty is plain, without colours or a progress line.
        let result = try await screensTest([Self.kinds, "--timeout", "1", "--output", format])
        #expect(result.status == 1)
        #expect(result.stdout == (try ScreensProgram.expected("report-plain.txt")))
        #expect(result.stderr == "")
    }

    @Test func prettyListsTheSlowestTestsWithVerbose() async throws {
        let result = try await screensTest([Self.kinds, "--timeout", "1", "--verbose"])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex(of: "slowest tests:"))
        // Timed tests only (not the crashed one, whose worker died), slowest first.
        let slowest = lines[(start + 1)...].prefix { $0.hasPrefix(" ") }
        #expect(slowest.count == 4)
        #expect(slowest.first?.hasSuffix(" s  kinds hangs  (Tests/lua/fixtures/reporting.lua:25)") == true)
        #expect(result.stdout.hasSuffix(Self.closingLine))
        let plain = try await screensTest([Self.kinds, "--timeout", "1", "--verbose", "--output", "plain"])
        #expect(!plain.stdout.contains("slowest"))
    }

    /// As busted goes on with its default handler when it cannot load the one named.
    @Test func anUnknownFormatIsWarnedAboutAndBustedsNamesAreTaken() async throws {
        let unknown = try await screensTest(["Tests/lua/fixtures/all_pass.lua", "--output", "xml"])
        #expect(unknown.status == 0)
        #expect(unknown.stderr.hasPrefix("screens test: warning: the output handler `xml` is not one screens test has"))
        #expect(unknown.stdout.hasSuffix(" passed, 0 failed\n"))
        let busted = try await screensTest(["Tests/lua/fixtures/all_pass.lua", "--output", "TAP"])
        #expect(busted.stdout.hasPrefix("TAP version 13\n"))
    }

    // MARK: - TAP

    @Test func tapHasItsVersionAPlanAndAYAMLBlockForEachFailure() async throws {
        let result = try await screensTest([Self.kinds, "--timeout", "1", "--output", "tap"])
        #expect(result.status == 1)
        #expect(result.stdout == (try ScreensProgram.expected("report-tap.txt")))
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "TAP version 13")
        #expect(lines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }.count == 7)
        #expect(lines.contains("1..7"))
    }

    @Test func tapEscapesWhatWouldEndALineOrStartADirective() async throws {
        let result = try await screensTest([Self.hostile, "--output", "tap"])
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains(##"ok 2 - hostile <&"'> \#tag has a\nnewline and a \\ backslash"##))
        #expect(lines.contains(##"not ok 3 - hostile <&"'> \#tag fails \# not a directive"##))
        #expect(lines.contains(#"    message with \x00 and ]]> and <tag> and "quotes""#))
        #expect(!result.stdout.contains("\u{1B}"))
    }

    // MARK: - JUnit

    @Test func junitGoesToStandardOutputAndItsClosingLineToStandardError() async throws {
        let result = try await screensTest([Self.kinds, "--timeout", "1", "--output", "junit"])
        #expect(result.status == 1)
        #expect(timeless(result.stdout) == (try ScreensProgram.expected("report-junit.xml")))
        #expect(result.stderr == Self.closingLine)
        let document = try JUnitDocument(result.stdout)
        #expect(document.suites == [["name": "Tests/lua/fixtures/reporting.lua", "tests": "7", "failures": "3",
                                     "errors": "0", "skipped": "2", "time": document.suites.first?["time"] ?? ""]])
        #expect(document.cases.count == 7)
        #expect(document.cases.allSatisfy { $0["classname"] == "Tests.lua.fixtures.reporting" })
        #expect(document.failures.count == 3)
        #expect(document.skipped == 2)
    }

    @Test func junitEscapesEveryCharacterANameOrMessageCanHold() async throws {
        let result = try await screensTest([Self.hostile, "--output", "junit"])
        let document = try JUnitDocument(result.stdout)
        #expect(document.cases.map { $0["name"] ?? "" } == [
            "hostile <&\"'> #tag has \\x01 and \\x1B[31m and ]]> and \u{FFFD}\u{FFFD} in its name",
            "hostile <&\"'> #tag has a\nnewline and a \\ backslash",
            "hostile <&\"'> #tag fails # not a directive",
        ])
        #expect(document.failures.first?.message == "message with \\x00 and ]]> and <tag> and \"quotes\"\nand a second line")
        #expect(document.failures.first?.text.hasPrefix(
            "Tests/lua/fixtures/hostile_names.lua:7: message with \\x00 and ]]> and <tag> and \"quotes\"\nand a second line\nstack traceback:") == true)
    }

    @Test func aJUnitFileIsWrittenBesidesTheChosenReport() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("junit.xml").path
            let result = try await screensTest([Self.kinds, "--timeout", "1", "--output", "plain", "--junit-file", file])
            #expect(result.stdout == (try ScreensProgram.expected("report-plain.txt")))
            let written = try String(contentsOfFile: file, encoding: .utf8)
            #expect(timeless(written) == (try ScreensProgram.expected("report-junit.xml")))
        }
    }

    @Test func aJUnitFileThatCannotBeWrittenStopsTheRunBeforeItStarts() async throws {
        let result = try await screensTest([Self.kinds, "--junit-file", "/no/such/folder/junit.xml"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "screens test: cannot write the JUnit report to /no/such/folder/junit.xml: the folder /no/such/folder does not exist\n")
        let folder = try await screensTest([Self.kinds, "--junit-file", "/tmp"])
        #expect(folder.status == 2)
        #expect(folder.stderr == "screens test: cannot write the JUnit report to /tmp: it is a folder\n")
    }

    // MARK: - JSON

    @Test func jsonIsOneObjectALineEndingWithTheSummary() async throws {
        let result = try await screensTest([Self.kinds, "--timeout", "1", "--output", "json"])
        #expect(result.status == 1)
        #expect(timeless(result.stdout) == (try ScreensProgram.expected("report-json.jsonl")))
        #expect(result.stderr == Self.closingLine)
        let objects = try result.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let tests = objects.filter { $0["type"] as? String == "test" }
        #expect(tests.map { $0["status"] as? String } == [
            "passed", "failed", "skipped", "skipped", "failed", "failed", "passed",
        ])
        #expect(tests.allSatisfy { $0["file"] as? String == Self.kinds })
        let summary = try #require(objects.last)
        #expect(summary["type"] as? String == "summary")
        #expect(summary["passed"] as? Int == 2 && summary["failed"] as? Int == 3 && summary["skipped"] as? Int == 2)
    }

    @Test func notesOfTheRunGoToStandardErrorUnderJSONAndJUnit() async throws {
        let file = "Tests/lua/fixtures/all_pass.lua"
        for format in ["json", "junit"] {
            let result = try await screensTest([file, "--seed", "3", "--repeat", "2", "--output", format])
            #expect(result.status == 0)
            #expect(result.stderr == """
                Randomized with seed 3 (--seed 3 repeats this order)
                Repeating all tests (run 1 of 2)
                run 1 of 2: 3 passed, 0 failed
                Repeating all tests (run 2 of 2)
                run 2 of 2: 3 passed, 0 failed
                6 passed, 0 failed

                """)
            #expect(!result.stdout.contains("Randomized"))
        }
    }

    @Test func aListingIsTestsSkippedAsListedInTAPWithoutAClosingLine() async throws {
        let result = try await screensTest(["Tests/lua/fixtures/all_pass.lua", "--list", "--output", "tap"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            TAP version 13
            ok 1 - all pass compares numbers # SKIP listed, not run
            ok 2 - all pass compares tables # SKIP listed, not run
            ok 3 - all pass nested checks errors # SKIP listed, not run
            1..3

            """)
    }

    @Test func jsonKeepsHostileNamesAsTheyAre() async throws {
        let result = try await screensTest([Self.hostile, "--output", "json"])
        let names = try result.stdout.split(separator: "\n").compactMap { line in
            (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["name"] as? String
        }
        #expect(names == [
            "hostile <&\"'> #tag has \u{1} and \u{1B}[31m and ]]> and \u{FFFD}\u{FFFD} in its name",
            "hostile <&\"'> #tag has a\nnewline and a \\ backslash",
            "hostile <&\"'> #tag fails # not a directive",
        ])
    }
}

/// A JUnit document as an XML parser reads it: fails unless it is well-formed.
private final class JUnitDocument: NSObject, XMLParserDelegate {
    struct Failure {
        var message: String
        var text: String
    }

    private(set) var suites: [[String: String]] = []
    private(set) var cases: [[String: String]] = []
    private(set) var failures: [Failure] = []
    private(set) var skipped = 0
    private var text: String?

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    init(_ xml: String) throws {
        super.init()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = self
        guard parser.parse() else {
            throw Malformed(description: "not well-formed: \(parser.parserError.map { String(describing: $0) } ?? "?")")
        }
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        switch name {
        case "testsuite": suites.append(attributes)
        case "testcase": cases.append(attributes)
        case "failure":
            failures.append(Failure(message: attributes["message"] ?? "", text: ""))
            text = ""
        case "skipped": skipped += 1
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text? += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "failure", let text {
            failures[failures.count - 1].text = text
            self.text = nil
        }
    }
}
