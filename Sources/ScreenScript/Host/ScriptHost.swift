import EventLoop
import Foundation
import LuaBridge
import ScreenKit

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
    /// The Swift modules and, once an app is loaded (or ``usePlugins(_:)`` was called), the
    /// plugins of its search path.
    public internal(set) var modules: ModuleRegistry
    /// The `--plugin-path` folders, searched after the app's `plugins/` (see ``loadApp(at:)``).
    public var pluginPaths: [String] = []
    /// Runs the registry's modules and plugins (see ``PluginLoader``).
    private(set) var pluginLoader: PluginLoader?
    /// The search path ``usePlugins(_:)`` was given, until its plugins are looked for: when a
    /// `require` finds no module, or a list of plugins is asked for.
    var pendingPluginSearchPath: PluginCatalog.SearchPath?
    /// The loop scripts schedule on (`loop`, `notify`): real time for `screens run`, virtual
    /// time in tests.
    public let loop: EventLoop
    /// What scripts scheduled on the loop while a test runs (see ``ScriptSchedule``).
    public let schedule = ScriptSchedule()
    /// The app the main chunk returned (or set as the global `app`), once loaded.
    public private(set) var app: LuaValue = .nil
    /// The window shown, made key by `window:makeKeyAndVisible()`.
    public internal(set) var keyWindow: Window?
    /// The app's identity, which names its data directory: `app.id` when the app table sets
    /// one, else its folder's name (a single file's name without `.lua`) from its real path;
    /// "screens" before an app is loaded.
    public internal(set) var appID = "screens"
    /// The data directory chosen for this host (`--data-dir`, a test's temporary folder), or
    /// nil for the app's default.
    var chosenDataDirectory: String?
    /// The app id the data directory was first used for, to catch an `app.id` that comes too late.
    private var dataDirectoryUser: String?
    /// Errors scripts raised in callbacks, as they were reported (the first
    /// ``reportedErrorsKept``), and how many there were.
    public private(set) var reportedErrors: [ReportedError] = []
    public private(set) var reportedErrorCount = 0
    /// How many reported errors ``reportedErrors`` keeps; later ones are only counted.
    public static let reportedErrorsKept = 100
    /// Calls a delegate's method when it has one (see ``LuaDelegate``).
    let methodInvoker: LuaFunction
    /// `hasMethod(object, name)`: whether `object[name]` is a function.
    let methodFinder: LuaFunction
    /// Finds segues registered for Lua classes (see `SegueBindings`).
    var segueFinder: LuaFunction?
    /// The classes scripts made, by name, once a reload asked for them (see `recordClasses`).
    var classRegistry: LuaTable?
    /// The seed ``seedRandom(_:)`` gave, from which each plugin's own random numbers are
    /// seeded too.
    public private(set) var randomSeed: Int64?
    /// The folders ``prependModulePath(for:)`` put first on `package.path`, first first.
    private var moduleFolders: [String] = []
    /// Whether a reload replaced this host (see ``retire()``).
    public internal(set) var isRetired = false

    /// Receives errors from callbacks (timers, overrides, observers) with the name of what
    /// raised them, after the host has added them to ``reportedErrors``. The default writes
    /// them to standard error; the host goes on either way.
    public var errorReporter: (LuaError, String) -> Void

    /// An error a script raised in a callback, which the host reported and went past.
    public nonisolated struct ReportedError: CustomStringConvertible, Sendable {
        /// What raised it: "timer callback scheduled at main.lua:12", "viewDidLoad of Diary".
        public var context: String
        public var error: LuaError

        /// One line: what raised it and the first line of its message.
        public var description: String {
            let firstLine = error.message.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return "\(context): \(firstLine)"
        }
    }

    /// Receives the host's warnings: mistakes a script runs on with, such as a misspelt
    /// callback that nothing will call (see `CallbackCheck`). The default writes them to
    /// standard error.
    public var warningHandler: (String) -> Void = CallbackCheck.printToStandardError
    /// Finds the callbacks scripts misspell.
    lazy var callbackCheck = CallbackCheck(host: self)

    /// Creates a host.
    ///
    /// - Parameters:
    ///   - loop: the event loop scripts schedule on; a real-time one by default.
    ///   - modules: the modules to install, the built-in ones by default.
    ///   - limits: the memory cap and instruction budget for the scripts.
    /// - Throws: ``LuaError`` when the state cannot be created or a module fails to open.
    public init(
        loop: EventLoop = EventLoop(clock: .real), modules: ModuleRegistry = .builtins, limits: LuaLimits = .none
    ) throws(LuaError) {
        lua = try LuaState(libraries: .all, limits: limits)
        self.loop = loop
        self.modules = modules
        errorReporter = lua.errorHandler
        methodInvoker = try Self.methodsChunk.function("invoke", in: lua)
        methodFinder = try Self.methodsChunk.function("hasMethod", in: lua)
        lua.errorHandler = { [weak self] error, context in self?.record(error, in: context) }
        lua.owner = self
        if loop.clock == .virtual {
            try installVirtualDates()
        }
        try install(modules)
        claimLoop()
    }

    /// Makes this host the one the loop hands local notifications to and asks where an
    /// animation begins: a host made later on the same loop (a reload's) takes them over,
    /// and gives them back when it fails.
    func claimLoop() {
        loop.localNotificationHandler = { [weak self] note in self?.deliver(note) }
        let ownChunks = Set(Self.ownChunks.map { "=" + $0 })
        loop.originProvider = { [weak lua] in lua?.runningLocation(skipping: ownChunks) }
    }

    /// Calls a script's callback and reports an error instead of throwing it: a callback
    /// that fails never stops the host.
    ///
    /// - Parameter context: what raised it, for the report ("timer callback scheduled at
    ///   main.lua:12").
    /// - Returns: whether the callback ran without an error.
    @discardableResult
    public func callback<each Argument: LuaPushable>(
        _ function: LuaFunction, _ arguments: repeat each Argument, context: @autoclosure () -> String
    ) -> Bool {
        do {
            try function.call(repeat each arguments)
            return true
        } catch {
            lua.report(error, in: context())
            return false
        }
    }

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
    }

    /// The key window as the text or SVG renderer draws it.
    public func render(_ kind: RenderKind) -> String? {
        guard let window = keyWindow else { return nil }
        window.layoutIfNeeded()
        switch kind {
        case .text: return Rendering.text(window)
        case .svg: return Rendering.svg(window)
        }
    }

    public enum RenderKind: String, Sendable {
        case text, svg
    }

    /// Runs the loop until a script calls `loop.quit()` or nothing is left to do.
    public func run() {
        loop.run()
    }

    /// The most virtual time ``runHeadless(for:)`` waits for an app to settle.
    public static let settleLimit: Double = 60

    /// Runs the app without a terminal, on the loop's virtual clock: for `seconds` when
    /// given, else until nothing is in flight (no transition, animation, deferred call or
    /// one-shot timer; repeating timers and local notifications do not count) or
    /// ``settleLimit`` seconds have passed; either way only until a script calls
    /// `loop.quit()`.
    ///
    /// - Returns: how the run ended; `.timeUp` without `seconds` means the app was still busy.
    /// - Precondition: The loop runs on the virtual clock.
    @discardableResult
    public func runHeadless(for seconds: Double? = nil) -> EventLoop.RunEnd {
        if let seconds { return loop.run(for: seconds) }
        return loop.runUntilSettled(limit: Self.settleLimit)
    }

    /// Hands a local notification to the app's `didReceiveLocalNotification(note)`: the app
    /// loaded, or else the global `app` a script has set. An error names the notification by
    /// its body and the time it was due, since several may be scheduled.
    private func deliver(_ note: LocalNotification) {
        let app = app.isNil ? lua.globals["app"] : app
        guard let handler = app.tableValue?["didReceiveLocalNotification"].functionValue else { return }
        callback(handler, note, context: Self.deliveryContext(note))
    }

    /// "didReceiveLocalNotification for the notification "Wake up" due at 60s".
    static func deliveryContext(_ note: LocalNotification) -> String {
        let time = (note.fireTime * 1000).rounded() / 1000
        let seconds = time == time.rounded() && abs(time) < 1e15 ? String(Int64(time)) : String(time)
        return "didReceiveLocalNotification for the notification \"\(note.body)\" due at \(seconds)s"
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

    // MARK: - Data

    /// Where the app keeps its data (`store.open(model)` opens `store.sqlite` there):
    /// `$XDG_DATA_HOME/luascreens/<app id>`, with `~/.local/share` when the variable is not
    /// set, unless a data directory was chosen for this host (`--data-dir`, a test's
    /// temporary folder). It is made when a store first needs it.
    public var dataDirectory: String {
        get { chosenDataDirectory ?? Self.defaultDataDirectory(forApp: appID, environment: environment) }
        set { chosenDataDirectory = newValue }
    }

    /// The environment the default data directory is read from (the process's).
    /// Read when first needed: copying it costs every start a tenth of a millisecond.
    lazy var environment = ProcessInfo.processInfo.environment

    /// The data directory for a store to use now; an `app.id` that the main chunk sets after
    /// this is an error, since the store would already be in another app's directory.
    func useDataDirectory() -> String {
        if dataDirectoryUser == nil { dataDirectoryUser = appID }
        return dataDirectory
    }

    /// `$XDG_DATA_HOME/luascreens/<id>`, with `~/.local/share` when the variable is not set.
    public static func defaultDataDirectory(
        forApp id: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".local/share")
        return ((base as NSString).appendingPathComponent("luascreens") as NSString).appendingPathComponent(id)
    }

    // MARK: - Errors

    /// The names of the host's own chunks of Lua (the prelude and the files of the `Lua`
    /// folders the modules load), whose frames ``record(_:in:)`` leaves out of the tracebacks
    /// it reports: see ``LuaError/hidingFrames(of:)``.
    public static let ownChunks: Set<String> = [
        "luabridge", "ui", "host", "app", "os", "notify", "ui.segue", "ui.callbacks", "plugins",
    ]

    private func record(_ error: LuaError, in context: String) {
        let error = error.hidingFrames(of: Self.ownChunks)
        reportedErrorCount += 1
        if reportedErrors.count < Self.reportedErrorsKept {
            reportedErrors.append(ReportedError(context: context, error: error))
        }
        errorReporter(error, context)
    }

    // MARK: - Virtual dates

    /// On a virtual clock, `os.time()` and `os.date()` without a time read the loop's wall
    /// clock, so that what a test or a headless run shows never depends on the day (dates.lua).
    private func installVirtualDates() throws(LuaError) {
        let loop = loop
        let wallClock = lua.function(lifetime: .state) { [unowned loop] _ -> Int64 in
            // The loop keeps its wall clock within ±10^12 s of 1970, so the conversion is exact.
            Int64(exactly: loop.wallTime.rounded(.down)) ?? 0
        }
        try Self.datesChunk.load(in: lua).call(wallClock)
    }

    // MARK: - The host's own Lua

    /// Calling delegates' and classes' methods from Swift when the object has them.
    private static let methodsChunk = LuaResourceChunk("methods.lua", name: "=ui", in: .screenScript)
    /// The virtual `os.time` and `os.date`.
    private static let datesChunk = LuaResourceChunk("dates.lua", name: "=os", in: .screenScript)
    /// Reading the app table.
    static let appChunk = LuaResourceChunk("app.lua", name: "=app", in: .screenScript)
    /// The host's small changes to the libraries: the random seed, the module path.
    private static let hostChunk = LuaResourceChunk("host.lua", name: "=host", in: .screenScript)

    // MARK: - Modules

    private func install(_ registry: ModuleRegistry) throws(LuaError) {
        pluginLoader = try PluginLoader(host: self, registry: registry)
        guard let require = lua.globals["require"].functionValue else {
            throw LuaError(kind: .runtime, message: "the package library is not open: modules cannot be installed")
        }
        for module in registry.modules where module.isGlobal {
            let value = try require.call(module.name, returning: LuaValue.self)
            lua.globals.set(module.name, value)
        }
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
        let base = folder.isEmpty ? "." : (folder.hasSuffix("/") ? String(folder.dropLast()) : folder)
        let prefix = "\(base)/?.lua;\(base)/?/init.lua;"
        try Self.hostChunk.function("prependPath", in: lua).call(prefix)
        moduleFolders.insert(base, at: 0)
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
