import ArgumentParser
import Foundation
import ScreenTest

/// `screens test [PATHS...]`: runs Lua test suites.
struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run Lua test suites (*_spec.lua, *_test.lua) headless.",
        discussion: """
            Folders are searched for suites; files named explicitly run whatever their name. \
            Files run in worker processes, each in a fresh Lua state, and are reported in \
            path order. A test, hook or describe body still running after --timeout seconds \
            is stopped and fails, and so does one that crashes its worker; the run goes on.

            The run ends with the line "N passed, N failed" (", N skipped" when some were \
            skipped) and exits with status 0 when everything passed, 1 when a test failed or \
            none ran.
            """)

    @Argument(help: "Folders and files to test.", completion: .file())
    var paths: [String] = ["."]

    @Option(name: .shortAndLong, help: "Run only the tests whose full name matches this Lua pattern.")
    var filter: String?

    @Flag(name: .shortAndLong, help: "List every test, not only the failures.")
    var verbose = false

    @Option(help: "Seconds a test (its body, and each of its hooks) may run before it is stopped.")
    var timeout: Double = 60

    @Option(name: .shortAndLong, help: "Worker processes running test files at once (default: the number of cores).")
    var jobs: Int?

    @Option(help: "Instructions one test file may run before it is stopped (0: no limit).")
    var instructions: Int = 0

    @Flag(help: "Rewrite snapshot files that differ instead of failing.")
    var updateSnapshots = false

    @Flag(help: .hidden)
    var worker = false

    func validate() throws {
        guard timeout.isFinite, timeout > 0 else {
            throw ValidationError("--timeout must be a positive number of seconds, got \(timeout)")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
    }

    func run() throws {
        let status = MainActor.assumeIsolated { () -> Int32 in
            if worker { return TestWorker.serve() }
            var options = TestRunner.Options(paths: paths, filters: filter.map { [$0] } ?? [], verbose: verbose)
            options.instructionBudget = instructions > 0 ? instructions : nil
            options.updateSnapshots = updateSnapshots
            options.timeout = timeout
            options.jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
            options.workerCommand = Self.workerCommand
            do {
                let (summary, _) = try TestRunner(options: options).run()
                return summary.succeeded ? 0 : 1
            } catch {
                printError("screens test: \(error)")
                return 2
            }
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// The arguments that start a worker, which the program's entry recognises before any
    /// parsing.
    static let workerArguments = ["test", "--worker"]

    /// The command that starts a worker.
    static var workerCommand: [String] { [executablePath()] + workerArguments }

    /// This program, for starting workers.
    static func executablePath() -> String {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }
}
