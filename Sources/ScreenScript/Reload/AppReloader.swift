import EventLoop
import Foundation
import LuaBridge
import ScreenKit

/// Loads an app again in a fresh Lua state, on the same loop, and moves the person's place
/// over: the new app launches (`didFinishLaunching` builds its window), the old window's
/// ``NavigationState`` is restored into the new one where the new code still has the
/// classes, and only then does the new host replace the old.
///
/// The old host is retired (see ``ScriptHost/retire()``): its timers, local notifications
/// and observers are cancelled and its state is stopped, so nothing of it runs after the
/// swap. A reload that fails (a syntax error, an error in the main chunk or in
/// `didFinishLaunching`) leaves the old host as it was, running, and says why.
///
/// ```swift
/// let reloader = AppReloader(appPath: "scripts/gallery")
/// switch reloader.reload(host, changedFiles: ["detail.lua"]) {
/// case .success(let reload): host = reload.host        // status: reload.statusLine
/// case .failure(let failure): showErrorPanel(failure.error)
/// }
/// ```
public final class AppReloader {
    /// The app's folder or main file, as `ScriptHost/loadApp(at:)` takes it.
    public let appPath: String
    public let limits: LuaLimits
    public let modules: ModuleRegistry
    /// Called with each new host before the app loads in it: where the caller sets what its
    /// hosts share (an error reporter, a warning handler).
    public var configure: (ScriptHost) -> Void

    /// - Parameters:
    ///   - appPath: the app, as it was first loaded.
    ///   - limits: the memory cap and instruction budget of each new state.
    ///   - configure: called with each new host before the app loads in it. The new host
    ///     already has the old one's error reporter, warning handler and data directory.
    public init(
        appPath: String, limits: LuaLimits = .none, modules: ModuleRegistry = .builtins,
        configure: @escaping (ScriptHost) -> Void = { _ in }
    ) {
        self.appPath = appPath
        self.limits = limits
        self.modules = modules
        self.configure = configure
    }

    /// The folder whose Lua files make the app: the app's folder, or a single file's.
    public var appFolder: String {
        guard let location = try? AppLocation(appPath) else { return appPath }
        return location.folder.isEmpty ? "." : location.folder
    }

    /// A reload that worked: the new host, running, with its window restored.
    public struct Reload {
        public let host: ScriptHost
        /// The new key window (nil for a script that shows none).
        public let window: Window?
        /// The classes on screen after restoring, root first, `ui` containers left out.
        public let kept: [String]
        /// What could not be restored ("dropped Editor (no such class)").
        public let notes: [String]
        /// One line for a status bar: "reloaded main.lua, detail.lua; kept Videos › Detail;
        /// dropped Editor (no such class)".
        public let statusLine: String
    }

    /// A reload that failed; the old host runs on untouched.
    public struct Failure: Error, CustomStringConvertible {
        public let error: LuaError
        /// "reload failed: main.lua:3: ... — the old app keeps running".
        public let statusLine: String
        public var description: String { statusLine }
    }

    /// Loads the app again next to `old`, launches and restores it, and retires `old`.
    ///
    /// - Parameters:
    ///   - old: the host running the app now.
    ///   - changedFiles: the files whose change asked for the reload, for the status line.
    ///   - device: the device the new window has; nil for the old window's (a browser's
    ///     preview switches devices this way, keeping the screen).
    /// - Returns: the new host, or why the reload failed (then `old` is as it was).
    public func reload(_ old: ScriptHost, changedFiles: [String] = [], device: Window.Device? = nil) -> Result<Reload, Failure> {
        let oldWindow = old.keyWindow
        let state = oldWindow.map { NavigationState.capture(from: $0, host: old) } ?? NavigationState(root: nil)
        let new: ScriptHost
        do {
            new = try ScriptHost(loop: old.loop, modules: modules, limits: limits)
        } catch {
            old.claimLoop()
            return .failure(Self.failure(error))
        }
        new.errorReporter = old.errorReporter
        new.warningHandler = old.warningHandler
        new.chosenDataDirectory = old.chosenDataDirectory
        new.pluginPaths = old.pluginPaths
        new.environment = old.environment
        configure(new)
        do {
            try new.recordClasses()
            try new.loadApp(at: appPath)
            try new.launch(device: device ?? oldWindow?.device ?? .iphone, orientation: oldWindow?.orientation ?? .portrait)
        } catch {
            new.retire()
            old.claimLoop()
            return .failure(Self.failure(error))
        }
        let notes = new.keyWindow.map { state.restore(into: $0, host: new) } ?? []
        old.retire()
        let kept = new.keyWindow.map(NavigationState.visiblePath(of:)) ?? []
        return .success(Reload(
            host: new, window: new.keyWindow, kept: kept, notes: notes,
            statusLine: Self.statusLine(changedFiles: changedFiles, kept: kept, notes: notes)))
    }

    /// Makes the first host of a watched app: as a reload makes them, so that the first
    /// and later hosts behave alike. Load and launch it as any host.
    public func makeHost(loop: EventLoop) throws(LuaError) -> ScriptHost {
        let host = try ScriptHost(loop: loop, modules: modules, limits: limits)
        configure(host)
        try host.recordClasses()
        return host
    }

    /// Makes the first host on `loop` (``makeHost(loop:)``), loads the app in it and launches
    /// it: the start of `screens run --watch` and of `screens serve`.
    ///
    /// - Parameter dataDirectory: the app's data directory (`--data-dir`); nil for its default.
    public func launchFirst(
        on loop: EventLoop, device: Window.Device, orientation: Window.Orientation, dataDirectory: String?
    ) throws(LuaError) -> ScriptHost {
        let host = try makeHost(loop: loop)
        if let dataDirectory { host.dataDirectory = URL(fileURLWithPath: dataDirectory).standardizedFileURL.path }
        try host.loadApp(at: appPath)
        try host.launch(device: device, orientation: orientation)
        return host
    }

    static func statusLine(changedFiles: [String], kept: [String], notes: [String]) -> String {
        var parts = [changedFiles.isEmpty ? "reloaded" : "reloaded " + changedFiles.joined(separator: ", ")]
        if !kept.isEmpty { parts.append("kept " + kept.joined(separator: " › ")) }
        parts += notes
        return parts.joined(separator: "; ")
    }

    private static func failure(_ error: LuaError) -> Failure {
        let error = error.hidingFrames(of: ScriptHost.ownChunks)
        // `require` puts "error loading module 'x' from file 'x.lua':" before the place
        // and the reason, on a line of their own: the line that says what is wrong.
        let lines = error.message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        var summary = lines.first ?? ""
        if summary.hasSuffix(":"), lines.count > 1 { summary = lines[1] }
        return Failure(error: error, statusLine: "reload failed: \(summary) — the old app keeps running")
    }
}
