import EventLoop
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Watches an app's folder, and the folders in it, for changes to its Lua files, and tells
/// of them once per save: the changes that come within ``debounce`` seconds of each other
/// (an editor writing a temporary file and renaming it over, a save of several files) make
/// one call, ``debounce`` seconds after the last.
///
/// On Linux it uses inotify through a reader of the loop, so a change wakes the loop at
/// once; elsewhere, or when inotify cannot be had (no more watches), it compares each Lua
/// file's modification time, size and inode every ``pollInterval`` seconds on the loop's
/// timers, which also works on a virtual clock. Hidden files and folders (`.git`, an
/// editor's `.#main.lua` lock) are left out.
///
/// ```swift
/// let watcher = FileWatcher(folder: "scripts/gallery", loop: loop) { files in
///     print("changed:", files)          // ["detail.lua"]
/// }
/// try watcher.start()
/// ```
public final class FileWatcher {
    /// How changes are found.
    public enum Method: String, Sendable {
        case inotify, polling
    }

    public let folder: String
    public let loop: EventLoop
    /// Seconds without a further change before the changes are told.
    public let debounce: Double
    /// Seconds between two looks at the files, when polling.
    public let pollInterval: Double
    /// The method in use once started.
    public private(set) var method: Method?
    /// Receives the Lua files that changed (were written, made, renamed over or deleted),
    /// relative to ``folder``, sorted.
    private let onChange: ([String]) -> Void

    private var pending: Set<String> = []
    private var debounceTimer: LoopTimer?
    private var pollTimer: LoopTimer?
    private var snapshot: [String: FileStamp] = [:]
    #if os(Linux)
    private var inotify: Int32 = -1
    private var reader: LoopReader?
    private var watches: [Int32: String] = [:]
    #endif

    /// - Parameters:
    ///   - folder: the app's folder.
    ///   - loop: the loop whose readers and timers it uses.
    ///   - debounce: seconds after the last change before `onChange` is called.
    ///   - pollInterval: seconds between two looks when polling.
    ///   - onChange: called with the changed Lua files, relative to `folder`.
    public init(
        folder: String, loop: EventLoop, debounce: Double = 0.1, pollInterval: Double = 0.5,
        onChange: @escaping ([String]) -> Void
    ) {
        var folder = folder.isEmpty ? "." : folder
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        self.folder = folder
        self.loop = loop
        self.debounce = max(0, debounce.isFinite ? debounce : 0.1)
        self.pollInterval = pollInterval > 0 && pollInterval.isFinite ? pollInterval : 0.5
        self.onChange = onChange
    }

    isolated deinit {
        stop()
    }

    /// Starts watching: with inotify where it can (unless `method` says `.polling`), else by
    /// polling.
    ///
    /// - Returns: the method used.
    @discardableResult
    public func start(_ preferred: Method? = nil) -> Method {
        stop()
        #if os(Linux)
        if preferred != .polling, startInotify() {
            method = .inotify
            return .inotify
        }
        #endif
        snapshot = Self.stamps(in: folder)
        pollTimer = loop.every(pollInterval) { [weak self] _ in self?.poll() }
        method = .polling
        return .polling
    }

    /// Stops watching; changes not yet told are dropped.
    public func stop() {
        debounceTimer?.cancel()
        debounceTimer = nil
        pollTimer?.cancel()
        pollTimer = nil
        pending = []
        #if os(Linux)
        reader?.cancel()
        reader = nil
        if inotify >= 0 { close(inotify) }
        inotify = -1
        watches = [:]
        #endif
        method = nil
    }

    // MARK: - Telling

    private func noteChange(_ path: String) {
        pending.insert(path)
        debounceTimer?.cancel()
        debounceTimer = loop.after(debounce) { [weak self] _ in self?.tell() }
    }

    private func tell() {
        debounceTimer = nil
        let files = pending.sorted()
        pending = []
        if !files.isEmpty { onChange(files) }
    }

    static func isWatched(_ name: Substring) -> Bool {
        name.hasSuffix(".lua") && !name.hasPrefix(".")
    }

    // MARK: - Polling

    /// What tells a file's version apart: a rename over it changes the inode, a write its
    /// time or size.
    struct FileStamp: Equatable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int64
        var inode: UInt64
    }

    private func poll() {
        let now = Self.stamps(in: folder)
        for (path, stamp) in now where snapshot[path] != stamp { noteChange(path) }
        for path in snapshot.keys where now[path] == nil { noteChange(path) }
        snapshot = now
    }

    /// The stamps of the Lua files under `folder`, by path relative to it; hidden folders
    /// are not entered.
    static func stamps(in folder: String) -> [String: FileStamp] {
        var result: [String: FileStamp] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return result }
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            guard isWatched(Substring(name)), let stamp = stamp(of: folder + "/" + relative) else { continue }
            result[relative] = stamp
        }
        return result
    }

    private static func stamp(of path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if os(Linux)
        let time = info.st_mtim
        #else
        let time = info.st_mtimespec
        #endif
        return FileStamp(seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec), size: Int64(info.st_size), inode: UInt64(info.st_ino))
    }

    // MARK: - inotify

    #if os(Linux)
    private static let fileEvents = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM)

    private func startInotify() -> Bool {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return false }
        inotify = fd
        guard addWatch(folder, relative: "") else {
            close(fd)
            inotify = -1
            return false
        }
        if let enumerator = FileManager.default.enumerator(atPath: folder) {
            while let relative = enumerator.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &isFolder), isFolder.boolValue else {
                    continue
                }
                if name.hasPrefix(".") {
                    enumerator.skipDescendants()
                    continue
                }
                // Out of watches (fs.inotify.max_user_watches): polling sees every folder.
                guard addWatch(folder + "/" + relative, relative: relative) else {
                    close(fd)
                    inotify = -1
                    watches = [:]
                    return false
                }
            }
        }
        reader = loop.addReader(fd) { [weak self] in self?.readEvents() }
        return true
    }

    /// Watches one folder; `relative` is its path from ``folder`` ("" for the folder itself).
    private func addWatch(_ path: String, relative: String) -> Bool {
        let descriptor = inotify_add_watch(inotify, path, Self.fileEvents | UInt32(IN_ONLYDIR))
        guard descriptor >= 0 else { return false }
        watches[descriptor] = relative
        return true
    }

    private func readEvents() {
        let capacity = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: capacity)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, capacity) }
            guard count > 0 else { return }
            parse(buffer[0..<count])
        }
    }

    private func parse(_ bytes: ArraySlice<UInt8>) {
        let headerSize = MemoryLayout<inotify_event>.size
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset + headerSize <= raw.count {
                let descriptor = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameStart = offset + headerSize
                guard length <= raw.count - nameStart else { return }
                let nameBytes = raw[nameStart..<nameStart + length].prefix { $0 != 0 }
                offset = nameStart + length
                let name = String(decoding: nameBytes, as: UTF8.self)
                guard let base = watches[descriptor], !name.isEmpty else { continue }
                let relative = base.isEmpty ? name : base + "/" + name
                if mask & UInt32(IN_ISDIR) != 0 {
                    if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, !name.hasPrefix(".") {
                        _ = addWatch(folder + "/" + relative, relative: relative)
                    }
                    continue
                }
                if Self.isWatched(Substring(name)) { noteChange(relative) }
            }
        }
    }
    #endif
}
