import ArgumentParser
import Foundation
import ScreenTest

/// `screens test [PATHS...] [-- ARGS...]`: runs Lua test suites, taking busted's options
/// and `.busted` files.
struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        // Read only when the command is parsed alone (see Subcommand in Screens.swift).
        _superCommandName: "screens",
        abstract: "Run Lua test suites (Lua files with _spec in their name) headless.",
        usage: "screens test [<options>] [<paths> ...] [-- <script arguments> ...]",
        discussion: """
            Folders are searched for suites; files named explicitly run whatever their name. \
            Files run in worker processes, each in a fresh Lua state, and are reported in \
            path order. A test, hook or describe body still running after --timeout seconds \
            is stopped and fails, and so does one that crashes its worker; the run goes on.

            The options are busted's, with its short names; where busted's short name is \
            another option's, busted's wins: -f is --config-file (use --filter for a name \
            pattern). Settings also come from a .busted file in the folder (or the file \
            --config-file names): a Lua file returning a table of tasks, `default` used \
            without --run, `_all` under every task; the command line wins over the task. The \
            global `arg` of test files holds this command's arguments after `test`, as \
            busted gives its own; arguments after `--` go there only.

            The run ends with the line "N passed, N failed" (", N skipped" when some were \
            skipped) and exits with status 0 when everything passed, 1 when a test failed or \
            none ran, 2 when the run could not start (a bad .busted file, a missing path, a \
            pattern Lua refuses), 64 for a usage error. With --output junit or json that \
            line, and the notes, go to standard error, so that standard output parses.

            assert.snapshot(screen, name) compares with __snapshots__/NAME.txt (or .svg) \
            beside the test file: a missing file is written (under CI=true it fails \
            instead), one that differs fails with a diff; --update-snapshots accepts the new \
            screens.
            """)

    /// With what follows `--` at the end, which is for the test files' `arg` only (see
    /// ``testPaths``).
    @Argument(help: "Folders and files to test (default: ROOT of the .busted task, else .).", completion: .file())
    var paths: [String] = []

    // MARK: - Selection

    @Option(help: ArgumentHelp("Run only the tests whose full name matches this Lua pattern (repeatable).", valueName: "pattern"))
    var filter: [String] = []

    @Option(help: ArgumentHelp("Do not run the tests whose full name matches this Lua pattern (repeatable); wins over --filter.", valueName: "pattern"))
    var filterOut: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp("Run only the tests with one of these #tags (comma separated, repeatable).", valueName: "tags"))
    var tags: [String] = []

    @Option(help: ArgumentHelp("Do not run the tests with one of these #tags (comma separated, repeatable).", valueName: "tags"))
    var excludeTags: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("Run shard K of N (K from 1): a stable part of the tests, the N shards together running each once.", valueName: "K/N"))
    var shard: String?

    @Flag(name: .shortAndLong, help: "List the tests (file:line: full name) instead of running them.")
    var list = false

    // MARK: - Files

    @Option(name: .shortAndLong, help: ArgumentHelp("Take files in folders whose name matches this Lua pattern (repeatable; default: _spec, as busted's).", valueName: "pattern"))
    var pattern: [String] = []

    @Option(help: ArgumentHelp("Leave out files in folders whose name matches this Lua pattern (repeatable); wins over --pattern.", valueName: "pattern"))
    var excludePattern: [String] = []

    @Option(name: [.customShort("m"), .long], help: ArgumentHelp("Put this before package.path (repeatable; default: ./src/?.lua;./src/?/?.lua;./src/?/init.lua).", valueName: "path"))
    var lpath: [String] = []

    @Option(help: ArgumentHelp("Put this before package.cpath (repeatable; default: ./csrc/?.so;./csrc/?/?.so).", valueName: "path"))
    var cpath: [String] = []

    @Option(help: ArgumentHelp("A Lua file (or module name) run in each test file's state before the file.", valueName: "file"))
    var helper: String?

    @Option(name: [.customShort("C"), .long], help: ArgumentHelp("Change to this folder first (repeatable, each relative to the one before).", valueName: "dir"))
    var directory: [String] = []

    @Option(name: [.customShort("f"), .long], help: ArgumentHelp("Read settings from this file instead of ./.busted.", valueName: "file"))
    var configFile: String?

    @Option(name: [.customShort("r"), .customLong("run")], help: ArgumentHelp("The task of the .busted file to use (default: its `default` task).", valueName: "task"))
    var task: String?

    // MARK: - Order and repetition

    @Flag(inversion: .prefixedNo, help: "Shuffle the files and the tests in each block.")
    var shuffle: Bool?

    @Flag(inversion: .prefixedNo, help: "Shuffle the files.")
    var shuffleFiles: Bool?

    @Flag(inversion: .prefixedNo, help: "Shuffle the tests in each block.")
    var shuffleTests: Bool?

    @Option(parsing: .unconditional, help: "The seed that shuffles; implies --shuffle (unlike busted). A shuffled run prints its seed.")
    var seed: Int64?

    @Option(name: .customLong("repeat"), parsing: .unconditional, help: ArgumentHelp("Run the whole suite this many times.", valueName: "count"))
    var repetitions: Int?

    @Flag(help: "Stop at the first failure: no further test, file or repetition runs.")
    var failFast = false

    @Flag(inversion: .prefixedNo, help: "--no-keep-going is busted's spelling of --fail-fast.")
    var keepGoing: Bool?

    // MARK: - Running and reporting

    @Flag(name: .shortAndLong, inversion: .prefixedNo, help: "List every test, not only the failures.")
    var verbose: Bool?

    @Option(parsing: .unconditional, help: "Seconds a test (its body, and each of its hooks) may run before it is stopped.")
    var timeout: Double = 60

    @Option(name: .shortAndLong, parsing: .unconditional, help: "Worker processes running test files at once (default: the number of cores).")
    var jobs: Int?

    @Option(parsing: .unconditional, help: "Instructions one test file may run before it is stopped (0: no limit).")
    var instructions: Int = 0

    @Option(name: .customLong("plugin-path"), help: PluginPathOptions.help, completion: .directory)
    var pluginPaths: [String] = []

    @Flag(help: "Rewrite snapshot files that differ instead of failing, and remove those no test asked for.")
    var updateSnapshots = false

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "How the report is written: pretty (default), plain, tap, junit, json (JSON Lines) or gtest; busted's utfTerminal, plainTerminal and TAP too. Another handler is warned about and the default used.",
        valueName: "format"))
    var output: String?

    @Flag(name: [.customShort("c"), .long], inversion: .prefixedNo, help: "Record which lines of the project's Lua files ran: coverage/lcov.info and a summary per file.")
    var coverage: Bool?

    @Option(help: ArgumentHelp("Record coverage only of the Lua files whose path matches this Lua pattern (repeatable).", valueName: "pattern"))
    var coverageInclude: [String] = []

    @Option(help: ArgumentHelp("Leave out of coverage the Lua files whose path matches this Lua pattern (repeatable).", valueName: "pattern"))
    var coverageExclude: [String] = []

    @Option(help: ArgumentHelp("Also write a JUnit XML report to this file.", valueName: "file"))
    var junitFile: String?

    @Flag(help: .hidden)
    var worker = false

    func validate() throws {
        guard timeout.isFinite, timeout > 0 else {
            throw ValidationError("--timeout must be a positive number of seconds, got \(timeout)")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
        guard instructions >= 0 else { throw ValidationError("--instructions needs a number, 0 or more, got \(instructions)") }
        if let repetitions, repetitions < 1 { throw ValidationError("--repeat must be at least 1, got \(repetitions)") }
        if let shard {
            let problem = MainActor.assumeIsolated { () -> String? in
                do {
                    _ = try TestRunner.Options.Shard(argument: shard)
                    return nil
                } catch {
                    return "\(error)"
                }
            }
            if let problem { throw ValidationError(problem) }
        }
    }

    /// What the command line says, each setting nil when it says nothing.
    @MainActor var settings: TestSettings {
        var settings = TestSettings()
        func given<T>(_ list: [T]) -> [T]? { list.isEmpty ? nil : list }
        settings.roots = given(testPaths)
        settings.patterns = given(pattern)
        settings.excludePatterns = given(excludePattern)
        settings.luaPath = given(lpath)?.joined(separator: ";")
        settings.cPath = given(cpath)?.joined(separator: ";")
        settings.helper = helper
        settings.tags = given(TestSettings.splitTags(tags))
        settings.excludeTags = given(TestSettings.splitTags(excludeTags))
        settings.filters = given(filter)
        settings.filtersOut = given(filterOut)
        settings.verbose = verbose
        settings.shuffleFiles = shuffleFiles ?? shuffle
        settings.shuffleTests = shuffleTests ?? shuffle
        settings.seed = seed
        settings.failFast = failFast ? true : keepGoing.map { !$0 }
        settings.repetitions = repetitions
        settings.list = list ? true : nil
        settings.output = output.flatMap(BustedConfig.outputFormat(named:))
        settings.jobs = jobs
        settings.coverage = coverage
        settings.coverageInclude = given(coverageInclude)
        settings.coverageExclude = given(coverageExclude)
        return settings
    }

    func run() throws {
        try run(prestarted: nil)
    }

    /// Runs the command, taking `prestarted` as its first worker when it fits.
    func run(prestarted: PrestartedWorker?) throws {
        let status = MainActor.assumeIsolated { worker ? TestWorker.serve() : TestRun(self).run(prestarted: prestarted) }
        if status != 0 { throw ExitCode(status) }
    }

    /// The `.busted` file to read: the one named, else `.busted` in the current folder when
    /// there is one.
    @MainActor static func configFile(named file: String?, task: String?) throws -> String? {
        if let file {
            guard FileManager.default.fileExists(atPath: file) else { throw CommandError("config file \(file) not found") }
            return file
        }
        if FileManager.default.fileExists(atPath: ".busted") { return ".busted" }
        if let task { throw CommandError("--run \(task): there is no .busted file in this folder") }
        return nil
    }

    /// What busted gives test files as `arg`: the command's arguments after `test`.
    static func scriptArguments() -> [String] {
        let arguments = CommandLine.arguments
        guard let test = arguments.dropFirst().firstIndex(of: "test") else { return [] }
        return Array(arguments[(test + 1)...])
    }

    /// The paths, without the arguments after `--`, which the parser counts among them.
    var testPaths: [String] {
        let arguments = Self.scriptArguments()
        guard let terminator = arguments.firstIndex(of: "--") else { return paths }
        return Array(paths.dropLast(arguments.count - terminator - 1))
    }

    /// The arguments that start a worker, which the program's entry recognises before any
    /// parsing.
    static let workerArguments = ["test", "--worker"]

    /// The command that starts a worker.
    static var workerCommand: [String] { [executablePath()] + workerArguments }

    /// This program, for starting workers.
    static func executablePath() -> String {
        #if os(Linux)
        // readlink itself, not FileManager's: a `screens test` asks it first thing, before it
        // starts its first worker.
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if length > 0 { return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        #endif
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }
}

/// What `screens test` was asked to do, as plain values: the command line's settings and
/// the options the runner takes besides them, from ``Test`` once parsed or, for the lines
/// typed most, `screens test` with paths or nothing, read without ArgumentParser (see
/// ``plain(_:)``).
@MainActor struct TestRun: @MainActor Equatable {
    /// What the command line says of the settings a `.busted` task also gives.
    var settings = TestSettings()
    var directory: [String] = []
    var configFile: String?
    var task: String?
    var pluginPaths: [String] = []
    var shard: String?
    var instructions = 0
    var updateSnapshots = false
    var junitFile: String?
    var timeout: Double = 60
    /// `--output` when it names no handler this runner has: warned about.
    var unknownOutput: String?

    /// A run with every option at its default.
    init() {}

    /// The run `command` was parsed into.
    init(_ command: Test) {
        settings = command.settings
        directory = command.directory
        configFile = command.configFile
        task = command.task
        pluginPaths = command.pluginPaths
        shard = command.shard
        instructions = command.instructions
        updateSnapshots = command.updateSnapshots
        junitFile = command.junitFile
        timeout = command.timeout
        unknownOutput = command.output.flatMap { BustedConfig.outputFormat(named: $0) == nil ? $0 : nil }
    }

    /// `screens test` followed by nothing or by paths alone: the run ArgumentParser would
    /// parse it into, without its parse (reflection of the command's thirty options and a
    /// search of the program's protocol conformances for their types), the main process's
    /// largest cost for a small suite (the `runner: screens test, one file` figure of
    /// `screens-bench`). Anything else — an option, `--`,
    /// help — is nil, and parsed.
    static func plain(_ arguments: [String]) -> TestRun? {
        guard arguments.first == "test" else { return nil }
        let paths = Array(arguments.dropFirst())
        guard !paths.contains(where: { $0.hasPrefix("-") || Subcommand.isSpecial($0) }) else { return nil }
        var run = TestRun()
        run.settings.roots = paths.isEmpty ? nil : paths
        return run
    }

    /// Runs the suites and returns the exit status; `prestarted` is the worker started for
    /// the run before its command line was read.
    func run(prestarted: PrestartedWorker? = nil) -> Int32 {
        do {
            let options = try options()
            let runner = TestRunner(options: options)
            runner.prestartedWorker = prestarted
            let (summary, results) = try runner.run()
            // A listing succeeds when it lists something and no file failed to load.
            let succeeded = options.list
                ? summary.failed == 0 && results.contains { $0.status == .listed } : summary.succeeded
            return succeeded ? 0 : 1
        } catch {
            printError("screens test: \(error)")
            return 2
        }
    }

    /// The runner's options: the command line over the `.busted` task, in the folder
    /// `--directory` names.
    private func options() throws -> TestRunner.Options {
        // The config file is named from where the command was typed.
        let configFile = directory.isEmpty ? self.configFile : self.configFile.map { URL(fileURLWithPath: $0).path }
        // Named from where the command was typed, too.
        let pluginFolders = PluginPathOptions.absolute(pluginPaths)
        for folder in directory where !FileManager.default.changeCurrentDirectoryPath(folder) {
            throw CommandError("cannot change to the folder \(folder): no such folder")
        }
        var settings = settings
        if let file = try Test.configFile(named: configFile, task: task) {
            let config = try BustedConfig(file: file)
            let base = try config.settings(task: task)
            for warning in config.warnings(task: task) { printError("screens test: warning: \(warning)") }
            settings = settings.over(base)
            // The task's folder, from where the command was typed, as busted moves there once
            // it read its configuration; --directory wins.
            if directory.isEmpty, let folder = base.directory,
               !FileManager.default.changeCurrentDirectoryPath(folder) {
                throw CommandError("cannot change to the folder \(folder) (`directory` of \(file)): no such folder")
            }
        }
        if let unknownOutput { printError("screens test: warning: " + BustedConfig.unknownOutputWarning(unknownOutput)) }
        var options = TestRunner.Options(paths: ["."])
        options.jobs = ProcessInfo.processInfo.activeProcessorCount
        try settings.apply(to: &options)
        options.shard = try shard.map { try TestRunner.Options.Shard(argument: $0) }
        options.scriptArguments = Test.scriptArguments()
        options.runnerPath = Test.executablePath()
        options.interpreterCommand = InterpreterCommand.command(executable: Test.executablePath())
        options.instructionBudget = instructions > 0 ? instructions : nil
        options.updateSnapshots = updateSnapshots
        options.junitFile = junitFile
        options.timeout = timeout
        options.pluginPaths = pluginFolders
        options.workerCommand = Test.workerCommand
        // The program ends with the run.
        options.waitsForWorkers = false
        return options
    }
}

/// An error of the command itself, said as it is.
private struct CommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
