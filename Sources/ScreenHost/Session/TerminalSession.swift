#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EventLoop
import Foundation
import LuaBridge
import ScreenKit
import ScreenRender
import ScreenScript
import TerminalShim

/// `screens run APP` on a terminal: the app's key window drawn centred on the alternate
/// screen with a status line, redrawn where it changed at most once per frame, mouse and keys
/// as touches, focus moves and keys of the window, script errors as a panel and in a log, and
/// the terminal given back as it was on every way out.
///
/// ```swift
/// let session = TerminalSession(host: host, options: .init(device: .iphone, orientation: .portrait))
/// let end = session.run()      // until q, Ctrl-C, loop.quit() or a signal
/// ```
public final class TerminalSession {
    /// What the session was asked to do besides running the app.
    public struct Options {
        public var device: Window.Device
        public var orientation: Window.Orientation
        /// Where `--record` writes the input, rewritten after each event.
        public var recordPath: String?
        /// A recording `--replay` plays on the real clock before the app goes on interactively.
        public var replay: InputRecording?
        /// Real seconds after which the session quits (`--for`).
        public var duration: Double?
        /// Draws without colour whatever the terminal shows (`--no-color`).
        public var noColor: Bool

        public init(
            device: Window.Device, orientation: Window.Orientation, recordPath: String? = nil,
            replay: InputRecording? = nil, duration: Double? = nil, noColor: Bool = false
        ) {
            self.device = device
            self.orientation = orientation
            self.recordPath = recordPath
            self.replay = replay
            self.duration = duration
            self.noColor = noColor
        }
    }

    /// How the session ended.
    public enum End: Equatable {
        /// `q`, Ctrl-C, `loop.quit()`, `--for`, or nothing left to do.
        case quit
        /// The terminal hung up (its input ended).
        case hangUp
        /// SIGTERM, SIGHUP or SIGINT: the caller ends the process with it once it is done.
        case signal(Int32)
    }

    /// The host running the app: a reload (``watch(_:)``) replaces it.
    public private(set) var host: ScriptHost
    /// Reloads the app when its files change, once ``watch(_:)`` asked for it.
    private var hotReload: HotReload?
    /// What reloads the app since ``watch(_:)``: a REPL client's `:reload` uses it too.
    public var hotReloader: HotReload? { hotReload }
    /// Whether the last reload failed (the old app went on).
    public private(set) var lastReloadFailed = false
    let options: Options
    var loop: EventLoop { host.loop }
    let terminal: TerminalDevice
    /// The terminal's own descriptor for output: standard output goes to the output log while
    /// the session runs, so that what scripts print does not land on the screen.
    var ttyOutput: Int32 = -1
    private var savedStandardOutput: Int32 = -1
    private var savedStandardError: Int32 = -1

    var writer: TerminalWriter
    /// The colours the frames are drawn in: what the environment says the terminal shows
    /// (`COLORTERM`, `TERM`, `NO_COLOR`), none with ``Options/noColor``.
    public let colors: TerminalColorDepth
    var decoder = TerminalInputDecoder()
    var status: StatusLine
    var panel = ErrorPanel()
    /// The room the error panel had in the last frame composed (the terminal less the status
    /// line), which its scrolling keys go by.
    var panelRoom = (columns: 80, rows: 23)
    let stateDirectory: String
    public let errorLog: ErrorLog
    var recorder: InputRecorder?
    var player: InputPlayer?

    private var signals: SignalPipe?
    private var stdinReader: LoopReader?
    var frameTimer: LoopTimer?
    var escapeTimer: LoopTimer?
    var lastFrameTime = -Double.infinity
    /// Callbacks of the session's own that the step being run had: a step that ran more
    /// than those ran the app's code, which may have changed the screen.
    var ownCalls = 0
    /// The last text rendering drawn, for mapping clicks to views.
    var lastScreen: TextScreen?
    var placement: ScreenPlacement?
    /// The touch the left button is making: the window cell it began in and the point sent.
    var touchInProgress: (cell: (column: Int, row: Int), point: Point)?
    private var end: End = .quit
    /// Whether a script error was appended to ``errorLog``.
    public private(set) var errorLogWritten = false
    private var isActive = false

    /// Frames are drawn at most this often: 60 a second.
    static let frameInterval = 1.0 / 60
    /// How long a lone Esc waits for the rest of a sequence before it counts as the key.
    static let escapeDelay = 0.025
    /// Points the wheel scrolls per notch: three lines of 16 points.
    public static let wheelStep = 48.0

    public init(host: ScriptHost, options: Options, environment: [String: String] = ProcessEnvironment.current()) {
        self.host = host
        self.options = options
        colors = options.noColor ? .monochrome : TerminalColorDepth(environment: environment)
        writer = TerminalWriter(colors: colors)
        terminal = TerminalDevice()
        status = StatusLine(appID: host.appID, device: options.device, orientation: options.orientation)
        stateDirectory = StateDirectory.path(forApp: host.appID, environment: environment)
        errorLog = ErrorLog(directory: stateDirectory)
    }

    /// Whether `screens run` should open a session: standard input and output are terminals.
    public static var isPossible: Bool { TerminalDevice.isInteractive() }

    // MARK: - Running

    /// Enters the terminal's modes, runs the loop until the app or the person quits, and
    /// leaves the terminal as it was.
    public func run() -> End {
        guard enter() else { return .quit }
        defer {
            hotReload?.stop()
            leave()
        }
        host.errorReporter = { [weak self] error, context in self?.show(error, context: context) }
        host.warningHandler = { [weak self] warning in
            guard let self else { return }
            errorLog.append(context: "warning", message: warning, traceback: nil)
        }
        if let recordPath = options.recordPath {
            recorder = InputRecorder(loop: loop, app: host.appID, device: options.device, orientation: options.orientation)
            writeRecording(to: recordPath)
        }
        if let replay = options.replay {
            let player = InputPlayer(replay, host: host)
            self.player = player
            player.start()
        }
        if let duration = options.duration {
            loop.after(duration) { [weak self] _ in
                self?.ownCalls += 1
                self?.loop.quit()
            }
        }
        loop.stepObserver = { [weak self] calls in
            guard let self else { return }
            if calls > ownCalls { requestFrame() }
            ownCalls = 0
        }
        draw()
        loop.run()
        loop.stepObserver = nil
        return end
    }

    /// Raw mode, the alternate screen, mouse and paste reporting, the handlers that restore
    /// all of it, and the readers of the terminal and the signals.
    private func enter() -> Bool {
        ttyOutput = fcntl(terminal.output, F_DUPFD_CLOEXEC, 3)
        guard ttyOutput >= 0, let saved = terminal.enterRawMode() else { return false }
        redirectOutput()
        arm(saved)
        _ = tsh_install_crash_handlers()
        signals = SignalPipe(loop: loop) { [weak self] signal in self?.received(signal) }
        write(TerminalMode.enter)
        isActive = true
        stdinReader = loop.addReader(terminal.input) { [weak self] in self?.readInput() }
        return true
    }

    private func arm(_ saved: termios) {
        var saved = saved
        let note = Array("screens: crashed; what it wrote is in \(outputLogPath)\n".utf8.prefix(500))
        let leave = TerminalMode.leave
        _ = leave.withUnsafeBufferPointer { leaveBytes in
            note.withUnsafeBufferPointer { noteBytes in
                leaveBytes.withMemoryRebound(to: CChar.self) { leaveChars in
                    noteBytes.withMemoryRebound(to: CChar.self) { noteChars in
                        tsh_arm(ttyOutput, &saved, leaveChars.baseAddress, leaveChars.count, noteChars.baseAddress, noteChars.count)
                    }
                }
            }
        }
    }

    /// Leaves the modes (mouse off before the alternate screen), puts the settings and the
    /// standard descriptors back, and removes the handlers.
    private func leave() {
        guard isActive else { return }
        isActive = false
        stdinReader?.cancel()
        stdinReader = nil
        frameTimer?.cancel()
        escapeTimer?.cancel()
        if tsh_restored_by_signal() == 0 {
            write(TerminalMode.leave)
        }
        tsh_disarm()
        terminal.restore()
        signals?.close()
        signals = nil
        restoreOutput()
        close(ttyOutput)
        ttyOutput = -1
    }

    /// Where standard output and standard error go while the session runs.
    var outputLogPath: String { stateDirectory + "/output.log" }

    private func redirectOutput() {
        // Flushes every stream, Lua's print buffer with them, into where they went so far.
        fflush(nil)
        try? FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true)
        var log = open(outputLogPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        if log < 0 { log = open("/dev/null", O_WRONLY | O_CLOEXEC) }
        guard log >= 0 else { return }
        savedStandardOutput = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
        savedStandardError = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
        dup2(log, STDOUT_FILENO)
        dup2(log, STDERR_FILENO)
        close(log)
    }

    private func restoreOutput() {
        // Flushes every stream, Lua's print buffer with them, into where they went so far.
        fflush(nil)
        if savedStandardOutput >= 0 {
            dup2(savedStandardOutput, STDOUT_FILENO)
            close(savedStandardOutput)
        }
        if savedStandardError >= 0 {
            dup2(savedStandardError, STDERR_FILENO)
            close(savedStandardError)
        }
        (savedStandardOutput, savedStandardError) = (-1, -1)
    }

    func write(_ bytes: [UInt8]) {
        guard !bytes.isEmpty, ttyOutput >= 0, tsh_restored_by_signal() == 0 else { return }
        TerminalDevice.write(bytes, to: ttyOutput)
    }

    // MARK: - Signals

    private func received(_ signal: Int32) {
        ownCalls += 1
        switch signal {
        case SIGWINCH, SIGCONT:
            writer.invalidate()
            requestFrame()
        case SIGTSTP:
            suspend()
        case SIGTERM, SIGHUP, SIGINT:
            end = .signal(signal)
            loop.quit()
        default:
            break
        }
    }

    /// Ctrl-Z: gives the terminal back, stops the process, and on continuing enters again
    /// and redraws everything.
    func suspend() {
        write(TerminalMode.leave)
        tsh_disarm()
        terminal.restore()
        Glibc.signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        // Continued.
        if let saved = terminal.enterRawMode() { arm(saved) }
        signals?.reinstall()
        write(TerminalMode.enter)
        writer.invalidate()
        requestFrame()
    }

    // MARK: - Hot reload

    /// Reloads the app whenever one of its Lua files changes (`--watch`): the session then
    /// draws the new host, with what the reload kept in the status line; a reload that fails
    /// shows its error in the panel, and the old app goes on.
    ///
    /// - Returns: how the app's folder is watched.
    @discardableResult
    public func watch(_ reloader: AppReloader) -> FileWatcher.Method {
        let hot = HotReload(host: host, reloader: reloader)
        hot.didReload = { [weak self] reload in
            guard let self else { return }
            host = reload.host
            lastReloadFailed = false
            player?.cancel()
            player = nil
            touchInProgress = nil
            status.reloadNote = reload.statusLine
            writer.invalidate()
            lastScreen = nil
            requestFrame()
        }
        hot.didFail = { [weak self] failure in
            guard let self else { return }
            lastReloadFailed = true
            status.reloadNote = failure.statusLine
            show(failure.error, context: "reload")
        }
        hotReload = hot
        return hot.watch()
    }

    // MARK: - Errors

    private func show(_ error: LuaError, context: String) {
        panel.add(ErrorPanel.Entry(context: context, message: error.message, traceback: error.traceback))
        if errorLog.append(context: context, message: error.message, traceback: error.traceback) {
            status.errorLogPath = StateDirectory.abbreviated(errorLog.path)
            errorLogWritten = true
        }
        status.errorCount += 1
        requestFrame()
    }

    // MARK: - Recording

    private func writeRecording(to path: String) {
        guard let recorder else { return }
        try? recorder.recording.text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    /// Sends one input to the key window, noting it first when recording, so that what is
    /// sent is exactly what a replay sends.
    func send(_ input: InputRecording.Input) {
        guard let window = host.keyWindow else { return }
        var input = input
        if let recorder, let path = options.recordPath {
            input = recorder.record(input).input
            writeRecording(to: path)
        }
        window.layoutIfNeeded()
        InputPlayer.apply(input, to: window)
        if case .rotate(let orientation) = input { status.orientation = orientation }
        requestFrame()
    }

    func quit() {
        end = .quit
        loop.quit()
    }

    // MARK: - Reading input

    private func readInput() {
        ownCalls += 1
        guard let bytes = terminal.readAvailable() else {
            end = .hangUp
            stdinReader?.cancel()
            stdinReader = nil
            loop.quit()
            return
        }
        escapeTimer?.cancel()
        escapeTimer = nil
        handle(decoder.decode(bytes))
        guard decoder.needsFlush else { return }
        escapeTimer = loop.after(Self.escapeDelay) { [weak self] _ in
            guard let self else { return }
            ownCalls += 1
            escapeTimer = nil
            handle(decoder.flush())
        }
    }
}
