import Foundation
import LuaBridge

/// The modules a script can `require`, the module path and the random seed.
extension ScriptHost {
    func install(_ registry: ModuleRegistry) throws(LuaError) {
        pluginLoader = try PluginLoader(host: self, registry: registry)
        guard let require = lua.globals["require"].functionValue else {
            throw LuaError(kind: .runtime, message: "the package library is not open: modules cannot be installed")
        }
        for module in registry.modules where module.isGlobal {
            let value = try require.call(module.name, returning: LuaValue.self)
            lua.globals.set(module.name, value)
        }
    }

    /// The host's own `chunk`, loaded in the standard functions and tables as they were
    /// before any script ran: what a chunk takes of them as it starts, it takes unchanged,
    /// even when it starts late (in a module filled on first use, after the app replaced
    /// `setmetatable`).
    func loadOwnChunk(_ chunk: LuaResourceChunk) throws(LuaError) -> LuaFunction {
        try chunk.load(in: lua, environment: pluginLoader?.standardEnvironment)
    }

    /// Seeds Lua's `math.random`, as `math.randomseed(seed)` does, so that a run can draw the
    /// same numbers again (a replay, the monkey).
    public func seedRandom(_ seed: Int64) throws(LuaError) {
        randomSeed = seed
        try Self.hostChunk.function("seedRandom", in: lua).call(seed)
    }

    /// Puts `folder` first on `package.path`, so that `require` finds the modules in it, and
    /// before any plugin of the same name.
    public func prependModulePath(for folder: String) throws(LuaError) {
        try Self.hostChunk.function("prependPath", in: lua).call(Self.modulePathPrefix(for: folder))
        moduleFolders.insert(Self.moduleFolder(folder), at: 0)
    }

    /// The `package.path` that ``prependModulePath(for:)`` leaves, called for each of
    /// `folders` in turn on `path`: made beforehand, for ``useModulePath(_:cpath:folders:)``.
    public static func modulePath(prepending folders: [String], to path: String) -> String {
        folders.reduce(path) { path, folder in modulePathPrefix(for: folder) + path }
    }

    /// Sets `package.path` and `package.cpath` to what was made beforehand (`path` with
    /// ``modulePath(prepending:to:)`` for `folders`), and notes `folders` as
    /// ``prependModulePath(for:)`` would: a test worker makes the paths of a file's state
    /// before it forks for the file.
    public func useModulePath(_ path: String, cpath: String, folders: [String]) throws(LuaError) {
        guard let package = lua.globals["package"].tableValue else {
            throw LuaError(kind: .runtime, message: "the package library is not open: no module path to set")
        }
        package.set("path", path)
        package.set("cpath", cpath)
        for folder in folders { moduleFolders.insert(Self.moduleFolder(folder), at: 0) }
    }

    /// The folder as it goes on the path: `.` for the current one, without a final `/`.
    private static func moduleFolder(_ folder: String) -> String {
        folder.isEmpty ? "." : (folder.hasSuffix("/") ? String(folder.dropLast()) : folder)
    }

    private static func modulePathPrefix(for folder: String) -> String {
        let base = moduleFolder(folder)
        return "\(base)/?.lua;\(base)/?/init.lua;"
    }

    /// Loads the host's own chunk (what ``prependModulePath(for:)`` and
    /// ``forgetModules(_:)`` call) now rather than at its first use: a state that is the
    /// template of forks (a test worker's) loads it once for all of them.
    public func loadHostChunk() throws(LuaError) {
        _ = try Self.hostChunk.module(in: lua)
    }

    /// Forgets the modules `names` (`package.loaded[name] = nil`), so that `require` loads
    /// them again.
    public func forgetModules(_ names: [String]) throws(LuaError) {
        try Self.hostChunk.function("forgetModules", in: lua).call(names)
    }

    /// Whether one of the folders ``prependModulePath(for:)`` put on the path has module
    /// `name` (`name.lua` or `name/init.lua`, dots as folders): the app's own module, which
    /// `require` finds before a plugin of that name.
    func hasOwnModule(_ name: String) -> Bool {
        let relative = name.split(separator: ".", omittingEmptySubsequences: false).joined(separator: "/")
        return moduleFolders.contains { folder in
            FileManager.default.fileExists(atPath: "\(folder)/\(relative).lua")
                || FileManager.default.fileExists(atPath: "\(folder)/\(relative)/init.lua")
        }
    }
}
