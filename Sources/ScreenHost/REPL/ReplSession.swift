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

/// A Lua prompt inside a host (a bare one, or an app launched on the real clock). Each line
/// given to ``handle(line:)`` is evaluated as `lua` does (an expression first, then a
/// statement; an incomplete chunk goes on with the next line); its values, its errors (with
/// tracebacks cut to the user's code) and what commands print go to the session's
/// ``ReplOutput``. Lines starting with `:` are commands (see ``commands``). Several sessions
/// can share one host, each with its own unfinished chunk and its own `_`.
///
/// `screens repl [APP]` reading a pipe is ``run()``: lines are read as a source of the
/// loop, so timers fire while it waits, results go to standard output and errors to
/// standard error.
///
/// ```swift
/// let session = try ReplSession(host: host)
/// let failed = session.run()      // until the input ends or `:quit`
/// ```
public final class ReplSession {
    /// The host lines are evaluated in; ``use(_:)`` changes it (after a reload).
    public private(set) var host: ScriptHost
    var lua: LuaState { host.lua }
    var loop: EventLoop { host.loop }
    let input: Int32
    private(set) var printer: ReplPrinter
    /// What `:reload` reloads the app with; nil: `:reload` says it cannot.
    public var hotReload: HotReload?
    /// Where results, errors and command output go.
    public let output: any ReplOutput
    /// Whether a chunk or a command failed: `screens repl` then exits with status 1.
    public private(set) var failed = false
    /// Whether `:settle` is waiting for the app to come to rest: lines given meanwhile wait
    /// in ``queued``, and the prompt is not ready.
    public private(set) var isWaiting = false
    /// Lines given while ``isWaiting``, handled in order when the wait ends.
    private var queued: [String] = []
    /// What polls the app while `:settle` waits on the real clock.
    private var settleTimer: LoopTimer?
    /// Whether the input ended while lines were waiting: the session ends once they ran.
    private var stopsWhenQueueRuns = false
    /// The `app` and `window` globals as the session last set them (see ``setAppGlobals()``).
    private var appGlobals: (app: LuaValue, window: LuaValue) = (.nil, .nil)
    /// Whether the lines read so far make a chunk that is not complete yet.
    public var isContinuing: Bool { !pending.isEmpty }
    /// Called by `:quit` instead of quitting the loop (a client on a socket leaves alone).
    public var onQuit: (() -> Void)?
    /// Runs each chunk of this session: the closure it is given runs the chunk. A server
    /// watches the client's socket for an interrupt meanwhile.
    public var aroundChunk: ((() -> Void) -> Void)?
    /// Sends what scripts `print` while this session's chunks run to ``output`` rather
    /// than standard output.
    public var capturesPrint = false
    /// The lines of a chunk that is not complete yet.
    private var pending: [String] = []
    /// This session's `_`, put back before each of its chunks, when it shares the state
    /// with other sessions (nil: `_` is left as it is).
    private var lastValue: LuaValue?
    private var buffered: [UInt8] = []
    private var reader: LoopReader?
    private(set) var isDone = false

    /// Forgets the lines of a chunk that is not complete yet (Ctrl-C at a `>>` prompt), and
    /// stops a `:settle` that waits, with the lines given meanwhile.
    public func discardPendingChunk() {
        pending = []
        guard isWaiting else { return }
        endWait()
        queued = []
        complain(":settle: stopped waiting")
    }

    /// The chunks whose frames error tracebacks leave out: the host's and the REPL's own.
    static let hiddenChunks = ScriptHost.ownChunks.union(["repl"])

    /// - Parameters:
    ///   - host: the host to evaluate in; its app, when it has one, already launched.
    ///   - input: the descriptor ``run()`` reads lines from, standard input by default.
    ///   - output: where results and errors go; standard output and error by default.
    ///   - sharesState: whether other sessions evaluate in the same host: this one then
    ///     keeps its own `_`.
    public init(
        host: ScriptHost, input: Int32 = STDIN_FILENO, output: any ReplOutput = ReplStandardOutput(), sharesState: Bool = false
    ) throws(LuaError) {
        self.host = host
        self.input = input
        self.output = output
        lastValue = sharesState ? LuaValue.nil : Optional.none
        printer = try ReplPrinter(lua: host.lua)
        setAppGlobals()
    }

    /// Reads and evaluates lines until the input ends, `:quit`, or a script quits the loop.
    ///
    /// - Returns: whether any chunk failed.
    public func run() -> Bool {
        reader = loop.addReader(input) { [weak self] in self?.readInput() }
        loop.run()
        finish()
        return failed
    }

    func finish() {
        // The input ended inside a chunk: report it as lua does.
        end()
        reader?.cancel()
        reader = nil
        fflush(nil)
    }

    private func readInput() {
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(input, &bytes, bytes.count)
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return }
        guard count > 0 else {
            if !buffered.isEmpty {
                let last = String(decoding: buffered, as: UTF8.self)
                buffered = []
                handle(line: last)
            }
            // Lines waiting for a `:settle` run first.
            if isWaiting {
                stopsWhenQueueRuns = true
                reader?.cancel()
                reader = nil
            } else {
                stop()
            }
            return
        }
        buffered += bytes[0..<count]
        while !isDone, let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
            var line = Array(buffered[..<newline])
            buffered.removeSubrange(...newline)
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            handle(line: String(decoding: line, as: UTF8.self))
        }
    }

    /// Ends the session (`:quit`): quits the loop, or calls ``onQuit`` when set.
    func stop() {
        isDone = true
        endWait()
        queued = []
        reader?.cancel()
        reader = nil
        if let onQuit {
            onQuit()
        } else {
            loop.quit()
        }
    }

    /// Ends the session after an unfinished chunk is reported, as when the input ends.
    public func end() {
        if !pending.isEmpty {
            let chunk = pending.joined(separator: "\n")
            pending = []
            evaluate(chunk, continuing: false)
        }
        isDone = true
    }

    // MARK: - Lines

    /// Handles one line of input: a command, or Lua. While `:settle` waits, the line waits
    /// for it (and so does its prompt).
    public func handle(line: String) {
        guard !isDone else { return }
        guard !isWaiting else {
            queued.append(line)
            return
        }
        defer {
            if !isDone && !isWaiting { output.send(.ready(continuing: !pending.isEmpty)) }
        }
        setAppGlobals()
        if pending.isEmpty, line.hasPrefix(":") {
            command(line)
            return
        }
        if pending.isEmpty, line.trimmingCharacters(in: .whitespaces).isEmpty { return }
        pending.append(line)
        evaluate(pending.joined(separator: "\n"), continuing: true)
    }

    /// Compiles and runs a chunk as `lua` does: as `return <chunk>` first (only for one
    /// line), else as statements; a chunk that ends too soon waits for the next line when
    /// `continuing`.
    private func evaluate(_ chunk: String, continuing: Bool) {
        let function: LuaFunction
        if pending.count <= 1, let expression = try? lua.load("return " + chunk, name: "=stdin") {
            function = expression
        } else {
            do {
                function = try lua.load(chunk, name: "=stdin")
            } catch {
                if continuing && error.kind == .syntax && error.message.hasSuffix("<eof>") { return }
                pending = []
                report(error)
                return
            }
        }
        pending = []
        if let lastValue { lua.globals["_"] = lastValue }
        let printing: (saved: LuaValue, capture: LuaValue)? = capturesPrint ? capturePrint() : nil
        defer {
            // Put back unless the chunk set a print of its own.
            if let printing, lua.globals["print"] == printing.capture { lua.globals["print"] = printing.saved }
            if lastValue != nil { lastValue = lua.globals["_"] }
        }
        var shown: String?
        var failure: LuaError?
        // Printing runs the values' metamethods (`__tostring`, `__index`, `__pairs`): it is
        // part of the chunk, so what stops a chunk (an interrupt, a client hanging up) stops it.
        func run() {
            do throws(LuaError) {
                let values = try function.callReturningAll()
                guard !values.isEmpty else { return }
                lua.globals["_"] = values[0]
                let name = Self.isName(chunk) ? chunk.trimmingCharacters(in: .whitespaces) : "_"
                shown = try printer.describe(values, name: name)
            } catch {
                failure = error
            }
        }
        if let aroundChunk { aroundChunk(run) } else { run() }
        if let failure {
            report(failure)
        } else if let shown {
            output.send(.result(shown))
        }
    }

    /// Evaluates in `host` from now on (the one a reload made); an unfinished chunk and `_`
    /// are dropped, and `app` and `window` are the new app's.
    public func use(_ host: ScriptHost) throws(LuaError) {
        guard host !== self.host else { return }
        printer = try ReplPrinter(lua: host.lua)
        self.host = host
        pending = []
        if lastValue != nil { lastValue = .nil }
        appGlobals = (.nil, .nil)
        setAppGlobals()
    }

    /// Sets the globals `app` (the app table) and `window` (its key window) to what they are
    /// now, unless a script gave one of those names a value of its own.
    private func setAppGlobals() {
        guard host.app != .nil || host.keyWindow != nil else { return }
        let globals = lua.globals
        if globals["app"] == appGlobals.app {
            globals["app"] = host.app
            appGlobals.app = globals["app"]
        }
        if globals["window"] == appGlobals.window {
            if let window = host.keyWindow { globals.set("window", window) } else { globals["window"] = .nil }
            appGlobals.window = globals["window"]
        }
    }

    // MARK: - Settling

    /// `:settle [S]`: waits until no transition, animation, deferred call or one-shot timer
    /// is left, at most `seconds`. On a virtual clock it runs time there at once; on the real
    /// clock it looks every frame while the loop goes on, and the lines given meanwhile wait.
    func settle(within seconds: Double) {
        if loop.clock == .virtual {
            if loop.runUntilSettled(limit: seconds) == .timeUp, !host.isSettled { complainBusy(after: seconds) }
            return
        }
        guard !host.isSettled else { return }
        isWaiting = true
        let deadline = loop.now + seconds
        settleTimer = loop.every(Self.settleCheck) { [weak self] _ in
            guard let self else { return }
            let settled = host.isSettled
            guard settled || loop.now >= deadline else { return }
            endWait()
            if !settled { complainBusy(after: seconds) }
            if !isDone { output.send(.ready(continuing: !pending.isEmpty)) }
            runQueued()
        }
    }

    /// How often `:settle` looks on the real clock: a frame.
    static let settleCheck = 1.0 / 60

    private func endWait() {
        settleTimer?.cancel()
        settleTimer = nil
        isWaiting = false
    }

    private func complainBusy(after seconds: Double) {
        complain(":settle: the app is still busy after \(ScriptHost.seconds(seconds)) s:\n  " + host.busyWork().joined(separator: "\n  "))
    }

    /// Handles the lines that waited for a `:settle`, until one waits again.
    private func runQueued() {
        while !isWaiting, !isDone, !queued.isEmpty {
            handle(line: queued.removeFirst())
        }
        if !isWaiting, stopsWhenQueueRuns, !isDone { stop() }
    }

    /// Replaces the global `print` with one that sends its line to ``output``; returns the
    /// one it replaced and the replacement.
    private func capturePrint() -> (saved: LuaValue, capture: LuaValue) {
        let saved = lua.globals["print"]
        let output = self.output
        let tostring = lua.globals["tostring"]
        let capture = lua.function { args -> Void in
            var parts: [String] = []
            for index in 0..<args.count {
                let value = try args.get(index + 1, as: LuaValue.self)
                if let function = tostring.functionValue {
                    parts.append(try function.call(value, returning: String.self))
                } else {
                    parts.append(value.description)
                }
            }
            output.send(.output(parts.joined(separator: "\t")))
        }
        lua.globals.set("print", capture)
        return (saved, lua.globals["print"])
    }

    static func isName(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let first = trimmed.unicodeScalars.first, first == "_" || (first.isASCII && CharacterSet.letters.contains(first)) else {
            return false
        }
        return trimmed.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && CharacterSet.alphanumerics.contains($0)) }
    }

    // MARK: - Output

    /// Writes what a command prints.
    func say(_ text: String) {
        output.send(.text(text))
    }

    /// Writes an error, with its traceback cut to the user's code, and notes the failure.
    func report(_ error: LuaError) {
        failed = true
        output.send(.error(error.hidingFrames(of: Self.hiddenChunks).description))
    }

    /// Writes why a command could not do what it was asked, and notes the failure: a piped
    /// REPL exits non-zero at the end, as after a failed chunk.
    func complain(_ text: String) {
        failed = true
        output.send(.complaint(text))
    }
}
