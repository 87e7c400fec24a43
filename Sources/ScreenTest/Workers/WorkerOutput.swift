#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads what a worker printed from its output file.
enum WorkerOutput {
    /// At most this much of one test's output is kept.
    static let limit = 1 << 20

    /// The file's content (nil when empty), cut at ``limit``; with `truncate`, the file is
    /// emptied for what comes next.
    static func read(_ fd: Int32, truncate: Bool) -> String? {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 else { return nil }
        let size = Int(info.st_size)
        var bytes = [UInt8](repeating: 0, count: min(size, limit))
        let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        if truncate { _ = ftruncate(fd, 0) }
        guard count > 0 else { return nil }
        var text = String(decoding: bytes[0..<count], as: UTF8.self)
        if size > count { text += "\n... (\(size - count) more bytes)\n" }
        return text
    }
}
