/// Every module a host installs, in one list, as `linit.c` keeps Lua's libraries: the
/// modules Swift makes (`ui`, `loop`, `notify`, `store`, the test runner's `test`) and the
/// plugins found on the plugin path, each with its resolved manifest. `require` reaches
/// both the same way (see `PluginLoader`): `require("ui")`, `require("stacklayout")`.
///
/// Test hosts and other embedders add Swift modules with ``adding(_:)``; the host adds the
/// plugins of the app's search path with ``adding(plugins:)`` when it loads the app.
public struct ModuleRegistry {
    public private(set) var modules: [ScriptModule]
    /// The plugins resolved from the search path: which will load, which were skipped and why.
    public private(set) var plugins: PluginResolution?
    /// The folders the plugins were looked for in, first first.
    public private(set) var pluginSearchPath: PluginCatalog.SearchPath?

    /// One name of the registry.
    public enum Entry {
        /// A module Swift makes.
        case module(ScriptModule)
        /// A plugin folder chosen for its name, with its manifest.
        case plugin(PluginManifest)
        /// A plugin of that name was found but cannot load, for this reason.
        case skipped(String)
    }

    public init(_ modules: [ScriptModule] = []) {
        self.modules = modules
    }

    /// The modules every script sees.
    public static var builtins: ModuleRegistry { ModuleRegistry([LoopModule.module, NotifyModule.module, UIModule.module, StoreModule.module]) }

    /// What `require(name)` finds: a Swift module first, then a plugin.
    public func entry(named name: String) -> Entry? {
        if let module = modules.last(where: { $0.name == name }) { return .module(module) }
        guard let plugins else { return nil }
        if let manifest = plugins.chosen[name] { return .plugin(manifest) }
        if plugins.items.contains(where: { $0.entry.name == name }) {
            return .skipped(plugins.reasonNotLoaded(name) ?? "it cannot load")
        }
        return nil
    }

    /// This registry with `module` added; a module of the same name is replaced.
    public func adding(_ module: ScriptModule) -> ModuleRegistry {
        adding(contentsOf: [module])
    }

    /// This registry with `modules` added; modules of the same names are replaced.
    public func adding(contentsOf added: [ScriptModule]) -> ModuleRegistry {
        var copy = self
        let names = Set(added.map(\.name))
        copy.modules.removeAll { names.contains($0.name) }
        copy.modules.append(contentsOf: added)
        return copy
    }

    /// This registry with the plugins of `resolution`, found on `searchPath`, in place of
    /// those it had.
    public func adding(plugins resolution: PluginResolution, from searchPath: PluginCatalog.SearchPath) -> ModuleRegistry {
        var copy = self
        copy.plugins = resolution
        copy.pluginSearchPath = searchPath
        return copy
    }
}
