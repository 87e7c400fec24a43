import ArgumentParser
import Testing

@testable import screens

/// The lines `screens` reads without ArgumentParser (`screens run APP`, `screens test
/// [PATH...]`) must mean what ArgumentParser makes of them, and every other line must still
/// go to it.
@MainActor
struct PlainLineTests {
    @Test("screens run APP alone is the run the parse gives, with every option at its default")
    func plainRunIsTheParsedRun() throws {
        for app in ["scripts/hello", "/tmp/a.lua", "main.lua", "an app", ""] {
            let parsed = try #require(try Run.parseAsRoot([app]) as? Run)
            #expect(AppRun.plain(["run", app]) == AppRun(parsed), "\(app)")
        }
    }

    @Test("every option of screens run has a field of the same name in AppRun")
    func plainRunKnowsEveryOption() throws {
        let parsed = try #require(try Run.parseAsRoot(["x"]) as? Run)
        // A property wrapper's storage is named with a leading underscore.
        let options = Mirror(reflecting: parsed).children.compactMap { $0.label.map { String($0.drop { $0 == "_" }) } }
        let fields = Mirror(reflecting: AppRun(app: "x")).children.compactMap(\.label)
        #expect(options.sorted() == fields.sorted())
    }

    @Test("screens run with anything more, or a word for the whole tree, is parsed")
    func otherRunLinesAreParsed() {
        for line in [
            ["run"], ["run", "a", "b"], ["run", "--headless", "a"], ["run", "a", "--headless"], ["run", "-"],
            ["run", "--"], ["run", "help"], ["run", "-h"], ["test", "a"], ["repl", "a"], ["a", "b"],
        ] {
            #expect(AppRun.plain(line) == nil, "\(line)")
        }
    }

    @Test("screens test with paths or nothing is the run the parse gives")
    func plainTestIsTheParsedTest() throws {
        for paths in [[], ["Tests/lua"], ["a_spec.lua", "b", "/c d"]] {
            let parsed = try #require(try screens.Test.parseAsRoot(paths) as? screens.Test)
            #expect(TestRun.plain(["test"] + paths) == TestRun(parsed), "\(paths)")
        }
    }

    @Test("screens test with an option, --, or help is parsed")
    func otherTestLinesAreParsed() {
        for line in [
            ["test", "-v"], ["test", "a", "--jobs", "2"], ["test", "--", "x"], ["test", "help"], ["test", "a", "-h"],
            ["test", "--worker"], ["run", "a"], ["tests", "a"],
        ] {
            #expect(TestRun.plain(line) == nil, "\(line)")
        }
    }
}
