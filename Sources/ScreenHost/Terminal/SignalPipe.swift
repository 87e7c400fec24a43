#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EventLoop
import TerminalShim

/// Signals as loop input: the handlers (in C) write each signal's number to a pipe, and a
/// loop reader hands them to `onSignal` in a step, where any code may run.
///
/// SIGTERM, SIGHUP and SIGINT also restore the terminal in the handler itself, so that a
/// loop stuck in a long callback still gives the terminal back; a second one ends the process.
public final class SignalPipe {
    private var readEnd: Int32 = -1
    private var writeEnd: Int32 = -1
    private var reader: LoopReader?

    /// Opens the pipe, installs the handlers and watches the pipe on `loop`.
    public init?(loop: EventLoop, onSignal: @escaping (Int32) -> Void) {
        guard let (readEnd, writeEnd) = openLoopPipe() else { return nil }
        (self.readEnd, self.writeEnd) = (readEnd, writeEnd)
        guard tsh_install_signal_pipe(writeEnd) == 0 else { return nil }
        reader = loop.addReader(readEnd) {
            var buffer = [UInt8](repeating: 0, count: 64)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                for byte in buffer[0..<count] { onSignal(Int32(byte)) }
            }
        }
    }

    /// Installs the handlers again, after the process let one signal take its default action
    /// (Ctrl-Z's stop).
    func reinstall() {
        if writeEnd >= 0 { _ = tsh_install_signal_pipe(writeEnd) }
    }

    /// Puts the default actions back and closes the pipe.
    public func close() {
        tsh_uninstall_handlers()
        reader?.cancel()
        reader = nil
        if readEnd >= 0 { Glibc.close(readEnd) }
        if writeEnd >= 0 { Glibc.close(writeEnd) }
        (readEnd, writeEnd) = (-1, -1)
    }
}
