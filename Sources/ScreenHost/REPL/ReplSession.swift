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

/// `screens repl [APP]` reading a pipe: a Lua prompt inside a host (a bare one, or an app
/// launched on the real clock and not drawn). Lines are read as a source of the loop, so
/// timers fire while it waits; each is evaluated as `lua` does (an expression first, then a
/// statement; an incomplete chunk goes on with the next line), its values printed on
/// standard output and its errors, with tracebacks cut to the user's code, on standard
/// error. Lines starting with `:` are commands (see ``commands``).
///
/// ```swift
/// let session = try ReplSession(host: host)
/// let failed = session.run()      // until the input ends or `:quit`
/// ```
public final class ReplSession {
    public let host: ScriptHost
    var lua: LuaState { host.lua }
    var loop: EventLoop { host.loop }
    let input: Int32
    let printer: ReplPrinter
    /// Whether a chunk failed: `screens repl` then exits with status 1.
    public private(set) var failed = false
    /// The lines of a chunk that is not complete yet.
    private var pending: [String] = []
    private var buffered: [UInt8] = []
    private var reader: LoopReader?
    private(set) var isDone = false

    /// Whether the lines so far make a chunk that is not complete yet (the prompt is `>>`).
    public var isContinuing: Bool { !pending.isEmpty }

    /// Forgets the lines of a chunk that is not complete yet (Ctrl-C at a `>>` prompt).
    public func discardPendingChunk() {
        pending = []
    }

    /// The chunks whose frames error tracebacks leave out: the host's and the REPL's own.
    static let hiddenChunks = ScriptHost.ownChunks.union(["repl"])

    /// - Parameters:
    ///   - host: the host to evaluate in; its app, when it has one, already launched.
    ///   - input: the descriptor lines are read from, standard input by default.
    public init(host: ScriptHost, input: Int32 = STDIN_FILENO) throws(LuaError) {
        self.host = host
        self.input = input
        printer = try ReplPrinter(lua: host.lua)
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
        if !pending.isEmpty {
            // The input ended inside a chunk: report it as lua does.
            let chunk = pending.joined(separator: "\n")
            pending = []
            evaluate(chunk, continuing: false)
        }
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
            stop()
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

    func stop() {
        isDone = true
        reader?.cancel()
        reader = nil
        loop.quit()
    }

    // MARK: - Lines

    /// Handles one line of input: a command, or Lua.
    public func handle(line: String) {
        guard !isDone else { return }
        defer { fflush(nil) }
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
        do {
            let values = try function.callReturningAll()
            guard !values.isEmpty else { return }
            lua.globals["_"] = values[0]
            let name = Self.isName(chunk) ? chunk.trimmingCharacters(in: .whitespaces) : "_"
            say(try printer.describe(values, name: name))
        } catch {
            report(error)
        }
    }

    static func isName(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let first = trimmed.unicodeScalars.first, first == "_" || (first.isASCII && CharacterSet.letters.contains(first)) else {
            return false
        }
        return trimmed.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && CharacterSet.alphanumerics.contains($0)) }
    }

    // MARK: - Output

    /// Writes a result line on standard output.
    func say(_ text: String) {
        print(text)
    }

    /// Writes an error on standard error, with its traceback cut to the user's code, and
    /// notes the failure.
    func report(_ error: LuaError) {
        failed = true
        complain(error.hidingFrames(of: Self.hiddenChunks).description)
    }

    /// Writes a line on standard error, after what standard output holds. A command that
    /// complains does not fail the run: only chunks do.
    func complain(_ text: String) {
        fflush(nil)
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}
