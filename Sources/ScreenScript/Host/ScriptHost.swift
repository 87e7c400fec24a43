import EventLoop
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
    public let modules: ModuleRegistry
    /// The loop scripts schedule on (`loop`, `notify`): real time for `screens run`, virtual
    /// time in tests.
    public let loop: EventLoop
    /// What scripts scheduled on the loop while a test runs (see ``ScriptSchedule``).
    public let schedule = ScriptSchedule()
    /// The app the main chunk returned (or set as the global `app`), once loaded.
    public private(set) var app: LuaValue = .nil
    /// The window shown, made key by `window:makeKeyAndVisible()`.
    public internal(set) var keyWindow: Window?
    /// The app's name, for its data directory: its folder's name, or its file's without
    /// `.lua`; "screens" before an app is loaded.
    public internal(set) var appName = "screens"
    /// Calls a delegate's method when it has one (see ``LuaDelegate``).
    let methodInvoker: LuaFunction
    /// `hasMethod(object, name)`: whether `object[name]` is a function.
    let methodFinder: LuaFunction
    /// Finds segues registered for Lua classes (see `SegueBindings`).
    var segueFinder: LuaFunction?

    /// Receives errors from callbacks (timers, overrides, observers) with the name of what
    /// raised them. The default writes them to standard error; the host goes on either way.
    public var errorReporter: (LuaError, String) -> Void {
        get { lua.errorHandler }
        set { lua.errorHandler = newValue }
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
        methodInvoker = try lua.load(Self.methodInvokerSource, name: "=ui").call(returning: LuaFunction.self)
        methodFinder = try lua.load(Self.methodFinderSource, name: "=ui").call(returning: LuaFunction.self)
        try install(modules)
        loop.localNotificationHandler = { [unowned self] note in deliver(note) }
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
    /// folder is put first on `package.path`, so that its other files can be `require`d.
    ///
    /// - Returns: what the main chunk returned, or the global `app` when it returned nothing.
    /// - Throws: ``LuaError`` of kind `.file`, `.syntax` or a run-time kind.
    @discardableResult
    public func loadApp(at path: String) throws(LuaError) -> LuaValue {
        let main = AppLocation(path)
        appName = main.name
        try prependModulePath(for: main.folder)
        let results = try lua.run(file: main.file)
        app = results.first.flatMap { $0.isNil ? nil : $0 } ?? lua.globals["app"]
        return app
    }

    /// Starts the app: calls its `didFinishLaunching(window)` with a new window of the
    /// device, and returns the window the app made key (that window when it made none).
    ///
    /// - Throws: ``LuaError`` when `didFinishLaunching` raises.
    @discardableResult
    public func launch(
        device: Window.Device = .iphone, orientation: Window.Orientation = .portrait
    ) throws(LuaError) -> Window? {
        guard let didFinishLaunching = app.tableValue?["didFinishLaunching"].functionValue else { return keyWindow }
        let window = Window(device: device, orientation: orientation, loop: loop)
        try didFinishLaunching.call(window)
        if keyWindow == nil { keyWindow = window }
        // As UIKit's storyboard apps do, the window shows once launching is done.
        keyWindow?.makeKeyAndVisible()
        return keyWindow
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

    /// The folder's last component for `main.lua`, else the file's name without `.lua`.
    var name: String {
        let source = file.hasSuffix("/main.lua") ? folder : String(file.dropLast(4))
        let last = source.split(separator: "/").last.map(String.init) ?? ""
        return last.isEmpty || last == "." ? "screens" : last
    }

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
