import Foundation
import LuaBridge
import ScreenScript

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a file's start sets up that depends on the file and the options but not on its
/// state's life: its folders, its data directory, where its plugins and modules are found.
///
/// A worker makes it before it forks for the file (``TestRunner/start(of:)``): a fork pays
/// for every page of code it runs, once more for each file, and this way it runs none of
/// this. A file run in place makes it as it starts.
struct FileStart {
    /// The file's folder, as its path names it (`""` for the current one).
    let folder: String
    /// The folders whose modules the file finds first: the app's beside a `tests` folder,
    /// then its own (each put first in turn).
    let moduleFolders: [String]
    /// Where the file's stores live: a fresh folder, made only when a store opens.
    let dataDirectory: String
    /// Where the file's images are, until it launches an app.
    let scriptFolder: String
    let plugins: PluginCatalog.SearchPath
    /// `package.path` and `package.cpath` as the file's state starts with them: `--lpath`
    /// and `--cpath` first, as busted puts them, then the module folders, then the state's.
    let path: String
    let cpath: String
    /// Whether a package the state preloaded (luassert, say, term) is found elsewhere on
    /// ``path`` (the project's own): the state then requires them all again, as a fresh one
    /// would.
    let reloadsPreloaded: Bool
}

extension TestRunner {
    /// The start of `file` in `lua`, a state as the runner prepares one (with the runner's
    /// modules and luassert loaded). What preloaded packages a path shadows is asked of
    /// `lua` once for each path.
    func start(of file: String, in lua: LuaState) throws -> FileStart {
        let folder = (file as NSString).deletingLastPathComponent
        var moduleFolders = [folder]
        // A suite finds the modules beside it, and those of the app it sits in
        // (`scripts/<app>/tests/x_spec.lua` requires the app's modules).
        if (folder as NSString).lastPathComponent == "tests" {
            moduleFolders.insert((folder as NSString).deletingLastPathComponent, at: 0)
        }
        let package = try lua.globals.get("package", as: LuaTable.self)
        let path = Self.prepending(
            options.luaPath,
            to: ScriptHost.modulePath(prepending: moduleFolders, to: try package.get("path", as: String.self)))
        let cpath = Self.prepending(options.cPath, to: try package.get("cpath", as: String.self))
        let reloads: Bool
        if let known = shadowedPaths[path] {
            reloads = known
        } else {
            reloads = try RunnerModules.setup.function("shadowed", in: lua).call(path, returning: Bool.self)
            shadowedPaths[path] = reloads
        }
        return FileStart(
            folder: folder, moduleFolders: moduleFolders,
            dataDirectory: Self.temporaryFolder + "/luascreens-test-\(UUID())",
            scriptFolder: Self.absolutePath(folder.isEmpty ? "." : folder),
            plugins: .forTestFile(
                file, pluginPaths: options.pluginPaths, environment: Self.environment, bundled: Self.bundledPlugins),
            path: path, cpath: cpath, reloadsPreloaded: reloads)
    }

    /// The start of `file` in the template a worker forks (see ``template()``), made in the
    /// worker for its fork; nil without a template.
    func start(of file: String) -> FileStart? {
        guard let lua = prepared?.lua else { return nil }
        return try? start(of: file, in: lua)
    }

    /// `--lpath` or `--cpath` put before a path as busted puts them, `(paths .. ";" ..
    /// path):gsub(";;", ";")`: each `;;` from the left taken for `;`.
    static func prepending(_ paths: String, to path: String) -> String {
        guard !paths.isEmpty else { return path }
        let semicolon = UInt8(ascii: ";")
        var joined: [UInt8] = []
        var last: UInt8?
        for byte in (paths + ";" + path).utf8 {
            if byte == semicolon, last == semicolon {
                last = nil
                continue
            }
            joined.append(byte)
            last = byte
        }
        return String(decoding: joined, as: UTF8.self)
    }
}
