import Foundation
import LuaBridge

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an app's main file and folder are, and the name its folder gives it.
///
/// An app is a folder with `main.lua`, or a single Lua file. Its name comes from the resolved
/// real path, so that `.`, `main.lua` inside the folder and `../myapp` from a sibling folder
/// all name the same app: the folder's name, or for a single file its name without `.lua`
/// (a file named `main.lua` is its folder's app).
///
/// ```swift
/// let app = try AppLocation("scripts/hello")   // file "scripts/hello/main.lua", name "hello"
/// ```
struct AppLocation {
    /// The main file, as given (messages and tracebacks show it so).
    let file: String
    /// The folder that holds it, as given; "" for a file in the current folder.
    let folder: String
    /// The app's name from its real path; "screens" where the path gives none (`/main.lua`).
    let name: String

    /// Finds the app at `path`.
    ///
    /// - Throws: ``LuaError`` of kind `.file` when the folder or file does not exist, or the
    ///   folder has no `main.lua`.
    init(_ path: String) throws(LuaError) {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard !trimmed.isEmpty, let isFolder = Self.isFolder(trimmed) else {
            let what = trimmed.hasSuffix(".lua") ? "file" : "folder"
            throw LuaError(kind: .file, message: "the \(what) \(path) does not exist")
        }
        if isFolder {
            file = (trimmed == "/" ? "" : trimmed) + "/main.lua"
            folder = trimmed
            guard Self.isFolder(file) == false else {
                throw LuaError(
                    kind: .file,
                    message: "the folder \(path) has no main.lua (an app is a folder with main.lua, or a single Lua file)")
            }
        } else {
            file = trimmed
            let parent = trimmed.lastIndex(of: "/").map { String(trimmed[..<$0]) } ?? ""
            folder = parent.isEmpty && trimmed.hasPrefix("/") ? "/" : parent
        }
        name = Self.name(ofMainFile: Self.realPath(file) ?? file)
    }

    /// The folder's name for a `main.lua`, else the file's name without `.lua`.
    static func name(ofMainFile path: String) -> String {
        let components = path.split(separator: "/").map(String.init)
        guard let last = components.last else { return "screens" }
        let name: String
        if last == "main.lua" {
            name = components.dropLast().last ?? ""
        } else {
            name = last.hasSuffix(".lua") ? String(last.dropLast(4)) : last
        }
        return name.isEmpty || name == "." || name == ".." ? "screens" : name
    }

    /// The absolute path with every symbolic link, `.` and `..` resolved.
    /// Whether `path` (links followed) is a folder; nil when nothing is there. `stat` itself:
    /// FileManager's first use costs every start more than this whole type.
    static func isFolder(_ path: String) -> Bool? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT == S_IFDIR
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
