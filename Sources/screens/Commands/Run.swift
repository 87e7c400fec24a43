import ArgumentParser
import EventLoop
import Foundation
import LuaBridge
import ScreenHost
import ScreenKit
import ScreenScript

/// `screens run APP`: runs an app (a folder with main.lua, or a Lua file): its main chunk,
/// its `didFinishLaunching(window)`, then its loop.
///
/// On a terminal (standard input and output both) the app runs interactively in a
/// ``TerminalSession``, in real time, until `q`, Ctrl-C, a script's `loop.quit()` or a signal.
/// With `--headless`, or when the output is not a terminal, it runs in virtual time until the
/// app is idle (or for `--for` seconds) and prints the screen. Either way the run exits 1 when
/// a script error was reported, after listing them. `--replay FILE` plays a recording into
/// the app: drawn on a terminal, then the app goes on; headless, before it settles.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        // Named here: a name derived from the type costs each start a search of the
        // program's protocol conformances.
        commandName: "run",
        // Read only when the command is parsed alone (see Subcommand in Screens.swift).
        _superCommandName: "screens",
        abstract: "Run a Lua app: a folder with main.lua, or a single Lua file.",
        discussion: """
            On a terminal the app is drawn in the middle of the screen and takes the mouse \
            and the keyboard: a click is a tap, a drag a touch that moves, the wheel scrolls; \
            Tab and Shift-Tab move the focus, Enter or Space taps the focused view, Esc goes \
            back, arrows scroll the focused list or turn pages, typing goes to a focused text \
            field; Ctrl-R rotates, Ctrl-W sends a memory warning, q (no text field focused) \
            or Ctrl-C quits. A script error shows as a panel (Esc closes it) and is appended \
            to $XDG_STATE_HOME/luascreens/<id>/error.log (~/.local/state when the variable \
            is not set); what scripts print goes to output.log there. See docs/terminal.md.

            With --headless, or when the output is not a terminal, the app runs in virtual \
            time, without waiting, until it is idle (no transition, animation, deferred call \
            or one-shot timer left) or for the --for seconds; then the screen is printed as \
            text, or written by --snapshot as text (.txt) or SVG (.svg). The run exits with \
            status 1 when any script error was reported, after listing them.

            --replay FILE plays a recording (written by `screens monkey`, or by hand: see \
            docs/recording.md) into the app: each event at its time since launch, in virtual \
            time, then the app runs until it is idle and the screen is printed as above. On a \
            terminal (without --headless) the replay is drawn in real time, and then the app \
            goes on taking input. The recording's device line chooses the device and \
            orientation unless --device or --orientation does. --record FILE writes what you \
            do on a terminal as such a recording.

            The app's data lives in $XDG_DATA_HOME/luascreens/<id>/ (~/.local/share when the \
            variable is not set), where <id> is app.id or the app folder's name.

            Each call into the app's Lua (its main chunk, didFinishLaunching, a callback, an \
            override, a plugin's main) may run 200 million instructions and use 10 seconds \
            of CPU time, C library calls included (--instructions, --cpu; 0 turns a limit \
            off): one that goes past either is stopped with an error naming its line, \
            reported as any script error, and the app goes on.

            On a terminal the app is drawn in colour: 24-bit where COLORTERM is truecolor or \
            24bit, else 256 colours where TERM names a 256color terminal, else the terminal's \
            16; none with --no-color or when NO_COLOR is set to anything but "".

            --watch reloads the app each time one of its Lua files changes, in a fresh Lua \
            state, keeping the controllers on screen (navigation stacks, selected tabs, \
            presented controllers, what encodeRestorableState saves); a reload that fails \
            keeps the old app running. Without a terminal it runs on the real clock and \
            writes each reload's status to standard error. See docs/terminal.md.

            --listen [PATH] serves the REPL on a Unix socket while the app runs, on the real \
            clock, drawn or not (--headless), until it quits, is signalled, or --for real \
            seconds pass: `screens repl --attach` connects from another terminal, several \
            clients at once. The socket is $XDG_RUNTIME_DIR/luascreens/<id>.sock by default \
            (/tmp/luascreens-<uid>/ when the variable is not set), mode 0600 in a 0700 folder; \
            a stale one is replaced, one another app listens on is refused; it is removed when \
            the app ends. PATH (after --listen, or as --listen=PATH) chooses another. See \
            docs/repl.md.
            """)

    @Argument(help: "The app folder or Lua file.", completion: .file(extensions: ["lua"]))
    var app: String

    @Flag(help: "Run in virtual time and print the screen, as when the output is not a terminal.")
    var headless = false

    @Option(name: .customLong("for"), help: "Seconds to run: virtual ones when headless, real ones on a terminal.")
    var duration: Double?

    @Option(help: "Write the final screen to this file (.txt or .svg).", completion: .file(extensions: ["txt", "svg"]))
    var snapshot: String?

    @Option(help: "The device: iphone (320×480, the default) or ipad (768×1024).")
    var device: Window.Device?

    @Option(help: "portrait (the default) or landscape.")
    var orientation: Window.Orientation?

    @Option(help: "Play this recording into the app (see docs/recording.md).", completion: .file(extensions: ["rec"]))
    var replay: String?

    @Option(help: "Write the input given on the terminal to this recording file.", completion: .file(extensions: ["rec"]))
    var record: String?

    @Option(help: "The folder for the app's data, instead of $XDG_DATA_HOME/luascreens/<id>.", completion: .directory)
    var dataDir: String?

    @Flag(help: "Reload the app when one of its Lua files changes, keeping where you were (see docs/terminal.md).")
    var watch = false

    @Flag(name: .customLong("no-color"), help: "Draw without colours on a terminal, as NO_COLOR does (see docs/terminal.md).")
    var noColor = false

    @Option(
        help: ArgumentHelp(
            "Serve the REPL on a Unix socket while the app runs: PATH, or without one $XDG_RUNTIME_DIR/luascreens/<id>.sock; attach with `screens repl --attach`.",
            valueName: "path"))
    var listen: String?

    // LimitOptions's options, written out: as an option group they cost each start of
    // `screens run` a reflection more. The same names, help and place in --help.
    @Option(parsing: .unconditional, help: LimitOptions.instructionsHelp)
    var instructions: Int?

    @Option(parsing: .unconditional, help: LimitOptions.cpuHelp)
    var cpu: Double?

    @Option(help: "Megabytes the scripts may allocate (0: no limit).")
    var memory: Int = 0

    @Option(name: .customLong("plugin-path"), help: PluginPathOptions.help, completion: .directory)
    var pluginPaths: [String] = []

    func validate() throws {
        if let duration, !(duration >= 0 && duration.isFinite) {
            throw ValidationError("--for needs a number of seconds, 0 or more")
        }
        if let snapshot, !(snapshot.hasSuffix(".txt") || snapshot.hasSuffix(".svg")) {
            throw ValidationError("--snapshot needs a .txt or .svg file name")
        }
        if dataDir?.isEmpty == true { throw ValidationError("--data-dir needs a folder") }
        if replay?.isEmpty == true { throw ValidationError("--replay needs a recording file") }
        if watch && replay != nil { throw ValidationError("--watch cannot be used with --replay") }
        if record?.isEmpty == true { throw ValidationError("--record needs a file name") }
        if listen != nil && replay != nil { throw ValidationError("--listen cannot be used with --replay") }
        try LimitOptions.validate(instructions: instructions, cpu: cpu)
    }

    func run() throws {
        let status = MainActor.assumeIsolated { AppRun(self).run() }
        if status != 0 { throw ExitCode(status) }
    }
}

/// What `screens run` was asked to do, as plain values: the options of ``Run`` once parsed,
/// or, for the line typed most, `screens run APP` alone, read without ArgumentParser (see
/// ``plain(_:)``).
struct AppRun: Equatable {
    var app: String
    var headless = false
    var duration: Double?
    var snapshot: String?
    var device: Window.Device?
    var orientation: Window.Orientation?
    var replay: String?
    var record: String?
    var dataDir: String?
    var watch = false
    var noColor = false
    var listen: String?
    var instructions: Int?
    var cpu: Double?
    var memory = 0
    var pluginPaths: [String] = []

    var luaLimits: LuaLimits { LimitOptions.luaLimits(instructions: instructions, cpu: cpu, memory: memory) }

    /// A run of `app` with every option at its default.
    init(app: String) {
        self.app = app
    }

    /// The run `command` was parsed into.
    init(_ command: Run) {
        app = command.app
        headless = command.headless
        duration = command.duration
        snapshot = command.snapshot
        device = command.device
        orientation = command.orientation
        replay = command.replay
        record = command.record
        dataDir = command.dataDir
        watch = command.watch
        noColor = command.noColor
        listen = command.listen
        instructions = command.instructions
        cpu = command.cpu
        memory = command.memory
        pluginPaths = command.pluginPaths
    }

    /// `screens run APP` with nothing else on the line: the run ArgumentParser would parse
    /// it into, without its parse (reflection of the command and a search of the program's
    /// protocol conformances for each of its option types), which the `runner: screens run
    /// of an empty file` figure of `screens-bench` holds to its target. Anything else — an option, a word starting with `-`, help — is nil, and
    /// parsed.
    static func plain(_ arguments: [String]) -> AppRun? {
        guard arguments.count == 2, arguments[0] == "run", !arguments[1].hasPrefix("-"),
            !Subcommand.isSpecial(arguments[1])
        else { return nil }
        return AppRun(app: arguments[1])
    }

    /// Runs the app and returns the exit status.
    @MainActor func run() -> Int32 {
        if listen != nil { return runListening() }
        if watch { return runWatching() }
        let headless = self.headless || isatty(STDOUT_FILENO) == 0 || (replay != nil && !TerminalSession.isPossible)
        do {
            let recording = try replay.map { path throws(InputRecording.ParseError) in try InputRecording(contentsOfFile: path) }
            let loop = EventLoop(clock: headless ? .virtual : .real)
            let host = try ScriptHost(loop: loop, limits: luaLimits)
            host.pluginPaths = pluginPaths
            if let dataDir { host.dataDirectory = URL(fileURLWithPath: dataDir).standardizedFileURL.path }
            if let seed = recording?.randomSeed { try host.seedRandom(seed) }
            try host.loadApp(at: app)
            if let replay, let recorded = recording?.app, recorded != host.appID {
                printError("screens: warning: \(replay) was recorded on the app '\(recorded)', and this is '\(host.appID)': its touches may land elsewhere")
            }
            try host.launch(
                device: device ?? recording?.device ?? .iphone,
                orientation: orientation ?? recording?.orientation ?? .portrait)
            if !headless {
                let drawn = host.keyWindow != nil && TerminalSession.isPossible
                if record != nil, !drawn {
                    printError("screens: --record needs a window drawn on a terminal: nothing was recorded")
                }
                let session = TerminalSession(
                    host: host,
                    options: .init(
                        device: device ?? recording?.device ?? .iphone,
                        orientation: orientation ?? recording?.orientation ?? .portrait,
                        recordPath: record, replay: recording, duration: duration, noColor: noColor))
                let end = drawn ? session.run() : runUndrawn(host)
                if let path = record, drawn { printError("screens: wrote the recording \(path)") }
                return finish(session, end: end)
            } else if let recording {
                let player = InputPlayer(recording, host: host)
                player.start()
                let end = duration.map { loop.run(for: $0) } ?? player.runHeadless()
                if end == .timeUp && duration == nil {
                    printError(
                        "screens: the app was still busy \(Int(ScriptHost.settleLimit)) s of virtual time after the recording's "
                            + "last event (a one-shot timer or an animation kept going); --for SECONDS sets how long it runs")
                }
            } else {
                if host.runHeadless(for: duration) == .timeUp && duration == nil {
                    printError(
                        "screens: the app was still busy after \(Int(ScriptHost.settleLimit)) s of virtual time "
                            + "(a one-shot timer or an animation kept going); --for SECONDS sets how long it runs")
                }
            }
            if let snapshot {
                guard let screen = host.render(snapshot.hasSuffix(".svg") ? .svg : .text) else {
                    printError("screens: the app showed no window to write to \(snapshot)")
                    return 1
                }
                try Data(screen.utf8).write(to: URL(fileURLWithPath: snapshot))
            } else if headless, let screen = host.render(.text) {
                print(screen, terminator: screen.hasSuffix("\n") ? "" : "\n")
            }
            return listReportedErrors(of: host) ? 1 : 0
        } catch {
            return printStartFailure(error)
        }
    }

    /// After a terminal session: lists the script errors and where the error log is, ends the
    /// process with the signal that ended the session, if one did.
    ///
    /// - Returns: the exit status: 1 when a script error was reported or the last reload failed.
    @MainActor func finish(_ session: TerminalSession, end: TerminalSession.End) -> Int32 {
        let failed = listReportedErrors(of: session.host)
        if session.lastReloadFailed { printError("screens: the last reload failed; the app that ran was the one before it") }
        if session.errorLogWritten { printError("screens: the errors are in \(session.errorLog.path)") }
        if case .signal(let number) = end {
            signal(number, SIG_DFL)
            raise(number)
        }
        return failed || session.lastReloadFailed ? 1 : 0
    }

    /// A script without a window, or output to a terminal without input from one: the loop
    /// runs in real time until `loop.quit()`, nothing is left to do or `--for` ends it;
    /// nothing is drawn.
    @MainActor private func runUndrawn(_ host: ScriptHost) -> TerminalSession.End {
        if let duration { host.loop.after(duration) { _ in host.loop.quit() } }
        host.run()
        return .quit
    }

    /// Lists, one line each, the script errors the host reported (each was already written
    /// with its traceback when it happened).
    ///
    /// - Returns: whether there were any.
    @MainActor func listReportedErrors(of host: ScriptHost) -> Bool {
        guard let summary = host.reportedErrorsSummary else { return false }
        printError(summary)
        return true
    }
}

/// Limits shared by the commands that run scripts. Every call into Lua from the loop runs
/// under the instruction budget and the CPU time limit of ``ScriptHost/defaultLimits`` unless
/// an option says otherwise; 0 turns a limit off.
struct LimitOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: LimitOptions.instructionsHelp)
    var instructions: Int?

    @Option(parsing: .unconditional, help: LimitOptions.cpuHelp)
    var cpu: Double?

    @Option(help: "Megabytes the scripts may allocate (0: no limit).")
    var memory: Int = 0

    func validate() throws {
        try Self.validate(instructions: instructions, cpu: cpu)
    }

    var luaLimits: LuaLimits { Self.luaLimits(instructions: instructions, cpu: cpu, memory: memory) }

    static let instructionsHelp = ArgumentHelp(
        "Instructions one call into Lua may run before it is stopped (default: \(ScriptHost.defaultLimits.instructions ?? 0); 0: no limit).")
    static let cpuHelp = ArgumentHelp(
        "Seconds of CPU time one call into Lua may use before it is stopped, C library calls included (default: \(seconds(ScriptHost.defaultLimits.cpuSeconds ?? 0)); 0: no limit).")

    /// Refuses a negative budget, and a CPU time that is negative, infinite or not a number.
    static func validate(instructions: Int?, cpu: Double?) throws {
        if let instructions, instructions < 0 {
            throw ValidationError("--instructions needs a number, 0 or more, got \(instructions)")
        }
        if let cpu, !(cpu >= 0 && cpu.isFinite) {
            throw ValidationError("--cpu needs a number of seconds, 0 or more, got \(seconds(cpu))")
        }
    }

    /// The limits the options give: nil for the default, 0 for none.
    static func luaLimits(instructions: Int?, cpu: Double?, memory: Int) -> LuaLimits {
        let instructions = instructions ?? ScriptHost.defaultLimits.instructions ?? 0
        let cpu = cpu ?? ScriptHost.defaultLimits.cpuSeconds ?? 0
        return LuaLimits(
            memory: memory > 0 ? memory << 20 : nil, instructions: instructions > 0 ? instructions : nil,
            cpuSeconds: cpu > 0 ? cpu : nil)
    }

    /// Seconds as a person writes them: `10`, `0.5`, `nan`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

/// Writes why an app could not run as `screens: ...` on standard error (a Lua error with
/// its traceback cut to the app's code) and returns the exit status for it, 1.
@MainActor func printStartFailure(_ error: any Error) -> Int32 {
    if let error = error as? LuaError {
        printError("screens: \(error.hidingFrames(of: ScriptHost.ownChunks))")
    } else {
        printError("screens: \(error)")
    }
    return 1
}

/// Writes a line to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}
