#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EventLoop
import Foundation
import LuaBridge
import ScreenScript

/// One client of a ``ReplServer``: its socket (a loop reader, never blocking), the lines it
/// sent that are not read yet, what is still to be written to it, and its ``ReplSession``.
///
/// While one of its chunks runs the loop cannot read the socket, so the count hook looks at
/// it every ``ReplProtocol/checkInterval`` instructions: an `I` line or a hang-up stops the
/// chunk with an interrupt, raised by the hook the way a budget stops code.
final class ReplServerClient: ReplOutput {
    private let fd: Int32
    private weak var server: ReplServer?
    private var session: ReplSession?
    private var reader: LoopReader?
    /// Bytes read and not yet handled; starts at the beginning of a line.
    private var input: [UInt8] = []
    /// How many bytes at the start of ``input`` are lines already handled (while
    /// ``handleLines()`` runs; they are removed at its end, not one line at a time, which
    /// would move the rest of a large input once per line).
    private var handled = 0
    /// Bytes not yet written (the client reads slower than we write).
    private var outgoing: [UInt8] = []
    private var flushTimer: LoopTimer?
    /// A chunk of this client runs.
    private var running = false
    /// The client hung up, or is being closed.
    private var gone = false
    /// The client shut down its writing side only (a script's last line sent): its lines are
    /// answered, and the connection is closed once what is owed is written.
    private var inputEnded = false
    private var closed = false
    private var handling = false

    /// The most bytes waiting for a client before it is dropped as not reading.
    static let maxOutgoing = 16 << 20

    init(fd: Int32, server: ReplServer) throws(LuaError) {
        self.fd = fd
        self.server = server
        let session = try ReplSession(host: server.currentHost(), output: self, sharesState: true)
        session.capturesPrint = true
        session.hotReload = server.hotReload()
        session.onQuit = { [weak self] in self?.gone = true }
        session.aroundChunk = { [weak self] run in
            guard let self else { return run() }
            self.runWatched(run)
        }
        self.session = session
        reader = server.loop.addReader(fd) { [weak self] in self?.readable() }
    }

    func greet() {
        write(ReplProtocol.encode(.greeting, "\(ReplProtocol.version) \(server?.appID ?? "screens")"))
        write(ReplProtocol.encode(.ready, "0"))
    }

    // MARK: - Reading

    private func readable() {
        guard !gone else { return }
        var bytes = [UInt8](repeating: 0, count: 65536)
        let count = recv(fd, &bytes, bytes.count, Int32(MSG_DONTWAIT))
        if count < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) { return }
        guard count > 0 else {
            guard count == 0, !peerClosed() else {
                // Hung up: whatever chunk it left unfinished is dropped, and nothing else changes.
                close(nil)
                return
            }
            endInput()
            return
        }
        input += bytes[0..<count]
        handleLines()
    }

    /// Whether the peer closed its side completely, rather than only shut down its writing.
    private func peerClosed() -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLHUP | POLLERR) != 0
    }

    /// No more input comes (a half-closed socket): stops reading (the end stays readable
    /// for ever) and closes once the answers are written.
    private func endInput() {
        inputEnded = true
        reader?.cancel()
        reader = nil
        closeIfAnswered()
    }

    private func closeIfAnswered() {
        if inputEnded && outgoing.isEmpty && !handling && !running && !input.contains(UInt8(ascii: "\n")) { close(nil) }
    }

    private func handleLines() {
        guard !handling else { return }
        handling = true
        while !gone, let newline = input[handled...].firstIndex(of: UInt8(ascii: "\n")) {
            var line = Array(input[handled..<newline])
            handled = newline + 1
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            handle(line)
        }
        input.removeSubrange(..<handled)
        handled = 0
        handling = false
        if !gone && input.count > ReplProtocol.maxLineLength {
            close("a line longer than \(ReplProtocol.maxLineLength) bytes: closing the connection")
        } else if gone {
            close(nil)
        } else {
            closeIfAnswered()
        }
    }

    private func handle(_ line: [UInt8]) {
        guard let session, let server else { return }
        if session.host !== server.currentHost() {
            do {
                try session.use(server.currentHost())
                session.hotReload = server.hotReload()
            } catch {
                return close("cannot go on in the reloaded app: \(error.message)")
            }
        }
        switch ReplProtocol.decode(line) {
        case (.line, let text)?:
            session.handle(line: text)
        case (.complete, let text)?:
            write(ReplProtocol.encode(.completions, session.completions(for: text).joined(separator: "\t")))
        case (.interrupt, _)?:
            // Nothing runs (an interrupt that came after its chunk ended): drop the
            // unfinished chunk, as Ctrl-C at a `>>` prompt does.
            session.discardPendingChunk()
            send(.ready(continuing: false))
        default:
            let shown = String(decoding: line.prefix(40), as: UTF8.self)
            send(.complaint("unknown protocol line \"\(shown)\": lines start with L, T or I and a space (protocol \(ReplProtocol.version))"))
            send(.ready(continuing: session.isContinuing))
        }
    }

    // MARK: - A running chunk

    /// Runs a chunk of this client's with the clients' sockets checked from the count hook.
    private func runWatched(_ run: () -> Void) {
        guard let lua = session?.host.lua, let server else { return run() }
        running = true
        let interrupter = lua.interrupter
        let limits = lua.limits
        if let chunkLimits = server.chunkLimits { lua.limits = chunkLimits }
        lua.whileChecking(every: ReplProtocol.checkInterval, { [weak self, weak server] in
            guard let self, let reason = server?.checkWhileRunning(self) else { return }
            interrupter.interrupt(reason)
        }, run)
        if lua.limits != limits { lua.limits = limits }
        running = false
        if lua.isInterrupted { lua.clearInterrupt() }
        server.handleWaitingLines(besides: self)
    }

    /// Reads what came meanwhile, without waiting. Returns why to stop the running chunk:
    /// an `I` line (taken out of the input; the lines around it stay), or, when this client
    /// runs the chunk, a hang-up.
    func checkWhileRunning() -> String? {
        guard !gone else { return running ? "the client hung up" : nil }
        var bytes = [UInt8](repeating: 0, count: 65536)
        while !inputEnded && input.count - handled <= ReplProtocol.maxLineLength {
            let count = recv(fd, &bytes, bytes.count, Int32(MSG_DONTWAIT))
            if count == 0 && !peerClosed() {
                // Half-closed: the chunk goes on, and its answer is still read.
                inputEnded = true
                reader?.cancel()
                reader = nil
                break
            }
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                // A client that hangs up while another's chunk runs is closed afterwards.
                gone = true
                return running ? "the client hung up" : nil
            }
            guard count > 0 else { break }
            input += bytes[0..<count]
        }
        var start = handled
        while let newline = input[start...].firstIndex(of: UInt8(ascii: "\n")) {
            let line = input[start..<newline]
            if line.first == UInt8(ascii: "I") && (line.count == 1 || line.dropFirst().first == UInt8(ascii: " ")) {
                input.removeSubrange(start...newline)
                return "interrupted"
            }
            start = newline + 1
        }
        return nil
    }

    /// Handles the lines read while another client's chunk ran (their reader will not fire
    /// for them), or closes the client if it hung up meanwhile.
    func handleWaitingLines() {
        if gone {
            close(nil)
        } else if input.contains(UInt8(ascii: "\n")) {
            handleLines()
        } else {
            closeIfAnswered()
        }
    }

    // MARK: - Writing

    func send(_ message: ReplMessage) {
        switch message {
        case .result(let text): write(ReplProtocol.encode(.result, text))
        case .text(let text): write(ReplProtocol.encode(.text, text))
        case .output(let text): write(ReplProtocol.encode(.output, text))
        case .error(let text): write(ReplProtocol.encode(.error, text.hasSuffix("\n") ? String(text.dropLast()) : text))
        case .complaint(let text): write(ReplProtocol.encode(.complaint, text))
        case .ready(let continuing): write(ReplProtocol.encode(.ready, continuing ? "1" : "0"))
        }
    }

    private func write(_ bytes: [UInt8]) {
        guard !gone else { return }
        outgoing += bytes
        flush()
    }

    private func flush() {
        while !outgoing.isEmpty {
            let written = outgoing.withUnsafeBytes { ReplProtocol.send(fd, $0) }
            if written > 0 {
                outgoing.removeFirst(written)
                continue
            }
            if written < 0 && errno == EINTR { continue }
            if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
            // EPIPE, ECONNRESET: the client is gone; what it missed is dropped.
            outgoing = []
            gone = true
            if !handling && !running { close(nil) }
            return
        }
        if outgoing.count > Self.maxOutgoing {
            outgoing = []
            gone = true
            if !handling && !running { close(nil) }
            return
        }
        if outgoing.isEmpty {
            closeIfAnswered()
            return
        }
        if flushTimer == nil, let loop = server?.loop {
            flushTimer = loop.after(0.02) { [weak self] _ in
                self?.flushTimer = nil
                self?.flush()
            }
        }
    }

    /// Says `reason` (when there is one) and closes the connection.
    func close(_ reason: String?) {
        guard !closed else { return }
        closed = true
        if let reason {
            outgoing += ReplProtocol.encode(.closing, reason)
            _ = outgoing.withUnsafeBytes { ReplProtocol.send(fd, $0) }
        }
        gone = true
        outgoing = []
        flushTimer?.cancel()
        flushTimer = nil
        reader?.cancel()
        reader = nil
        session = nil
        Glibc.close(fd)
        server?.remove(self)
    }
}
