import LuaBridge

/// Lua patterns matched against file names as busted matches them (`name:find(pattern)`):
/// a Lua file is taken when its name matches one of the patterns (has `_spec` in it when
/// there are none, as busted's default) and none of the exclusions.
struct FileNamePatterns {
    /// A pattern Lua refuses (`malformed pattern (ends with '%')`).
    struct Malformed: Error, CustomStringConvertible {
        let option: String
        let pattern: String
        let reason: String
        var description: String { "bad \(option) \"\(pattern)\": \(reason)" }
    }

    let patterns: [String]
    let excluded: [String]
    /// `matches(name, pattern)`: `name:find(pattern)`, as busted matches file names.
    static let matchesChunk = LuaResourceChunk("patterns.lua", name: "=patterns", in: .screenTest)
    /// Holds the state `find` lives in.
    private let lua: LuaState
    private let find: LuaFunction

    /// - Throws: ``Malformed`` for a pattern Lua refuses.
    init(patterns: [String], excluded: [String]) throws {
        self.patterns = patterns
        self.excluded = excluded.filter { !$0.isEmpty }
        // The patterns come from the user, not from a script: a plain state without limits.
        lua = try LuaState(libraries: .pure)
        find = try Self.matchesChunk.function("matches", in: lua)
        for (option, list) in [("--pattern", self.patterns), ("--exclude-pattern", self.excluded)] {
            for pattern in list {
                if let reason = LuaPatternSyntax.problem(in: pattern) {
                    throw Malformed(option: option, pattern: pattern, reason: reason)
                }
                _ = try matches("", pattern, option: option)
            }
        }
    }

    /// Whether a file named `name` (no folder) is taken.
    /// - Throws: ``Malformed`` for a pattern Lua refuses once it reaches the bad part.
    func takes(_ name: String) throws -> Bool {
        guard name.hasSuffix(".lua") else { return false }
        for pattern in excluded where try matches(name, pattern, option: "--exclude-pattern") { return false }
        if patterns.isEmpty { return TestDiscovery.isSuite(name) }
        for pattern in patterns where try matches(name, pattern, option: "--pattern") { return true }
        return false
    }

    private func matches(_ name: String, _ pattern: String, option: String) throws -> Bool {
        do {
            return try find.call(name, pattern, returning: Bool.self)
        } catch {
            throw Malformed(option: option, pattern: pattern, reason: error.reason)
        }
    }
}
