#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EventLoop
import Foundation
import LuaBridge
import ScreenKit
import ScreenScript

/// `screens serve APP`, as plain values: the app launched on the real clock, its folder
/// watched, the server started, the address printed; then the loop runs until Ctrl-C (or
/// SIGTERM, SIGHUP), a script's `loop.quit()` or ``duration`` real seconds.
///
/// ```swift
/// var run = PreviewRun(app: "scripts/hello")
/// run.port = 0
/// exit(run.run())
/// ```
public nonisolated struct PreviewRun: Sendable {
    public var app: String
    /// The address to listen on (`--host`).
    public var host = PreviewAddress.loopback
    /// The port (`--port`); nil for ``defaultPort``, or a free one when that is taken.
    public var port: Int?
    /// Start the desktop's browser on the address (`--open`).
    public var open = false
    public var device: Window.Device?
    public var orientation: Window.Orientation?
    /// The app's data directory (`--data-dir`); nil for its default.
    public var dataDirectory: String?
    public var pluginPaths: [String] = []
    /// Real seconds to serve (`--for`); nil until stopped.
    public var duration: Double?

    /// The port asked for when none is given.
    public static let defaultPort = 8765

    public init(app: String) {
        self.app = app
    }

    /// Serves the app until the run ends, then lists the script errors it reported.
    ///
    /// - Returns: the exit status: 1 when the app could not start, a script error was
    ///   reported, or the last reload failed. A signal that ended the run ends the process
    ///   with it, once the server has stopped.
    @MainActor public func run() -> Int32 {
        do {
            let address = try PreviewAddress(host: host, port: UInt16(clamping: port ?? Self.defaultPort))
            let pluginPaths = self.pluginPaths
            let reloader = AppReloader(appPath: app, limits: ScriptHost.defaultLimits, configure: { $0.pluginPaths = pluginPaths })
            let launched = try reloader.launchFirst(
                on: EventLoop(clock: .real), device: device ?? .iphone, orientation: orientation ?? .portrait,
                dataDirectory: dataDirectory)
            let session = try PreviewSession(host: launched, reloader: reloader)
            let method = session.watch()
            let token = PreviewToken()
            let server = try listen(on: address, token: token, page: try PreviewPage.load(token: token), events: session.events)
            if !address.isLoopback {
                Self.say(
                    "screens: WARNING: listening on \(address.host), which other machines can reach: anyone who can connect "
                        + "to port \(server.address.port) and has the token can see and drive this app. Without --host only this machine can.")
            }
            Self.say("screens: watching \(reloader.appFolder) (\(method.rawValue)) for changes to its Lua files")
            Self.say("screens: serving \(app) at \(server.url)")
            if open { Self.openBrowser(server.url) }
            let caught = session.run(for: duration)
            server.stop()
            session.close()
            if let summary = session.host.reportedErrorsSummary { Self.say(summary) }
            if session.lastReloadFailed { Self.say("screens: the last reload failed; the app that ran was the one before it") }
            if let caught {
                fflush(nil)
                signal(caught, SIG_DFL)
                raise(caught)
            }
            return session.host.reportedErrorCount > 0 || session.lastReloadFailed ? 1 : 0
        } catch let error as LuaError {
            Self.say("screens: \(error.hidingFrames(of: ScriptHost.ownChunks))")
            return 1
        } catch {
            Self.say("screens: \(error)")
            return 1
        }
    }

    /// The server on `address`; without a port asked for, on a free one when the default is taken.
    @MainActor private func listen(
        on address: PreviewAddress, token: PreviewToken, page: PreviewPage, events: LoopMailbox<PreviewEvent>.Sender
    ) throws(PreviewServerError) -> PreviewServer {
        let taken: PreviewServerError
        do {
            return try PreviewServer(address: address, token: token, page: page, events: events)
        } catch {
            guard port == nil else { throw error }
            taken = error
        }
        let server = try PreviewServer(address: try PreviewAddress(host: address.host, port: 0), token: token, page: page, events: events)
        Self.say("screens: \(taken); using port \(server.address.port)")
        return server
    }

    /// Starts the desktop's browser on `url` with `xdg-open`, without waiting for it.
    private static func openBrowser(_ url: String) {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let opener = folders.map({ "\($0)/xdg-open" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            say("screens: --open needs xdg-open, which is not on PATH: open the address yourself")
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
            say("screens: --open could not start xdg-open (\(error)): open the address yourself")
        }
    }

    /// A line on standard error, where `screens` writes what it has to say.
    static func say(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
