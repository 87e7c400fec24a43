#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EventLoop
import LuaBridge
import ScreenScript

extension ReplSession {
    /// Reads lines from the terminal on standard input with a ``LineEditor`` (prompt `> `,
    /// `>> ` inside a chunk, history, Tab completion) until Ctrl-D on an empty line, `:quit`,
    /// or a script quits the loop. Ctrl-C stops a chunk that runs ("interrupted", where) or
    /// clears the line being typed. What timers and callbacks print while a line is typed
    /// goes above the prompt.
    ///
    /// - Parameter chunkLimits: the limits of each line evaluated, in place of the state's
    ///   own (which timers and callbacks keep); nil: the state's.
    /// - Returns: whether any chunk failed.
    public func runOnTerminal(chunkLimits: LuaLimits? = nil) -> Bool {
        let terminal = LineTerminal(session: self, chunkLimits: chunkLimits)
        terminal.run()
        finish()
        return failed
    }
}

/// What ``ReplSession/runOnTerminal(chunkLimits:)`` holds while it runs.
final class LineTerminal {
    let session: ReplSession
    let editor: LineEditor
    private var output: LineOutputCapture?
    private var interrupts: LineInterrupts?

    let chunkLimits: LuaLimits?

    init(session: ReplSession, chunkLimits: LuaLimits?) {
        self.session = session
        self.chunkLimits = chunkLimits
        editor = LineEditor(input: STDIN_FILENO, output: STDOUT_FILENO, historyFile: LineHistory.defaultFile()) { [weak session] line in
            session?.completions(for: line) ?? []
        }
    }

    func run() {
        let loop = session.loop, host = session.host, editor = editor, session = session
        output = LineOutputCapture(loop: loop) { editor.printAbove($0) }
        // Ctrl-C at the prompt is a key (LineEditor); a SIGINT that still reaches the loop
        // there (kill -INT) does the same.
        editor.onCancel = {
            session.discardPendingChunk()
            editor.setPrompt("> ")
        }
        interrupts = LineInterrupts(loop: loop) { editor.cancelLine() }
        // Errors of callbacks that run while a line is typed also go above the prompt.
        let reporter = host.errorReporter, handler = host.lua.errorHandler
        let report: (LuaError, String) -> Void = { error, context in editor.printAbove("error in \(context): \(error)") }
        host.errorReporter = report
        host.lua.errorHandler = report
        defer {
            host.errorReporter = reporter
            host.lua.errorHandler = handler
        }

        editor.onLine = { [unowned self] line in
            guard let line else {
                editor.stop()
                loop.quit()
                return
            }
            output?.release()
            let lua = session.lua, limits = lua.limits
            if let chunkLimits = self.chunkLimits { lua.limits = chunkLimits }
            if let interrupts = self.interrupts {
                interrupts.run(lua) { session.handle(line: line) }
            } else {
                session.handle(line: line)
            }
            lua.limits = limits
            fflush(nil)
            if session.isDone {
                editor.stop()
            } else {
                editor.setPrompt(session.isContinuing ? ">> " : "> ")
                output?.engage()
            }
        }
        guard editor.start(prompt: "> ", loop: loop) else {
            // No line editing on this terminal: read it as a pipe.
            output?.close()
            interrupts?.close()
            (output, interrupts) = (nil, nil)
            _ = session.run()
            return
        }
        output?.engage()
        loop.run()
        editor.stop()
        output?.close()
        interrupts?.close()
        (output, interrupts) = (nil, nil)
    }
}

/// A pipe for the loop to read, both ends non-blocking and closed on exec.
func openLoopPipe() -> (read: Int32, write: Int32)? {
    var fds: [Int32] = [-1, -1]
    guard fds.withUnsafeMutableBufferPointer({ pipe($0.baseAddress) }) == 0 else { return nil }
    for fd in fds {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    return (fds[0], fds[1])
}

/// Standard output while a line is typed: a pipe the loop reads, whose text the editor
/// writes above its prompt, so that a timer's `print` does not cut into the line.
///
/// Only while the prompt is up: a chunk entered prints straight to the terminal. The pipe
/// takes 1 MB; its writing end does not block, so a callback that prints more than that in
/// one go at the prompt loses the rest (C's stdio drops it) rather than wait for ever for the
/// loop that would read it.
final class LineOutputCapture {
    private var readEnd: Int32 = -1
    private var writeEnd: Int32 = -1
    private var terminal: Int32 = -1
    private var reader: LoopReader?
    private var engaged = false
    private let onText: (String) -> Void

    init?(loop: EventLoop, onText: @escaping (String) -> Void) {
        self.onText = onText
        guard let (readEnd, writeEnd) = openLoopPipe() else { return nil }
        (self.readEnd, self.writeEnd) = (readEnd, writeEnd)
        #if os(Linux)
        let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, which Glibc's module does not export
        _ = fcntl(writeEnd, setPipeSize, 1 << 20)
        #endif
        terminal = dup(STDOUT_FILENO)
        reader = loop.addReader(readEnd) { [weak self] in self?.drain() }
    }

    /// Points standard output at the pipe.
    func engage() {
        guard !engaged, writeEnd >= 0 else { return }
        fflush(nil)
        dup2(writeEnd, STDOUT_FILENO)
        engaged = true
    }

    /// Points standard output back at the terminal, after passing on what the pipe holds.
    func release() {
        guard engaged else { return }
        fflush(nil)
        dup2(terminal, STDOUT_FILENO)
        engaged = false
        drain()
    }

    private func drain() {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        if !bytes.isEmpty { onText(String(decoding: bytes, as: UTF8.self)) }
    }

    func close() {
        release()
        reader?.cancel()
        reader = nil
        for fd in [readEnd, writeEnd, terminal] where fd >= 0 { Glibc.close(fd) }
        (readEnd, writeEnd, terminal) = (-1, -1, -1)
    }
}

/// Ctrl-C: SIGINT's handler (LuaShim's, in C) stops the chunk that runs, which then fails
/// with "interrupted" and where; at the prompt it reaches the loop through a pipe, and
/// `onPrompt` clears the line. SIGINT's previous action comes back at ``close()``.
final class LineInterrupts {
    private var readEnd: Int32 = -1
    private var writeEnd: Int32 = -1
    private var reader: LoopReader?

    init?(loop: EventLoop, onPrompt: @escaping () -> Void) {
        guard let (readEnd, writeEnd) = openLoopPipe() else { return nil }
        (self.readEnd, self.writeEnd) = (readEnd, writeEnd)
        guard LuaInterruptSignal.install(writingTo: writeEnd) else {
            close()
            return nil
        }
        reader = loop.addReader(readEnd) { [weak self] in
            if self?.drain() == true { onPrompt() }
        }
    }

    /// Runs `body` (a line's evaluation) with Ctrl-C stopping the Lua code of `lua`.
    func run(_ lua: LuaState, _ body: () -> Void) {
        lua.clearInterrupt()
        LuaInterruptSignal.target(lua)
        body()
        LuaInterruptSignal.target(nil)
        lua.clearInterrupt()
        // A Ctrl-C that came while the line ran was for it, not for the next prompt.
        _ = drain()
    }

    /// Reads what the pipe holds; whether it held anything.
    private func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64)
        var any = false
        while buffer.withUnsafeMutableBytes({ read(readEnd, $0.baseAddress, $0.count) }) > 0 { any = true }
        return any
    }

    func close() {
        LuaInterruptSignal.uninstall()
        reader?.cancel()
        reader = nil
        for fd in [readEnd, writeEnd] where fd >= 0 { Glibc.close(fd) }
        (readEnd, writeEnd) = (-1, -1)
    }
}
