import Foundation
import LuaBridge

/// A `.busted` file: a Lua chunk returning a table of tasks, read as busted reads it.
///
/// ```lua
/// return {
///   _all = { lpath = "lib/?.lua" },                 -- under every task
///   default = { ROOT = { "spec" }, tags = "fast" },  -- when no --run is given
///   ci = { ROOT = { "spec" }, ["exclude-tags"] = "slow", ["fail-fast"] = true },
/// }
/// ```
///
/// The chunk runs as busted runs it, with the standard library (`require` of the project's
/// own modules included), in a state of its own under generous limits. Only the task the
/// run selects and `_all` are read: another task is never judged. Keys busted knows that this
/// runner does not act on (`lang`, `lazy`, ...) and keys nobody knows are named in
/// ``warnings(task:)``, not refused; a value of the wrong type in a task the run reads is an
/// error naming the file, the task and the key.
public struct BustedConfig {
    /// Why a `.busted` file cannot be used: its Lua error (with `file:line`), what it
    /// returned, a value of the wrong type, or a task that is not there.
    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    /// The file as it was named.
    public let file: String
    /// The state the file ran in, which holds its tables until they are read.
    private let lua: LuaState
    /// The tasks, as the file returned them.
    private var tasks: [String: LuaTable] = [:]
    /// The entries of the file that are not tasks.
    private var notTasks: [String] = []

    /// Reads and evaluates `file`.
    ///
    /// - Throws: ``Invalid``.
    public init(file: String) throws {
        self.file = file
        let value: LuaValue
        do {
            // Enough for any real configuration; a file that loops or allocates for ever is
            // stopped.
            lua = try LuaState(libraries: .all, limits: LuaLimits(memory: 256 << 20, instructions: 100_000_000, cpuSeconds: 10))
            value = try lua.load(file: file).call(returning: LuaValue.self)
        } catch where error.kind == .file {
            throw Invalid(description: "cannot read the config file \(file): \(error.reason)")
        } catch {
            // Its message starts with the file and line (`.busted:3: ...`).
            throw Invalid(description: error.message)
        }
        guard let table = value.tableValue else {
            throw Invalid(description: "\(file) does not return a table of tasks (it returned \(value.type))")
        }
        for (key, task) in table.pairs {
            guard let name = key.stringValue else {
                notTasks.append("\(file): the entry \(key.keyDescription) is not a task and is ignored")
                continue
            }
            guard let taskTable = task.tableValue else {
                notTasks.append("\(file): the task `\(name)` is not a table and is ignored")
                continue
            }
            tasks[name] = taskTable
        }
    }

    /// One line for each entry ignored in the tasks `task` (`default` when nil) and `_all`,
    /// and for each entry of the file that is not a task.
    public func warnings(task: String?) -> [String] {
        var lines = notTasks.sorted()
        for name in ["_all", task ?? "default"] {
            guard let table = tasks[name], let read = try? read(table, task: name) else { continue }
            lines += read.ignored.sorted()
        }
        return lines
    }

    /// The names of the tasks the file defines, `_all` and `default` included.
    public var taskNames: [String] { tasks.keys.sorted() }

    /// What the task `task` says (the `default` task when nil), over what `_all` says.
    ///
    /// - Throws: ``Invalid`` when `task` is named and the file has no such task, or a key of
    ///   the task or of `_all` has a value of the wrong type.
    public func settings(task: String?) throws -> TestSettings {
        let all = try tasks["_all"].map { try read($0, task: "_all").settings } ?? TestSettings()
        guard let task else {
            return (try tasks["default"].map { try read($0, task: "default").settings } ?? TestSettings()).over(all)
        }
        guard let table = tasks[task] else {
            let names = taskNames.filter { $0 != "_all" }
            let known = names.isEmpty ? "it has none" : "it has " + names.map { "`\($0)`" }.joined(separator: ", ")
            throw Invalid(description: "\(file) has no task `\(task)` (\(known))")
        }
        return try read(table, task: task).settings.over(all)
    }

    // MARK: - Keys

    /// Keys busted reads that this runner does not act on.
    static let unsupportedKeys: Set<String> = [
        "e", "coverage-config-file", "lang", "loaders", "lua", "ignore-lua", "Xoutput", "Xhelper",
        "enable-sound", "s", "lazy", "auto-insulate", "recursive", "R", "sort", "sort-files", "sort-tests",
        "suppress-pending", "defer-print", "config-file", "f", "run", "r", "version",
    ]

    /// A task read: its settings, and a line for each entry it ignores.
    private func read(_ table: LuaTable, task: String) throws -> (settings: TestSettings, ignored: [String]) {
        var settings = TestSettings()
        var ignored: [String] = []
        for (key, value) in table.pairs {
            guard let name = key.stringValue else {
                ignored.append("\(file): task `\(task)`: the entry \(key.keyDescription) is ignored")
                continue
            }
            let field = Field(file: file, task: task, key: name, value: value)
            switch name {
            case "ROOT": settings.roots = try field.strings()
            case "pattern", "p": settings.patterns = try field.strings()
            case "exclude-pattern": settings.excludePatterns = try field.strings()
            case "lpath", "m": settings.luaPath = try field.string()
            case "cpath": settings.cPath = try field.string()
            case "helper": settings.helper = try field.string()
            case "tags", "t": settings.tags = TestSettings.splitTags(try field.strings())
            case "exclude-tags": settings.excludeTags = TestSettings.splitTags(try field.strings())
            case "filter": settings.filters = try field.strings()
            case "filter-out": settings.filtersOut = try field.strings()
            case "output", "o":
                let name = try field.string()
                settings.output = Self.outputFormat(named: name)
                if settings.output == nil {
                    ignored.append("\(file): task `\(task)`: " + Self.unknownOutputWarning(name))
                }
            case "directory", "C": settings.directory = try field.string()
            case "jobs", "j": settings.jobs = try field.count()
            case "coverage", "c": settings.coverage = try field.bool()
            case "coverage-include": settings.coverageInclude = try field.strings()
            case "coverage-exclude": settings.coverageExclude = try field.strings()
            case "verbose", "v": settings.verbose = try field.bool()
            case "shuffle":
                let shuffle = try field.bool()
                settings.shuffleFiles = shuffle
                settings.shuffleTests = shuffle
            case "shuffle-files": settings.shuffleFiles = try field.bool()
            case "shuffle-tests": settings.shuffleTests = try field.bool()
            case "seed": settings.seed = try field.seed()
            case "fail-fast": settings.failFast = try field.bool()
            case "keep-going", "k": settings.failFast = !(try field.bool())
            case "repeat": settings.repetitions = try field.count()
            case "list", "l": settings.list = try field.bool()
            default:
                let what = Self.unsupportedKeys.contains(name) ? "is not supported by screens test" : "is not a busted option"
                ignored.append("\(file): task `\(task)`: `\(name)` \(what) and is ignored")
            }
        }
        return (settings, ignored)
    }

    /// One key of a task, read as the type it must have.
    private struct Field {
        let file: String
        let task: String
        let key: String
        let value: LuaValue

        func invalid(_ expected: String) -> Invalid {
            let got: String
            switch value {
            case .string(let text): got = "\"\(text)\""
            case .integer, .number, .boolean: got = value.description
            default: got = "a \(value.type)"
            }
            return Invalid(description: "\(file): task `\(task)`: `\(key)` must be \(expected), got \(got)")
        }

        func string() throws -> String {
            guard let text = value.stringValue else { throw invalid("a string") }
            return text
        }

        /// A string, or a list of strings.
        func strings() throws -> [String] {
            if let text = value.stringValue { return [text] }
            guard let table = value.tableValue else { throw invalid("a string or a list of strings") }
            return try table.array.map { item in
                guard let text = item.stringValue else { throw invalid("a string or a list of strings") }
                return text
            }
        }

        func bool() throws -> Bool {
            guard case .boolean(let flag) = value else { throw invalid("true or false") }
            return flag
        }

        func count() throws -> Int {
            guard let number = value.integerValue, number >= 1, number <= 1_000_000 else {
                throw invalid("a whole number from 1 to 1000000")
            }
            return Int(number)
        }

        func seed() throws -> Int64 {
            guard let number = value.integerValue else { throw invalid("a whole number") }
            return number
        }
    }

    /// The format for an output name: ours, or busted's handler names for the same formats
    /// (`utfTerminal`, `plainTerminal`, `TAP`, `junit`, `json`, `gtest`).
    public static func outputFormat(named name: String) -> TestRunner.Options.OutputFormat? {
        switch name {
        case "utfTerminal": .pretty
        case "plainTerminal": .plain
        case "TAP": .tap
        default: TestRunner.Options.OutputFormat(rawValue: name)
        }
    }

    /// What is said of an output handler this runner does not have (a module or file of
    /// busted's handler interface): the run goes on with the default one, as busted goes on
    /// when it cannot load one.
    public static func unknownOutputWarning(_ name: String) -> String {
        let formats = TestRunner.Options.OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
        return "the output handler `\(name)` is not one screens test has (\(formats), and busted's utfTerminal, "
            + "plainTerminal, TAP): the default one is used"
    }
}
