#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What a prompt says, in order: so that one host can serve several prompts (a pipe, a
/// terminal, clients on a socket), a ``ReplSession`` writes through a ``ReplOutput`` rather
/// than to fixed descriptors.
public enum ReplMessage: Equatable, Sendable {
    /// What an expression evaluated to, printed.
    case result(String)
    /// What a command printed (`:screen`, `:tree`, `tapped 20 130`).
    case text(String)
    /// What a script printed with `print` while a chunk ran for this prompt.
    case output(String)
    /// A chunk's error, with its traceback cut to the user's code: the run has failed.
    case error(String)
    /// A command that could not do what it was asked, and why; it fails nothing.
    case complaint(String)
    /// Ready for the next line; `continuing` when the chunk read so far is not complete.
    case ready(continuing: Bool)
}

/// Where a ``ReplSession``'s messages go.
public protocol ReplOutput: AnyObject {
    func send(_ message: ReplMessage)
}

/// The output of a REPL on a pipe: results, command text and what scripts print on standard
/// output, errors and complaints on standard error after what standard output holds; no
/// prompt.
public final class ReplStandardOutput: ReplOutput {
    public init() {}

    public func send(_ message: ReplMessage) {
        switch message {
        case .result(let text), .text(let text), .output(let text):
            print(text)
        case .error(let text), .complaint(let text):
            fflush(nil)
            FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
        case .ready:
            fflush(nil)
        }
    }
}
