import EventLoop
import Foundation
import LuaBridge
import ScreenScript

/// Runs Lua test files: each in a fresh host, through the busted-style runner written in
/// Lua (`Lua/runner.lua`, `assert.lua`, `spy.lua`), reporting each result as it comes.
///
/// ```swift
/// let runner = TestRunner(options: .init(paths: ["scripts"]))
/// let summary = try runner.run()   // prints failures and the closing line
/// ```
public final class TestRunner {
    public struct Options {
        public var paths: [String]
        /// A Lua pattern; only tests whose full name matches run.
        public var filter: String?
        /// Print every test, not only failures.
        public var verbose = false
        /// Instructions one file may run (a stuck test stops with an error instead of
        /// hanging the run); nil for no limit.
        public var instructionBudget: Int? = 10_000_000_000
        /// Bytes one file's state may allocate.
        public var memoryLimit: Int? = 1 << 30
        /// Rewrite snapshot files that differ, instead of failing.
        public var updateSnapshots = false
        /// Fail on a missing snapshot instead of writing it (CI sets the `CI` variable).
        public var isCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "0" && $0 != "false" } ?? false

        public init(paths: [String], filter: String? = nil, verbose: Bool = false) {
            self.paths = paths
            self.filter = filter
            self.verbose = verbose
        }
    }

    public let options: Options
    /// The modules test files see, besides the runner's own.
    public var modules: ModuleRegistry = .builtins
    /// Where the report goes; standard output by default.
    public var output: (String) -> Void = { print($0) }

    public init(options: Options) {
        self.options = options
    }

    /// Runs every test file found under the options' paths and prints the report, ending
    /// with the closing line.
    ///
    /// - Returns: the counts, with every result.
    /// - Throws: ``TestDiscovery/MissingPath`` for a path that does not exist.
    @discardableResult
    public func run() throws -> (summary: TestSummary, results: [TestResult]) {
        let files = try TestDiscovery().files(in: options.paths)
        var summary = TestSummary()
        var results: [TestResult] = []
        if files.isEmpty {
            output("no test files (*_spec.lua, *_test.lua) in \(options.paths.joined(separator: " "))")
        }
        for file in files {
            for result in runFile(file) {
                summary.add(result.status)
                results.append(result)
            }
        }
        output(summary.line)
        return (summary, results)
    }

    /// Runs one file in a fresh host. Nothing a file does can stop the run: a host that
    /// cannot start, or a runner that fails, becomes a failed result named after the file.
    public func runFile(_ file: String) -> [TestResult] {
        var results: [TestResult] = []
        do {
            let limits = LuaLimits(memory: options.memoryLimit, instructions: options.instructionBudget)
            let session = TestSession()
            let host = try ScriptHost(
                loop: EventLoop(clock: .virtual),
                modules: modules.adding(contentsOf: RunnerModules.all + [TestModule.module(session: session)]),
                limits: limits)
            // A test never touches the user's data: the file's stores live in a fresh folder.
            let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("luascreens-test-\(UUID())").path
            defer { try? FileManager.default.removeItem(atPath: dataDirectory) }
            host.dataDirectory = dataDirectory
            host.errorReporter = { [unowned session] error, context in
                session.reports.append(.init(context: context, error: error))
            }
            let lua = host.lua
            // A suite finds the modules beside it, and those of the app it sits in
            // (`scripts/<app>/tests/x_spec.lua` requires the app's modules).
            let folder = (file as NSString).deletingLastPathComponent
            if (folder as NSString).lastPathComponent == "tests" {
                try host.prependModulePath(for: (folder as NSString).deletingLastPathComponent)
            }
            try host.prependModulePath(for: folder)
            let snapshots = lua.newTable()
            snapshots.set("update", options.updateSnapshots)
            snapshots.set("ci", options.isCI)
            snapshots.set("write", lua.function { args -> Void in
                try SnapshotFile.write(try args.get(2, as: String.self), to: try args.get(1, as: String.self))
            })
            let suite = try lua.load(RunnerModules.startSuite, name: "=screentest").call(
                file, options.filter, TestModule.hooks(session: session, host: host, in: lua), snapshots, returning: LuaTable.self)
            do {
                let chunk = try lua.load(file: file)
                try suite.method("collect").call(chunk)
            } catch let error as LuaError where error.kind == .syntax || error.kind == .file {
                try suite.method("fail_file").call(error.message)
            }
            let reporter = lua.newTable()
            reporter.set("test_finished", lua.function { [unowned self] args -> Void in
                let result = try TestResult(record: args.get(1, as: LuaTable.self))
                results.append(result)
                report(result)
            })
            try suite.method("run").call(reporter)
        } catch let error as LuaError {
            let result = TestResult(
                name: file, location: nil, status: .failed,
                failure: .init(message: error.message, location: error.location?.description, traceback: error.traceback))
            results.append(result)
            report(result)
        } catch {
            let result = TestResult(
                name: file, location: nil, status: .failed,
                failure: .init(message: String(describing: error), location: nil, traceback: nil))
            results.append(result)
            report(result)
        }
        return results
    }

    // MARK: - Reporting

    private func report(_ result: TestResult) {
        switch result.status {
        case .passed:
            if options.verbose { output("ok    \(result.name)") }
        case .skipped:
            if options.verbose {
                output("skip  \(result.name)" + (result.reason.map { " (\($0))" } ?? ""))
            }
        case .failed:
            output(failureReport(result))
        }
    }

    private func failureReport(_ result: TestResult) -> String {
        var lines = ["FAIL  \(result.name)" + (result.location.map { "  (\($0))" } ?? "")]
        if let failure = result.failure {
            var message = failure.message
            // Assertion failures have no position in their message: put it in front.
            if let location = failure.location, !message.hasPrefix(location) {
                message = "\(location): \(message)"
            }
            lines += message.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }
            if let traceback = failure.traceback, !traceback.isEmpty {
                lines += traceback.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension TestResult {
    /// Reads a test record the Lua runner reports.
    init(record: LuaTable) throws {
        let failure = try record.get("failure", as: LuaTable?.self)
        self.init(
            name: try record.get("name", as: String.self),
            location: try record.get("location", as: String?.self),
            status: Status(rawValue: try record.get("status", as: String.self)) ?? .failed,
            failure: try failure.map { failure in
                Failure(
                    message: try failure.get("message", as: String?.self) ?? "(no message)",
                    location: try failure.get("location", as: String?.self),
                    traceback: try failure.get("traceback", as: String?.self))
            },
            reason: try record.get("reason", as: String?.self))
    }
}

extension LuaTable {
    /// The function stored under `name`.
    fileprivate func method(_ name: String) throws -> LuaFunction {
        try get(name, as: LuaFunction.self)
    }
}
