import ArgumentParser
import Foundation
import LuaBridge
import ScreenKit
import ScreenScript
import ScreenTest

/// `screens monkey APP`: random input on what the app's screen shows, in virtual time,
/// until a script error or a crash, which is reported with the seed and the event number
/// and written as a recording that `screens run --replay` plays back.
struct MonkeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monkey",
        abstract: "Drive an app with random input, headless, and report script errors and crashes.",
        discussion: """
            The monkey launches the app headless on the virtual clock, with a fresh temporary \
            data directory (removed afterwards), and sends it --events random events chosen \
            from what the screen shows: mostly taps on controls, list cells and bar buttons, \
            and also taps anywhere, drags, swipes, long presses, the wheel, keys (escape, \
            return, backspace, characters), typed text, rotations and memory warnings, with \
            virtual time passing between them. The same --seed gives the same events and the \
            same result; without one a random seed is chosen, and it is always printed.

            The monkey stops at the first script error (or a callback that runs past \
            --instructions or --cpu, which is how a script that loops for ever is stopped), \
            or when the app crashes: it reports the seed, the event number, the error's message and \
            traceback, and writes the events up to there as a recording (--out, by default \
            monkey-<app>-<seed>.rec in the current folder) that \
            `screens run APP --replay FILE` plays back to the same error. The app runs in a \
            child process, so that a crash, an os.exit or a callback stuck in C (no event for \
            --stall-limit seconds) is reported the same way rather than taking the monkey down.

            Exits with status 0 when no error was reported, 1 when one was or the app crashed.
            """)

    @Argument(help: "The app folder or Lua file.", completion: .file(extensions: ["lua"]))
    var app: String

    @Option(parsing: .unconditional, help: "How many input events to send (a tap is two: a touch that begins and one that ends).")
    var events: Int = 1000

    @Option(parsing: .unconditional, help: "The seed of the random choices (default: a random one, printed).")
    var seed: UInt64?

    @Option(help: "The device: iphone (320×480) or ipad (768×1024).")
    var device: Window.Device = .iphone

    @Option(help: "portrait or landscape.")
    var orientation: Window.Orientation = .portrait

    @Option(help: "Where to write the recording of a failed run (default: monkey-<app>-<seed>.rec).", completion: .file(extensions: ["rec"]))
    var out: String?

    @Option(parsing: .unconditional, help: "Instructions one callback may run before it is stopped (0: no limit).")
    var instructions: Int = Monkey.defaultInstructions

    @Option(parsing: .unconditional, help: "Seconds of CPU time one callback may use before it is stopped, C library calls included (0: no limit).")
    var cpu: Double = Monkey.defaultCPUSeconds

    @OptionGroup var plugins: PluginPathOptions

    @Option(parsing: .unconditional, help: "Real seconds the app may go without sending an event before it is called stuck and stopped.")
    var stallLimit: Double = 60

    /// Where a child run writes each event before sending it; the parent reads it after a crash.
    @Option(help: .hidden)
    var journal: String?

    func validate() throws {
        guard events >= 0 else { throw ValidationError("--events needs a number of events, 0 or more, got \(events)") }
        try LimitOptions.validate(instructions: instructions, cpu: cpu)
        if out?.isEmpty == true { throw ValidationError("--out needs a file name") }
        guard stallLimit > 0 && stallLimit.isFinite else { throw ValidationError("--stall-limit needs a number of seconds, more than 0") }
    }

    func run() throws {
        let status = MainActor.assumeIsolated { () -> Int32 in
            let seed = self.seed ?? UInt64.random(in: 0...UInt64(1 << 53))
            if let journal { return runHere(seed: seed, journal: journal) }
            // Written at once, unbuffered, so that it comes before what the child prints.
            FileHandle.standardOutput.write(Data("screens monkey: \(app), seed \(seed), \(events) events\n".utf8))
            return runInChild(seed: seed)
        }
        if status != 0 { throw ExitCode(status) }
    }

    private func recordingPath(appID: String, seed: UInt64) -> String {
        out ?? "monkey-\(appID)-\(seed).rec"
    }

    // MARK: - The parent

    /// Runs the monkey in a child process with the same options and its journal, and
    /// reports from the events it journalled when the app took the process down.
    @MainActor private func runInChild(seed: UInt64) -> Int32 {
        var command = [Test.executablePath(), "monkey", app, "--events", "\(events)", "--seed", "\(seed)", "--device", device.rawValue,
                       "--orientation", orientation.rawValue, "--instructions", "\(instructions)", "--cpu", "\(cpu)"]
        if let out { command += ["--out", out] }
        for folder in plugins.folders { command += ["--plugin-path", folder] }
        let child = MonkeyProcess(command: command + ["--journal"], stallLimit: stallLimit)
        let ending: MonkeyProcess.Ending
        do {
            ending = try child.run()
        } catch {
            printError("screens monkey: cannot start the monkey's process: \(error)")
            return 1
        }
        let what: String
        switch ending {
        case .finished(let status): return status
        case .exited(let status): what = "the app ended the process (exit status \(status))"
        case .signalled(let signal): what = "the app crashed (signal \(signal), \(String(cString: strsignal(signal))))"
        case .stalled: what = "the app was stuck for \(Self.seconds(stallLimit)) s (inside one call of a C function, where no limit can stop it)"
        }
        let journal = child.journal()
        var recording = journal.recording
        recording.device = device
        recording.orientation = orientation
        recording.randomSeed = Int64(bitPattern: seed)
        var report = ["screens monkey: \(what) at event \(recording.events.count) of \(events) (seed \(seed))"]
        if let last = recording.events.last { report.append("  \(recording.events.count): \(InputRecording.line(last))") }
        let appID = journal.appID ?? Monkey.appID(forPath: app)
        recording.app = appID
        report.append(writeRecording(recording, to: recordingPath(appID: appID, seed: seed)))
        printError(report.joined(separator: "\n"))
        return 1
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e15 ? String(Int64(value)) : String(value)
    }

    // MARK: - The child

    @MainActor private func runHere(seed: UInt64, journal: String) -> Int32 {
        var options = Monkey.Options(app: app, seed: seed)
        options.events = events
        options.pluginPaths = plugins.folders
        options.device = device
        options.orientation = orientation
        options.limits = LuaLimits(
            memory: options.limits.memory, instructions: instructions > 0 ? instructions : nil, cpuSeconds: cpu > 0 ? cpu : nil)
        let handle = FileHandle(forWritingAtPath: journal)
        options.journal = { line in handle?.write(Data((line + "\n").utf8)) }
        let result = Monkey.run(options)
        handle?.write(Data((MonkeyProcess.endLine + "\n").utf8))
        try? handle?.close()
        if let error = result.launchError {
            printError("screens monkey: the app failed to launch (seed \(seed)): \(error.hidingFrames(of: ScriptHost.ownChunks))")
            return 1
        }
        guard let failure = result.failure else {
            print(summary(of: result))
            return 0
        }
        var report = [failure.event == 0
            ? "screens monkey: a script error at launch (seed \(seed))"
            : "screens monkey: a script error after event \(failure.event) of \(events) (seed \(seed))"]
        if let last = result.recording.events.last { report.append("  \(failure.event): \(InputRecording.line(last))") }
        report += failure.errors.map { "error in \($0.context): \($0.error)" }
        if failure.count > failure.errors.count { report.append("and \(failure.count - failure.errors.count) more errors") }
        // A replay under the same limit stops the script where the monkey's did.
        var limit = ""
        if failure.errors.contains(where: { $0.error.kind == .instructionBudget }) { limit += " --instructions \(instructions)" }
        if failure.errors.contains(where: { $0.error.kind == .cpuTimeLimit }) { limit += " --cpu \(Self.seconds(cpu))" }
        report.append(writeRecording(result.recording, to: recordingPath(appID: result.appID, seed: seed), limit: limit))
        printError(report.joined(separator: "\n"))
        return 1
    }

    @MainActor private func summary(of result: Monkey.Result) -> String {
        guard result.hadWindow else { return "screens monkey: the app showed no window: no events sent, no script errors" }
        let seconds = (result.virtualTime * 1000).rounded() / 1000
        let screens = result.screens.isEmpty ? "" : "; screens seen (\(result.screens.count)): \(result.screens.joined(separator: ", "))"
        return "screens monkey: \(result.recording.events.count) events in \(seconds) s of virtual time, no script errors\(screens)"
    }

    /// Writes the recording and says where, and how to play it back (with `limit`, the
    /// options that play it under the monkey's limits).
    @MainActor private func writeRecording(_ recording: InputRecording, to path: String, limit: String = "") -> String {
        do {
            try recording.text.write(toFile: path, atomically: true, encoding: .utf8)
            return "screens monkey: wrote \(path); `screens run \(app)\(limit) --replay \(path)` plays it back"
        } catch {
            return "screens monkey: cannot write the recording to \(path): \(error.localizedDescription)"
        }
    }
}
