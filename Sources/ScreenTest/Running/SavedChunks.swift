import Foundation
import ScreenScript

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a source file was when a chunk was compiled from it: its device, inode, size and the
/// times of its last change of contents and of status, in nanoseconds. A chunk is used again
/// only while its file still has the same stamp.
nonisolated struct SourceStamp: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var changed: Int64

    /// The stamp of the regular file at `path` (through symbolic links), or nil when there
    /// is none (or the path holds a zero byte, which would end it early).
    init?(path: String) {
        var info = stat()
        guard !path.utf8.contains(0), stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modified = Self.nanoseconds(info.st_mtimespec)
        changed = Self.nanoseconds(info.st_ctimespec)
        #else
        modified = Self.nanoseconds(info.st_mtim)
        changed = Self.nanoseconds(info.st_ctim)
        #endif
    }

    init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        (self.device, self.inode, self.size, self.modified, self.changed) = (device, inode, size, modified, changed)
    }

    /// The stamp as Lua code hands it back (see ``init(text:)``): its numbers, spaced.
    var text: String { "\(device) \(inode) \(size) \(modified) \(changed)" }

    init?(text: String) {
        let parts = text.split(separator: " ")
        guard parts.count == 5, let device = UInt64(parts[0]), let inode = UInt64(parts[1]),
              let size = Int64(parts[2]), let modified = Int64(parts[3]), let changed = Int64(parts[4])
        else { return nil }
        self.init(device: device, inode: inode, size: size, modified: modified, changed: changed)
    }

    private static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec).multipliedReportingOverflow(by: 1_000_000_000).partialValue &+ Int64(time.tv_nsec)
    }
}

/// Compiled chunks kept from one run to the next, in a file of the user's cache folder
/// (`$XDG_CACHE_HOME/luascreens/chunks`, under `~/.cache` when the variable is not set or
/// not absolute): luassert's modules and the runner's, so that a run does not compile them
/// again. Deleting the file only costs the next run that compiling.
///
/// Lua does not verify bytecode (a damaged chunk can crash it), so the file is used only
/// when everything about it holds: the folder and the file are this user's and nobody
/// else can write them, the checksum of its contents matches (a file cut short or damaged
/// is no file), it was written for the same Lua library file as it is now, and each
/// chunk's source file has the stamp it had when it was compiled (a chunk whose file
/// changed is left out). Anything else and the file is as absent: what it held is compiled
/// again and written anew. The file is still the user's to write, and so a test's, so a
/// worker that ends by a fault (SIGSEGV, SIGBUS, ...) has it removed (see ``WorkerPool``):
/// bytecode made to crash Lua costs one file, not every run after it.
nonisolated enum SavedChunks {
    /// A compiled chunk: its name, the file compiled when there is one to check (an
    /// absolute path), and its bytecode.
    struct Entry: Equatable, Sendable {
        var name: String
        var source: Source?
        var code: [UInt8]
    }

    /// The file a chunk was compiled from, and its stamp taken before it was read.
    struct Source: Hashable, Sendable {
        var path: String
        var stamp: SourceStamp
    }

    /// The most the file may hold.
    static let maximumSize = 8 << 20

    private static let magic = Array("LuaScreens chunks 1\n".utf8)

    /// The file in the user's cache folder, or nil when the environment names no home.
    static func location(environment: [String: String] = ProcessEnvironment.current()) -> String? {
        cacheFolder(environment: environment).map { $0 + "/chunks" }
    }

    /// The program's folder in the user's cache: `$XDG_CACHE_HOME/luascreens`, under
    /// `~/.cache` when the variable is not set or not absolute; nil without a home.
    static func cacheFolder(environment: [String: String]) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/luascreens" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/luascreens" }
        return nil
    }

    /// What binds chunks to this process's Lua: the library's file and its stamp, nil
    /// when the system cannot tell which file it is.
    static func libraryKey(libraryFile: String?) -> String? {
        guard let file = libraryFile, let stamp = SourceStamp(path: file) else { return nil }
        return "\(file)\n\(stamp.text)"
    }

    // MARK: Encoding

    /// The entries as the file holds them: the magic line, a checksum of what follows it,
    /// `key`, the count of entries, then each entry's name, source path (empty when it has
    /// none), stamp (only with a path) and code. Numbers are little-endian, texts and code
    /// preceded by their length in 4 bytes.
    static func encode(_ entries: [Entry], key: String) -> [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(entries.reduce(256) { $0 + $1.code.count + $1.name.utf8.count * 2 + 64 })
        appendBytes(Array(key.utf8), to: &body)
        appendInteger(UInt32(entries.count), to: &body)
        for entry in entries {
            appendBytes(Array(entry.name.utf8), to: &body)
            appendBytes(Array((entry.source?.path ?? "").utf8), to: &body)
            if let stamp = entry.source?.stamp {
                for number in [stamp.device, stamp.inode, UInt64(bitPattern: stamp.size),
                               UInt64(bitPattern: stamp.modified), UInt64(bitPattern: stamp.changed)] {
                    appendInteger(number, to: &body)
                }
            }
            appendBytes(entry.code, to: &body)
        }
        var bytes = magic
        appendInteger(checksum(body[...]), to: &bytes)
        return bytes + body
    }

    /// The entries of `bytes` when they are whole, undamaged and written for `key`; nil
    /// otherwise.
    static func decode(_ bytes: [UInt8], key: String) -> [Entry]? {
        guard bytes.starts(with: magic) else { return nil }
        var reader = Reader(bytes: bytes[magic.count...])
        guard let sum = reader.integer(UInt64.self), checksum(reader.rest) == sum,
              let written = reader.bytes(), written == Array(key.utf8),
              let count = reader.integer(UInt32.self)
        else { return nil }
        var entries: [Entry] = []
        for _ in 0..<count {
            guard let name = reader.bytes(), let path = reader.bytes() else { return nil }
            var source: Source?
            if !path.isEmpty {
                guard let device = reader.integer(UInt64.self), let inode = reader.integer(UInt64.self),
                      let size = reader.integer(UInt64.self), let modified = reader.integer(UInt64.self),
                      let changed = reader.integer(UInt64.self)
                else { return nil }
                let stamp = SourceStamp(
                    device: device, inode: inode, size: Int64(bitPattern: size),
                    modified: Int64(bitPattern: modified), changed: Int64(bitPattern: changed))
                source = Source(path: String(decoding: path, as: UTF8.self), stamp: stamp)
            }
            guard let code = reader.bytes() else { return nil }
            entries.append(Entry(name: String(decoding: name, as: UTF8.self), source: source, code: code))
        }
        return reader.rest.isEmpty ? entries : nil
    }

    /// A 64-bit checksum of `bytes`, eight at a time: it tells a damaged or shortened file,
    /// not a forged one (only the user can write the file).
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                var word: UInt64 = 0
                withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<min(offset + 8, raw.count)])) }
                hash = (hash ^ UInt64(littleEndian: word)) &* 0x0000_0100_0000_01b3
                hash ^= hash >> 29
                offset += 8
            }
        }
        return hash
    }

    private static func appendInteger<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func appendBytes(_ part: [UInt8], to bytes: inout [UInt8]) {
        appendInteger(UInt32(part.count), to: &bytes)
        bytes.append(contentsOf: part)
    }

    private struct Reader {
        var rest: ArraySlice<UInt8>

        init(bytes: ArraySlice<UInt8>) { rest = bytes }

        mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
            let size = MemoryLayout<T>.size
            guard rest.count >= size else { return nil }
            var value = T.zero
            withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: rest.prefix(size)) }
            rest = rest.dropFirst(size)
            return T(littleEndian: value)
        }

        mutating func bytes() -> [UInt8]? {
            guard let count = integer(UInt32.self), rest.count >= Int(count) else { return nil }
            defer { rest = rest.dropFirst(Int(count)) }
            return Array(rest.prefix(Int(count)))
        }
    }

    // MARK: The file

    /// The contents of the file at `path` when it and its folder are this user's and nobody
    /// else can write them; nil otherwise (a FIFO or a device is not waited on), or when it
    /// is larger than ``maximumSize``.
    static func read(from path: String) -> [UInt8]? {
        guard isPrivateFolder((path as NSString).deletingLastPathComponent) else { return nil }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, isPrivate(info, type: S_IFREG), info.st_size <= maximumSize else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { readDescriptor(descriptor, $0.baseAddress! + count, $0.count - count) }
            if read > 0 {
                count += read
            } else if read == 0 || errno != EINTR {
                break
            }
        }
        // Grown while read: as good as damaged.
        guard count == Int(info.st_size) else { return nil }
        bytes.removeLast()
        return bytes
    }

    /// Writes `bytes` as the file at `path` whole or not at all (through a file beside it,
    /// renamed), making its folder (and the cache folder above it, when missing) for this
    /// user alone. Failing is silent: the chunks are compiled again next time.
    @discardableResult
    static func write(_ bytes: [UInt8], to path: String) -> Bool {
        guard bytes.count <= maximumSize else { return false }
        let folder = (path as NSString).deletingLastPathComponent
        makeFolder((folder as NSString).deletingLastPathComponent)
        makeFolder(folder)
        guard isPrivateFolder(folder) else { return false }
        let temporary = "\(path).\(getpid()).new"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        let written = writeAll(descriptor, bytes)
        guard close(descriptor) == 0, written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Removes the file, so that the next run compiles everything again.
    static func discard(at path: String? = location()) {
        if let path { unlink(path) }
    }

    /// Makes the folder at `path` readable by this user alone, when the folder it goes in
    /// is there (a home that does not exist, such as `/nonexistent`, is not made); as root,
    /// not in a folder of another user's (`sudo screens test` keeping the user's HOME would
    /// otherwise leave a `~/.cache` the user cannot write).
    private static func makeFolder(_ path: String) {
        var info = stat()
        guard !path.isEmpty, lstat(path, &info) != 0,
              lstat((path as NSString).deletingLastPathComponent, &info) == 0,
              geteuid() != 0 || info.st_uid == 0
        else { return }
        mkdir(path, 0o700)
    }

    private static func isPrivateFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && isPrivate(info, type: S_IFDIR)
    }

    /// Whether `info` is of `type`, this user's, and writable by nobody else.
    private static func isPrivate(_ info: stat, type: mode_t) -> Bool {
        info.st_mode & S_IFMT == type && info.st_uid == geteuid() && info.st_mode & 0o022 == 0
    }
}


private nonisolated func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
