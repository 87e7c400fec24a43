import EventLoop
import Foundation
import LuaBridge
import ScreenHost
import ScreenKit
import ScreenScript

extension Run {
    /// `screens run APP --watch`: the app runs on the real clock, and each time one of its
    /// Lua files changes it is loaded again in a fresh state with the navigation state kept
    /// (see ``HotReload``); each reload's status line goes to standard error. A reload that
    /// fails says why and the old app goes on. The run ends with `loop.quit()`, `--for`
    /// seconds (real ones), or a signal; then the screen is printed (or written with
    /// `--snapshot`), and the exit status is 1 when a script error was reported or the last
    /// reload failed.
    ///
    /// The terminal session draws a watched app once it takes the host from ``HotReload``;
    /// until then a watched app is not drawn, on a terminal either.
    @MainActor func runWatching() -> Int32 {
        do {
            let reloader = AppReloader(appPath: app, limits: limits.luaLimits)
            let loop = EventLoop(clock: .real)
            let host = try reloader.makeHost(loop: loop)
            if let dataDir { host.dataDirectory = URL(fileURLWithPath: dataDir).standardizedFileURL.path }
            try host.loadApp(at: app)
            try host.launch(
                device: device.flatMap(Window.Device.init) ?? .iphone,
                orientation: orientation.flatMap(Window.Orientation.init) ?? .portrait)
            let hot = HotReload(host: host, reloader: reloader)
            var lastFailed = false
            hot.didReload = { reload in
                lastFailed = false
                printError("screens: \(reload.statusLine)")
            }
            hot.didFail = { failure in
                lastFailed = true
                printError("screens: \(failure.error)")
                printError("screens: \(failure.statusLine)")
            }
            let method = hot.watch()
            printError("screens: watching \(reloader.appFolder) (\(method.rawValue)) for changes to its Lua files")
            if let duration { loop.after(duration) { _ in loop.quit() } }
            loop.run()
            hot.stop()
            let current = hot.host
            if let snapshot {
                guard let screen = current.render(snapshot.hasSuffix(".svg") ? .svg : .text) else {
                    printError("screens: the app showed no window to write to \(snapshot)")
                    return 1
                }
                try Data(screen.utf8).write(to: URL(fileURLWithPath: snapshot))
            } else if let screen = current.render(.text) {
                print(screen, terminator: screen.hasSuffix("\n") ? "" : "\n")
            }
            let failed = listReportedErrors(of: current)
            return failed || lastFailed ? 1 : 0
        } catch let error as LuaError {
            printError("screens: \(error.hidingFrames(of: ScriptHost.ownChunks))")
            return 1
        } catch {
            printError("screens: \(error)")
            return 1
        }
    }
}
