#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits what comes from a descriptor into lines.
struct LineReader {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// What one read fills, kept from one read to the next.
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    /// The descriptor gave its end of file (or an error).
    private(set) var ended = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Reads once: at most what is available when the descriptor is ready, else blocks.
    mutating func fill() {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            if start > 0 && start == buffer.count {
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            buffer.append(contentsOf: chunk[0..<count])
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            ended = true
        }
    }

    /// The next complete line in what was read, without its newline.
    mutating func nextLine() -> [UInt8]? {
        guard let end = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) else {
            if start > 0 {
                buffer.removeSubrange(0..<start)
                start = 0
            }
            return nil
        }
        let line = Array(buffer[start..<end])
        start = end + 1
        return line
    }

    /// Blocks until a complete line came, or the end.
    mutating func readLine() -> [UInt8]? {
        while true {
            if let line = nextLine() { return line }
            if ended { return nil }
            fill()
        }
    }
}

/// Writes all of `bytes`, going on after interruptions.
/// - Returns: whether everything was written (false when the reader is gone).
@discardableResult
nonisolated func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { writeAll(descriptor, $0) }
}

/// Writes all of `buffer`, going on after interruptions.
/// - Returns: whether everything was written (false when the reader is gone).
@discardableResult
nonisolated func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return true }
    var offset = 0
    while offset < buffer.count {
        let written = write(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return false
        }
        offset += written
    }
    return true
}
