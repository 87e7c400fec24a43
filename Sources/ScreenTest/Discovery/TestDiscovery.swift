import Foundation

/// Finds test files: `*_spec.lua` and `*_test.lua` under the given folders, and any file
/// named explicitly, whatever its name.
public struct TestDiscovery {
    /// A path that does not exist.
    public struct MissingPath: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "no such file or directory: \(path)" }
    }

    public init() {}

    /// The test files for `paths`, each folder's files in path order, without duplicates.
    /// Hidden folders and `__snapshots__` are skipped.
    public func files(in paths: [String]) throws -> [String] {
        var found: [String] = []
        var seen = Set<String>()
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { throw MissingPath(path: path) }
            let files = isDirectory.boolValue ? suites(under: path) : [path]
            for file in files where seen.insert(file).inserted {
                found.append(file)
            }
        }
        return found
    }

    /// Whether a file name marks a suite.
    public static func isSuite(_ name: String) -> Bool {
        name.hasSuffix("_spec.lua") || name.hasSuffix("_test.lua")
    }

    private func suites(under folder: String) -> [String] {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") || name == "__snapshots__" {
                walker.skipDescendants()
                continue
            }
            if TestDiscovery.isSuite(name) { files.append(base + "/" + relative) }
        }
        return files.sorted()
    }
}
