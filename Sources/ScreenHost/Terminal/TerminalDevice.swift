#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalShim

/// The terminal the session draws on: its descriptors, its size, raw mode and writing.
///
/// Input is read from `input` (standard input) without blocking; output goes to `output`
/// (standard output). Raw mode keeps the settings it found, and ``restore()`` puts them back.
final class TerminalDevice {
    let input: Int32
    let output: Int32
    private var saved: termios?
    private var savedInputFlags: Int32 = 0

    init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.input = input
        self.output = output
    }

    /// Whether both descriptors are terminals.
    static func isInteractive(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) -> Bool {
        isatty(input) != 0 && isatty(output) != 0
    }

    /// The terminal's size in cells, or nil when it cannot say. Asked of the input: while a
    /// session runs, standard output goes to a log.
    var size: (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(input, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Saves the settings and enters raw mode: no echo, no line editing, no signals from keys
    /// (Ctrl-C and Ctrl-Z arrive as bytes), no output processing. Input becomes non-blocking.
    ///
    /// - Returns: the settings found, which the crash handlers restore.
    @discardableResult
    func enterRawMode() -> termios? {
        var settings = termios()
        guard tcgetattr(input, &settings) == 0 else { return nil }
        if saved == nil { saved = settings }
        var raw = settings
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        tcsetattr(input, TCSADRAIN, &raw)
        savedInputFlags = fcntl(input, F_GETFL)
        _ = fcntl(input, F_SETFL, savedInputFlags | O_NONBLOCK)
        return saved
    }

    /// Puts back the settings found and blocking input.
    func restore() {
        guard var saved else { return }
        tcsetattr(input, TCSADRAIN, &saved)
        _ = fcntl(input, F_SETFL, savedInputFlags)
    }

    /// Writes all of `bytes` to `fd`, waiting when the terminal is slow (its descriptor
    /// shares the non-blocking flag of the input); gives up on an error.
    static func write(_ bytes: [UInt8], to fd: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if written < 0 && (errno == EINTR || errno == EAGAIN) {
                var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&descriptor, 1, 100)
            } else {
                return
            }
        }
    }

    /// Reads what is waiting, without blocking: nil at the end of input (the terminal hung
    /// up), else the bytes (possibly none).
    func readAvailable() -> [UInt8]? {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count > 0 {
                result += buffer[0..<count]
                if result.count >= 1 << 20 { return result }
                continue
            }
            if count == 0 { return result.isEmpty ? nil : result }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return result }
            return result.isEmpty ? nil : result
        }
    }
}
