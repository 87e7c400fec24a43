import Foundation

/// Writes snapshot files for `assert.snapshot`, creating their folder.
enum SnapshotFile {
    static func write(_ content: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(content.utf8).write(to: url, options: .atomic)
    }
}
