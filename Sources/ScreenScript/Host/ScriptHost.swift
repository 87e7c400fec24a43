import LuaBridge

/// A Lua state set up for screen scripts: the standard libraries, the registered modules
/// (as `require`-able modules and globals), the app's folder on the module path, and error
/// reports with their tracebacks on standard error.
///
/// ```swift
/// let host = try ScriptHost()
/// let app = try host.loadApp(at: "scripts/hello")
/// ```
public final class ScriptHost {
    public let lua: LuaState
    public let modules: ModuleRegistry

    /// Receives errors from callbacks (timers, overrides, observers) with the name of what
    /// raised them. The default writes them to standard error; the host goes on either way.
    public var errorReporter: (LuaError, String) -> Void {
        get { lua.errorHandler }
        set { lua.errorHandler = newValue }
    }

    /// Creates a host.
    ///
    /// - Parameters:
    ///   - modules: the modules to install, the built-in ones by default.
    ///   - limits: the memory cap and instruction budget for the scripts.
    /// - Throws: ``LuaError`` when the state cannot be created or a module fails to open.
    public init(modules: ModuleRegistry = .builtins, limits: LuaLimits = .none) throws(LuaError) {
        lua = try LuaState(libraries: .all, limits: limits)
        self.modules = modules
        try install(modules)
    }

    /// Loads and runs an app: a folder with `main.lua`, or a single Lua file. The app's
    /// folder is put first on `package.path`, so that its other files can be `require`d.
    ///
    /// - Returns: what the main chunk returned, or the global `app` when it returned nothing.
    /// - Throws: ``LuaError`` of kind `.file`, `.syntax` or a run-time kind.
    @discardableResult
    public func loadApp(at path: String) throws(LuaError) -> LuaValue {
        let main = AppLocation(path)
        try prependModulePath(for: main.folder)
        let results = try lua.run(file: main.file)
        if let first = results.first, !first.isNil { return first }
        return lua.globals["app"]
    }

    // MARK: - Modules

    private func install(_ registry: ModuleRegistry) throws(LuaError) {
        let preload = try lua.run("return package.preload", name: "=host").first?.tableValue
        for module in registry.modules {
            preload?.set(module.name, lua.function { [unowned self] _ in try module.open(self) })
        }
        guard let require = lua.globals["require"].functionValue else {
            throw LuaError(kind: .runtime, message: "the package library is not open: modules cannot be installed")
        }
        for module in registry.modules where module.isGlobal {
            let value = try require.call(module.name, returning: LuaValue.self)
            lua.globals.set(module.name, value)
        }
    }

    /// Puts `folder` first on `package.path`, so that `require` finds the modules in it.
    public func prependModulePath(for folder: String) throws(LuaError) {
        let base = folder.isEmpty ? "." : (folder.hasSuffix("/") ? String(folder.dropLast()) : folder)
        let prefix = "\(base)/?.lua;\(base)/?/init.lua;"
        try lua.load("package.path = ... .. package.path", name: "=host").call(prefix)
    }
}

/// Where an app's main file and folder are.
struct AppLocation {
    let file: String
    let folder: String

    init(_ path: String) {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        if trimmed.hasSuffix(".lua") {
            file = trimmed
            let parent = trimmed.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            folder = parent.isEmpty && trimmed.hasPrefix("/") ? "/" : parent
        } else {
            file = trimmed + "/main.lua"
            folder = trimmed
        }
    }
}
