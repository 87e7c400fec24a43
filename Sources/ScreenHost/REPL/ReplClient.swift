#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EventLoop
import Foundation
import LuaBridge

/// `screens repl --attach`: the REPL of an app that runs with `--listen`, reached through
/// its socket (``ReplProtocol``). Lines go one at a time: each is sent, and what the app
/// answers is shown until it is ready for the next. On a pipe, results go to standard
/// output and errors to standard error, and ``failed`` tells whether a chunk failed; on a
/// terminal a ``LineEditor`` edits the lines (its own history, Tab completion answered by
/// the app) and Ctrl-C while a chunk runs asks the app to stop it.
///
/// ```swift
/// let client = try ReplClient(path: ReplClient.socketPath(for: "hello"))
/// exit(client.runPipe())
/// ```
public final class ReplClient {
    /// The socket's path.
    public let path: String
    /// The app's id, as its greeting says.
    public private(set) var appID = ""
    /// Whether a chunk or a command failed.
    public private(set) var failed = false
    private let fd: Int32
    private var buffer: [UInt8] = []
    /// Why the app closed the connection, once it did.
    public private(set) var closedBecause: String?
    private var quitSent = false

    // MARK: - Finding the socket

    /// The socket `target` names: a path (with a `/` or ending in `.sock`), an app id (its
    /// default socket), or nil for the only socket in the default folder.
    ///
    /// - Throws: ``ReplSocketError`` when no socket or several are there.
    public static func socketPath(
        for target: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ReplSocketError) -> String {
        if let target {
            if target.contains("/") || target.hasSuffix(".sock") { return target }
            return ReplProtocol.defaultPath(appID: target, environment: environment)
        }
        let folder = ReplProtocol.defaultFolder(environment: environment)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".sock") }.sorted()
        guard !names.isEmpty else {
            throw ReplSocketError("no app is listening: no socket in \(folder) (start one with screens run APP --listen)")
        }
        guard names.count == 1 else {
            let ids = names.map { String($0.dropLast(5)) }
            throw ReplSocketError(
                "several apps are listening in \(folder): \(ids.joined(separator: ", ")); name one: screens repl --attach ID")
        }
        return folder + "/" + names[0]
    }

    // MARK: - Connecting

    /// Connects to `path` and reads the app's greeting, once ``checkSocket(_:user:)`` and,
    /// connected, ``checkListener(of:path:user:)`` have found it to be this user's: nothing
    /// is sent before.
    ///
    /// - Throws: ``ReplSocketError`` when nobody listens there, it may not be the user's own
    ///   app that does, or it is not a REPL of this protocol's version.
    public init(path: String) throws(ReplSocketError) {
        self.path = path
        try Self.checkSocket(path)
        fd = ReplProtocol.connect(to: path)
        // From here a throw deinitializes the client, which closes `fd`.
        guard fd >= 0 else {
            switch errno {
            case ENOENT: throw ReplSocketError("no app is listening on \(path): there is no such socket")
            case ECONNREFUSED: throw ReplSocketError("no app is listening on \(path): the socket is stale (its app ended)")
            default: throw ReplSocketError("cannot connect to \(path): \(String(cString: strerror(errno)))")
            }
        }
        try Self.checkListener(of: fd, path: path)
        var first = nextLine(waiting: 3000)
        if first == .timeUp {
            // The app accepts connections between the steps of its loop: one busy with a
            // long chunk (another client's) greets when the chunk ends.
            FileHandle.standardError.write(Data("screens: waiting for the app at \(path) to answer (is a chunk running?)\n".utf8))
            first = nextLine()
        }
        guard case .line(.greeting, let greeting) = first else {
            throw ReplSocketError("\(path) did not greet as a LuaScreens REPL")
        }
        let words = greeting.split(separator: " ", maxSplits: 1).map(String.init)
        guard words.first == String(ReplProtocol.version) else {
            throw ReplSocketError(
                "\(path) speaks REPL protocol \(words.first ?? "?"), this screens speaks \(ReplProtocol.version): use the same version of screens")
        }
        appID = words.count > 1 ? words[1] : ""
        guard case .line(.ready, _) = nextLine() else {
            throw ReplSocketError("\(path) closed the connection before its prompt was ready")
        }
    }

    // MARK: - Whose socket

    /// Checks, before connecting, that `path` is a socket (not a link to one) that `user`
    /// owns, in a folder only `user` may enter (``ReplProtocol/privateFolderProblem(_:user:)``):
    /// where another user may enter the folder, they may listen there in the app's place
    /// and read every line typed.
    ///
    /// - Throws: ``ReplSocketError`` naming the path and what is wrong.
    static func checkSocket(_ path: String, user: uid_t = getuid()) throws(ReplSocketError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { throw ReplSocketError("no app is listening on \(path): there is no such socket") }
            throw ReplSocketError("cannot look at \(path): \(String(cString: strerror(errno)))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFSOCK: break
        case S_IFLNK: throw refusal(path, "it is a symbolic link (give the socket's own path)")
        case S_IFDIR:
            // A common mistake: the app's folder or file rather than its id or socket.
            throw ReplSocketError(
                "\(path) is a folder: attach by the app's id (screens repl --attach ID) or the socket `screens run APP --listen` printed")
        default:
            throw ReplSocketError(
                "\(path) is not a socket: attach by the app's id (screens repl --attach ID) or the socket `screens run APP --listen` printed")
        }
        let parent = (path as NSString).deletingLastPathComponent
        let folder = parent.isEmpty ? "." : parent
        if let problem = ReplProtocol.privateFolderProblem(folder, user: user) {
            throw refusal(path, problem.clause(folder) + (problem.remedy.map { " (\($0))" } ?? ""))
        }
        guard info.st_uid == user else {
            throw refusal(path, "the socket belongs to user \(info.st_uid), not you (\(user))")
        }
    }

    /// Checks that the process listening at the other end of the connected `fd` runs as
    /// `user`: the kernel's word, which holds whatever happened to the files since
    /// ``checkSocket(_:user:)`` looked at them.
    ///
    /// - Throws: ``ReplSocketError`` naming the path and the listener's user.
    static func checkListener(of fd: Int32, path: String, user: uid_t = getuid()) throws(ReplSocketError) {
        guard let listener = ReplProtocol.peerUser(fd) else {
            throw refusal(path, "cannot tell which user the process listening on it runs as (\(String(cString: strerror(errno))))")
        }
        guard listener == user else {
            throw refusal(path, "the process listening on it runs as user \(listener), not you (\(user))")
        }
    }

    private static func refusal(_ path: String, _ reason: String) -> ReplSocketError {
        ReplSocketError("refusing to attach to \(path): \(reason)")
    }

    deinit {
        Glibc.close(fd)
    }

    // MARK: - Lines

    enum Incoming: Equatable {
        case line(ReplProtocol.Tag, String)
        /// The app closed the connection (or it broke).
        case closed
        /// The descriptor watched besides the socket became readable.
        case other
        case timeUp
    }

    /// The next line from the app, waiting at most `milliseconds` (-1: for ever); returns
    /// `.other` as soon as `alsoWatching` is readable.
    func nextLine(waiting milliseconds: Int32 = -1, alsoWatching other: Int32 = -1) -> Incoming {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                guard let (tag, text) = ReplProtocol.decode(line) else { continue }
                if tag == .closing { closedBecause = text }
                return .line(tag, text)
            }
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            if other >= 0 { fds.append(pollfd(fd: other, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), milliseconds)
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 { return .timeUp }
            if fds.count > 1 && fds[1].revents != 0 { return .other }
            var bytes = [UInt8](repeating: 0, count: 65536)
            let count = recv(fd, &bytes, bytes.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return .closed }
            buffer += bytes[0..<count]
            // Lines are short but for results, which the app cuts at 8000 characters.
            if buffer.count > ReplProtocol.maxLineLength * 16, !buffer.contains(UInt8(ascii: "\n")) { return .closed }
        }
    }

    /// Sends a tagged line; false when the app is gone.
    @discardableResult
    func send(_ tag: ReplProtocol.Tag, _ text: String = "") -> Bool {
        let bytes = ReplProtocol.encode(tag, text.replacingOccurrences(of: "\n", with: " "))
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { ReplProtocol.send(fd, $0) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Sends one line of input and shows what the app answers until it is ready again.
    ///
    /// - Parameters:
    ///   - show: called with each tagged line of the answer.
    ///   - interrupts: a descriptor that becomes readable when the user asks to stop the
    ///     chunk (a signal pipe), or -1.
    /// - Returns: whether the chunk goes on (a `>>` prompt), or nil when the app went away.
    func exchange(_ line: String, interrupts: Int32 = -1, show: (ReplProtocol.Tag, String) -> Void) -> Bool? {
        if line.trimmingCharacters(in: .whitespaces) == ":quit" { quitSent = true }
        guard send(.line, line) else { return nil }
        while true {
            switch nextLine(alsoWatching: interrupts) {
            case .line(.ready, let text):
                return text == "1"
            case .line(let tag, let text) where tag == .error || tag == .complaint:
                // A failed command fails the run as a failed chunk does, as the local REPL.
                failed = true
                show(tag, text)
            case .line(let tag, let text):
                show(tag, text)
                if tag == .closing { return nil }
            case .other:
                var drained = [UInt8](repeating: 0, count: 64)
                _ = read(interrupts, &drained, drained.count)
                send(.interrupt)
            case .closed, .timeUp:
                return nil
            }
        }
    }

    /// Reads up to the app's next `R` line, dropping what comes before it.
    private func readUntilReady() -> Bool {
        while true {
            switch nextLine(waiting: 5000) {
            case .line(.ready, _): return true
            case .line(.closing, _), .closed, .timeUp: return false
            default: continue
            }
        }
    }

    /// The completions the app gives for `text`, the line up to the cursor.
    public func completions(for text: String) -> [String] {
        guard send(.complete, text) else { return [] }
        while true {
            switch nextLine(waiting: 5000) {
            case .line(.completions, let text):
                return text.isEmpty ? [] : text.split(separator: "\t").map(String.init)
            case .line:
                continue
            default:
                return []
            }
        }
    }

    /// What to say when the app went away: nothing after `:quit`.
    var goneMessage: String? {
        if let closedBecause { return "screens: the app closed the connection: \(closedBecause)" }
        return quitSent ? nil : "screens: the app closed the connection (it ended)"
    }

    // MARK: - A pipe

    /// Sends the lines of `input` until it ends, `:quit`, or the app goes away: results on
    /// standard output, errors on standard error, as the REPL on a pipe does.
    ///
    /// - Returns: the exit status: 1 when a chunk failed, the input ended inside a chunk, or
    ///   the app went away before the input was done.
    public func runPipe(input: Int32 = STDIN_FILENO) -> Int32 {
        var pending: [UInt8] = []
        var continuing = false
        var bytes = [UInt8](repeating: 0, count: 65536)
        var ended = false
        while !ended {
            let count = read(input, &bytes, bytes.count)
            if count < 0 && errno == EINTR { continue }
            if count > 0 {
                pending += bytes[0..<count]
            } else {
                ended = true
                if !pending.isEmpty { pending.append(UInt8(ascii: "\n")) }
            }
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                guard let goesOn = exchange(String(decoding: line, as: UTF8.self), show: Self.showOnStandardStreams) else {
                    if let message = goneMessage {
                        Self.showOnStandardStreams(.complaint, message)
                        return 1
                    }
                    return failed ? 1 : 0
                }
                continuing = goesOn
            }
        }
        fflush(nil)
        if continuing {
            Self.showOnStandardStreams(.complaint, "screens: the input ended inside an unfinished chunk")
            return 1
        }
        return failed ? 1 : 0
    }

    static func showOnStandardStreams(_ tag: ReplProtocol.Tag, _ text: String) {
        switch tag {
        case .error, .complaint, .closing:
            fflush(nil)
            FileHandle.standardError.write(Data((text + "\n").utf8))
        default:
            print(text)
        }
    }

    // MARK: - A terminal

    /// Edits lines on the terminal (`input`, `output`) with a ``LineEditor`` (history in
    /// `historyFile`, Tab completion from the app) until Ctrl-D, `:quit` or the app going
    /// away. Ctrl-C while a chunk runs asks the app to stop it; at the prompt it clears the
    /// line.
    ///
    /// - Returns: the exit status: 1 when a chunk failed or the app went away unasked.
    public func runTerminal(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, historyFile: String?) -> Int32 {
        let loop = EventLoop(clock: .real)
        var status: Int32 = 0
        let editor = LineEditor(input: input, output: output, historyFile: historyFile) { [weak self] text in
            self?.completions(for: text) ?? []
        }
        // While a chunk runs Ctrl-C is SIGINT, whose handler writes to a pipe: the wait for
        // the chunk's answer sees it and asks the app to stop the chunk.
        var signalPipe: [Int32] = [-1, -1]
        _ = pipe(&signalPipe)
        for end in signalPipe {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        let handled = LuaInterruptSignal.install(writingTo: signalPipe[1])
        defer {
            if handled { LuaInterruptSignal.uninstall() }
            for end in signalPipe { Glibc.close(end) }
        }
        let finish = { (message: String?) in
            editor.stop()
            loop.quit()
            if let message {
                FileHandle.standardError.write(Data((message + "\n").utf8))
                status = 1
            }
        }
        // A Ctrl-C that reaches the loop came between lines: nothing to stop.
        let interrupts = loop.addReader(signalPipe[0]) {
            var drained = [UInt8](repeating: 0, count: 64)
            while read(signalPipe[0], &drained, drained.count) > 0 {}
        }
        // Ctrl-C at the prompt (a key there): the line goes, and the app drops the chunk
        // under way.
        editor.onCancel = { [weak self] in
            guard let self else { return }
            guard self.send(.interrupt), self.readUntilReady() else { return finish(self.goneMessage) }
            editor.setPrompt("> ")
        }
        editor.onLine = { [weak self] line in
            guard let self else { return }
            guard let line else { return finish(nil) }
            let goesOn = self.exchange(line, interrupts: handled ? signalPipe[0] : -1, show: Self.showOnStandardStreams)
            guard let goesOn else { return finish(self.goneMessage) }
            if self.quitSent { return finish(nil) }
            editor.setPrompt(goesOn ? ">> " : "> ")
        }
        // Between lines the app says nothing unasked: what comes is its closing.
        let socketReader = loop.addReader(fd) { [weak self] in
            guard let self else { return }
            switch self.nextLine(waiting: 0) {
            case .closed, .line(.closing, _):
                // Over the prompt that was waiting for a line.
                finish(self.goneMessage.map { "\r\u{1B}[K" + $0 })
            default: break
            }
        }
        guard editor.start(prompt: "> ", loop: loop) else {
            // No line editing (libedit missing, or the terminal refused it): the editor said
            // why; the lines are read as from a pipe.
            socketReader.cancel()
            interrupts.cancel()
            return runPipe(input: input)
        }
        loop.run()
        socketReader.cancel()
        interrupts.cancel()
        return failed ? 1 : status
    }
}
