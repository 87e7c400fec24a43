import Foundation

/// Finds test files: the Lua files under the given folders whose names match the patterns
/// (busted's default when there are none: `_spec` in the name of a `.lua` file) and none of the exclusions, and any
/// file named explicitly, whatever its name.
///
/// Files are named as the report shows them, whatever way their folder was spelt: relative
/// to the current folder when they are inside it (`./Tests/lua`, `Tests/lua/` and the
/// absolute path all give `Tests/lua/x_spec.lua`), else absolute.
public struct TestDiscovery {
    /// A path that does not exist.
    public struct MissingPath: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "no such file or directory: \(path)" }
    }

    /// The folder relative names start from.
    public var currentFolder: String
    /// Lua patterns, as busted's `--pattern`: a file in a folder is a suite when its name
    /// matches one.
    public var patterns: [String] = []
    /// Lua patterns, as busted's `--exclude-pattern`: a file in a folder whose name matches
    /// one is not a suite.
    public var excludePatterns: [String] = []

    public init(currentFolder: String = FileManager.default.currentDirectoryPath) {
        self.currentFolder = currentFolder
    }

    /// The test files for `paths`, each folder's files in path order, without duplicates.
    /// Hidden folders and `__snapshots__` are skipped.
    ///
    /// - Throws: ``MissingPath``; an error naming a pattern Lua refuses.
    public func files(in paths: [String]) throws -> [String] {
        let names = try FileNamePatterns(patterns: patterns, excluded: excludePatterns)
        var found: [String] = []
        var seen = Set<String>()
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: absolute(path), isDirectory: &isDirectory) else {
                throw MissingPath(path: path)
            }
            let folder = name(of: path)
            let files = isDirectory.boolValue ? try suites(under: folder, names: names) : [folder]
            for file in files where seen.insert(file).inserted {
                found.append(file)
            }
        }
        return found
    }

    /// A path as reports name it: `.` and `..` resolved, relative to the current folder when
    /// inside it (`.` for the folder itself), else absolute.
    public func name(of path: String) -> String {
        let full = Self.standardized(absolute(path))
        let folder = Self.standardized(currentFolder)
        if let inside = Self.relative(full, to: folder) { return inside }
        // The current folder as the system gives it has its links resolved (/tmp is
        // /private/tmp on macOS): compare the real paths too.
        if let realFull = Self.realPath(full), let realFolder = Self.realPath(folder),
           let inside = Self.relative(realFull, to: realFolder) {
            return inside
        }
        return full
    }

    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : currentFolder + "/" + path
    }

    private static func relative(_ path: String, to folder: String) -> String? {
        if path == folder { return "." }
        let prefix = folder == "/" ? "/" : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// An absolute path without empty, `.` and `..` components (a `..` at the root stays
    /// at the root, as the system resolves it).
    static func standardized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether a file name marks a suite without `--pattern`: busted's default, a Lua file
    /// with `_spec` anywhere in its name (`reset_spec_tmp.lua` is one, `x_test.lua` is not).
    public static func isSuite(_ name: String) -> Bool {
        name.hasSuffix(".lua") && name.contains("_spec")
    }

    /// The suites under a folder named as ``name(of:)`` names it.
    private func suites(under folder: String, names: FileNamePatterns) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: absolute(folder)) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") || name == "__snapshots__" {
                walker.skipDescendants()
                continue
            }
            guard try names.takes(name) else { continue }
            switch folder {
            case ".": files.append(relative)
            case "/": files.append("/" + relative)
            default: files.append(folder + "/" + relative)
            }
        }
        return files.sorted()
    }
}
