import Foundation
import LuaBridge

extension ScriptHost {
    /// Makes the plugins found on `searchPath` requirable (the chosen version of each name;
    /// a skipped one raises its reason when required). Plugins already loaded stay.
    /// ``loadApp(at:)`` calls it with the app's search path.
    ///
    /// The folders are read when first needed: when a `require` finds no module of that
    /// name, when the app lists `plugins`, or by ``resolvePlugins()``. An app that uses no
    /// plugin costs no look at the disk.
    public func usePlugins(_ searchPath: PluginCatalog.SearchPath) throws(LuaError) {
        pendingPluginSearchPath = searchPath
        try pluginLoader?.markPending()
    }

    /// Reads the plugin folders ``usePlugins(_:)`` named, unless they were read; after it
    /// ``modules`` lists the plugins.
    func resolvePlugins() throws(LuaError) {
        guard let searchPath = pendingPluginSearchPath else { return }
        pendingPluginSearchPath = nil
        let resolution = PluginCatalog.scan(searchPath).resolve()
        modules = modules.adding(plugins: resolution, from: searchPath)
        try pluginLoader?.use(resolution)
    }

    /// Runs plugin `name`'s main unless it ran (as `require(name)` does).
    ///
    /// - Throws: ``LuaError`` naming the plugin: not on the plugin path, skipped and why, or
    ///   its main failed (with its file and line).
    func loadPlugin(_ name: String) throws(LuaError) {
        guard let pluginLoader else { throw LuaError(kind: .runtime, message: "no plugin loader") }
        try resolvePlugins()
        try pluginLoader.load(name)
    }

    /// "loaded", "failed", "running" (its main is on the stack), "skipped", "available", or
    /// nil when no plugin has that name.
    func pluginStatus(_ name: String) -> String? {
        try? resolvePlugins()
        return pluginLoader?.status(name)
    }

    /// Loads the plugins the app table lists in `plugins`. A name that is not found or was
    /// skipped is an error of the app; a plugin whose main fails is reported and the app
    /// goes on.
    func loadListedPlugins(from file: String) throws(LuaError) {
        guard !app.isNil, app.tableValue != nil else { return }
        let listed = try appField("plugins")
        if listed.isNil { return }
        try resolvePlugins()
        let names = try Self.appChunk.function("pluginNames", in: lua).call(listed, returning: LuaValue.self)
        guard let list = names.tableValue else {
            throw LuaError(
                kind: .runtime,
                message: "\(file): app.plugins must be a list of plugin names, like { \"forms\" }, got \(names.stringValue ?? "something else")")
        }
        var index = 1
        while case .string(let name) = list[index] {
            index += 1
            let text = name.description
            switch modules.entry(named: text) {
            case .none:
                let searched = modules.pluginSearchPath?.folders.map(\.path) ?? []
                let folders = searched.isEmpty ? "" : " (searched: \(searched.joined(separator: ", ")))"
                throw LuaError(kind: .runtime, message: "\(file): app.plugins: no plugin '\(text)' on the plugin path\(folders)")
            case .skipped(let reason):
                throw LuaError(kind: .runtime, message: "\(file): app.plugins: plugin '\(text)' was skipped: \(reason)")
            case .module:
                continue
            case .plugin:
                do {
                    try loadPlugin(text)
                } catch {
                    lua.report(error, in: "plugin '\(text)' listed in app.plugins")
                }
            }
        }
    }
}
