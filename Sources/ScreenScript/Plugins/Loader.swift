import Foundation
import LuaBridge

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a host's modules and plugins: one searcher, first in `package.searchers`, finds both
/// the Swift modules of the ``ModuleRegistry`` and the plugins the search path resolved, so
/// that `require("ui")` and `require("stacklayout")` go the same way. A plugin's `main` runs
/// on the first `require` of its name, once per state, in the plugin's own environment (see
/// docs/plugins.md, "Permissions and the sandbox"); the rules live in sandbox.lua, which
/// is loaded when a plugin is first needed (a host that runs none pays nothing for it).
final class PluginLoader {
    /// The registry's searcher, first in `package.searchers`, and the copy of the standard
    /// library the plugin loader starts from.
    private static let modulesChunk = LuaResourceChunk("modules.lua", name: "=plugins", in: .screenScript)
    /// The plugin loader proper: each plugin's environment, `require` and permissions.
    private static let sandboxChunk = LuaResourceChunk("sandbox.lua", name: "=plugins", in: .screenScript)

    private unowned let host: ScriptHost
    /// What modules.lua returned: the Swift modules and the copy of the standard library
    /// the plugin loader starts from.
    private let modules: LuaTable
    /// The plugin loader proper, once started.
    private var plugins: Plugins?
    /// Before the loader starts: the resolution it will begin with, and whether the host's
    /// folders were to be read again after it.
    private var resolution: PluginResolution?
    private var isPending = false

    /// The functions of a started plugin loader.
    private struct Plugins {
        let searcher: LuaFunction
        let setPlugins: LuaFunction
        let load: LuaFunction
        let status: LuaFunction
        let markPending: LuaFunction
    }

    /// Whether the plugin loader proper has been compiled: only once a plugin was needed.
    var hasStarted: Bool { plugins != nil }

    /// The standard functions and tables as they were before any script ran (modules.lua's
    /// copy), with `_G` the host's globals.
    var standardEnvironment: LuaTable? { modules["env"].tableValue }

    /// Installs the searcher with the registry's Swift modules.
    init(host: ScriptHost, registry: ModuleRegistry) throws(LuaError) {
        self.host = host
        let lua = host.lua
        // A loop, not Dictionary(_:uniquingKeysWith:), whose generic types the runtime would
        // build at each start, searching every protocol conformance in the program. The last
        // of two modules of one name wins.
        let modulesByName = {
            var byName: [String: ScriptModule] = [:]
            for module in registry.modules { byName[module.name] = module }
            return byName
        }()
        let openModule = lua.function(lifetime: .state) { [unowned host] args -> LuaValue in
            let name = try args.get(1, as: String.self)
            guard let module = modulesByName[name] else { return .nil }
            return try module.open(host)
        }
        // Filled in below: the searcher's answer for a name that is no Swift module.
        weak var loader: PluginLoader?
        let pluginSearcher = lua.function(lifetime: .state) { args -> LuaMultiple in
            let name = try args.get(1, as: String?.self) ?? ""
            guard let loader else { return LuaMultiple(Self.notFound(name)) }
            return try loader.search(name)
        }
        modules = try Self.modulesChunk.load(in: lua).call(openModule, pluginSearcher, returning: LuaTable.self)
        guard let setModules = modules["setModules"].functionValue else {
            throw LuaError(kind: .runtime, message: "the plugin loader did not start")
        }
        try setModules.call(registry.modules.map(\.name))
        loader = self
    }

    /// The searcher's answer for `name`, no Swift module: the plugin's loader, or why
    /// there is none. The plugin loader starts only for a name the plugin path has.
    private func search(_ name: String) throws(LuaError) -> LuaMultiple {
        // The app's own module comes first: Lua's searcher for files, after this one, finds it.
        if host.hasOwnModule(name) { return LuaMultiple(Self.notFound(name)) }
        if plugins == nil {
            // No plugin can have a name a manifest may not give (`term.core`, `My-Lib`): it
            // needs no look at the plugin folders, which a library's own modules would
            // otherwise cost every state that requires one.
            guard ManifestReader.moduleNameProblem(name) == nil else { return LuaMultiple(Self.notFound(name)) }
            try host.resolvePlugins()
            let known = (resolution?.items ?? []).contains { $0.entry.name == name }
            if !known && !isPending { return LuaMultiple(Self.notFound(name)) }
        }
        let results = try started().searcher.callReturningAll(name)
        return LuaMultiple(results.map { $0 as any LuaPushable })
    }

    private static func notFound(_ name: String) -> String {
        "\n\tno module '\(name)' in the registry or on the plugin path"
    }

    /// The plugin loader, compiled and given what the host said before it started.
    private func started() throws(LuaError) -> Plugins {
        if let plugins { return plugins }
        let lua = host.lua
        let openFile = lua.function(lifetime: .state) { [unowned host] args -> LuaMultiple in
            guard case .string(let path) = args[1] else { throw args.error(1, "string expected") }
            let mode = try args.get(2, as: String.self)
            let folder = try args.get(3, as: String.self)
            // Lua's own check of the mode ran first; a path that is no UTF-8 names no file here.
            guard let parsed = PluginFiles.Mode(mode), let text = path.text else {
                return LuaMultiple(LuaValue.nil, "not a file name")
            }
            // Only a plugin with `files` has io.open: it may use the data directory too.
            let files = PluginFiles(folder: folder, dataDirectory: Self.madeDataDirectory(of: host))
            switch files.open(text, mode: parsed) {
            case .success(let descriptor):
                guard let stream = fdopen(descriptor, parsed.stdio) else {
                    let reason = String(cString: strerror(errno))
                    close(descriptor)
                    return LuaMultiple(LuaValue.nil, "\(PluginFiles.shown(text)): \(reason)")
                }
                return LuaMultiple(LuaFileHandle(stream: stream))
            case .failure(let refusal):
                return LuaMultiple(LuaValue.nil, refusal.message, refusal.isMissing)
            }
        }
        let readSource = lua.function(lifetime: .state) { args -> LuaMultiple in
            guard case .string(let path) = args[1] else { throw args.error(1, "string expected") }
            let folder = try args.get(2, as: String.self)
            guard let text = path.text else { return LuaMultiple(LuaValue.nil, "not a file name", false) }
            switch PluginFiles(folder: folder, dataDirectory: nil).readSource(text) {
            case .success(let bytes): return LuaMultiple(LuaValue.string(LuaString(bytes: bytes)))
            case .failure(let refusal): return LuaMultiple(LuaValue.nil, refusal.message, refusal.isMissing)
            }
        }
        let newMath = lua.function(lifetime: .state) { [unowned host] args -> LuaTable in
            let library = try host.lua.newMathLibrary()
            // A host that draws the same numbers again (a replay, the monkey) gives each
            // plugin the same numbers again too: its own, from the host's seed and its name.
            if let seed = host.randomSeed, let randomseed = library["randomseed"].functionValue {
                let name = try args.get(1, as: String.self)
                try randomseed.call(seed, Self.stableHash(name))
            }
            return library
        }
        let openStore = StoreModule.pluginOpen(host)
        let dataDirectory = lua.function(lifetime: .state) { [unowned host] _ -> String in
            Self.madeDataDirectory(of: host) ?? host.dataDirectory
        }
        let resolve = lua.function(lifetime: .state) { [unowned host] _ -> Void in try host.resolvePlugins() }
        let openImage = lua.function(lifetime: .state) { [unowned host] args in try ImageBindings.loadForPlugin(args, host: host) }
        guard let environment = modules["env"].tableValue, let module = modules["module"].functionValue,
              let names = modules["modules"].tableValue
        else { throw LuaError(kind: .runtime, message: "the plugin loader did not start") }
        let loader = try Self.sandboxChunk.load(in: lua, environment: environment).call(
            module, names, openFile, readSource, newMath, openStore, dataDirectory, resolve, openImage,
            returning: LuaTable.self)
        guard let searcher = loader["searcher"].functionValue,
              let setPlugins = loader["setPlugins"].functionValue,
              let load = loader["load"].functionValue,
              let status = loader["status"].functionValue,
              let markPending = loader["markPending"].functionValue
        else { throw LuaError(kind: .runtime, message: "the plugin loader did not start") }
        let plugins = Plugins(searcher: searcher, setPlugins: setPlugins, load: load, status: status, markPending: markPending)
        self.plugins = plugins
        if let resolution { try setPlugins.call(table(of: resolution)) }
        if isPending { try markPending.call() }
        resolution = nil
        return plugins
    }

    /// Makes the plugins of `resolution` requirable; those already loaded stay as they are.
    func use(_ resolution: PluginResolution) throws(LuaError) {
        guard let plugins else {
            self.resolution = resolution
            isPending = false
            return
        }
        try plugins.setPlugins.call(table(of: resolution))
    }

    /// The plugins of `resolution` as the Lua half takes them.
    private func table(of resolution: PluginResolution) -> LuaTable {
        let lua = host.lua
        let infos = lua.newTable()
        var names: Set<String> = []
        for item in resolution.items { if let name = item.entry.name { names.insert(name) } }
        for name in names.sorted() {
            let info = lua.newTable()
            info.set("name", name)
            if let manifest = resolution.chosen[name] {
                info.set("version", manifest.version.description)
                info.set("folder", Self.trimmed(manifest.folder))
                // What `plugin.folder` shows: absolute, so that `plugin.folder .. "/x"` names
                // the file x of the folder, not a path taken again in the folder.
                info.set("path", URL(fileURLWithPath: manifest.folder).standardizedFileURL.path)
                info.set("file", Self.trimmed(manifest.folder) + "/plugin.lua")
                info.set("main", manifest.main)
                let requires = lua.newTable()
                for required in manifest.requiredNames { requires.set(required, true) }
                info.set("requires", requires)
                let permissions = lua.newTable()
                for permission in manifest.sortedPermissions { permissions.set(permission.rawValue, true) }
                info.set("permissions", permissions)
            } else {
                info.set("skipped", resolution.reasonNotLoaded(name) ?? "it cannot load")
            }
            infos.set(name, info)
        }
        return infos
    }

    /// Tells the searcher to ask the host for the plugins (``ScriptHost/resolvePlugins()``)
    /// before it says a name is not found.
    func markPending() throws(LuaError) {
        guard let plugins else {
            // Nothing is loaded yet: what was resolved is read again.
            resolution = nil
            isPending = true
            return
        }
        try plugins.markPending.call()
    }

    /// Runs plugin `name`'s main unless it ran; the error names the plugin, and for a
    /// failing main its file and line.
    func load(_ name: String) throws(LuaError) {
        let results = try started().load.callReturningAll(name)
        if case .boolean(true) = results.first { return }
        let message = results.count > 1 ? results[1].stringValue ?? "plugin '\(name)' failed" : "plugin '\(name)' failed"
        let traceback = results.count > 2 ? results[2].stringValue : nil
        throw LuaError(kind: .runtime, message: message, traceback: traceback)
    }

    /// Where plugin `name` is: "loaded", "failed", "running", "skipped", "available", or nil
    /// when no plugin has that name.
    func status(_ name: String) -> String? {
        if plugins == nil && !isPending && !(resolution?.items ?? []).contains(where: { $0.entry.name == name }) { return nil }
        return (try? started().status.call(name, returning: LuaValue.self))?.stringValue
    }

    /// The folder as messages show it: "plugins/forms", not "./plugins/forms/".
    private static func trimmed(_ folder: String) -> String {
        var folder = folder
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        while folder.hasPrefix("./") && folder.count > 2 { folder.removeFirst(2) }
        return folder
    }

    /// FNV-1a of the name's bytes, as a Lua integer: the same on every run, unlike Swift's
    /// hashes.
    private static func stableHash(_ name: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return Int64(bitPattern: hash)
    }

    /// The host's data directory, made when missing (a plugin with `files` opens its files
    /// there); nil when it cannot be made.
    private static func madeDataDirectory(of host: ScriptHost) -> String? {
        let directory = host.useDataDirectory()
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return nil
        }
        return directory
    }
}
