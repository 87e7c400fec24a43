import Foundation
import LuaBridge

/// What `--coverage` found: the lines of the project's Lua files that ran, across every
/// file's state and every worker, and the report made of them: `coverage/lcov.info` (LCOV,
/// which `genhtml` turns into HTML and CI services read) and a summary per file.
///
/// A project's file is a Lua file under the current folder that some test loaded, other than
/// the test files themselves and the `--helper`, kept by `--coverage-include` and not left
/// out by `--coverage-exclude` (Lua patterns matched against its path, as the report names
/// it); the runner's own files and the installed modules (luassert) are outside the folder.
/// A file's executable lines are those Lua's line information gives code (see coverage.lua):
/// blank lines and comments are not counted.
///
/// ```swift
/// var coverage = Coverage()
/// coverage.add(lua.coveredLines())           // each file's state, as it ends
/// let report = try coverage.report(options: options, tests: files)
/// try report.writeLCOV(to: "coverage/lcov.info")
/// ```
public struct Coverage: Codable, Equatable, Sendable {
    /// The lines that ran, by chunk name (`@path`).
    public private(set) var lines: [String: Set<Int>] = [:]

    public init() {}

    /// Adds what a state recorded (``LuaState/coveredLines()``).
    public mutating func add(_ covered: [String: [Int]]) {
        for (name, hit) in covered { lines[name, default: []].formUnion(hit) }
    }

    /// Adds what another part of the run recorded.
    public mutating func add(_ other: Coverage) {
        for (name, hit) in other.lines { lines[name, default: []].formUnion(hit) }
    }

    public var isEmpty: Bool { lines.isEmpty }

    /// One file of the report.
    public struct File: Equatable, Sendable {
        /// Its path as the report names it (relative to the current folder).
        public var path: String
        /// The lines with code, in order.
        public var executable: [Int]
        /// Those that ran.
        public var hit: Set<Int>

        public var percent: Double {
            executable.isEmpty ? 100 : Double(hit.count) * 100 / Double(executable.count)
        }
    }

    /// The project's files, in path order.
    ///
    /// - Parameters:
    ///   - tests: the run's test files and helper, which are left out.
    ///   - include, exclude: Lua patterns matched against each path.
    /// - Throws: an error naming a pattern Lua refuses.
    public func files(tests: [String], include: [String], exclude: [String]) throws -> [File] {
        let discovery = TestDiscovery()
        let leftOut = Set(tests.map(discovery.name(of:)))
        let matcher = try CoveragePatterns(include: include, exclude: exclude)
        var byPath: [String: Set<Int>] = [:]
        for (name, hit) in lines where name.hasPrefix("@") {
            let given = String(name.dropFirst())
            let path = discovery.name(of: given)
            // Outside the current folder (the installed modules), or not a file there (the
            // runner's own chunks).
            guard !path.hasPrefix("/"), path != ".", !leftOut.contains(path),
                  FileManager.default.fileExists(atPath: path), try matcher.takes(path)
            else { continue }
            byPath[path, default: []].formUnion(hit)
        }
        let lua = try LuaState(libraries: .all)
        let executableLines = try Self.chunk.function("executableLines", in: lua)
        var files: [File] = []
        for (path, hit) in byPath.sorted(by: { $0.key < $1.key }) {
            guard let source = FileManager.default.contents(atPath: path),
                  let results = try? executableLines.callReturningAll(LuaValue.string(LuaString(bytes: Array(source))), "@" + path),
                  let executable = results.first?.tableValue?.array.compactMap({ $0.integerValue.map(Int.init) })
            else { continue }
            // A definition's hits are on its `end` line, counted on the line it starts on.
            var moved: [Int: Int] = [:]
            for (from, to) in results.count > 1 ? results[1].tableValue?.pairs ?? [] : [] {
                if let from = from.integerValue, let to = to.integerValue { moved[Int(from)] = Int(to) }
            }
            let counted = Set(hit.map { moved[$0] ?? $0 })
            files.append(File(path: path, executable: executable, hit: counted.intersection(executable)))
        }
        return files
    }

    static let chunk = LuaResourceChunk("coverage.lua", name: "=coverage", in: .screenTest)

    // MARK: - The report

    /// The LCOV tracefile of `files`: for each, its lines with code and whether each ran.
    public static func lcov(_ files: [File]) -> String {
        var text = ""
        for file in files {
            text += "TN:\nSF:\(file.path)\n"
            for line in file.executable { text += "DA:\(line),\(file.hit.contains(line) ? 1 : 0)\n" }
            text += "LF:\(file.executable.count)\nLH:\(file.hit.count)\nend_of_record\n"
        }
        return text
    }

    /// The summary: a line for each file (its lines with code, those that ran, the percent)
    /// and the total.
    public static func summary(_ files: [File], written: String?) -> [String] {
        let width = max(5, files.map(\.path.count).max() ?? 0)
        func row(_ name: String, _ lines: Int, _ hit: Int) -> String {
            let percent = lines == 0 ? 100 : Double(hit) * 100 / Double(lines)
            return name.padding(toLength: width, withPad: " ", startingAt: 0)
                + String(format: "  %7d  %7d  %7.2f%%", lines, hit, percent)
        }
        var lines = ["Coverage" + (written.map { " (\($0))" } ?? "") + ":"]
        lines.append("File".padding(toLength: width, withPad: " ", startingAt: 0) + "    Lines      Hit   Percent")
        for file in files { lines.append(row(file.path, file.executable.count, file.hit.count)) }
        let total = files.reduce((0, 0)) { ($0.0 + $1.executable.count, $0.1 + $1.hit.count) }
        lines.append(row("Total", total.0, total.1))
        return lines
    }
}

/// `--coverage-include` and `--coverage-exclude`: Lua patterns a path must match (one of
/// them, when there are any) and must not match.
struct CoveragePatterns {
    let include: [String]
    let exclude: [String]
    private let lua: LuaState
    private let find: LuaFunction

    init(include: [String], exclude: [String]) throws {
        self.include = include
        self.exclude = exclude
        lua = try LuaState(libraries: .pure)
        find = try FileNamePatterns.matchesChunk.function("matches", in: lua)
        for (option, list) in [("--coverage-include", include), ("--coverage-exclude", exclude)] {
            for pattern in list {
                if let reason = LuaPatternSyntax.problem(in: pattern) {
                    throw FileNamePatterns.Malformed(option: option, pattern: pattern, reason: reason)
                }
            }
        }
    }

    func takes(_ path: String) throws -> Bool {
        for pattern in exclude where try find.call(path, pattern, returning: Bool.self) { return false }
        if include.isEmpty { return true }
        for pattern in include where try find.call(path, pattern, returning: Bool.self) { return true }
        return false
    }
}
