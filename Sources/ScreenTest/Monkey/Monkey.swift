import EventLoop
import Foundation
import LuaBridge
import ScreenKit
import ScreenScript

/// Drives an app with random input chosen from what its screen shows, headless on the
/// virtual clock, until it has sent a number of events or a script error was reported: the
/// engine of `screens monkey`.
///
/// The same seed gives the same events and the same result. Each event goes to the app in
/// a one-shot timer at its time since launch, as ``InputPlayer`` plays a recording, so that
/// the recording of a run (``Result/recording``) replays to the same error.
///
/// ```swift
/// let result = Monkey.run(Monkey.Options(app: "scripts/gallery", seed: 42))
/// if let failure = result.failure { print(failure.errors) }
/// ```
public enum Monkey {
    public struct Options {
        /// The app folder or Lua file.
        public var app: String
        /// How many input events to send (a tap is two: a touch that begins and one that ends).
        public var events = 1000
        public var seed: UInt64
        public var device = Window.Device.iphone
        public var orientation = Window.Orientation.portrait
        /// The scripts' limits: a callback that loops for ever runs into the instruction
        /// budget, or, looping in C library calls, into the CPU time limit.
        public var limits = LuaLimits(memory: 1 << 30, instructions: Monkey.defaultInstructions, cpuSeconds: Monkey.defaultCPUSeconds)
        /// The `--plugin-path` folders, searched after the app's `plugins/`.
        public var pluginPaths: [String] = []
        /// Receives each event, as the line the recording holds, before it is sent (and
        /// `# app ID` once the app is loaded): the parent of a monkey
        /// run in a child process keeps them, should the app crash (see ``MonkeyProcess``).
        public var journal: ((String) -> Void)?

        public init(app: String, seed: UInt64) {
            self.app = app
            self.seed = seed
        }
    }

    /// Instructions one callback may run before it is stopped: far more than any screen's
    /// callback needs, and stopped within a second or so when one loops for ever.
    nonisolated public static let defaultInstructions = 50_000_000
    /// Seconds of CPU time one callback may use before it is stopped: the host's default.
    nonisolated public static let defaultCPUSeconds = ScriptHost.defaultLimits.cpuSeconds ?? 10

    /// Script errors reported after an event, and the monkey stopped there.
    public struct Failure {
        /// The event after which they were seen, counting from 1; 0 for errors at launch.
        public var event: Int
        public var errors: [ScriptHost.ReportedError]
        /// How many were reported; ``errors`` keeps the first ``ScriptHost/reportedErrorsKept``.
        public var count: Int
    }

    public struct Result {
        public var seed: UInt64
        /// The app's id, which names the recording file.
        public var appID: String
        /// The events sent, with their times since launch.
        public var recording: InputRecording
        /// Seconds of virtual time from launch to the end.
        public var virtualTime: Double
        /// The controllers seen on top, in the order they first showed.
        public var screens: [String]
        /// Nil when no script error was reported.
        public var failure: Failure?
        /// The app could not be loaded or launched.
        public var launchError: LuaError?
        /// Whether the app showed a window to send events to.
        public var hadWindow: Bool
    }

    /// Runs the monkey on the app; a fresh temporary data directory holds its data and is
    /// removed afterwards.
    public static func run(_ options: Options) -> Result {
        let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("screens-monkey-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: dataDirectory) }
        var result = Result(
            seed: options.seed, appID: appID(forPath: options.app), recording: InputRecording(device: options.device, orientation: options.orientation),
            virtualTime: 0, screens: [], failure: nil, launchError: nil, hadWindow: false)
        let loop = EventLoop(clock: .virtual)
        let host: ScriptHost
        do {
            host = try ScriptHost(loop: loop, limits: options.limits)
            host.pluginPaths = options.pluginPaths
            host.dataDirectory = dataDirectory
            // The errors are reported once, with the event that led to them.
            host.errorReporter = { _, _ in }
            try host.seedRandom(Int64(bitPattern: options.seed))
            try host.loadApp(at: options.app)
            result.appID = host.appID
            options.journal?(MonkeyProcess.appLinePrefix + host.appID)
            try host.launch(device: options.device, orientation: options.orientation)
        } catch {
            result.launchError = error
            return result
        }
        let driver = Driver(host: host, options: options)
        driver.run()
        result.recording = driver.recorder.recording
        result.recording.randomSeed = Int64(bitPattern: options.seed)
        result.virtualTime = loop.now - driver.recorder.startTime
        result.screens = driver.screens
        result.failure = driver.failure
        result.hadWindow = host.keyWindow != nil
        return result
    }

    /// The app's name from its path, before the app says its id.
    public static func appID(forPath path: String) -> String {
        var name = URL(fileURLWithPath: path).standardizedFileURL.lastPathComponent
        if name == "main.lua" { name = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().lastPathComponent }
        if name.hasSuffix(".lua") { name.removeLast(4) }
        return name.isEmpty ? "app" : name
    }

    /// Sends the events, each in a one-shot timer set by the one before it, and watches for
    /// reported errors between them.
    private final class Driver {
        let host: ScriptHost
        let options: Options
        let recorder: InputRecorder
        var random: SeededRandom
        /// The steps of the gesture under way that are still to come.
        var pending: [MonkeyChooser.Step] = []
        var sent = 0
        var errorsSeen = 0
        var failure: Failure?
        var screens: [String] = []
        var screenSet: Set<String> = []
        /// The next event's time since launch, in thousandths as the recording keeps it.
        var nextTime = 0.0
        var isScheduled = false

        init(host: ScriptHost, options: Options) {
            self.host = host
            self.options = options
            recorder = InputRecorder(loop: host.loop, app: host.appID, device: options.device, orientation: options.orientation)
            random = SeededRandom(seed: options.seed)
        }

        func run() {
            let loop = host.loop
            noteScreen()
            guard !checkErrors(), host.keyWindow != nil, options.events > 0 else { return settle() }
            schedule(after: random.thousandths(in: 0.3...1))
            while isScheduled {
                let due = recorder.startTime + nextTime
                loop.advance(by: max(0, due - loop.now))
            }
            if failure == nil { settle() }
        }

        /// Runs until the app is idle after the last event, as a replay does.
        private func settle() {
            host.loop.runUntilSettled(limit: ScriptHost.settleLimit)
            _ = checkErrors()
            noteScreen()
        }

        private func schedule(after delay: Double) {
            nextTime = ((nextTime + delay) * 1000).rounded() / 1000
            let loop = host.loop
            isScheduled = true
            loop.after(recorder.startTime + nextTime - loop.now) { [weak self] _ in self?.fire() }
        }

        private func fire() {
            isScheduled = false
            guard !checkErrors(), let window = host.keyWindow else { return }
            // As the player does before each event, so that a replay runs the same layout.
            window.layoutIfNeeded()
            if pending.isEmpty { pending = MonkeyChooser.gesture(on: window, using: &random) }
            let step = pending.removeFirst()
            let event = recorder.record(step.input)
            sent += 1
            options.journal?(InputRecording.line(event))
            InputPlayer.apply(event.input, to: window)
            noteScreen()
            guard sent < options.events else { return }
            if let step = pending.first {
                schedule(after: step.delay)
            } else {
                // Mostly quick, sometimes a pause that lets the app's timers and animations run.
                schedule(after: random.thousandths(in: random.weighted([(8, 0.05...0.4), (4, 0.4...1.5), (1, 1.5...4)])))
            }
        }

        /// Whether errors were reported since the last look; the first time, the monkey
        /// stops there.
        private func checkErrors() -> Bool {
            guard failure == nil else { return true }
            guard host.reportedErrorCount > errorsSeen else { return false }
            failure = Failure(
                event: sent, errors: Array(host.reportedErrors.dropFirst(errorsSeen)), count: host.reportedErrorCount - errorsSeen)
            errorsSeen = host.reportedErrorCount
            return true
        }

        /// Notes the controller on top, as the summary lists the screens seen.
        private func noteScreen() {
            guard let root = host.keyWindow?.rootViewController else { return }
            let name = Monkey.topController(from: root).className
            if screenSet.insert(name).inserted { screens.append(name) }
        }
    }

    /// The controller the screen shows on top: the last one presented, and inside it the
    /// innermost child on screen.
    static func topController(from root: ViewController) -> ViewController {
        var top = root
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        while let presented = top.presentedViewController, seen.insert(ObjectIdentifier(presented)).inserted { top = presented }
        while let child = top.children.last(where: { $0.viewIfLoaded?.window != nil }), seen.insert(ObjectIdentifier(child)).inserted {
            top = child
        }
        return top
    }
}
