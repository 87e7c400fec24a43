import EventLoop
import Foundation
import LuaBridge
import ScreenHost
import ScreenKit
import ScreenScript

extension AppRun {
    /// `screens run APP --watch`: the app runs on the real clock, and each time one of its
    /// Lua files changes it is loaded again in a fresh state with the navigation state kept
    /// (see ``HotReload``); each reload's status line goes to standard error. A reload that
    /// fails says why and the old app goes on. The run ends with `loop.quit()`, `--for`
    /// seconds (real ones), or a signal; then the screen is printed (or written with
    /// `--snapshot`), and the exit status is 1 when a script error was reported or the last
    /// reload failed.
    ///
    /// On a terminal (and without `--headless`) the app is drawn by a ``TerminalSession``
    /// that reloads it, with what each reload kept in its status line and a failed reload's
    /// error in its panel.
    @MainActor func runWatching() -> Int32 {
        do {
            let (host, reloader) = try launchReloadable()
            let loop = host.loop
            if !headless, TerminalSession.isPossible, host.keyWindow != nil {
                return runWatchingInTerminal(host, reloader: reloader)
            }
            let hot = HotReload(host: host, reloader: reloader)
            let lastFailed = watchUndrawn(hot)
            if let duration { loop.after(duration) { _ in loop.quit() } }
            loop.run()
            hot.stop()
            return try endUndrawn(hot.host, lastReloadFailed: lastFailed())
        } catch {
            return printStartFailure(error)
        }
    }

    /// The app launched on the real clock in a host made as reloads make them.
    @MainActor func launchReloadable() throws -> (ScriptHost, AppReloader) {
        let pluginPaths = self.pluginPaths
        let reloader = AppReloader(appPath: app, limits: luaLimits, configure: { $0.pluginPaths = pluginPaths })
        let host = try reloader.launchFirst(
            on: EventLoop(clock: .real), device: device ?? .iphone, orientation: orientation ?? .portrait, dataDirectory: dataDir)
        return (host, reloader)
    }

    /// Watches the app's files for `hot`, each reload's status on standard error.
    ///
    /// - Returns: whether the last reload failed, asked when the run ends.
    @MainActor func watchUndrawn(_ hot: HotReload) -> () -> Bool {
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
        printError("screens: watching \(hot.reloader.appFolder) (\(method.rawValue)) for changes to its Lua files")
        return { lastFailed }
    }

    /// The end of an undrawn real-time run: the screen printed (or written by --snapshot),
    /// the script errors listed.
    ///
    /// - Returns: the exit status: 1 when a script error was reported or the last reload failed.
    @MainActor func endUndrawn(_ current: ScriptHost, lastReloadFailed: Bool) throws -> Int32 {
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
        return failed || lastReloadFailed ? 1 : 0
    }

    /// A watched app drawn on the terminal until `q`, Ctrl-C, `loop.quit()` or a signal.
    @MainActor private func runWatchingInTerminal(_ host: ScriptHost, reloader: AppReloader) -> Int32 {
        let session = TerminalSession(
            host: host,
            options: .init(
                device: device ?? .iphone,
                orientation: orientation ?? .portrait,
                recordPath: record, replay: nil, duration: duration, noColor: noColor))
        session.watch(reloader)
        let end = session.run()
        if let path = record { printError("screens: wrote the recording \(path)") }
        return finish(session, end: end)
    }
}
