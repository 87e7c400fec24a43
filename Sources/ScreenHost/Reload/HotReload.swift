import EventLoop
import ScreenKit
import ScreenScript

/// `--watch`: reloads the app whenever one of its Lua files changes, and keeps the host
/// that runs it now. The session (or a headless run) draws ``host`` and listens to
/// ``didReload`` and ``didFail``; the old host is retired by the time ``didReload`` is called,
/// and after a failure the host is the one that ran before.
///
/// ```swift
/// let hot = HotReload(host: host, reloader: AppReloader(appPath: app))
/// hot.didReload = { reload in session.replace(reload.host); status.message = reload.statusLine }
/// hot.didFail = { failure in session.showError(failure.error); status.message = failure.statusLine }
/// hot.watch()
/// ```
public final class HotReload {
    /// The host running the app now.
    public private(set) var host: ScriptHost
    public let reloader: AppReloader
    /// What watches the app's folder, once ``watch(_:)`` started it.
    public private(set) var watcher: FileWatcher?
    /// Called after a reload worked, with the new host already in ``host``.
    public var didReload: (AppReloader.Reload) -> Void = { _ in }
    /// Called after a reload failed; ``host`` is still the old one, running.
    public var didFail: (AppReloader.Failure) -> Void = { _ in }
    /// The status line of the last reload, worked or failed.
    public private(set) var lastStatus: String?
    /// How many reloads worked.
    public private(set) var reloadCount = 0

    public init(host: ScriptHost, reloader: AppReloader) {
        self.host = host
        self.reloader = reloader
    }

    /// Starts watching the app's folder on the host's loop.
    ///
    /// - Parameter method: `.polling` to poll even where inotify works; nil for the best.
    /// - Returns: the method in use.
    @discardableResult
    public func watch(_ method: FileWatcher.Method? = nil) -> FileWatcher.Method {
        watcher?.stop()
        let watcher = FileWatcher(folder: reloader.appFolder, loop: host.loop) { [weak self] files in
            self?.reload(changedFiles: files)
        }
        self.watcher = watcher
        return watcher.start(method)
    }

    /// Stops watching.
    public func stop() {
        watcher?.stop()
        watcher = nil
    }

    /// Reloads the app now (the watcher calls it; a key or a REPL's `:reload` may too).
    ///
    /// - Parameters:
    ///   - changedFiles: the files that changed, for the status line.
    ///   - device: the device the new window has; nil for the one it has now.
    /// - Returns: whether the reload worked.
    @discardableResult
    public func reload(changedFiles: [String] = [], device: Window.Device? = nil) -> Bool {
        switch reloader.reload(host, changedFiles: changedFiles, device: device) {
        case .success(let reload):
            host = reload.host
            reloadCount += 1
            lastStatus = reload.statusLine
            didReload(reload)
            return true
        case .failure(let failure):
            lastStatus = failure.statusLine
            didFail(failure)
            return false
        }
    }
}
