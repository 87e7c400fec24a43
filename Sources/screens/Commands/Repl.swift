import ArgumentParser
import EventLoop
import Foundation
import LuaBridge
import ScreenHost
import ScreenKit
import ScreenScript

/// `screens repl [APP]`: a Lua prompt inside a bare host (the `ui`, `loop`, `notify` and
/// `store` modules, no window) or inside an app launched on the real clock and not drawn.
/// It reads lines from standard input (a pipe for now: see docs/repl.md), prints results on
/// standard output and errors on standard error, and exits 1 when any chunk failed.
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
            :advance S, :pick X Y, :help, :quit. The exit status is 1 when any chunk failed. \
            The loop keeps running while input is awaited: timers fire. A chunk runs at most \
            200 million instructions when --instructions does not set a budget. \
            See docs/repl.md.
            """)

    @Argument(help: "The app folder or Lua file to launch (none: a bare host).", completion: .file(extensions: ["lua"]))
    var app: String?

    @Option(help: "The device: iphone or ipad.")
    var device: String?

    @OptionGroup var limits: LimitOptions
    @OptionGroup var plugins: PluginPathOptions

    /// The instructions one chunk may run when --instructions does not say: a loop that
    /// never ends stops rather than hang the prompt.
    static let defaultInstructions = 200_000_000

    func validate() throws {
        if let device, Window.Device(rawValue: device) == nil {
            throw ValidationError("unknown device '\(device)': use iphone or ipad")
        }
    }

    func run() throws {
        let status = MainActor.assumeIsolated { () -> Int32 in
            do {
                var luaLimits = limits.luaLimits
                if luaLimits.instructions == nil { luaLimits.instructions = Self.defaultInstructions }
                let host = try ScriptHost(loop: EventLoop(clock: .real), limits: luaLimits)
                host.pluginPaths = plugins.folders
                if let app {
                    try host.loadApp(at: app)
                    try host.launch(device: device.flatMap(Window.Device.init) ?? .iphone)
                }
                let session = try ReplSession(host: host)
                return session.run() ? 1 : 0
            } catch {
                return printStartFailure(error)
            }
        }
        if status != 0 { throw ExitCode(status) }
    }
}
