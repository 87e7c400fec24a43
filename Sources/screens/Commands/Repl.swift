import ArgumentParser
import EventLoop
import Foundation
import LuaBridge
import ScreenHost
import ScreenKit
import ScreenScript

/// `screens repl [APP]`: a Lua prompt inside a bare host (the `ui`, `loop`, `notify` and
/// `store` modules, no window) or inside an app launched on the real clock and not drawn.
/// It reads lines from standard input (on a terminal with a line editor: see docs/repl.md),
/// prints results on standard output and errors on standard error, and exits 1 when any
/// chunk failed.
struct Repl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "A Lua prompt inside a bare host or a running app.",
        discussion: """
            Each line is tried as an expression (`return LINE`), then as statements; a chunk \
            that is not complete goes on with the next line. Results are printed tab-separated, \
            tables pretty-printed, Swift objects as what they are (ui.Button "Save" \
            {20,130,120,32}); `_` holds the last value, globals persist. Errors go to standard \
            error with a traceback, and reading goes on. Lines starting with `:` are commands: \
            :screen, :tree, :views [depth], :tap TITLE | :tap X Y, :type TEXT, :rotate, \
            :advance S, :pick X Y, :settle [S], :reload, :help, :quit. With an app, the globals app and \
            window are its app table and key window. The exit status is 1 when any chunk or command failed. \
            The loop keeps running while input is awaited: timers fire. A chunk, like a \
            callback, runs at most 200 million instructions and 10 seconds of CPU time unless \
            --instructions or --cpu says otherwise (0 turns a limit off); a chunk typed on a \
            terminal, where Ctrl-C stops it, 100 billion instructions and no CPU time limit. \
            On a terminal, lines are edited (Emacs keys), Up and Down walk the history (kept in \
            $XDG_STATE_HOME/luascreens/history), Tab completes names, fields, methods and \
            :commands, Ctrl-C stops a running chunk or drops the line being typed, and Ctrl-D on \
            an empty line leaves. \
            See docs/repl.md.

            --attach [PATH|ID] connects to an app run with `screens run APP --listen` instead: \
            the lines run in that app, while it keeps running. ID is an app id (its default \
            socket), PATH a socket; without either, the only app listening. On a pipe the \
            contract is the same as above; on a terminal the line is edited here (history in \
            $XDG_STATE_HOME/luascreens/attach_history), Tab completes from the app, and Ctrl-C \
            stops a chunk running there.
            """)

    @Argument(help: "The app folder or Lua file to launch (none: a bare host).", completion: .file(extensions: ["lua"]))
    var app: String?

    @OptionGroup var launch: LaunchOptions

    @Option(
        help: ArgumentHelp(
            "Attach to an app run with --listen: PATH its socket, ID its app id, or neither for the only app listening.",
            valueName: "path|id"))
    var attach: String?

    @OptionGroup var limits: LimitOptions
    @OptionGroup var plugins: PluginPathOptions

    /// What a chunk typed on a terminal may run when --instructions does not say, where
    /// Ctrl-C stops it: large, kept only so that code in a coroutine can be interrupted too
    /// (the budget's hook is what sees Ctrl-C there). Timers and other callbacks keep the
    /// default limits (``ScriptHost/defaultLimits``): while they run, the prompt's Ctrl-C
    /// is not read.
    static let terminalInstructions = 100_000_000_000

    func validate() throws {
        if attach != nil && (app != nil || launch.isGiven) {
            throw ValidationError(
                "--attach runs the lines in an app that is already running: give no APP, --device, --orientation or --data-dir")
        }
    }

    /// `--attach`: the REPL of an app that listens, through its socket.
    @MainActor private func runAttached(_ target: String?) -> Int32 {
        do {
            let client = try ReplClient(path: ReplClient.socketPath(for: target))
            if isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0 {
                let history = LineHistory.defaultFile().map { ($0 as NSString).deletingLastPathComponent + "/attach_history" }
                return client.runTerminal(historyFile: history)
            }
            return client.runPipe()
        } catch {
            printError("screens: \(error)")
            return 1
        }
    }

    /// What `--attach` without a value stands for: the only app listening.
    static let onlySocket = "<only>"

    /// The arguments with `--attach` given its value when it has none (`--attach=<only>`):
    /// the next argument is its value unless it is an option.
    static func attachArguments(_ arguments: [String]) -> [String] {
        guard arguments.first == "repl", let index = arguments.firstIndex(of: "--attach") else { return arguments }
        var result = arguments
        if index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") {
            result[index] = "--attach=" + arguments[index + 1]
            result.remove(at: index + 1)
        } else {
            result[index] = "--attach=" + onlySocket
        }
        return result
    }

    func run() throws {
        if let attach {
            let status = MainActor.assumeIsolated { runAttached(attach == Self.onlySocket ? nil : attach) }
            if status != 0 { throw ExitCode(status) }
            return
        }
        let status = MainActor.assumeIsolated { () -> Int32 in
            do {
                let onTerminal = isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0
                let luaLimits = limits.luaLimits
                // An app's host is made as --watch makes them, so that `:reload` can reload it.
                let pluginPaths = plugins.folders
                let dataDirectory = launch.dataDir.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
                let configure: (ScriptHost) -> Void = { host in
                    host.pluginPaths = pluginPaths
                    if let dataDirectory { host.dataDirectory = dataDirectory }
                }
                let reloader = app.map { AppReloader(appPath: $0, limits: luaLimits, configure: configure) }
                let loop = EventLoop(clock: .real)
                let host = try reloader?.makeHost(loop: loop) ?? ScriptHost(loop: loop, limits: luaLimits)
                configure(host)
                if let app {
                    try host.loadApp(at: app)
                    try host.launch(device: launch.device ?? .iphone, orientation: launch.orientation ?? .portrait)
                }
                let session = try ReplSession(host: host)
                session.hotReload = reloader.map { HotReload(host: host, reloader: $0) }
                // On a terminal: line editing, history, completion, Ctrl-C (docs/repl.md).
                if onTerminal {
                    // The limits no option asked for are lifted for the lines typed.
                    var chunkLimits = luaLimits
                    if limits.instructions == nil { chunkLimits.instructions = Self.terminalInstructions }
                    if limits.cpu == nil { chunkLimits.cpuSeconds = nil }
                    return session.runOnTerminal(chunkLimits: chunkLimits) ? 1 : 0
                }
                return session.run() ? 1 : 0
            } catch {
                return printStartFailure(error)
            }
        }
        if status != 0 { throw ExitCode(status) }
    }
}
