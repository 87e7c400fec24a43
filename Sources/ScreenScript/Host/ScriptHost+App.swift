import LuaBridge
import ScreenKit

/// Loading an app, launching it in a window, and checking what its main chunk gave.
extension ScriptHost {
    /// Loads and runs an app: a folder with `main.lua`, or a single Lua file. The app's
    /// folder is put first on `package.path`, so that its other files can be `require`d,
    /// and the plugins of its search path (its `plugins/`, ``pluginPaths``,
    /// `$SCREENS_PLUGIN_PATH`, the bundled ones) become requirable; those the app table
    /// lists in `plugins` are loaded once the main chunk has run.
    ///
    /// The main chunk returns the app table (or sets the global `app`), or nothing for a
    /// script without a window. The app's id, and with it its data directory, is `app.id`
    /// when the table sets one, else the folder's name.
    ///
    /// - Returns: what the main chunk returned, or the global `app` when it returned nothing.
    /// - Throws: ``LuaError`` of kind `.file` (no such folder or file), `.syntax` or a
    ///   run-time kind, also when the chunk returns something that is not an app table, the
    ///   app's `didFinishLaunching` is not a function, its `id` cannot name a folder, or its
    ///   `plugins` names a plugin that is not found or was skipped (a listed plugin whose
    ///   main fails is reported, and the app goes on).
    @discardableResult
    public func loadApp(at path: String) throws(LuaError) -> LuaValue {
        let main = try AppLocation(path)
        appID = main.name
        appFolder = PluginFiles.realPath(main.folder.isEmpty ? "." : main.folder)
        try prependModulePath(for: main.folder)
        try usePlugins(.standard(appFolder: main.folder, pluginPaths: pluginPaths, environment: environment))
        let results = try lua.run(file: main.file)
        let returned = results.first ?? .nil
        app = returned.isNil ? lua.globals["app"] : returned
        try checkApp(from: main.file, returned: !returned.isNil)
        try loadListedPlugins(from: main.file)
        return app
    }

    /// Starts the app: calls its `didFinishLaunching(window)` with a new window of the
    /// device, and returns the window the app made key (that window when it made none).
    /// A script that returned no app has nothing to launch.
    ///
    /// - Throws: ``LuaError`` when `didFinishLaunching` raises, or the app table has none.
    @discardableResult
    public func launch(
        device: Window.Device = .iphone, orientation: Window.Orientation = .portrait
    ) throws(LuaError) -> Window? {
        guard !app.isNil else { return keyWindow }
        guard let didFinishLaunching = try appField("didFinishLaunching").functionValue else {
            let keys = app.tableValue?.pairs.compactMap { $0.key.stringValue } ?? []
            let hint = LuaSuggestion.closest(to: "didFinishLaunching", among: keys).map { " (it has '\($0)')" } ?? ""
            throw LuaError(
                kind: .runtime,
                message: "the app has no didFinishLaunching(window) function\(hint): \(Self.whatAnAppIs)")
        }
        let window = Window(device: device, orientation: orientation, loop: loop)
        try didFinishLaunching.call(window)
        if keyWindow == nil { keyWindow = window }
        // As UIKit's storyboard apps do, the window shows once launching is done.
        keyWindow?.makeKeyAndVisible()
        return keyWindow
    }

    /// Forgets the app loaded and its key window, so that another app can be loaded and
    /// launched in this host (a test launches one app per test). What the old app scheduled
    /// is not touched.
    public func unloadApp() {
        app = .nil
        keyWindow = nil
        appID = "screens"
        appFolder = nil
    }

    // MARK: - The app table

    static let whatAnAppIs =
        "an app's main chunk returns its app table, with didFinishLaunching(window), or nothing"

    /// Checks what the main chunk gave as the app, and takes its id.
    private func checkApp(from file: String, returned: Bool) throws(LuaError) {
        if app.isNil { return }
        let source = returned ? "the main chunk returned" : "the global 'app' is"
        guard app.tableValue != nil else {
            throw LuaError(kind: .runtime, message: "\(file): \(source) \(Self.describe(app)): \(Self.whatAnAppIs)")
        }
        let didFinishLaunching = try appField("didFinishLaunching")
        if !didFinishLaunching.isNil && didFinishLaunching.functionValue == nil {
            throw LuaError(
                kind: .runtime,
                message: "\(file): the app's didFinishLaunching is \(Self.describe(didFinishLaunching)), not a function: \(Self.whatAnAppIs)")
        }
        let id = try appField("id")
        guard !id.isNil else { return }
        guard let name = id.stringValue, Self.isFolderName(name) else {
            throw LuaError(
                kind: .runtime,
                message: "\(file): app.id must be a name for the app's data directory (a non-empty string without '/'), got \(Self.describe(id))")
        }
        if let user = dataDirectoryUser, user != name, chosenDataDirectory == nil {
            throw LuaError(
                kind: .runtime,
                message: "\(file): app.id '\(name)' comes after the main chunk opened the data directory of '\(user)'; "
                    + "open the store in didFinishLaunching, or give store.open a path")
        }
        appID = name
    }

    /// `app[name]`, through the app's metatable, in a protected call.
    func appField(_ name: String) throws(LuaError) -> LuaValue {
        try Self.appChunk.function("field", in: lua).call(app, name, returning: LuaValue.self)
    }

    /// "the string "x"", "the number 3", "a function": what a message says a wrong value was.
    private static func describe(_ value: LuaValue) -> String {
        switch value {
        case .string(let string):
            "the string \"\(string.description.count > 40 ? string.description.prefix(40) + "…" : string.description)\""
        case .integer, .number, .boolean: "the \(value.type) \(value)"
        default: "a \(value.type)"
        }
    }

    private static func isFolderName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\0")
    }
}
