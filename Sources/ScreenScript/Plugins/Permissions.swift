import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a plugin's files may be opened: its own folder (read only) and, with the `files`
/// permission, the app's data directory (read and write). Paths are checked on their real
/// path, with every symbolic link resolved, so a link inside the folder that points out of
/// it is refused like `..`.
struct PluginPathRule {
    /// The plugin's folder as found on the search path.
    let folder: String
    /// The app's data directory, or nil when the plugin may only read its folder.
    let dataDirectory: String?

    /// The real path to open `path` with `mode`, or why it may not be opened.
    ///
    /// A relative path is taken in the plugin's folder. A path with a `..` component is
    /// refused before anything is looked up.
    func resolve(_ path: String, mode: String) -> Result<String, PluginPathError> {
        let shown = path.count > 200 ? String(path.prefix(200)) + "…" : path
        if path.isEmpty || path.contains("\0") {
            return .failure(PluginPathError(message: "io.open: not a file name: \"\(shown)\""))
        }
        if path.split(separator: "/").contains("..") {
            return .failure(PluginPathError(message: "io.open: '..' is not allowed in a plugin's paths (\(shown))"))
        }
        let full = path.hasPrefix("/") ? path : (folder.hasSuffix("/") ? folder : folder + "/") + path
        guard let real = Self.realPathAllowingNewFile(full) else {
            return .failure(PluginPathError(message: "io.open: \(shown): no such folder"))
        }
        let writes = mode.contains("w") || mode.contains("a") || mode.contains("+")
        if let data = dataDirectory.flatMap(Self.realPath), Self.path(real, isInside: data) {
            return .success(real)
        }
        if let own = Self.realPath(folder), Self.path(real, isInside: own) {
            if writes {
                return .failure(PluginPathError(
                    message: "io.open: the plugin's folder is read-only (\(shown), mode \"\(mode)\"); write in plugin.dataDirectory()"))
            }
            return .success(real)
        }
        let places = dataDirectory == nil ? "the plugin's folder (\(folder))" : "the plugin's folder (\(folder)) and the app's data directory"
        return .failure(PluginPathError(message: "io.open: \(shown) is outside \(places)"))
    }

    /// The real path of `path`; for a file that does not exist yet, its folder's real path
    /// with its name.
    static func realPathAllowingNewFile(_ path: String) -> String? {
        if let real = realPath(path) { return real }
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        // A dangling link is refused: where it points is not known to be inside.
        var status = stat()
        if lstat(path, &status) == 0 { return nil }
        guard !name.isEmpty, name != ".", let parent = realPath(url.deletingLastPathComponent().path) else { return nil }
        return parent == "/" ? "/" + name : parent + "/" + name
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func path(_ path: String, isInside folder: String) -> Bool {
        path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }
}

struct PluginPathError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
