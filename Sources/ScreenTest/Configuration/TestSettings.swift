/// What one source of settings says about a run — the command line, or a task of a `.busted`
/// file — each field nil when that source says nothing about it.
///
/// Sources stack as busted stacks them: the command line over the task it names (or the
/// `default` task), that task over `_all`, and `_all` over the built-in defaults. A list
/// given by a higher source replaces the lower one's, it is not added to it.
///
/// ```swift
/// let settings = commandLine.over(try config.settings(task: "ci"))
/// var options = try settings.options(paths: [])
/// ```
public struct TestSettings: Equatable, Sendable {
    /// Folders and files to test (`ROOT`).
    public var roots: [String]?
    /// Lua patterns a file's name must match to be a suite (`--pattern`).
    public var patterns: [String]?
    /// Lua patterns that keep a file from being a suite (`--exclude-pattern`).
    public var excludePatterns: [String]?
    public var luaPath: String?
    public var cPath: String?
    public var helper: String?
    public var tags: [String]?
    public var excludeTags: [String]?
    public var filters: [String]?
    public var filtersOut: [String]?
    public var output: TestRunner.Options.OutputFormat?
    public var verbose: Bool?
    public var shuffleFiles: Bool?
    public var shuffleTests: Bool?
    public var seed: Int64?
    public var failFast: Bool?
    public var repetitions: Int?
    public var list: Bool?
    /// The folder to run in (`--directory`, `.busted`'s `directory`), from the current one.
    public var directory: String?
    /// Worker processes (`--jobs`, `.busted`'s `jobs`).
    public var jobs: Int?
    /// Record which lines of the project's Lua files ran (`--coverage`).
    public var coverage: Bool?
    /// Lua patterns of the files coverage records (`--coverage-include`), and of those it
    /// leaves out (`--coverage-exclude`).
    public var coverageInclude: [String]?
    public var coverageExclude: [String]?

    public init() {}

    /// These settings, with what they leave unset taken from `base`.
    public func over(_ base: TestSettings) -> TestSettings {
        var merged = self
        merged.roots = roots ?? base.roots
        merged.patterns = patterns ?? base.patterns
        merged.excludePatterns = excludePatterns ?? base.excludePatterns
        merged.luaPath = luaPath ?? base.luaPath
        merged.cPath = cPath ?? base.cPath
        merged.helper = helper ?? base.helper
        merged.tags = tags ?? base.tags
        merged.excludeTags = excludeTags ?? base.excludeTags
        merged.filters = filters ?? base.filters
        merged.filtersOut = filtersOut ?? base.filtersOut
        merged.output = output ?? base.output
        merged.verbose = verbose ?? base.verbose
        merged.shuffleFiles = shuffleFiles ?? base.shuffleFiles
        merged.shuffleTests = shuffleTests ?? base.shuffleTests
        merged.seed = seed ?? base.seed
        merged.failFast = failFast ?? base.failFast
        merged.repetitions = repetitions ?? base.repetitions
        merged.list = list ?? base.list
        merged.directory = directory ?? base.directory
        merged.jobs = jobs ?? base.jobs
        merged.coverage = coverage ?? base.coverage
        merged.coverageInclude = coverageInclude ?? base.coverageInclude
        merged.coverageExclude = coverageExclude ?? base.coverageExclude
        return merged
    }

    /// A tag given in both `tags` and `excludeTags`, which busted refuses.
    public struct ConflictingTags: Error, CustomStringConvertible {
        public let tag: String
        public var description: String {
            "the tag \"\(tag)\" is both asked for (--tags) and excluded (--exclude-tags)"
        }
    }

    /// Writes these settings into `options`; what they leave unset keeps its default. A seed
    /// shuffles files and tests unless `shuffleFiles` or `shuffleTests` say otherwise; a
    /// shuffle without a seed gets one from `randomSeed`.
    ///
    /// - Throws: ``ConflictingTags``.
    public func apply(to options: inout TestRunner.Options, randomSeed: () -> Int64 = TestSettings.randomSeed) throws {
        if let roots { options.paths = roots }
        if let patterns { options.patterns = patterns }
        if let excludePatterns { options.excludePatterns = excludePatterns }
        if let luaPath { options.luaPath = luaPath }
        if let cPath { options.cPath = cPath }
        if let helper { options.helper = helper }
        if let tags { options.tags = tags }
        if let excludeTags { options.excludeTags = excludeTags }
        if let tag = options.tags.first(where: options.excludeTags.contains) { throw ConflictingTags(tag: tag) }
        if let filters { options.filters = filters }
        if let filtersOut { options.filtersOut = filtersOut }
        if let output { options.output = output }
        if let verbose { options.verbose = verbose }
        if let failFast { options.failFast = failFast }
        if let repetitions { options.repetitions = repetitions }
        if let list { options.list = list }
        if let jobs { options.jobs = jobs }
        if let coverage { options.coverage = coverage }
        if let coverageInclude { options.coverageInclude = coverageInclude }
        if let coverageExclude { options.coverageExclude = coverageExclude }
        options.shuffleFiles = shuffleFiles ?? (seed != nil)
        options.shuffleTests = shuffleTests ?? (seed != nil)
        options.shuffleSeed = options.shuffleFiles || options.shuffleTests ? seed ?? randomSeed() : nil
    }

    /// A seed short enough to type back.
    nonisolated public static func randomSeed() -> Int64 {
        Int64.random(in: 1...999_999)
    }

    /// Splits tags given as `a,b` (the command line's and a `.busted` file's form) into
    /// single tags, dropping empty ones.
    public static func splitTags(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",").map(String.init) }.filter { !$0.isEmpty }
    }
}
