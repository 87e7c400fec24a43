import Testing
import Version
@testable import ScreenScript

@MainActor
struct PluginVersionRangeTests {
    /// Range, version, whether it matches: npm's answers.
    nonisolated static let table: [(String, String, Bool)] = [
        // Any.
        ("*", "1.2.3", true), ("", "0.0.0", true), ("x", "9.9.9", true), ("*", "1.2.3-beta", false),
        // Exact and partial.
        ("1.2.3", "1.2.3", true), ("=1.2.3", "1.2.3", true), ("v1.2.3", "1.2.3", true), ("1.2.3", "1.2.4", false),
        ("1.2.3", "1.2.3+build.5", true),
        ("1", "1.9.9", true), ("1", "2.0.0", false), ("1.x", "1.0.0", true), ("1.X", "0.9.9", false),
        ("1.2.*", "1.2.9", true), ("1.2.x", "1.3.0", false), ("1.2", "1.2.0", true), ("1.x.x", "1.5.0", true),
        // Caret.
        ("^1.2.3", "1.2.3", true), ("^1.2.3", "1.9.0", true), ("^1.2.3", "2.0.0", false), ("^1.2.3", "1.2.2", false),
        ("^1.2", "1.2.0", true), ("^1.2", "1.99.0", true), ("^1", "1.0.0", true), ("^1", "2.0.0-alpha", false),
        ("^0.2.3", "0.2.9", true), ("^0.2.3", "0.3.0", false), ("^0.2", "0.2.0", true), ("^0.2", "0.3.0", false),
        ("^0.0.3", "0.0.3", true), ("^0.0.3", "0.0.4", false), ("^0.0", "0.0.9", true), ("^0.0", "0.1.0", false),
        ("^0.x", "0.9.0", true), ("^0.x", "1.0.0", false), ("^0", "0.5.0", true), ("^0.0.x", "0.0.5", true),
        ("^0.0.x", "0.1.0", false), ("^1.2.x", "1.3.0", true), ("^1.x", "1.0.0", true),
        // Tilde.
        ("~1.2.3", "1.2.9", true), ("~1.2.3", "1.3.0", false), ("~1.2", "1.2.0", true), ("~1.2", "1.3.0", false),
        ("~1", "1.9.0", true), ("~1", "2.0.0", false), ("~0.2.3", "0.2.5", true), ("~>1.2", "1.2.5", true),
        // Comparators.
        (">=1 <2", "1.5.0", true), (">=1 <2", "2.0.0", false), (">= 1.2 < 2", "1.2.0", true),
        (">=0.2 <1", "0.2.0", true), (">=0.2 <1", "1.0.0", false), (">=0.2 <1", "0.1.9", false),
        (">1.2", "1.2.9", false), (">1.2", "1.3.0", true), (">1", "1.9.0", false), (">1", "2.0.0", true),
        ("<1.2", "1.1.9", true), ("<1.2", "1.2.0", false), ("<=1.2", "1.2.9", true), ("<=1.2", "1.3.0", false),
        (">1.2.3", "1.2.4", true), ("<=1.2.3", "1.2.3", true), (">*", "1.0.0", false), ("<*", "0.0.0", false),
        (">=*", "5.0.0", true),
        // Alternatives.
        ("^1 || ^3", "3.1.0", true), ("^1 || ^3", "2.0.0", false), ("1.2.3||2.0.0", "2.0.0", true),
        ("<1 || >=2", "1.5.0", false), ("<1 || >=2", "0.5.0", true),
        // Hyphen ranges.
        ("1.2.3 - 2.3.4", "2.3.4", true), ("1.2.3 - 2.3.4", "2.3.5", false), ("1.2 - 2.3", "2.3.9", true),
        ("1.2 - 2.3", "2.4.0", false), ("1.2 - 2.3", "1.1.9", false), ("1.2.3 - 2", "2.9.0", true), ("1.2.3 - 2", "3.0.0", false),
        // Prereleases: only with a comparator of the same MAJOR.MINOR.PATCH that has one.
        (">=1.3.0-beta", "1.3.0-beta.2", true), (">=1.3.0-beta", "1.3.0", true), (">=1.3.0-beta", "1.4.0-alpha", false),
        ("^1.2.3-beta.2", "1.2.3-beta.4", true), ("^1.2.3-beta.2", "1.2.3-beta.1", false), ("^1.2.3-beta.2", "1.2.4-beta.5", false),
        ("~1.2.3-rc.1", "1.2.3", true), ("1.2.3-rc.1", "1.2.3-rc.1", true), ("<1.2.3", "1.2.3-rc.1", false),
        ("<1.2.3-rc.2", "1.2.3-rc.1", true), (">=1.0.0-rc.1 <1.1 || ^2", "1.0.0-rc.2", true),
        ("1.2.3-alpha.10", "1.2.3-alpha.10", true), (">1.2.3-alpha.2", "1.2.3-alpha.10", true),
    ]

    @Test(arguments: table) func matchesAsNpmDoes(range: String, version: String, matches: Bool) throws {
        let parsed = try VersionRange(range)
        let candidate = try #require(Version(semantic: version))
        #expect(parsed.contains(candidate) == matches, "\(range) ∋ \(version)")
    }

    @Test(arguments: [
        ("1.2.3.4", "has '1.2.3.4', which is not a version"),
        ("^", "has '^' without a version after it"),
        (">= ", "has '>=' without a version after it"),
        ("1.x.3", "has '1.x.3', a number after a wildcard"),
        ("01.2", "has '01.2', which is not a version"),
        ("1.2-beta", "has '1.2-beta', which is not a version"),
        ("^abc", "has 'abc', which is not a version"),
        ("1 - ", "has a '-' that is not between two versions (write '1.2 - 2.3')"),
        ("99999999999", "has '99999999999', whose numbers are too large"),
        (">=1 <2 what", "has 'what', which is not a version"),
    ])
    func badRangesSayWhichPart(range: String, problem: String) {
        #expect(throws: VersionRangeError(range: range, problem: problem)) { try VersionRange(range) }
    }

    @Test func errorsQuoteTheRange() {
        #expect(VersionRangeError(range: "^x.1", problem: "has 'x.1', a number after a wildcard").description
            == "\"^x.1\" is not a version range: it has 'x.1', a number after a wildcard")
    }

    @Test func aHugeRangeIsRefusedWithoutWork() throws {
        let huge = String(repeating: "^1 || ", count: 1000)
        #expect(throws: VersionRangeError.self) { try VersionRange(huge) }
    }

    @Test(arguments: [
        ("1.2.0", true), ("0.0.0", true), ("1.2.0-beta.1+exp.sha", true), ("1.0.0+build-1", true),
        ("1.2", false), ("1", false), ("v1.2.3", false), ("01.2.3", false), ("1.02.3", false), ("+1.2.3", false),
        ("1.2.3-", false), ("1.2.3-a..b", false), ("1.2.3-01", false), ("1.2.3-a_b", false), ("1.2.3+", false),
        (" 1.2.3", false), ("1.2.3 ", false), ("99999999999999999999.0.0", false), ("", false),
    ])
    func semanticVersionsAreParsedStrictly(text: String, valid: Bool) {
        #expect((Version(semantic: text) != nil) == valid, "\(text)")
    }

    @Test func theHostsVersionIsInTheDocumentedRange() throws {
        #expect(try VersionRange(">=0.2 <1").contains(LuaScreensVersion.current))
    }
}
