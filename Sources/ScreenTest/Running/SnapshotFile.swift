import Foundation

/// Writes snapshot files for `assert.snapshot`, creating their folder.
enum SnapshotFile {
    /// Writes `content`'s bytes as they are: a snapshot of text that is not UTF-8 must
    /// match itself when it is read back.
    static func write(_ content: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(content).write(to: url, options: .atomic)
    }
}
