#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EventLoop
import Foundation
import LuaBridge
import ScreenScript

/// `screens run APP --listen`: serves the REPL on a Unix socket, in the app's own host and
/// Lua state, while the app runs. The listening socket and every client are sources of the
/// app's loop (nothing blocks it); each client gets a ``ReplSession`` of its own (its own
/// unfinished chunk and `_`) and talks the ``ReplProtocol``.
///
/// ```swift
/// let server = try ReplServer(path: ReplProtocol.defaultPath(appID: host.appID), host: { host })
/// host.run()
/// server.close("the app ended")
/// ```
public final class ReplServer {
    /// The socket's path.
    public let path: String
    /// The host clients' lines run in now (it changes when a reload replaces the host).
    public var currentHost: () -> ScriptHost
    /// The limits a client's chunk runs under, in place of the state's (which timers and
    /// callbacks keep); nil: the state's. A client can always stop its chunk (Ctrl-C sends an
    /// interrupt, and hanging up is one), so `screens run --listen` lifts the limits no
    /// option asked for, as the REPL does on a terminal.
    public var chunkLimits: LuaLimits?
    /// What `:reload` uses; nil: clients' `:reload` says it cannot.
    public var hotReload: () -> HotReload?
    /// The app id the greeting names.
    let appID: String
    let loop: EventLoop
    private var listener: Int32 = -1
    private var reader: LoopReader?
    private var clients: [ReplServerClient] = []

    /// Listens on `path`: a stale socket there (nobody listening) is replaced; a live one,
    /// or a file that is not a socket, is an error. The socket is made with mode 0600.
    ///
    /// - Parameters:
    ///   - path: the socket's path; when it is in ``ReplProtocol/defaultFolder(environment:)``
    ///     that folder is made (0700) or checked first; any other folder must already be
    ///     one that only the user may enter (``ReplProtocol/privateFolderProblem(_:user:)``),
    ///     as the client checks before it attaches.
    ///   - host: the host the clients' lines run in, asked before each line.
    /// - Throws: ``ReplSocketError`` saying why it cannot listen there.
    public init(path: String, host: @escaping () -> ScriptHost, hotReload: @escaping () -> HotReload? = { nil }) throws(ReplSocketError) {
        self.path = path
        currentHost = host
        self.hotReload = hotReload
        let current = host()
        appID = current.appID
        loop = current.loop
        let folder = (path as NSString).deletingLastPathComponent
        if folder == ReplProtocol.defaultFolder() {
            try ReplProtocol.preparePrivateFolder(folder)
        } else if let problem = ReplProtocol.privateFolderProblem(folder.isEmpty ? "." : folder) {
            // The client refuses to attach to a socket there: say so now, not at the attach.
            throw ReplSocketError(
                problem.clause(folder.isEmpty ? "." : folder)
                    + ": refusing to listen there, since `screens repl --attach` refuses a socket another user could replace"
                    + " (use a folder of your own with mode 0700\(problem.remedy.map { ", or \($0)" } ?? ""))")
        }
        try listen()
    }

    private func listen() throws(ReplSocketError) {
        guard var address = ReplProtocol.address(path) else {
            throw ReplSocketError("the socket path \(path) is too long for a Unix socket (at most 107 bytes)")
        }
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFSOCK else {
                throw ReplSocketError("\(path) exists and is not a socket: refusing to replace it")
            }
            let probe = ReplProtocol.connect(to: path)
            if probe >= 0 {
                Glibc.close(probe)
                throw ReplSocketError("another app is listening on \(path)")
            }
            // Nobody listens: a socket left by an app that ended without removing it.
            unlink(path)
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ReplSocketError("cannot make a socket: \(String(cString: strerror(errno)))") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        // The socket file is made by bind with the umask's mode: 0600 from the start, so
        // nobody else can connect in between.
        let savedMask = umask(0o177)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        umask(savedMask)
        guard bound == 0, Glibc.listen(fd, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw ReplSocketError("cannot listen on \(path): \(reason)")
        }
        chmod(path, 0o600)
        ListeningSockets.shared.add(path)
        listener = fd
        reserve = Self.openReserve()
        reader = loop.addReader(fd) { [weak self] in self?.accept() }
    }

    /// Runs the loop until a script quits it, `seconds` (real ones) pass, or SIGINT, SIGTERM
    /// or SIGHUP comes; a second signal ends the process at once.
    ///
    /// - Returns: the signal that ended the run, if one did: the caller closes the server
    ///   (removing the socket) and then lets the signal end the process.
    public func serve(for seconds: Double?) -> Int32? {
        var caught: Int32?
        let loop = self.loop
        let signals = SignalPipe(loop: loop) { number in
            guard number == SIGINT || number == SIGTERM || number == SIGHUP else { return }
            if caught == nil { caught = number }
            loop.quit()
        }
        let timer = seconds.map { loop.after($0) { _ in loop.quit() } }
        loop.run()
        timer?.cancel()
        signals?.close()
        return caught
    }

    /// How many clients are connected.
    public var clientCount: Int { clients.count }

    private func accept() {
        while listener >= 0 {
            let fd = Glibc.accept(listener, nil, nil)
            guard fd >= 0 else { return acceptFailed(errno) }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            ReplProtocol.noSignalOnWrite(fd)
            do {
                let client = try ReplServerClient(fd: fd, server: self)
                clients.append(client)
                client.greet()
            } catch {
                let bytes = ReplProtocol.encode(.closing, "cannot start a prompt: \(error)")
                _ = bytes.withUnsafeBytes { ReplProtocol.send(fd, $0) }
                Glibc.close(fd)
            }
        }
    }

    /// A descriptor held in reserve (on /dev/null): when the process has no descriptor left,
    /// it is closed to accept the waiting connection, tell it why, and close it. Otherwise
    /// the connection would stay waiting, the socket readable, and the loop would spin.
    private var reserve: Int32 = -1
    private var acceptPause: LoopTimer?

    /// How long accepting pauses after an error that refusing the connection cannot clear.
    static let acceptPauseSeconds = 0.1

    private func acceptFailed(_ error: Int32) {
        if error == EAGAIN || error == EWOULDBLOCK || error == EINTR || error == ECONNABORTED { return }
        if (error == EMFILE || error == ENFILE) && reserve >= 0 {
            Glibc.close(reserve)
            let fd = Glibc.accept(listener, nil, nil)
            if fd >= 0 {
                ReplProtocol.noSignalOnWrite(fd)
                let bytes = ReplProtocol.encode(.closing, "the app has too many files open to take another connection")
                _ = bytes.withUnsafeBytes { ReplProtocol.send(fd, $0) }
                Glibc.close(fd)
            }
            reserve = Self.openReserve()
            if reserve >= 0 { return }
        }
        // No reserve, or another error: stop watching the socket for a moment.
        reader?.cancel()
        reader = nil
        acceptPause = loop.after(Self.acceptPauseSeconds) { [weak self] _ in
            guard let self, self.listener >= 0 else { return }
            self.acceptPause = nil
            if self.reserve < 0 { self.reserve = Self.openReserve() }
            self.reader = self.loop.addReader(self.listener) { [weak self] in self?.accept() }
        }
    }

    private static func openReserve() -> Int32 {
        open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    /// The count hook's look at the sockets while `running`'s chunk runs: a hang-up of that
    /// client, or an interrupt from any client, stops the chunk (every prompt waits for it).
    func checkWhileRunning(_ running: ReplServerClient) -> String? {
        var reason = running.checkWhileRunning()
        for client in clients where client !== running {
            if let interrupt = client.checkWhileRunning(), reason == nil { reason = interrupt }
        }
        return reason
    }

    /// After a chunk: the other clients' lines read meanwhile are handled in the next step.
    func handleWaitingLines(besides running: ReplServerClient) {
        let others = clients.filter { $0 !== running }
        guard !others.isEmpty else { return }
        loop.after(0) { _ in
            for client in others { client.handleWaitingLines() }
        }
    }

    func remove(_ client: ReplServerClient) {
        clients.removeAll { $0 === client }
    }

    /// Says `reason` to every client, closes them and the socket, and removes the socket file.
    public func close(_ reason: String) {
        for client in clients { client.close(reason) }
        clients = []
        reader?.cancel()
        reader = nil
        acceptPause?.cancel()
        acceptPause = nil
        if reserve >= 0 {
            Glibc.close(reserve)
            reserve = -1
        }
        if listener >= 0 {
            Glibc.close(listener)
            listener = -1
            unlink(path)
            ListeningSockets.shared.remove(path)
        }
    }
}

/// The sockets the servers of this process listen on, removed by an `atexit` handler when a
/// script ends the process (`os.exit`, through a client too), so that no socket is left
/// behind. Process-wide because an exit handler reaches nothing else; each server adds and
/// removes only its own path, so two hosts do not share an entry.
nonisolated final class ListeningSockets: @unchecked Sendable {
    static let shared = ListeningSockets()
    private let lock = NSLock()
    private var paths: Set<String> = []
    private var installed = false

    func add(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        paths.insert(path)
        if !installed {
            installed = true
            atexit { ListeningSockets.shared.removeAll() }
        }
    }

    func remove(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        paths.remove(path)
    }

    private func removeAll() {
        lock.lock()
        let all = paths
        paths = []
        lock.unlock()
        for path in all { unlink(path) }
    }
}
