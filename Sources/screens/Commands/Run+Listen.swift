#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EventLoop
import Foundation
import LuaBridge
import ScreenHost
import ScreenKit
import ScreenScript

extension AppRun {
    /// `screens run APP --listen [PATH]`: the app runs on the real clock (drawn on a terminal,
    /// or not drawn with --headless or without one) and serves the REPL on a Unix socket
    /// (``ReplServer``) until it quits, `--for` real seconds pass, or a signal ends it; the
    /// socket is removed then. With `--watch` it also reloads on changes; a client's `:reload`
    /// reloads it in any case. Undrawn, the screen is printed at the end as `--watch` does.
    @MainActor func runListening() -> Int32 {
        do {
            let (host, reloader) = try launchReloadable()
            let device = device ?? .iphone
            let orientation = orientation ?? .portrait
            let path = listen.flatMap { $0 == Run.defaultSocket ? nil : $0 } ?? ReplProtocol.defaultPath(appID: host.appID)
            if !headless, isatty(STDOUT_FILENO) != 0, TerminalSession.isPossible, host.keyWindow != nil {
                let session = TerminalSession(
                    host: host,
                    options: .init(
                        device: device, orientation: orientation, recordPath: record, replay: nil, duration: duration,
                        noColor: noColor))
                if watch { session.watch(reloader) }
                let server = try ReplServer(path: path, host: { session.host }, hotReload: { session.hotReloader })
                server.chunkLimits = clientChunkLimits
                printError(listeningLine(path, appID: host.appID))
                let end = session.run()
                server.close("the app ended")
                if let path = record { printError("screens: wrote the recording \(path)") }
                return finish(session, end: end)
            }
            let hot = HotReload(host: host, reloader: reloader)
            let lastFailed = watch ? watchUndrawn(hot) : { false }
            let server = try ReplServer(path: path, host: { hot.host }, hotReload: { hot })
            server.chunkLimits = clientChunkLimits
            printError(listeningLine(path, appID: host.appID))
            let signal = server.serve(for: duration)
            hot.stop()
            server.close("the app ended")
            // Undrawn, the app prints its screen however it ends; a signal then ends the
            // process as it would have (exit status 128 + the signal's number).
            let status = try endUndrawn(hot.host, lastReloadFailed: lastFailed())
            if let signal {
                fflush(nil)
                Glibc.signal(signal, SIG_DFL)
                raise(signal)
            }
            return status
        } catch {
            return printStartFailure(error)
        }
    }

    /// The limits of a chunk an attached client sends: those the options asked for, and for
    /// the others what the REPL gives a line typed on a terminal, since the client can stop
    /// its chunk (Ctrl-C, or hanging up).
    private var clientChunkLimits: LuaLimits {
        var limits = luaLimits
        if instructions == nil { limits.instructions = Repl.terminalInstructions }
        if cpu == nil { limits.cpuSeconds = nil }
        return limits
    }

    /// The one line that tells where the REPL is served.
    private nonisolated func listeningLine(_ path: String, appID: String) -> String {
        let attach = path == ReplProtocol.defaultPath(appID: appID) ? appID : path
        return "screens: listening for the REPL on \(path) (screens repl --attach \(attach))"
    }
}

extension Run {
    /// What `--listen` without a path stands for: the app's default socket.
    static let defaultSocket = "<default>"

    /// The arguments with `--listen` given its value when it has none: `--listen=<default>` (the
    /// default socket) unless the next argument is a path for it, one that is not an option,
    /// not the app (a folder or a `.lua` file) and not the value of an option.
    static func listenArguments(_ arguments: [String]) -> [String] {
        guard arguments.first == "run" else { return arguments }
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument == "--listen" else {
                result.append(argument)
                continue
            }
            if index < arguments.count, Self.isSocketPath(arguments[index]) {
                result.append("--listen=" + arguments[index])
                index += 1
            } else {
                result.append("--listen=" + Self.defaultSocket)
            }
        }
        return result
    }

    private static func isSocketPath(_ word: String) -> Bool {
        guard !word.hasPrefix("-"), !word.isEmpty, !word.hasSuffix(".lua") else { return false }
        var isFolder: ObjCBool = false
        return !(FileManager.default.fileExists(atPath: word, isDirectory: &isFolder) && isFolder.boolValue)
    }
}
