import ArgumentParser
import ScreenTest

/// `screens test [PATHS...]`: runs Lua test suites.
struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run Lua test suites (*_spec.lua, *_test.lua) headless.",
        discussion: """
            Folders are searched for suites; files named explicitly run whatever their name.
            The run ends with the line "N passed, N failed" (", N skipped" when some were
            skipped) and exits with a non-zero status when any test failed.
            """)

    @Argument(help: "Folders and files to test.", completion: .file())
    var paths: [String] = ["."]

    @Option(name: .shortAndLong, help: "Run only the tests whose full name matches this Lua pattern.")
    var filter: String?

    @Flag(name: .shortAndLong, help: "List every test, not only the failures.")
    var verbose = false

    @Option(help: "Instructions one test file may run before it is stopped (0: no limit).")
    var instructions: Int = 10_000_000_000

    @Flag(help: "Rewrite snapshot files that differ instead of failing.")
    var updateSnapshots = false

    func run() throws {
        let status = MainActor.assumeIsolated { () -> Int32 in
            var options = TestRunner.Options(paths: paths, filter: filter, verbose: verbose)
            options.instructionBudget = instructions > 0 ? instructions : nil
            options.updateSnapshots = updateSnapshots
            do {
                let (summary, _) = try TestRunner(options: options).run()
                return summary.failed == 0 && (summary.passed + summary.skipped) > 0 ? 0 : 1
            } catch {
                printError("screens test: \(error)")
                return 2
            }
        }
        if status != 0 { throw ExitCode(status) }
    }
}
