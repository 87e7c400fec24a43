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
    /// Every class the modules registered, each declared once (see ``ScriptRegistry``).
    public let registry: ScriptRegistry
    /// The `--plugin-path` folders, searched after the app's `plugins/` (see ``loadApp(at:)``).
    public var pluginPaths: [String] = []
    /// Runs the registry's modules and plugins (see ``PluginLoader``).
    var pluginLoader: PluginLoader?
    /// The search path ``usePlugins(_:)`` was given, until its plugins are looked for: when a
    /// `require` finds no module, or a list of plugins is asked for.
    var pendingPluginSearchPath: PluginCatalog.SearchPath?
    /// The loop scripts schedule on (`loop`, `notify`): real time for `screens run`, virtual
    /// time in tests.
    public let loop: EventLoop
    /// What scripts scheduled on the loop while a test runs (see ``ScriptSchedule``).
    public let schedule = ScriptSchedule()
    /// The app the main chunk returned (or set as the global `app`), once loaded.
    public internal(set) var app: LuaValue = .nil
    /// The window shown, made key by `window:makeKeyAndVisible()`.
    public internal(set) var keyWindow: Window?
    /// The app's identity, which names its data directory: `app.id` when the app table sets
    /// one, else its folder's name (a single file's name without `.lua`) from its real path;
    /// "screens" before an app is loaded.
    public internal(set) var appID = "screens"
    /// The loaded app's folder (its real path), where `ui.image` looks first; nil before an
    /// app is loaded.
    public internal(set) var appFolder: String? {
        didSet { if runsTestCode { applyTestCodeRules() } }
    }
    /// The folder that stands for the app's while none is loaded (a test file's), for
    /// `ui.image`; nil for none.
    public var scriptFolder: String?
    /// The data directory chosen for this host (`--data-dir`, a test's temporary folder), or
    /// nil for the app's default.
    var chosenDataDirectory: String?
    /// The app id the data directory was first used for, to catch an `app.id` that comes too late.
    var dataDirectoryUser: String?
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
    public internal(set) var randomSeed: Int64?
    /// The folders ``prependModulePath(for:)`` put first on `package.path`, first first.
    var moduleFolders: [String] = []
    /// The environment the default data directory is read from (the process's).
    /// Read when first needed, so that a host that never needs it does not copy it.
    lazy var environment = ProcessEnvironment.current()
    /// Whether a reload replaced this host (see ``retire()``).
    public internal(set) var isRetired = false
    /// Whether the state runs a test file's own code (`screens test`), which gets what busted
    /// gives it: `os.time()` and `os.date()` read the machine's clock, and `load`, `loadfile`,
    /// `dofile` and `require` take bytecode (Lua does not verify it: a bad chunk crashes the
    /// test's worker). While an app is loaded (`test.launch`), the state is the app's host as
    /// a headless run makes it: the loop's virtual clock, text chunks only.
    public var runsTestCode = false {
        didSet { applyTestCodeRules() }
    }

    /// Whether `os.time()` and `os.date()` without a time read the loop's wall clock, on a
    /// virtual clock (see ``runsTestCode``).
    var datesAreVirtual: Bool { !runsTestCode || appFolder != nil }

    func applyTestCodeRules() {
        lua.allowsBinaryChunks = runsTestCode && appFolder == nil
    }

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
        registry = ScriptRegistry(lua: lua)
        self.loop = loop
        self.modules = modules
        errorReporter = lua.errorHandler
        methodInvoker = try Self.methodsChunk.function("invoke", in: lua)
        methodFinder = try Self.methodsChunk.function("hasMethod", in: lua)
        lua.errorHandler = { [weak self] error, context in self?.record(error, in: context) }
        try lua.hideFromCallers(chunks: Self.ownChunks.map { "=" + $0 })
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

    // MARK: - Errors

    /// The names of the host's own chunks of Lua (the prelude and the files of the `Lua`
    /// folders the modules load), whose frames ``record(_:in:)`` leaves out of the tracebacks
    /// it reports: see ``LuaError/hidingFrames(of:)``.
    public static let ownChunks: Set<String> = [
        "luabridge", "ui", "host", "app", "os", "notify", "ui.segue", "ui.callbacks", "plugins",
    ]

    func record(_ error: LuaError, in context: String) {
        let error = error.hidingFrames(of: Self.ownChunks)
        reportedErrorCount += 1
        if reportedErrors.count < Self.reportedErrorsKept {
            reportedErrors.append(ReportedError(context: context, error: error))
        }
        errorReporter(error, context)
    }

    // MARK: - The host's own Lua

    /// Calling delegates' and classes' methods from Swift when the object has them.
    static let methodsChunk = LuaResourceChunk("methods.lua", name: "=ui", in: .screenScript)
    /// The virtual `os.time` and `os.date`.
    static let datesChunk = LuaResourceChunk("dates.lua", name: "=os", in: .screenScript)
    /// Reading the app table.
    static let appChunk = LuaResourceChunk("app.lua", name: "=app", in: .screenScript)
    /// The host's small changes to the libraries: the random seed, the module path.
    static let hostChunk = LuaResourceChunk("host.lua", name: "=host", in: .screenScript)

}
