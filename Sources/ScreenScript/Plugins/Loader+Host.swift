import Foundation
import LuaBridge

extension ScriptHost {
    /// Makes the plugins found on `searchPath` requirable (the chosen version of each name;
    /// a skipped one raises its reason when required). Plugins already loaded stay.
    /// ``loadApp(at:)`` calls it with the app's search path.
    public func usePlugins(_ searchPath: PluginCatalog.SearchPath) throws(LuaError) {
        let resolution = PluginCatalog.scan(searchPath).resolve()
        modules = modules.adding(plugins: resolution, from: searchPath)
        try pluginLoader?.use(resolution)
    }

    /// Runs plugin `name`'s main unless it ran (as `require(name)` does).
    ///
    /// - Throws: ``LuaError`` naming the plugin: not on the plugin path, skipped and why, or
    ///   its main failed (with its file and line).
    public func loadPlugin(_ name: String) throws(LuaError) {
        guard let pluginLoader else { throw LuaError(kind: .runtime, message: "no plugin loader") }
        try pluginLoader.load(name)
    }

    /// "loaded", "failed", "running" (its main is on the stack), "skipped", "available", or
    /// nil when no plugin has that name.
    public func pluginStatus(_ name: String) -> String? {
        pluginLoader?.status(name)
    }

    /// Loads the plugins the app table lists in `plugins`. A name that is not found or was
    /// skipped is an error of the app; a plugin whose main fails is reported and the app
    /// goes on.
    func loadListedPlugins(from file: String) throws(LuaError) {
        guard !app.isNil, app.tableValue != nil else { return }
        let listed = try appField("plugins")
        if listed.isNil { return }
        let names = try lua.load(Self.pluginNamesSource, name: "=app").call(listed, returning: LuaValue.self)
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

    private static let pluginNamesSource = """
        local list = ...
        if type(list) ~= "table" then return type(list) end
        local names = {}
        for i, name in ipairs(list) do
          if type(name) ~= "string" then return "a " .. type(name) .. " at [" .. i .. "]" end
          names[i] = name
        end
        return names
        """
}
