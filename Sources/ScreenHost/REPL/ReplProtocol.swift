#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The line protocol between `screens run APP --listen` and `screens repl --attach`, on a
/// Unix stream socket. Every line, both ways, is a one-character tag, a space, and text
/// (a tag alone when there is no text); a line ends with `\n`.
///
/// The server first sends `V 1 APPID` (the protocol version and the app's id), then `R 0`.
///
/// | client → server | |
/// |---|---|
/// | `L TEXT` | a line of input, as typed at the prompt (Lua or a `:command`) |
/// | `T TEXT` | the completions of TEXT (the line up to the cursor) |
/// | `I` | interrupt: stops the chunk this client runs, or drops its unfinished chunk |
///
/// | server → client | |
/// |---|---|
/// | `= TEXT` | a line of a result |
/// | `- TEXT` | a line a command printed |
/// | `> TEXT` | a line a script printed with `print` while this client's chunk ran |
/// | `! TEXT` | a line of a chunk's error (the chunk failed) |
/// | `? TEXT` | a line of a command's complaint (nothing failed) |
/// | `R 0` / `R 1` | ready for the next line; 1 when the chunk so far is not complete |
/// | `C A<TAB>B…` | the completions asked for, tab-separated (none: `C`) |
/// | `Q TEXT` | the server is closing this connection, and why |
nonisolated public enum ReplProtocol {
    /// The protocol version the greeting names; a client refuses another.
    public static let version = 1
    /// The longest line either side accepts, in bytes; a longer one closes the connection.
    public static let maxLineLength = 1 << 20
    /// The instructions a remote chunk runs between two looks at its client's socket.
    public static let checkInterval = 1_000_000

    /// The tags of the lines.
    public enum Tag: Character, Sendable {
        case line = "L", complete = "T", interrupt = "I"
        case greeting = "V", result = "=", text = "-", output = ">", error = "!", complaint = "?"
        case ready = "R", completions = "C", closing = "Q"
    }

    /// `text` as tagged lines, one per line of it, each ending with a newline.
    public static func encode(_ tag: Tag, _ text: String = "") -> [UInt8] {
        var bytes: [UInt8] = []
        // Split as bytes: "\r\n" is one Character, which a split on "\n" would not cut.
        let lines = Array(text.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for line in lines {
            bytes.append(UInt8(ascii: Unicode.Scalar(String(tag.rawValue))!))
            let kept = line.filter { $0 != UInt8(ascii: "\r") }
            if !kept.isEmpty {
                bytes.append(UInt8(ascii: " "))
                bytes += kept
            }
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// The tag and text of a line (without its newline); nil for a line with no known tag.
    public static func decode(_ line: [UInt8]) -> (tag: Tag, text: String)? {
        guard let first = line.first, first < 0x80, let tag = Tag(rawValue: Character(Unicode.Scalar(first))) else { return nil }
        guard line.count == 1 || line[1] == UInt8(ascii: " ") else { return nil }
        return (tag, String(decoding: line.dropFirst(2), as: UTF8.self))
    }

    // MARK: - Where sockets live

    /// The folder of the default sockets: `$XDG_RUNTIME_DIR/luascreens`, or
    /// `/tmp/luascreens-UID` when the variable is not set.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return runtime + "/luascreens"
        }
        return "/tmp/luascreens-\(getuid())"
    }

    /// The default socket of the app `id`.
    public static func defaultPath(appID id: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        defaultFolder(environment: environment) + "/" + id + ".sock"
    }

    /// Makes `folder` when it does not exist (mode 0700), and checks it as the client does
    /// (``privateFolderProblem(_:user:)``).
    ///
    /// - Throws: ``ReplSocketError`` saying what is wrong with it.
    public static func preparePrivateFolder(_ folder: String) throws(ReplSocketError) {
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            let reason = String(cString: strerror(errno))
            throw ReplSocketError("cannot make the folder \(folder): \(reason)")
        }
        if let problem = privateFolderProblem(folder) {
            throw ReplSocketError(problem.clause(folder) + ": refusing to listen there" + (problem.remedy.map { " (\($0))" } ?? ""))
        }
    }

    /// What makes `folder` unfit to hold a REPL socket, or nil when it is a folder (not a
    /// link to one) of `user`'s that nobody else may enter: mode 0700. Whoever else may
    /// enter it can put a socket of their own in the app's place and read what is typed.
    /// The server checks the folder it listens in with it, the client the folder of the
    /// socket it attaches to.
    static func privateFolderProblem(_ folder: String, user: uid_t = getuid()) -> FolderProblem? {
        var info = stat()
        guard lstat(folder, &info) == 0 else { return .unreadable(String(cString: strerror(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK: return .symbolicLink
        default: return .notAFolder
        }
        guard info.st_uid == user else { return .owner(info.st_uid, user: user) }
        guard info.st_mode & 0o777 == 0o700 else { return .mode(info.st_mode & 0o777) }
        return nil
    }

    /// Why a folder may not hold a REPL socket (``privateFolderProblem(_:user:)``).
    enum FolderProblem: Equatable {
        /// `lstat` failed, for this reason.
        case unreadable(String)
        case symbolicLink
        case notAFolder
        /// It belongs to the first user, not to `user`.
        case owner(uid_t, user: uid_t)
        /// Its permission bits, which are not 0700.
        case mode(mode_t)

        /// The problem as a clause about `folder`: "the folder F has mode 0755, not 0700".
        func clause(_ folder: String) -> String {
            switch self {
            case .unreadable(let reason): return "cannot look at the folder \(folder): \(reason)"
            case .symbolicLink: return "the folder \(folder) is a symbolic link"
            case .notAFolder: return "\(folder) is not a folder"
            case .owner(let owner, let user): return "the folder \(folder) belongs to user \(owner), not you (\(user))"
            case .mode(let mode):
                let digits = String(mode, radix: 8)
                return "the folder \(folder) has mode \(String(repeating: "0", count: max(0, 4 - digits.count)) + digits), not 0700"
            }
        }

        /// What the user can do about it, when it is the user's own folder.
        var remedy: String? {
            if case .mode = self { return "chmod 700 it" }
            return nil
        }
    }

    /// A Unix socket address for `path`, or nil when the path is too long for one.
    static func address(_ path: String) -> sockaddr_un? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path), !bytes.contains(0) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
            buffer[bytes.count] = 0
        }
        return address
    }

    /// Connects a stream socket to `path`.
    ///
    /// - Returns: the descriptor, or -1 with `errno` set.
    static func connect(to path: String) -> Int32 {
        guard var address = address(path) else {
            errno = ENAMETOOLONG
            return -1
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return -1 }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        noSignalOnWrite(fd)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        if result != 0 {
            let saved = errno
            close(fd)
            errno = saved
            return -1
        }
        return fd
    }

    /// The user the process at the other end of the connected Unix socket `fd` ran as when it
    /// listened (or connected), as the kernel recorded it; nil, with `errno` set, when the
    /// system does not say.
    static func peerUser(_ fd: Int32) -> uid_t? {
        #if os(Linux)
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; }, which Glibc shows only to C
        // compiled with _GNU_SOURCE.
        var credentials: (pid: pid_t, uid: uid_t, gid: gid_t) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        return credentials.uid
        #else
        var user = uid_t(), group = gid_t()
        guard getpeereid(fd, &user, &group) == 0 else { return nil }
        return user
        #endif
    }

    /// Writes to a socket whose peer may be gone without SIGPIPE (MSG_NOSIGNAL; SO_NOSIGPIPE
    /// where that is the way).
    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        #if canImport(Glibc)
        return Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
        #else
        return Darwin.send(fd, bytes.baseAddress, bytes.count, 0)
        #endif
    }

    static func noSignalOnWrite(_ fd: Int32) {
        #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }
}

/// Why a socket could not be listened on or connected to, said for a user.
nonisolated public struct ReplSocketError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
