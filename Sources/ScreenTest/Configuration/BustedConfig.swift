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
/// The chunk runs in a state of its own with only the pure libraries (no `io`, `os`,
/// `require`, `dofile`, `loadfile` or `debug`) and small limits. Keys busted knows that this runner does not
/// support (`coverage`, `lang`, ...) and keys nobody knows are named in
/// ``warnings(task:)``, not refused; a value of the wrong type is an error naming the file,
/// the task and the key.
public struct BustedConfig {
    /// Why a `.busted` file cannot be used: its Lua error (with `file:line`), what it
    /// returned, a value of the wrong type, or a task that is not there.
    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    /// The file as it was named.
    public let file: String
    private var tasks: [String: TestSettings] = [:]
    /// What is ignored, by task (nil: entries that are not tasks).
    private var ignored: [String?: [String]] = [:]

    /// Reads and evaluates `file`.
    ///
    /// - Throws: ``Invalid``.
    public init(file: String) throws {
        self.file = file
        // Enough for any real configuration; a file that loops or allocates for ever is
        // stopped. The state lives until the tasks are read.
        let lua: LuaState
        let value: LuaValue
        do {
            lua = try LuaState(libraries: .pure, limits: LuaLimits(memory: 16 << 20, instructions: 10_000_000))
            // The base library reads files with these.
            for name in ["dofile", "loadfile"] { lua.globals.set(name, LuaValue.nil) }
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
                ignored[nil, default: []].append("\(file): the entry \(key.keyDescription) is not a task and is ignored")
                continue
            }
            guard let taskTable = task.tableValue else {
                ignored[nil, default: []].append("\(file): the task `\(name)` is not a table and is ignored")
                continue
            }
            tasks[name] = try read(taskTable, task: name)
        }
        withExtendedLifetime(lua) {}
    }

    /// One line for each entry ignored in the tasks `task` (`default` when nil) and `_all`,
    /// and for each entry of the file that is not a task.
    public func warnings(task: String?) -> [String] {
        [nil, "_all", task ?? "default"].flatMap { (ignored[$0] ?? []).sorted() }
    }

    /// The names of the tasks the file defines, `_all` and `default` included.
    public var taskNames: [String] { tasks.keys.sorted() }

    /// What the task `task` says (the `default` task when nil), over what `_all` says.
    ///
    /// - Throws: ``Invalid`` when `task` is named and the file has no such task.
    public func settings(task: String?) throws -> TestSettings {
        let all = tasks["_all"] ?? TestSettings()
        guard let task else { return (tasks["default"] ?? TestSettings()).over(all) }
        guard let settings = tasks[task] else {
            let names = taskNames.filter { $0 != "_all" }
            let known = names.isEmpty ? "it has none" : "it has " + names.map { "`\($0)`" }.joined(separator: ", ")
            throw Invalid(description: "\(file) has no task `\(task)` (\(known))")
        }
        return settings.over(all)
    }

    // MARK: - Keys

    /// Keys busted reads that this runner does not act on.
    static let unsupportedKeys: Set<String> = [
        "e", "coverage", "c", "coverage-config-file", "lang", "loaders", "lua", "ignore-lua", "Xoutput", "Xhelper",
        "enable-sound", "s", "lazy", "auto-insulate", "recursive", "R", "sort", "sort-files", "sort-tests",
        "suppress-pending", "defer-print", "directory", "C", "config-file", "f", "run", "r", "version",
    ]

    private mutating func read(_ table: LuaTable, task: String) throws -> TestSettings {
        var settings = TestSettings()
        for (key, value) in table.pairs {
            guard let name = key.stringValue else {
                ignored[task, default: []].append("\(file): task `\(task)`: the entry \(key.keyDescription) is ignored")
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
            case "output", "o": settings.output = try field.output()
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
                ignored[task, default: []].append("\(file): task `\(task)`: `\(name)` \(what) and is ignored")
            }
        }
        return settings
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

        func output() throws -> TestRunner.Options.OutputFormat {
            let name = try string()
            if let format = BustedConfig.outputFormat(named: name) { return format }
            throw invalid("one of " + TestRunner.Options.OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))
        }
    }

    /// The format for an output name: ours, or busted's handler names for the same formats
    /// (`utfTerminal`, `plainTerminal`, `TAP`, `junit`, `json`).
    public static func outputFormat(named name: String) -> TestRunner.Options.OutputFormat? {
        switch name {
        case "utfTerminal": .pretty
        case "plainTerminal": .plain
        case "TAP": .tap
        default: TestRunner.Options.OutputFormat(rawValue: name)
        }
    }
}
