import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one gate every file a plugin reads or writes goes through: its modules and `main`,
/// `loadfile`, `dofile`, `io.open`, `io.lines` and its manifest.
///
/// A plugin may read the files of its own folder and, with the `files` permission, read and
/// write those of the app's data directory. A path is judged by its real path (every
/// symbolic link resolved), and then opened by walking from the allowed folder one
/// component at a time without following links, so that a link swapped in after the check
/// is refused rather than followed. Only regular files are opened, non-blocking, so that a
/// FIFO or a device named like a module cannot stall the host. The store's files (SQLite
/// databases and their `-wal`, `-shm` and `-journal` files) are not the plugin's to open:
/// `store` is the permission for them.
///
/// Messages name the path as the plugin gave it, never what an outside file holds.
struct PluginFiles {
    /// The plugin's folder as found on the search path (messages show it so).
    let folder: String
    /// The app's data directory when the plugin may use it (the `files` permission).
    let dataDirectory: String?

    /// The largest file read as Lua source: more is no module a plugin ships.
    static let largestSource = 8 << 20

    /// Why a path cannot be opened.
    struct Refusal: Error, CustomStringConvertible {
        let message: String
        /// The file does not exist (a module searched under two names tries the next).
        var isMissing = false
        var description: String { message }
    }

    /// How a file is opened, from `io.open`'s mode.
    struct Mode {
        let flags: Int32
        var writes: Bool { flags & O_ACCMODE != O_RDONLY }
        var creates: Bool { flags & O_CREAT != 0 }
        /// The mode `fdopen` takes, without the `b` that changes nothing here.
        let stdio: String

        static let read = Mode(flags: O_RDONLY, stdio: "r")

        /// `io.open`'s modes (`r`, `w`, `a`, each with `+` and `b`); nil for anything else,
        /// as Lua's `io.open` refuses it.
        init?(_ mode: String) {
            var text = Substring(mode)
            guard let first = text.popFirst() else { return nil }
            let plus = text.first == "+"
            if plus { text.removeFirst() }
            guard text.isEmpty || text == "b" else { return nil }
            switch (first, plus) {
            case ("r", false): flags = O_RDONLY
            case ("r", true): flags = O_RDWR
            case ("w", false): flags = O_WRONLY | O_CREAT | O_TRUNC
            case ("w", true): flags = O_RDWR | O_CREAT | O_TRUNC
            case ("a", false): flags = O_WRONLY | O_CREAT | O_APPEND
            case ("a", true): flags = O_RDWR | O_CREAT | O_APPEND
            default: return nil
            }
            stdio = String(first) + (plus ? "+" : "")
        }

        private init(flags: Int32, stdio: String) {
            self.flags = flags
            self.stdio = stdio
        }
    }

    // MARK: - Opening

    /// Opens `path` (relative paths are taken in the plugin's folder) and returns its
    /// descriptor, blocking again, for the caller to read or hand to Lua.
    func open(_ path: String, mode: Mode) -> Result<Int32, Refusal> {
        let shown = Self.shown(path)
        let places = dataDirectory == nil
            ? "the plugin's folder (\(folder))" : "the plugin's folder (\(folder)) and the app's data directory"
        let outside = Refusal(message: "\(shown) is outside \(places)")
        let roots = [folder, dataDirectory].compactMap { $0 }
        let found: Found
        switch Self.locate(path, in: folder, roots: roots) {
        case .success(let located): found = located
        case .failure(.outside): return .failure(outside)
        case .failure(.missing(let message)): return .failure(Refusal(message: message, isMissing: true))
        case .failure(.refused(let message)): return .failure(Refusal(message: message))
        }
        let own = Self.realPath(folder)
        let data = dataDirectory.flatMap(Self.realPath)
        let root: String
        if let data, Self.path(found.real, isInside: data) {
            root = data
            if Self.isStoreFileName(found.real) {
                return .failure(Self.storeRefusal(shown))
            }
        } else if let own, Self.path(found.real, isInside: own) {
            root = own
        } else {
            return .failure(outside)
        }
        if !found.exists && !mode.creates {
            return .failure(Refusal(message: "\(shown): No such file or directory", isMissing: true))
        }
        if root == own && mode.writes {
            return .failure(Refusal(
                message: "the plugin's folder is read-only (\(shown), mode \"\(mode.stdio)\"); write in plugin.dataDirectory()"))
        }
        let relative = String(found.real.dropFirst(root.count))
        // A store under another name is known by its first bytes: read them first, since the
        // mode asked for may not read.
        if root == data && found.exists {
            let reader = Self.openBeneath(root, relative, flags: O_RDONLY)
            if reader >= 0 {
                let isStore = Self.startsLikeAStore(reader)
                close(reader)
                if isStore { return .failure(Self.storeRefusal(shown)) }
            }
        }
        let descriptor = Self.openBeneath(root, relative, flags: mode.flags)
        guard descriptor >= 0 else {
            let reason = errno
            if reason == ELOOP || reason == ENOTDIR { return .failure(outside) }
            if reason == ENXIO { return .failure(Refusal(message: "\(shown) is not a regular file (a FIFO)")) }
            if reason == EISDIR { return .failure(Refusal(message: "\(shown) is not a regular file (a folder)")) }
            return .failure(Refusal(message: "\(shown): \(String(cString: strerror(reason)))", isMissing: reason == ENOENT))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            let kind = Self.kind(status.st_mode)
            close(descriptor)
            return .failure(Refusal(message: "\(shown) is not a regular file (\(kind))"))
        }
        // Reads and writes block again, as a file's do.
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        return .success(descriptor)
    }

    /// Where a path leads: its real path, with every link resolved (for a file that does not
    /// exist, its folder's real path and its name).
    struct Found {
        let real: String
        let exists: Bool
    }

    enum LocateFailure: Error {
        /// Outside every root, or a link that leads nowhere: the same answer either way, so
        /// that nothing tells what exists elsewhere.
        case outside
        /// Inside, as written, but not there.
        case missing(String)
        case refused(String)
    }

    /// The real path `path` (relative ones taken in `folder`) names, checked for what no
    /// path of a plugin may hold; nothing is opened.
    static func locate(_ path: String, in folder: String, roots: [String]) -> Result<Found, LocateFailure> {
        let shown = shown(path)
        if path.isEmpty || path.utf8.contains(0) { return .failure(.refused("not a file name: \"\(shown)\"")) }
        if path.split(separator: "/").contains("..") {
            return .failure(.refused("'..' is not allowed in a plugin's paths (\(shown))"))
        }
        let full = path.hasPrefix("/") ? path : (folder.hasSuffix("/") ? folder : folder + "/") + path
        if let real = realPath(full) { return .success(Found(real: real, exists: true)) }
        // A link to nothing is refused: where it would lead is not known to be inside.
        var status = stat()
        if lstat(full, &status) == 0 { return .failure(.outside) }
        // Nothing there: a name in a folder that exists, or nothing to say but "outside"
        // unless the path is inside a root as written.
        let name = (full as NSString).lastPathComponent
        if !name.isEmpty, name != ".", let parent = realPath((full as NSString).deletingLastPathComponent) {
            return .success(Found(real: parent == "/" ? "/" + name : parent + "/" + name, exists: false))
        }
        let lexical = normalized(absolute(full))
        let inside = roots.contains { root in
            Self.path(lexical, isInside: normalized(absolute(root))) || realPath(root).map { Self.path(lexical, isInside: $0) } == true
        }
        return inside ? .failure(.missing("\(shown): No such file or directory")) : .failure(.outside)
    }

    /// Reads `path` as Lua source: a regular file of at most ``largestSource`` bytes.
    func readSource(_ path: String) -> Result<[UInt8], Refusal> {
        let descriptor: Int32
        switch open(path, mode: .read) {
        case .success(let opened): descriptor = opened
        case .failure(let refusal): return .failure(refusal)
        }
        defer { close(descriptor) }
        return Self.readAll(descriptor, limit: Self.largestSource).mapError {
            Refusal(message: "\(Self.shown(path)) \($0)")
        }
    }

    /// The bytes of an open file, at most `limit` of them.
    static func readAll(_ descriptor: Int32, limit: Int) -> Result<[UInt8], Refusal> {
        var status = stat()
        if fstat(descriptor, &status) == 0 && status.st_size > limit {
            return .failure(Refusal(message: "is larger than \(limit >> 20) MB"))
        }
        var bytes = [UInt8](repeating: 0, count: min(Int(max(0, status.st_size)), limit) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard bytes.count <= limit else { return .failure(Refusal(message: "is larger than \(limit >> 20) MB")) }
                bytes += [UInt8](repeating: 0, count: min(bytes.count, limit + 1 - bytes.count))
            }
            let read = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if read < 0 && errno == EINTR { continue }
            guard read >= 0 else { return .failure(Refusal(message: "cannot be read: \(String(cString: strerror(errno)))")) }
            if read == 0 { break }
            count += read
        }
        return .success(Array(bytes[..<count]))
    }

    // MARK: - Stores

    /// The real path of the store file `path` (relative paths are taken in `dataDirectory`),
    /// when it is inside the app's data directory and is a regular file or does not exist
    /// yet: what a plugin's `store.open` hands SQLite, a path with no link left to follow.
    static func storePath(_ path: String, dataDirectory: String) -> Result<String, Refusal> {
        let shown = shown(path)
        let outside = Refusal(message: "\(shown) is outside the app's data directory")
        let found: Found
        switch locate(path, in: dataDirectory, roots: [dataDirectory]) {
        case .success(let located): found = located
        case .failure(.outside): return .failure(outside)
        case .failure(.missing(let message)), .failure(.refused(let message)): return .failure(Refusal(message: message))
        }
        guard let data = realPath(dataDirectory), Self.path(found.real, isInside: data) else { return .failure(outside) }
        if !found.exists { return .success(found.real) }
        let descriptor = openBeneath(data, String(found.real.dropFirst(data.count)), flags: O_RDONLY)
        guard descriptor >= 0 else {
            let reason = errno
            if reason == ELOOP || reason == ENOTDIR { return .failure(outside) }
            if reason == EISDIR { return .failure(Refusal(message: "\(shown) is not a regular file (a folder)")) }
            return .failure(Refusal(message: "\(shown): \(String(cString: strerror(reason)))"))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return .failure(Refusal(message: "\(shown) is not a regular file (\(kind(status.st_mode)))"))
        }
        return .success(found.real)
    }

    // MARK: - Walking

    /// Opens `relative` (a path with no links, "" or starting with "/") beneath the folder
    /// `root`, refusing any link met on the way (ELOOP) and opening the file itself
    /// non-blocking; -1 with errno set on failure.
    static func openBeneath(_ root: String, _ relative: String, flags: Int32) -> Int32 {
        var directory = systemOpen(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        guard directory >= 0 else { return -1 }
        let components = relative.split(separator: "/").map(String.init)
        guard let last = components.last else {
            // The folder itself: no file.
            close(directory)
            errno = EISDIR
            return -1
        }
        for component in components.dropLast() {
            let next = openat(directory, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let reason = errno
            close(directory)
            guard next >= 0 else {
                errno = reason
                return -1
            }
            directory = next
        }
        let file = openat(directory, last, flags | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0o666)
        let reason = errno
        close(directory)
        errno = reason
        return file
    }

    // MARK: - The store's files

    private static func storeRefusal(_ shown: String) -> Refusal {
        Refusal(message: "\(shown) is a file of the app's store: the \"store\" permission gives stores, not \"files\"")
    }

    /// A name SQLite gives a store's files, or one a store is usually given.
    static func isStoreFileName(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent.lowercased()
        return ["-wal", "-shm", "-journal", ".sqlite", ".sqlite3", ".db"].contains { name.hasSuffix($0) }
    }

    /// Whether the file starts with SQLite's header ("SQLite format 3" and a NUL).
    private static func startsLikeAStore(_ descriptor: Int32) -> Bool {
        var header = [UInt8](repeating: 0, count: 16)
        let read = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, 16, 0) }
        return read == 16 && header == Array("SQLite format 3\0".utf8)
    }

    // MARK: - Paths

    /// The path as messages show it: at most 200 characters.
    static func shown(_ path: String) -> String {
        path.count > 200 ? String(path.prefix(200)) + "…" : path
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func path(_ path: String, isInside folder: String) -> Bool {
        path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// `path` without empty and `.` components (it has no `..`).
    private static func normalized(_ path: String) -> String {
        "/" + path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a folder"
        default: "not a file"
        }
    }
}

/// `open(2)` and `read(2)`, which the methods named `open` and `read` hide inside the type.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
