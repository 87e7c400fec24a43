import ArgumentParser
import EventLoop
import Foundation
import ScreenHost
import ScreenKit
import ScreenScript
import ScreenWeb

/// `screens serve APP`: the app on the real clock, live in a browser (``PreviewSession``
/// behind a ``PreviewServer``), reloading on every save of its Lua files.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run an app live in a browser: clickable, reloading on every save.",
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

    @Argument(help: "The app folder or Lua file.", completion: .file(extensions: ["lua"]))
    var app: String

    @Option(help: "The port to listen on (0: any free one). Default: \(Serve.defaultPort), or a free one when it is taken.")
    var port: Int?

    @Option(help: "The address to listen on (default \(PreviewAddress.loopback): this machine only).")
    var host: String = PreviewAddress.loopback

    @Flag(help: "Open the address in the browser (xdg-open).")
    var open = false

    @OptionGroup var launch: LaunchOptions

    @Option(name: .customLong("for"), help: "Real seconds to serve, then stop.")
    var duration: Double?

    @OptionGroup var limits: LimitOptions
    @OptionGroup var plugins: PluginPathOptions

    /// The port asked for when none is given.
    static let defaultPort = 8765

    func validate() throws {
        if let port, !(0...65535).contains(port) { throw ValidationError("--port needs a number from 0 to 65535, got \(port)") }
        if let duration, !(duration >= 0 && duration.isFinite) {
            throw ValidationError("--for needs a number of seconds, 0 or more")
        }
    }

    func run() throws {
        let status = MainActor.assumeIsolated { serve() }
        if status != 0 { throw ExitCode(status) }
    }

    @MainActor private func serve() -> Int32 {
        do {
            let address = try PreviewAddress(host: host, port: UInt16(port ?? Self.defaultPort))
            var run = AppRun(app: app)
            run.device = launch.device
            run.orientation = launch.orientation
            run.dataDir = launch.dataDir
            run.pluginPaths = plugins.folders
            run.instructions = limits.instructions
            run.cpu = limits.cpu
            run.memory = limits.memory
            let (host, reloader) = try run.launchReloadable()
            let session = try PreviewSession(host: host, reloader: reloader)
            let method = session.watch()
            let token = PreviewToken()
            let server = try listen(on: address, token: token, page: try PreviewPage.load(token: token), events: session.events)
            if !address.isLoopback {
                printError(
                    "screens: WARNING: listening on \(address.host), which other machines can reach: anyone who can connect "
                        + "to port \(server.address.port) and has the token can see and drive this app. Without --host only this machine can.")
            }
            printError("screens: watching \(reloader.appFolder) (\(method.rawValue)) for changes to its Lua files")
            printError("screens: serving \(app) at \(server.url)")
            if open { openBrowser(server.url) }
            let caught = session.run(for: duration)
            server.stop()
            session.close()
            let failed = run.listReportedErrors(of: session.host)
            if session.lastReloadFailed { printError("screens: the last reload failed; the app that ran was the one before it") }
            if let caught {
                fflush(nil)
                signal(caught, SIG_DFL)
                raise(caught)
            }
            return failed || session.lastReloadFailed ? 1 : 0
        } catch {
            return printStartFailure(error)
        }
    }

    /// The server on `address`; without --port, on a free port when the default is taken.
    @MainActor private func listen(
        on address: PreviewAddress, token: PreviewToken, page: PreviewPage, events: LoopMailbox<PreviewEvent>.Sender
    ) throws -> PreviewServer {
        let taken: PreviewServerError
        do {
            return try PreviewServer(address: address, token: token, page: page, events: events)
        } catch {
            guard port == nil else { throw error }
            taken = error
        }
        let any = try PreviewAddress(host: address.host, port: 0)
        let server = try PreviewServer(address: any, token: token, page: page, events: events)
        printError("screens: \(taken); using port \(server.address.port)")
        return server
    }

    /// Starts the desktop's browser on `url` with `xdg-open`, without waiting for it.
    private func openBrowser(_ url: String) {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let opener = folders.map({ "\($0)/xdg-open" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            printError("screens: --open needs xdg-open, which is not on PATH: open the address yourself")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            printError("screens: --open could not start xdg-open (\(error)): open the address yourself")
        }
    }
}
