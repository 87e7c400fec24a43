import Foundation

/// The file every script error of an interactive session is appended to: `error.log` in the
/// app's state directory, made when the first error comes.
///
/// Each entry: the local time, what raised the error, the message and the traceback, and a
/// blank line.
public final class ErrorLog {
    public let path: String

    public init(directory: String) {
        path = directory + "/error.log"
    }

    /// Appends one entry. Returns false when the file could not be written (the session goes
    /// on without it).
    @discardableResult
    public func append(context: String, message: String, traceback: String?, date: Date = Date()) -> Bool {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = .current
        var entry = "\(formatter.string(from: date)) \(context)\n\(message)\n"
        if let traceback, !traceback.isEmpty { entry += traceback + "\n" }
        entry += "\n"
        let manager = FileManager.default
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            if !manager.fileExists(atPath: path) {
                guard manager.createFile(atPath: path, contents: nil) else { return false }
            }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(entry.utf8))
            return true
        } catch {
            return false
        }
    }
}
