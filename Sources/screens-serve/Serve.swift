import ArgumentParser
import ScreensOptions
import ScreenWeb

/// `screens serve APP`: the app live in a browser (``PreviewRun``). A program of its own,
/// which `screens serve` hands its arguments to: its HTTP library links Foundation's
/// networking, and with it libcurl and the thirty libraries that libcurl loads, which every
/// start of `screens` (each test worker's among them) would otherwise load too (the
/// `runner: screens run of an empty file` figure of `screens-bench` holds that start to its
/// target).
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        // Its usage reads as the subcommand of `screens` it is.
        _superCommandName: "screens",
        abstract: Serve.abstract,
        discussion: """
            Prints an address with a random token (http://127.0.0.1:8765/?token=...): open it \
            (--open does) to see the window as the SVG renderer draws it, in a device frame, \
            redrawn as it changes. A click or a drag is a touch, the wheel scrolls, keys go to \
            the app as on a terminal (Tab, Enter, Esc, arrows, typing into the focused text \
            field, Ctrl-R rotates); the bar rotates, sends a memory warning and switches the \
            device. Script errors show in a panel with their tracebacks, the controllers \
            beside the screen. Several tabs may watch and drive the same app.

            Saving one of the app's Lua files reloads it keeping the screen (as run --watch); \
            a reload that fails shows its error and the old app goes on.

            Only this machine can connect unless --host gives another address (0.0.0.0 for \
            every one); every request needs the token, and no file is served but the page's \
            own. The run ends with Ctrl-C, a script's loop.quit(), or --for real seconds. \
            See docs/serve.md.
            """)

    /// What `screens --help` says of it too.
    static let abstract = "Run an app live in a browser: clickable, reloading on every save."

    @Argument(help: "The app folder or Lua file.", completion: .file(extensions: ["lua"]))
    var app: String

    @Option(help: "The port to listen on (0: any free one). Default: \(PreviewRun.defaultPort), or a free one when it is taken.")
    var port: Int?

    @Option(help: "The address to listen on: this machine only unless another is given (0.0.0.0: every one).")
    var host: String = PreviewAddress.loopback

    @Flag(help: "Open the address in the browser (xdg-open).")
    var open = false

    @OptionGroup var launch: LaunchOptions

    @Option(name: .customLong("for"), help: "Real seconds to serve, then stop.")
    var duration: Double?

    @OptionGroup var plugins: PluginPathOptions

    func validate() throws {
        if let port, !(0...65535).contains(port) { throw ValidationError("--port needs a number from 0 to 65535, got \(port)") }
        if let duration, !(duration >= 0 && duration.isFinite) {
            throw ValidationError("--for needs a number of seconds, 0 or more")
        }
    }

    func run() throws {
        var run = PreviewRun(app: app)
        run.host = host
        run.port = port
        run.open = open
        run.device = launch.device
        run.orientation = launch.orientation
        run.dataDirectory = launch.dataDir
        run.pluginPaths = plugins.folders
        run.duration = duration
        let status = MainActor.assumeIsolated { run.run() }
        if status != 0 { throw ExitCode(status) }
    }
}
