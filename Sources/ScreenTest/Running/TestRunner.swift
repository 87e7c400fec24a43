import EventLoop
import Foundation
import LuaBridge
import ScreenScript

/// Runs Lua test files: each in a fresh host, through the busted-style runner written in
/// Lua (`Lua/runner.lua`, with luassert's assertions and spies), reporting each result as
/// it comes.
///
/// With `jobs` and a `workerCommand`, the files run in that many worker processes (see
/// ``WorkerPool``): a file that crashes its worker, or is stuck where it cannot be stopped,
/// fails the test that was running and the run goes on. Otherwise they run here.
///
/// ```swift
/// let runner = TestRunner(options: .init(paths: ["scripts"]))
/// let summary = try runner.run()   // prints failures and the closing line
/// ```
/// Main-actor code spelled out: modules importing it in a release (whole-module) build do not
/// see the package's default isolation, and its isolated `deinit` needs one.
@MainActor
public final class TestRunner {
    public struct Options: Codable, Sendable {
        public var paths: [String]
        /// Lua patterns (`--filter`, repeatable): when any are given, only the tests whose full
        /// name matches one of them run.
        public var filters: [String] = []
        /// Lua patterns (`--filter-out`, repeatable): tests whose full name matches one of
        /// them do not run.
        public var filtersOut: [String] = []
        /// Tags (`--tags`, `#tag` in a test's or block's name): when any are given, only the
        /// tests carrying one of them run.
        public var tags: [String] = []
        /// Tags (`--exclude-tags`): tests carrying one of them do not run.
        public var excludeTags: [String] = []
        /// The seed that shuffles files and the tests in each block (`--shuffle`, `--seed`);
        /// nil keeps the declared order.
        public var shuffleSeed: Int64?
        /// Whether the seed shuffles the files (`--shuffle-files`).
        public var shuffleFiles = true
        /// Whether the seed shuffles the tests in each block (`--shuffle-tests`).
        public var shuffleTests = true
        /// List the tests (`--list`) instead of running them: describe bodies run, tests and
        /// hooks do not.
        public var list = false
        /// Stop the run at the first failure (`--fail-fast`).
        public var failFast = false
        /// Run the whole suite this many times (`--repeat`).
        public var repetitions = 1
        /// Run only shard `index` (0-based) of `count` (`--shard K/N`): a stable part of the
        /// tests, the `count` shards together running each test once.
        public var shard: Shard?
        /// Put before `package.path` in every file's state (`--lpath`, busted's default
        /// `./src/?.lua;./src/?/?.lua;./src/?/init.lua`).
        public var luaPath = "./src/?.lua;./src/?/?.lua;./src/?/init.lua"
        /// Put before `package.cpath` in every file's state (`--cpath`, busted's default).
        public var cPath = "./csrc/?.so;./csrc/?/?.so"
        /// A Lua file run in each file's state before the file (`--helper`).
        public var helper: String?
        /// Lua patterns a file's name must match to be a suite when a folder is searched
        /// (`--pattern`); `_spec` and `_test` files when empty.
        public var patterns: [String] = []
        /// Lua patterns that keep a file found in a folder from being a suite
        /// (`--exclude-pattern`), over ``patterns``.
        public var excludePatterns: [String] = []
        /// What test files get as the global `arg` (busted's script arguments).
        public var scriptArguments: [String] = []
        /// `arg[0]` of test files: the runner, as busted gives its own script.
        public var runnerPath: String?
        /// `arg[-1]` of test files: a command that runs Lua 5.4 scripts with `lua`'s options
        /// (see ``InterpreterCommand``).
        public var interpreterCommand: String?
        /// Record which lines of the project's Lua files ran, and write `coverage/lcov.info`
        /// and a summary (`--coverage`; see ``Coverage``).
        public var coverage = false
        /// Lua patterns of the files coverage records, matched against their paths as the
        /// report names them (none: every Lua file of the project under the current folder).
        public var coverageInclude: [String] = []
        /// Lua patterns of the files coverage leaves out.
        public var coverageExclude: [String] = []
        /// How the report is written (`--output`).
        public var output: OutputFormat = .pretty
        /// Also write a JUnit XML report to this file (`--junit-file`).
        public var junitFile: String?
        /// Print every test, not only failures.
        public var verbose = false
        /// Instructions one test file may run before it is stopped; nil for no limit (the
        /// time limit is what stops a stuck test).
        public var instructionBudget: Int?
        /// Bytes one file's state may allocate.
        public var memoryLimit: Int? = 1 << 30
        /// Rewrite snapshot files that differ, instead of failing.
        public var updateSnapshots = false
        /// Fail on a missing snapshot instead of writing it (CI sets the `CI` variable).
        public var isCI = getenv("CI").map { String(cString: $0) }.map { !$0.isEmpty && $0 != "0" && $0 != "false" } ?? false
        /// Seconds each call into a test file may run: a test's body and each of its hooks, a
        /// describe body, the file's main chunk. Code still running then is stopped where it
        /// is, which fails its test, and the file goes on with the next one.
        public var timeout: Double = 60
        /// Worker processes that run the files; 0 runs them in this process, where code stuck
        /// in a C function (a pattern that backtracks for ever) or a crash ends the run.
        public var jobs = 0
        /// The command that starts a worker: this program's `test --worker` (see ``TestWorker``).
        public var workerCommand: [String] = []
        /// Whether the run waits at its end for its workers to exit. A program that ends
        /// right after the run need not: each worker has then reported all it ran and
        /// closed its file's state, and exits by itself as its requests close; its exit (a
        /// millisecond of the system releasing its memory) goes on after the program's.
        public var waitsForWorkers = true
        /// The `--plugin-path` folders, searched after the plugin a test file sits in and the
        /// `plugins/` of the app it tests.
        public var pluginPaths: [String] = []

        public init(paths: [String], filters: [String] = [], verbose: Bool = false) {
            self.paths = paths
            self.filters = filters
            self.verbose = verbose
        }

        /// One part of a suite split for a CI matrix: `index` (0-based) of `count`.
        public struct Shard: Codable, Equatable, Sendable {
            public var index: Int
            public var count: Int

            public init(index: Int, count: Int) {
                self.index = index
                self.count = count
            }
        }

        /// How a run's report is written.
        public enum OutputFormat: String, Codable, Sendable, CaseIterable {
            case pretty, plain, tap, junit, json, gtest
        }
    }

    public let options: Options
    /// The modules test files see, besides the runner's own.
    public var modules: ModuleRegistry = .builtins {
        // A host prepared ahead has the built-in modules only.
        didSet { prepared = nil }
    }
    /// Where the report goes, a line at a time; standard output by default. A report sent
    /// elsewhere has neither colours nor a progress line.
    public var output: (String) -> Void = { print($0) } {
        didSet { outputIsStandard = false }
    }
    /// Where what would spoil a report read by machines goes (the closing line of `junit`
    /// and `json` reports on standard output, notes), a line at a time; standard error by
    /// default.
    public var errorOutput: (String) -> Void = { line in
        fflush(nil)
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
    /// Whether ``output`` is still standard output.
    private(set) var outputIsStandard = true
    /// Stops calls past their time, started with the first call that has a limit.
    private var watchdog: Watchdog?
    /// Called, on another thread, when a call stopped at its limit is stuck where it cannot
    /// be stopped (see ``Watchdog``); a worker asks its parent to end it.
    var onStuck: (@Sendable () -> Void)?
    /// Called, on another thread, when a call reaches its time limit, before it is stopped.
    var onTimeLimit: (@Sendable () -> Void)?
    /// The snapshot files asked for since the last result.
    private var snapshotUses: [TestResult.SnapshotUse] = []
    /// The lines that ran, with `coverage`, in the files run here since it was last taken.
    private var covered = Coverage()
    /// Whether the process ends after the file (a worker's fork, or the worker for its last
    /// file): a state none of whose objects has a finalizer is then left open rather than
    /// closed, which would free (and so copy, in a fork) every page it has; and its calls'
    /// time limit is kept by a timer's signal (``AlarmWatchdog``), not a thread.
    var endsAfterFile = false
    /// The hosts left open for the process's end.
    private var leftOpen: [AnyObject] = []
    /// Whether each `package.path` a file's state started with shadows the packages the
    /// state preloaded (see ``FileStart/reloadsPreloaded``).
    var shadowedPaths: [String: Bool] = [:]

    /// A worker started for this run before it was made (``TestWorker/prestart(_:)``),
    /// which its first file on a worker takes.
    public var prestartedWorker: PrestartedWorker?
    /// The compiled chunks this runner's files load: its own, or its worker's.
    let chunks: ChunkCache

    public convenience init(options: Options) {
        self.init(options: options, chunks: ChunkCache())
    }

    init(options: Options, chunks: ChunkCache) {
        self.options = options
        self.chunks = chunks
    }

    isolated deinit {
        watchdog?.stop()
    }

    /// Runs every test file found under the options' paths and prints the report, ending
    /// with the closing line.
    ///
    /// With a shuffle seed the files run in the order it gives, which is printed first so
    /// that the run can be repeated. With several repetitions each is announced and ends
    /// with its own counts, and the closing line counts them all. With `failFast` no file
    /// after the first one with a failure runs, nor another repetition. A listing (`list`)
    /// has no closing line.
    ///
    /// - Returns: the counts, with every result, in the order they were reported.
    /// - Throws: ``TestDiscovery/MissingPath`` for a path that does not exist, an error
    ///   naming a file pattern Lua refuses, an error saying why when a worker process cannot
    ///   be started or the JUnit file cannot be written.
    @discardableResult
    public func run() throws -> (summary: TestSummary, results: [TestResult]) {
        for (option, patterns) in [("--filter", options.filters), ("--filter-out", options.filtersOut)] {
            for pattern in patterns {
                if let reason = LuaPatternSyntax.problem(in: pattern) {
                    throw FileNamePatterns.Malformed(option: option, pattern: pattern, reason: reason)
                }
            }
        }
        var discovery = TestDiscovery()
        discovery.patterns = options.patterns
        discovery.excludePatterns = options.excludePatterns
        let files = try discovery.files(in: options.paths)
        if let helper = options.helper, helper.hasSuffix(".lua"), !FileManager.default.fileExists(atPath: helper) {
            throw TestDiscovery.MissingPath(path: helper)
        }
        let reporter = try makeReporter()
        var summary = TestSummary()
        var results: [TestResult] = []
        var snapshots = SnapshotLedger()
        let order = ordered(files)
        let repetitions = max(1, options.repetitions)
        reporter.runStarted(files: Array(repeating: order, count: repetitions).flatMap { $0 })
        if files.isEmpty {
            reporter.notice("no test files (\(suiteDescription)) in \(options.paths.joined(separator: " "))")
        }
        if let seed = options.shuffleSeed {
            reporter.notice("Randomized with seed \(seed) (--seed \(seed) repeats this order)")
        }
        for repetition in 1...repetitions {
            if repetitions > 1 { reporter.notice("Repeating all tests (run \(repetition) of \(repetitions))") }
            var this = TestSummary()
            let record = { (result: TestResult) in
                this.add(result.status)
                summary.add(result.status)
                results.append(result)
                snapshots.add(result.snapshots ?? [])
                reporter.report(result)
            }
            let fileDone = { (file: String, leftovers: [TestResult.SnapshotUse]) in
                snapshots.add(leftovers)
                snapshots.fileFinished(file)
                reporter.fileFinished(file)
            }
            try run(files: order, reporter: reporter, record: record, fileDone: fileDone)
            if repetitions > 1 { reporter.notice("run \(repetition) of \(repetitions): \(this.line)") }
            if options.failFast, this.failed > 0 { break }
        }
        let changes = snapshots.finish(results: results, options: options)
        if options.coverage { try reportCoverage(to: reporter, tests: files) }
        // A listing is only the tests, as busted's: no closing line.
        reporter.finish(TestRunEnd(summary: summary, results: results, snapshots: changes, closingLine: !options.list))
        return (summary, results)
    }

    /// Writes `coverage/lcov.info` and tells the summary, with `coverage`.
    private func reportCoverage(to reporter: TestReporter, tests: [String]) throws {
        let files = try takeCoverage().files(
            tests: tests + (options.helper.map { [$0] } ?? []), include: options.coverageInclude,
            exclude: options.coverageExclude)
        let folder = "coverage"
        let path = folder + "/lcov.info"
        var written: String? = path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Coverage.lcov(files).write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            written = nil
            reporter.notice("coverage: cannot write \(path): \(error.localizedDescription)")
        }
        for line in Coverage.summary(files, written: written) { reporter.notice(line) }
    }

    /// The worker started early, handed to the first pool that asks.
    private func takePrestartedWorker() -> PrestartedWorker? {
        defer { prestartedWorker = nil }
        return prestartedWorker
    }

    /// The files in the order the shuffle seed gives, or as they are.
    private func ordered(_ files: [String]) -> [String] {
        guard let seed = options.shuffleSeed, options.shuffleFiles else { return files }
        var order = SeededOrder(seed: seed)
        return order.shuffled(files)
    }

    /// Runs `files` once, on workers or here; with `failFast`, no file after one with a
    /// failure.
    private func run(
        files: [String], reporter: TestReporter, record: @escaping (TestResult) -> Void,
        fileDone: @escaping (String, [TestResult.SnapshotUse]) -> Void
    ) throws {
        if options.jobs > 0, !options.workerCommand.isEmpty, !files.isEmpty {
            let pool = WorkerPool(files: files, options: options, prestarted: takePrestartedWorker())
            try pool.run(printed: reporter.printed, result: record, fileDone: fileDone)
            covered.add(pool.coverage)
            return
        }
        for file in files {
            var failed = false
            run(file: file, after: nil, onCall: nil) { result in
                failed = failed || result.status == .failed
                record(result)
            }
            fileDone(file, takeSnapshotUses())
            if options.failFast, failed { break }
        }
    }

    /// What makes a file in a folder a suite, for the message saying none was found.
    private var suiteDescription: String {
        options.patterns.isEmpty
            ? "Lua files with _spec in their name"
            : "Lua files matching " + options.patterns.map { "\"\($0)\"" }.joined(separator: " or ")
    }

    /// Runs one file in a fresh host, reporting each result as it comes. Nothing a file does
    /// in Lua can stop the run: a host that cannot start, or a runner that fails, becomes a
    /// failed result named after the file.
    public func runFile(_ file: String) -> [TestResult] {
        var results: [TestResult] = []
        let reporter = PlainReporter(verbose: options.verbose, output: .init(line: output))
        run(file: file, after: nil, onCall: nil) { result in
            results.append(result)
            reporter.report(result)
        }
        return results
    }

    /// The lines that ran in the files run here since the last time, taken.
    func takeCoverage() -> Coverage {
        defer { covered = Coverage() }
        return covered
    }

    /// The snapshot files the file asked for after its last result (in a teardown), taken.
    func takeSnapshotUses() -> [TestResult.SnapshotUse] {
        defer { snapshotUses = [] }
        return snapshotUses
    }

    /// Runs one file in a fresh host.
    ///
    /// - Parameters:
    ///   - after: a path (see runner.lua): what ran up to it neither runs nor is reported
    ///     (the file starts again after a call that ended its worker).
    ///   - start: the file's start, when it was made beforehand (``start(of:)``).
    ///   - onCall: told what runs before each call into the file's code.
    ///   - result: gets each result as it comes.
    func run(
        file: String, after: [Int]?, start made: FileStart? = nil, onCall: ((TestCall) -> Void)?,
        result report: @escaping (TestResult) -> Void
    ) {
        var calls: TestCalls?
        snapshotUses = []
        let result = { [unowned self] (entry: TestResult) in
            var entry = entry
            entry.file = file
            if let timed = calls?.timed, timed.call?.name == entry.name {
                // To the microsecond: finer is noise, and reports show it.
                entry.duration = (timed.seconds * 1e6).rounded() / 1e6
            }
            if !snapshotUses.isEmpty {
                entry.snapshots = snapshotUses
                snapshotUses = []
            }
            report(entry)
        }
        do {
            let (session, host) = try takeHost().parts
            // The state ends with the process: in a fork, its allocations then copy none of
            // the pages it shares with the worker (see LuaState.useFreshMemory), and anywhere
            // they are cheaper than the C library's.
            if endsAfterFile { host.lua.useFreshMemory() }
            let start = try made ?? self.start(of: file, in: host.lua)
            session.fileFolder = start.folder
            // A test never touches the user's data: the file's stores live in a fresh folder,
            // made only when the file opens a store: most files leave nothing to remove.
            defer {
                if access(start.dataDirectory, F_OK) == 0 { try? FileManager.default.removeItem(atPath: start.dataDirectory) }
            }
            host.dataDirectory = start.dataDirectory
            // The file's code has the machine's clock and loads bytecode, as under busted (a
            // bad chunk crashes only its worker); an app test.launch loads has neither.
            host.runsTestCode = true
            host.errorReporter = { [unowned session] error, context in
                session.record(error, context: context)
            }
            let lua = host.lua
            try host.useModulePath(start.path, cpath: start.cpath, folders: start.moduleFolders)
            // The file's own images are beside it, until it launches an app.
            host.scriptFolder = start.scriptFolder
            host.pluginPaths = options.pluginPaths
            try host.usePlugins(start.plugins)
            let snapshots = lua.newTable()
            snapshots.set("update", options.updateSnapshots)
            snapshots.set("ci", options.isCI)
            snapshots.set("write", lua.function { args -> Void in
                // The bytes as given: a String would replace what is not UTF-8.
                guard case .string(let content) = args[2] else { throw args.error(2, "string expected") }
                try SnapshotFile.write(content.bytes, to: try args.get(1, as: String.self))
            })
            snapshots.set("record", lua.function { [unowned self] args -> Void in
                let change = try args.get(2, as: String?.self).flatMap(TestResult.SnapshotUse.Change.init(rawValue:))
                snapshotUses.append(.init(path: try args.get(1, as: String.self), change: change))
            })
            let limited = TestCalls(lua: lua, watchdog: callWatchdog(for: lua), timeout: options.timeout)
            limited.onCall = onCall
            calls = limited
            let suite = try chunks.keeping(in: lua) {
                try RunnerModules.setup.function("start", in: lua).call(
                    suiteOptions(file: file, after: after, call: limited.function(), reload: start.reloadsPreloaded, in: lua),
                    TestModule.hooks(session: session, host: host, in: lua), snapshots, returning: LuaTable.self)
            }
            defer {
                if endsAfterFile, !lua.hasScriptFinalizers { leftOpen.append(host) }
            }
            // From the helper on: the runner's start and luassert are not the project's.
            if options.coverage { lua.recordCoverage(true) }
            defer { if options.coverage { covered.add(lua.coveredLines()) } }
            if let helper = options.helper { try runHelper(helper, in: lua) }
            do {
                let chunk = try lua.load(file: file)
                try suite.method("collect").call(chunk)
            } catch let error as LuaError where error.kind == .syntax || error.kind == .file {
                try suite.method("fail_file").call(error.message)
            }
            let reporter = lua.newTable()
            reporter.set("test_finished", lua.function { args -> Void in
                result(try TestResult(record: args.get(1, as: LuaTable.self)))
            })
            try suite.method("run").call(reporter)
        } catch let error as LuaError where error.kind == .instructionBudget {
            // The budget covers the whole file: once spent, nothing more of it runs. Blame
            // the call that spent it, where it was.
            let failed = calls?.lastFailure
            result(TestResult(
                name: failed?.call?.name ?? file, location: failed?.call?.location, status: .failed,
                failure: .init(message: (failed?.message ?? error.message) + "; the file's remaining tests did not run")))
        } catch let error as LuaError {
            result(TestResult(
                name: file, location: nil, status: .failed,
                failure: .init(
                    message: error.message, location: error.location?.description,
                    traceback: TestTraceback.trimmed(error.traceback))))
        } catch {
            result(TestResult(
                name: file, location: nil, status: .failed, failure: .init(message: String(describing: error))))
        }
    }

    /// A host made for a coming file before the run's options are known (``prepare()``):
    /// a worker makes it while its parent still reads its command line.
    struct PreparedHost {
        fileprivate let session: TestSession
        fileprivate let host: ScriptHost
        fileprivate let limits: LuaLimits
        /// Whether the runner's modules and luassert are loaded (``template()``).
        fileprivate var isPreloaded = false

        /// The host's state, where no file's code ran yet.
        var lua: LuaState { host.lua }
    }

    /// The host the next file runs in, made ahead with the options' defaults; ``run(file:after:onCall:result:)``
    /// takes it when the options give the same limits, and makes its own otherwise.
    var prepared: PreparedHost?

    /// Makes a host for a file of a run with the default options: the work of a file's start
    /// that does not depend on the file. It is the same host as one made when the file
    /// starts, only made earlier: nothing of a file has run in it.
    static func prepare(chunks: ChunkCache) -> PreparedHost? {
        let defaults = Options(paths: [])
        return try? makeHost(limits: limits(for: defaults), modules: .builtins, chunks: chunks)
    }

    /// Loads the runner's modules, luassert and say into a host no file ran in, and makes its
    /// collector generational, as lua5.4 runs busted (setup.lua's `preload`).
    static func preload(_ host: inout PreparedHost, chunks: ChunkCache) {
        let lua = host.lua
        chunks.keeping(in: lua) {
            _ = try? RunnerModules.setup.function("preload", in: lua).call()
        }
        try? host.host.loadHostChunk()
        host.isPreloaded = true
    }

    private static func limits(for options: Options) -> LuaLimits {
        // Without a budget no count hook is set, and test code runs at Lua's own speed: the
        // time limit's watchdog reaches the running coroutine by a signal (see Watchdog).
        LuaLimits(memory: options.memoryLimit, instructions: options.instructionBudget)
    }

    private static func makeHost(limits: LuaLimits, modules: ModuleRegistry, chunks: ChunkCache) throws -> PreparedHost {
        let session = TestSession()
        let host = try ScriptHost(
            loop: EventLoop(clock: .virtual),
            modules: modules.adding(contentsOf: RunnerModules.all(chunks: chunks) + [TestModule.module(session: session)]),
            limits: limits)
        return PreparedHost(session: session, host: host, limits: limits)
    }

    /// The host every file of a worker starts from, made once and never run in: prepared for
    /// these options, with the runner's modules, luassert and say loaded. A worker forks
    /// itself for each file (see ``TestWorker``), and the file runs in the fork's copy, which
    /// ``run(file:after:onCall:result:)`` takes there; nil when none can be made.
    func template() -> PreparedHost? {
        let limits = Self.limits(for: options)
        if let prepared, prepared.limits == limits, prepared.isPreloaded { return prepared }
        guard var made = prepared.flatMap({ $0.limits == limits ? $0 : nil })
            ?? (try? Self.makeHost(limits: limits, modules: modules, chunks: chunks))
        else { return nil }
        Self.preload(&made, chunks: chunks)
        prepared = made
        return made
    }

    /// The prepared host when it fits these options, else a new one.
    private func takeHost() throws -> PreparedHost {
        defer { prepared = nil }
        let limits = Self.limits(for: options)
        if let prepared, prepared.limits == limits { return prepared }
        return try Self.makeHost(limits: limits, modules: modules, chunks: chunks)
    }

    /// Runs the `--helper`: a file when its name ends with `.lua`, else a module to require,
    /// as busted runs it.
    private func runHelper(_ helper: String, in lua: LuaState) throws {
        do {
            if helper.hasSuffix(".lua") {
                try lua.load(file: helper).call()
            } else {
                try RunnerModules.setup.function("requireHelper", in: lua).call(helper)
            }
        } catch {
            throw LuaError(
                kind: error.kind, message: "the helper \(helper) failed: \(error.message)", traceback: error.traceback)
        }
    }

    /// What `runner.new` reads: the file, what selects its tests, and where to start again.
    private func suiteOptions(file: String, after: [Int]?, call: LuaFunction, reload: Bool, in lua: LuaState) -> LuaTable {
        let table = lua.newTable()
        table.set("file", file)
        table.set("filters", options.filters)
        table.set("filters_out", options.filtersOut)
        table.set("tags", options.tags)
        table.set("exclude_tags", options.excludeTags)
        // Lua integers are signed: a seed past Int64.max keeps its bits.
        table.set("seed", options.shuffleTests ? options.shuffleSeed : nil)
        table.set("list", options.list)
        table.set("fail_fast", options.failFast)
        if let shard = options.shard {
            let part = lua.newTable()
            part.set("index", shard.index)
            part.set("count", shard.count)
            table.set("shard", part)
        }
        table.set("arg", options.scriptArguments)
        table.set("runner", options.runnerPath)
        table.set("interpreter", options.interpreterCommand)
        table.set("after", after)
        table.set("call", call)
        table.set("reload", reload)
        return table
    }

    /// What stops the calls into `lua`'s code at their limit: a timer's signal in a process
    /// that ends after its file, else the runner's watchdog thread.
    private func callWatchdog(for lua: LuaState) -> CallWatchdog? {
        guard options.timeout.isFinite, options.timeout > 0 else { return nil }
        #if os(Linux)
        if endsAfterFile { return AlarmWatchdog(lua: lua) }
        #endif
        // Asked for before the suite's first call into Lua, so that the outermost calls note
        // their thread, which the watchdog's interrupt signals (no count hook watches for it).
        return startedWatchdog()?.watching(lua.interrupter)
    }

    private func startedWatchdog() -> Watchdog? {
        guard options.timeout.isFinite, options.timeout > 0 else { return nil }
        if let watchdog { return watchdog }
        let started = Watchdog(onStuck: onStuck, onFire: onTimeLimit)
        watchdog = started
        return started
    }
}

extension TestResult {
    /// Reads a test record the Lua runner reports.
    init(record: LuaTable) throws {
        let failure = try record.get("failure", as: LuaTable?.self)
        let errors = try record.get("errors", as: LuaTable?.self)
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
            reason: try record.get("reason", as: String?.self),
            block: try record.get("block", as: Bool?.self),
            errors: try errors?.array.compactMap { value in
                guard let error = value.tableValue else { return nil }
                return ScriptError(
                    context: try error.get("context", as: String?.self) ?? "?",
                    message: try error.get("message", as: String?.self) ?? "(no message)",
                    traceback: try error.get("traceback", as: String?.self))
            } ?? [])
    }
}

extension TestRunner.PreparedHost {
    fileprivate var parts: (TestSession, ScriptHost) { (session, host) }
}

extension LuaTable {
    /// The function stored under `name`.
    fileprivate func method(_ name: String) throws -> LuaFunction {
        try get(name, as: LuaFunction.self)
    }
}

extension TestRunner {
    /// The system's temporary folder: `$TMPDIR` when it is an absolute path, else `/tmp`, as
    /// Foundation's `temporaryDirectory` gives it, without setting Foundation up (the first
    /// worker needs it for its output file before the command has read its command line).
    /// Looked up once: a worker's forks find it looked up.
    static let temporaryFolder: String = {
        if let folder = getenv("TMPDIR"), folder.pointee == UInt8(ascii: "/") { return String(cString: folder) }
        return "/tmp"
    }()
    /// The process's environment, read once: a worker's files do not change it (Lua has no
    /// `setenv`), and its forks find it read.
    static let environment = ProcessEnvironment.current()
    /// The bundled plugins' folder, found once.
    static let bundledPlugins = PluginCatalog.SearchPath.bundledFolder(environment: environment)

    /// `path` made absolute from the current folder, its `.` and `..` taken out, as
    /// `URL(fileURLWithPath:).standardizedFileURL.path` gives it (links are not followed),
    /// without Foundation's URL, which took a tenth of the time of a worker's fork there.
    static func absolutePath(_ path: String) -> String {
        var parts: [Substring] = []
        var whole = path
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            guard getcwd(&buffer, buffer.count) != nil else { return path }
            whole = String(cString: buffer) + "/" + path
        }
        for part in whole.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Runs a file of one test (warm_up.lua) in a host of its own, with the default options
    /// and no time limit, and drops its report: what the program does the first time a file
    /// runs (the Swift runtime making its types' metadata, Foundation filling its caches,
    /// the dynamic linker binding symbols) is then done in this process. A worker does it
    /// once before it forks for its first file, so that no fork does it again.
    ///
    /// No time limit, as its watchdog would be a thread: a worker forks only while it has
    /// one.
    ///
    /// - Parameters:
    ///   - onCall: told what runs before each call, as ``run(file:after:onCall:result:)``
    ///     tells it (a worker makes its event's line).
    ///   - result: gets each result, as there.
    func warmUp(onCall: @escaping (TestCall) -> Void = { _ in }, result: @escaping (TestResult) -> Void = { _ in }) {
        guard let file = try? LuaResourceFolder.screenTest.path(of: "warm_up.lua") else { return }
        var defaults = Options(paths: [])
        defaults.timeout = 0
        let runner = TestRunner(options: defaults, chunks: chunks)
        runner.run(file: file, after: nil, onCall: onCall, result: result)
    }
}
