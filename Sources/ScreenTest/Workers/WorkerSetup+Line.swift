/// A worker's setup written and read by hand, in the form `JSONEncoder` writes it (the
/// properties' names as keys, nils left out): decoding it with `JSONDecoder` was the most a
/// worker did before its first file, and a run of one file waits for that.
extension WorkerSetup {
    /// The setup as one line: its JSON and a newline.
    var line: [UInt8] {
        var json = JSONLine()
        json.open("{")
        json.key("folder")
        json.string(folder)
        json.key("options")
        json.write(options)
        json.optional("sibling", sibling)
        json.close("}")
        json.bytes.append(UInt8(ascii: "\n"))
        return json.bytes
    }

    /// A setup read back from its line (see ``line``); nil when it is not one.
    init?(line: [UInt8]) {
        var reader = JSONReader(bytes: line[...])
        var folder: String?
        var options: TestRunner.Options?
        var sibling: Bool?
        let read = reader.members { reader, key in
            switch key {
            case "folder": folder = reader.string()
            case "options": options = reader.object(TestRunner.Options.init(reading:))
            case "sibling": sibling = reader.boolean()
            default: return reader.skip()
            }
            return reader.isValid
        }
        guard read, reader.atEnd, let folder, let options else { return nil }
        self.init(options: options, folder: folder, sibling: sibling)
    }
}

extension JSONLine {
    fileprivate mutating func write(_ options: TestRunner.Options) {
        open("{")
        strings("paths", options.paths)
        strings("filters", options.filters)
        strings("filtersOut", options.filtersOut)
        strings("tags", options.tags)
        strings("excludeTags", options.excludeTags)
        optional("shuffleSeed", options.shuffleSeed.map { Int($0) })
        boolean("shuffleFiles", options.shuffleFiles)
        boolean("shuffleTests", options.shuffleTests)
        boolean("list", options.list)
        boolean("failFast", options.failFast)
        key("repetitions")
        number(options.repetitions)
        if let shard = options.shard {
            key("shard")
            open("{")
            key("index")
            number(shard.index)
            key("count")
            number(shard.count)
            close("}")
        }
        key("luaPath")
        string(options.luaPath)
        key("cPath")
        string(options.cPath)
        optional("helper", options.helper)
        strings("patterns", options.patterns)
        strings("excludePatterns", options.excludePatterns)
        strings("scriptArguments", options.scriptArguments)
        optional("runnerPath", options.runnerPath)
        optional("interpreterCommand", options.interpreterCommand)
        boolean("coverage", options.coverage)
        strings("coverageInclude", options.coverageInclude)
        strings("coverageExclude", options.coverageExclude)
        key("output")
        string(options.output.rawValue)
        optional("junitFile", options.junitFile)
        boolean("verbose", options.verbose)
        optional("instructionBudget", options.instructionBudget)
        optional("memoryLimit", options.memoryLimit)
        boolean("updateSnapshots", options.updateSnapshots)
        boolean("isCI", options.isCI)
        // JSON has no infinity: a limit that never fires is left out, and read as one.
        optional("timeout", options.timeout.isFinite ? options.timeout : nil)
        key("jobs")
        number(options.jobs)
        strings("workerCommand", options.workerCommand)
        boolean("waitsForWorkers", options.waitsForWorkers)
        strings("pluginPaths", options.pluginPaths)
        close("}")
    }
}

extension TestRunner.Options {
    fileprivate init?(reading reader: inout JSONReader) {
        var options = TestRunner.Options(paths: [])
        var paths: [String]?
        // What is left out is nil, or for the time limit the one that never fires.
        options.memoryLimit = nil
        options.timeout = .infinity
        let read = reader.members { reader, key in
            switch key {
            case "paths": paths = reader.array { $0.string() }
            case "filters": options.filters = reader.array { $0.string() } ?? []
            case "filtersOut": options.filtersOut = reader.array { $0.string() } ?? []
            case "tags": options.tags = reader.array { $0.string() } ?? []
            case "excludeTags": options.excludeTags = reader.array { $0.string() } ?? []
            case "shuffleSeed": options.shuffleSeed = reader.integer().map(Int64.init)
            case "shuffleFiles": options.shuffleFiles = reader.boolean() ?? true
            case "shuffleTests": options.shuffleTests = reader.boolean() ?? true
            case "list": options.list = reader.boolean() ?? false
            case "failFast": options.failFast = reader.boolean() ?? false
            case "repetitions": options.repetitions = reader.integer() ?? 1
            case "shard": options.shard = reader.object(Shard.init(reading:))
            case "luaPath": options.luaPath = reader.string() ?? options.luaPath
            case "cPath": options.cPath = reader.string() ?? options.cPath
            case "helper": options.helper = reader.string()
            case "patterns": options.patterns = reader.array { $0.string() } ?? []
            case "excludePatterns": options.excludePatterns = reader.array { $0.string() } ?? []
            case "scriptArguments": options.scriptArguments = reader.array { $0.string() } ?? []
            case "runnerPath": options.runnerPath = reader.string()
            case "interpreterCommand": options.interpreterCommand = reader.string()
            case "coverage": options.coverage = reader.boolean() ?? false
            case "coverageInclude": options.coverageInclude = reader.array { $0.string() } ?? []
            case "coverageExclude": options.coverageExclude = reader.array { $0.string() } ?? []
            case "output": options.output = reader.string().flatMap(OutputFormat.init(rawValue:)) ?? .pretty
            case "junitFile": options.junitFile = reader.string()
            case "verbose": options.verbose = reader.boolean() ?? false
            case "instructionBudget": options.instructionBudget = reader.integer()
            case "memoryLimit": options.memoryLimit = reader.integer()
            case "updateSnapshots": options.updateSnapshots = reader.boolean() ?? false
            case "isCI": options.isCI = reader.boolean() ?? false
            case "timeout": options.timeout = reader.number() ?? .infinity
            case "jobs": options.jobs = reader.integer() ?? 0
            case "workerCommand": options.workerCommand = reader.array { $0.string() } ?? []
            case "waitsForWorkers": options.waitsForWorkers = reader.boolean() ?? true
            case "pluginPaths": options.pluginPaths = reader.array { $0.string() } ?? []
            default: return reader.skip()
            }
            return reader.isValid
        }
        guard read, let paths else { return nil }
        options.paths = paths
        self = options
    }
}

extension TestRunner.Options.Shard {
    fileprivate init?(reading reader: inout JSONReader) {
        var index: Int?
        var count: Int?
        let read = reader.members { reader, key in
            switch key {
            case "index": index = reader.integer()
            case "count": count = reader.integer()
            default: return reader.skip()
            }
            return reader.isValid
        }
        guard read, let index, let count else { return nil }
        self.init(index: index, count: count)
    }
}
