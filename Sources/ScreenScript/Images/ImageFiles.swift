import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `ui.image` reads its files from, and how.
///
/// An app's image is a file of the app's folder or of its data directory: a relative path is
/// looked for in the app's folder first, then in the data directory; an absolute path must
/// lead into one of them. A path with a `..` component is refused, and so is one whose real
/// path (every symbolic link resolved) leaves the folder it was found in: the file is then
/// opened by walking from that folder one component at a time without following links, as
/// ``PluginFiles`` opens a plugin's, so a link swapped in after the check is refused too.
/// Only a regular file of at most ``largestFile`` bytes is read.
///
/// A plugin's `ui.image` reads through ``PluginFiles`` instead: its own folder, and with the
/// `files` permission the app's data directory, exactly what its `io.open` may read.
struct ImageFiles {
    /// The app's folder; nil when no app is loaded and no folder stands for one.
    let appFolder: String?
    let dataDirectory: String

    /// The largest file read: more is no picture an app shows.
    static let largestFile = 64 << 20

    /// Why a file cannot be read, worded to follow its path (`photo.jpg: ...`).
    struct Refusal: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    /// The bytes of the image file `path` names.
    func read(_ path: String) -> Result<[UInt8], Refusal> {
        if path.isEmpty || path.utf8.contains(0) { return .failure(Refusal(reason: "not a file name")) }
        if path.split(separator: "/").contains("..") {
            return .failure(Refusal(reason: "'..' is not allowed in an image's path"))
        }
        let roots = [appFolder, dataDirectory].compactMap { $0 }
        for root in path.hasPrefix("/") ? ["/"] : roots {
            switch PluginFiles.locate(path, in: root, roots: roots) {
            case .success(let found) where found.exists:
                return open(found.real)
            case .success, .failure(.missing):
                continue
            case .failure(.outside):
                return .failure(outside)
            case .failure(.refused(let reason)):
                return .failure(Refusal(reason: reason))
            }
        }
        if path.hasPrefix("/") && !roots.contains(where: { PluginFiles.path(path, isInside: $0) }) {
            return .failure(outside)
        }
        return .failure(Refusal(reason: "no such file in \(places)"))
    }

    /// The folders, as messages name them.
    private var places: String {
        appFolder.map { "the app's folder (\($0)) or its data directory (\(dataDirectory))" }
            ?? "the app's data directory (\(dataDirectory))"
    }

    private var outside: Refusal {
        Refusal(reason: "outside " + (appFolder == nil ? "the app's data directory" : "the app's folder and its data directory"))
    }

    /// Reads the file at the real path `real`, if it lies inside a folder images come from.
    private func open(_ real: String) -> Result<[UInt8], Refusal> {
        let roots = [appFolder, dataDirectory].compactMap { $0 }.compactMap(PluginFiles.realPath)
        guard let root = roots.first(where: { PluginFiles.path(real, isInside: $0) }) else { return .failure(outside) }
        let descriptor = PluginFiles.openBeneath(root, String(real.dropFirst(root == "/" ? 0 : root.count)), flags: O_RDONLY)
        guard descriptor >= 0 else {
            let reason = errno
            if reason == ELOOP || reason == ENOTDIR { return .failure(outside) }
            if reason == EISDIR { return .failure(Refusal(reason: "a folder, not a file")) }
            if reason == ENXIO { return .failure(Refusal(reason: "not a regular file (a FIFO)")) }
            return .failure(Refusal(reason: "cannot be read (\(String(cString: strerror(reason))))"))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return .failure(Refusal(reason: status.st_mode & S_IFMT == S_IFDIR ? "a folder, not a file" : "not a regular file"))
        }
        // Reads block again, as a file's do (openBeneath opened it non-blocking).
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        return Self.readAll(descriptor)
    }

    /// The bytes of `path` as a plugin's `io.open` would read them through `files`; the
    /// refusal's message names the path.
    static func read(_ path: String, as files: PluginFiles) -> Result<[UInt8], PluginFiles.Refusal> {
        switch files.open(path, mode: .read) {
        case .success(let descriptor):
            defer { close(descriptor) }
            return readAll(descriptor).mapError { PluginFiles.Refusal(message: "\(PluginFiles.shown(path)): \($0.reason)") }
        case .failure(let refusal):
            return .failure(refusal)
        }
    }

    /// The bytes of an open file, at most ``largestFile`` of them.
    static func readAll(_ descriptor: Int32) -> Result<[UInt8], Refusal> {
        PluginFiles.readAll(descriptor, limit: largestFile).mapError { Refusal(reason: $0.message) }
    }
}
