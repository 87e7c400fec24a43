import EventLoop
import Foundation
import LuaBridge
import ScreenKit
import ScreenScript

/// `test.launch(app, options)`: loads an app into the test file's state and loop, launches
/// it and settles it.
///
/// The app is a path from the test file's folder (`".."` from `APP/tests/x_spec.lua`), or
/// else from the current folder; with no path, the app the test file belongs to: the
/// nearest folder above it with a `main.lua`.
///
/// The app sees the time zone the options name (UTC by default) until its launch ends (see
/// ``LaunchTimeZone``), so that its days and hours do not depend on the machine.
///
/// Each launch starts clean: the modules of the app's folder are loaded again (a module
/// table the last launch changed is not seen), the app's stores live in a new temporary data
/// directory (or `dataDir`, which is kept), and the window is a new one. `relaunch` and
/// `reload` start the same app again on the same data directory (see ``Pilot``). A launch ends the one before it (see
/// ``TestSession/endLaunch()``). A launch during a test ends with the test: its
/// data directory is removed, the app is unloaded, the animations it left running are
/// cancelled (their completions run) and the wall clock is set back; the timers its scripts
/// scheduled are cancelled with the rest of the test's schedule. A launch outside a test (in
/// `setup`) lasts until the file ends.
struct PilotLauncher {
    struct Options {
        /// Nil for the recording's, else the iPhone in portrait.
        var device: Window.Device?
        var orientation: Window.Orientation?
        var time: Double?
        var replay: String?
        var timeZone = LaunchTimeZone(LaunchTimeZone.standard)!
        /// The data directory to launch on, kept afterwards; nil for a fresh one.
        var dataDirectory: String?
    }

    static let optionNames = ["device", "orientation", "time", "replay", "dataDir", "timeZone"]
    /// The longest path `test.launch` takes, as the system's `PATH_MAX`.
    static let longestPath = 4096

    /// Unowned: `test.launch`, which the host's Lua state holds, holds the launcher.
    unowned let host: ScriptHost
    let session: TestSession

    /// Reads the options table at `index` (absent or nil for the defaults).
    static func options(_ args: LuaArguments, _ index: Int32) throws -> Options {
        var options = Options()
        guard !args.isNil(index) else { return options }
        guard let table = args[index].tableValue else {
            throw args.error(index, "table of options expected, got \(args.type(at: index))")
        }
        for (key, _) in table.pairs {
            guard let name = key.stringValue, optionNames.contains(name) else {
                let hint = key.stringValue.flatMap { LuaSuggestion.closest(to: $0, among: optionNames) }
                    .map { " (did you mean '\($0)'?)" } ?? ""
                throw args.error(index, "unknown option \(key)\(hint); the options are \(optionNames.joined(separator: ", "))")
            }
        }
        options.device = try args.field(index, "device", as: Window.Device?.self)
        options.orientation = try args.field(index, "orientation", as: Window.Orientation?.self)
        options.replay = try path(args, index, "replay", "a recording file")
        options.dataDirectory = try path(args, index, "dataDir", "a data directory")
        if let zone = try args.field(index, "timeZone", as: String?.self) {
            guard let known = LaunchTimeZone(zone) else {
                throw args.error(index, "timeZone: a time zone name such as \"UTC\" or \"Europe/Paris\" expected, got \"\(zone)\"")
            }
            options.timeZone = known
        }
        switch table["time"] {
        case .nil: break
        case .string(let text):
            guard let time = Self.time(from: text.description) else {
                throw args.error(index, "time: a date \"YYYY-MM-DD\", \"YYYY-MM-DDTHH:MM[:SS]Z\" or seconds since 1970 expected, got \"\(text)\"")
            }
            options.time = time
        case let value:
            guard let number = value.numberValue, number.isFinite, abs(number) <= LoopClock.wallClockLimit else {
                throw args.error(index, "time: seconds since 1970 (finite, within 10^12) or a date string expected, got \(value)")
            }
            options.time = number
        }
        return options
    }

    /// The path in option `name`, checked: the system reads a path up to its first NUL, which
    /// would name another file than the one given.
    /// A number is refused rather than turned into a name: `dataDir = 0/0` would make a
    /// folder called `-nan`.
    private static func path(_ args: LuaArguments, _ index: Int32, _ name: String, _ what: String) throws -> String? {
        let value = args[index].tableValue?[name] ?? .nil
        guard !value.isNil else { return nil }
        guard case .string = value else {
            throw args.error(index, "\(name): \(what) (a path) expected, got \(value.type)")
        }
        let path = try args.field(index, name, as: String.self)
        guard path.isEmpty || path.utf8.count > longestPath || path.utf8.contains(0) else { return path }
        let nul = path.utf8.contains(0) ? ", got a path with a NUL byte" : ""
        throw args.error(index, "\(name): \(what) (a path of 1 to \(longestPath) bytes) expected\(nul)")
    }

    /// Seconds since 1970 for "2026-03-01", "2026-03-01T08:30Z" or "2026-03-01T08:30:15Z"
    /// (UTC; a space may stand for the T, and the Z may be left out).
    static func time(from text: String) -> Double? {
        let pattern = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?Z?$/
        guard let match = text.wholeMatch(of: pattern) else { return nil }
        var components = DateComponents()
        components.calendar = Calendar(identifier: .gregorian)
        components.timeZone = TimeZone(identifier: "UTC")
        components.year = Int(match.1)
        components.month = Int(match.2)
        components.day = Int(match.3)
        components.hour = match.4.flatMap { Int($0) } ?? 0
        components.minute = match.5.flatMap { Int($0) } ?? 0
        components.second = match.6.flatMap { Int($0) } ?? 0
        guard components.isValidDate, let date = components.date else { return nil }
        return date.timeIntervalSince1970
    }

    /// Finds a file a test names: `path` from the test file's folder, or else from the
    /// current folder, as `screens run` takes it.
    func resolve(_ path: String) -> String {
        guard !path.hasPrefix("/"), !session.fileFolder.isEmpty else { return path }
        let beside = (session.fileFolder as NSString).appendingPathComponent(path)
        return FileManager.default.fileExists(atPath: beside) || !FileManager.default.fileExists(atPath: path) ? beside : path
    }

    /// The app the test file belongs to: the nearest folder above it with a `main.lua`.
    func appOfTestFile() throws -> String {
        let start = URL(fileURLWithPath: session.fileFolder.isEmpty ? "." : session.fileFolder).standardizedFileURL
        var folder = start
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("main.lua").path) {
                return folder.path
            }
            let parent = folder.deletingLastPathComponent()
            guard parent.path != folder.path else { break }
            folder = parent
        }
        throw PilotError(
            "test.launch: no app holds this test file: no folder from \(start.path) up has a main.lua; name the app: test.launch(\"path/to/app\")")
    }

    func launch(_ given: String?, options: Options) throws -> Pilot {
        let path = try given.map(resolve) ?? appOfTestFile()
        let name = given ?? (path as NSString).lastPathComponent
        let recording = try options.replay.map { file in
            do {
                return try InputRecording(contentsOfFile: resolve(file))
            } catch {
                throw PilotError("test.launch: the recording cannot be played: \(error)")
            }
        }
        var dataDirectory = options.dataDirectory.map(resolve)
        if let given = dataDirectory {
            var isFolder: ObjCBool = false
            if !FileManager.default.fileExists(atPath: given, isDirectory: &isFolder) {
                do {
                    try FileManager.default.createDirectory(atPath: given, withIntermediateDirectories: true)
                } catch {
                    throw PilotError("test.launch: the data directory \(given) cannot be made: \(error.localizedDescription)")
                }
            } else if !isFolder.boolValue {
                throw PilotError("test.launch: the data directory \(given) is a file, not a folder")
            }
            dataDirectory = URL(fileURLWithPath: given).standardizedFileURL.path
        }
        return try start(
            Launch(path: path, name: name, device: options.device ?? recording?.device ?? .iphone,
                   orientation: options.orientation ?? recording?.orientation ?? .portrait,
                   dataDirectory: dataDirectory, keepsData: dataDirectory != nil, timeZone: options.timeZone),
            time: options.time, recording: recording.map { ($0, options.replay ?? "") })
    }

    /// What a pilot keeps of its launch, to start the app again.
    struct Launch {
        /// The app's folder or file, resolved.
        var path: String
        /// The app as the test named it, for messages.
        var name: String
        var device: Window.Device
        var orientation: Window.Orientation
        /// Nil before the first launch made a fresh one.
        var dataDirectory: String?
        /// Whether the directory is the test's own (`dataDir`), kept after the test.
        var keepsData: Bool
        /// The zone the app sees, as long as this launch lasts.
        var timeZone: LaunchTimeZone
    }

    /// Starts the app of `launch`, ending the one before it.
    ///
    /// - Parameters:
    ///   - restoring: the navigation state to bring back (a reload), nil for a new start.
    ///   - reloading: the pilot to carry on with the new window (a reload); nil for a new one.
    func start(
        _ launch: Launch, time: Double? = nil, recording: (InputRecording, String)? = nil,
        restoring: NavigationState? = nil, into reloading: Pilot? = nil
    ) throws -> Pilot {
        let given = launch.name
        session.endLaunch()
        host.unloadApp()
        try forgetModules(of: launch.path)
        let baseDirectory = host.dataDirectory
        var launch = launch
        let dataDirectory = launch.dataDirectory
            ?? (baseDirectory as NSString).appendingPathComponent("launch-\(UUID().uuidString)")
        let isNewDirectory = launch.dataDirectory == nil
        if isNewDirectory {
            try? FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        }
        launch.dataDirectory = dataDirectory
        host.dataDirectory = dataDirectory
        let loop = host.loop
        let wallOffset = loop.wallTime - loop.now
        if let time { loop.setWallTime(time) }
        let animationsBefore = Set(loop.animationsInFlight.map(ObjectIdentifier.init))
        let scheduleMark = host.schedule.mark
        let restoreTimeZone = launch.timeZone.apply()
        // Transitions and animations the app left running would go on into the next test,
        // or the next launch: they end, and their completions run; so do the timers its
        // scripts set, which the test's end would cancel anyway.
        session.launchEnding = { [weak host] in
            defer { restoreTimeZone() }
            guard let host else { return }
            for animation in loop.animationsInFlight where !animationsBefore.contains(ObjectIdentifier(animation)) {
                animation.cancel()
            }
            host.schedule.cancel(since: scheduleMark)
            loop.runUntilIdle()
        }
        // A fresh directory goes with the test that made it (a relaunch's, with the first
        // launch's test); one the test gave is kept.
        let removesData = isNewDirectory && !launch.keepsData
        _ = session.atEndOfTest { [weak host, unowned session] in
            session.endLaunch()
            guard let host else { return }
            host.unloadApp()
            host.dataDirectory = baseDirectory
            if removesData { try? FileManager.default.removeItem(atPath: dataDirectory) }
            if time != nil { loop.setWallTime(wallOffset + loop.now) }
        }
        let firstReport = session.recorded
        do {
            // A reload finds the controllers' classes by name in the new code.
            try host.recordClasses()
            // The app's math.random gives what it gave when the recording was made.
            if let seed = recording?.0.randomSeed { try host.seedRandom(seed) }
            try host.loadApp(at: launch.path)
        } catch {
            throw PilotError("test.launch: the app \(given) failed to load: \(Self.describe(error))")
        }
        let launched: Window?
        do {
            launched = try host.launch(device: launch.device, orientation: launch.orientation)
        } catch {
            throw PilotError("test.launch: didFinishLaunching of \(given) failed: \(Self.describe(error))")
        }
        // A script without an app table shows nothing: its pilot sees an empty screen.
        let window = launched ?? Window(device: launch.device, orientation: launch.orientation, loop: host.loop)
        if launched == nil { window.makeKeyAndVisible() }
        let notes = restoring.map { $0.restore(into: window, host: host) } ?? []
        let pilot: Pilot
        if let reloaded = reloading {
            reloaded.begin(window: window, app: host.app, firstReport: firstReport, launch: launch, notes: notes)
            pilot = reloaded
        } else {
            pilot = Pilot(host: host, session: session, window: window, app: host.app, firstReport: firstReport, launch: launch)
        }
        let ended = session.launchEnding
        session.launchEnding = { [weak pilot] in
            pilot?.hasEnded = true
            ended?()
        }
        guard let (recording, file) = recording else {
            try pilot.settle(after: restoring == nil ? "launching \(given)" : "reloading \(given)")
            return pilot
        }
        // The recording's times count from the launch; its events come in one-shot timers,
        // so settling plays them all, and then waits as after any action.
        let player = InputPlayer(recording, host: host)
        player.start()
        let ending = session.launchEnding
        session.launchEnding = {
            player.cancel()
            ending?()
        }
        let remaining = max(0, (player.endTime ?? loop.now) - loop.now)
        try pilot.settle(timeout: remaining + Pilot.defaultSettleTimeout, after: "replaying \(file)")
        return pilot
    }

    /// The message with the traceback of the app's code, which the test's failure would not show.
    private static func describe(_ error: LuaError) -> String {
        let error = error.hidingFrames(of: ScriptHost.ownChunks)
        guard let traceback = error.traceback.map(TestTraceback.trimmed) ?? nil, !traceback.isEmpty else {
            return error.message
        }
        return error.message + "\n" + traceback
    }

    // MARK: - Modules

    /// Forgets the modules loaded from the app's folder, so that `require` loads them again.
    private func forgetModules(of path: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return }
        let folder = isFolder.boolValue ? path : (path as NSString).deletingLastPathComponent
        let names = Self.moduleNames(in: folder.isEmpty ? "." : folder)
        guard !names.isEmpty else { return }
        try host.forgetModules(names)
    }

    /// The most Lua files of an app's folder whose modules a launch forgets.
    static let modulesForgotten = 2000

    /// The names `require` gives the Lua files under `folder`: `a/b.lua` is `a.b`, and
    /// `a/init.lua` is `a`.
    static func moduleNames(in folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var names: [String] = []
        var visited = 0
        while let relative = walker.nextObject() as? String, names.count < modulesForgotten, visited < modulesForgotten * 10 {
            visited += 1
            guard relative.hasSuffix(".lua") else { continue }
            var name = String(relative.dropLast(4)).replacingOccurrences(of: "/", with: ".")
            if name.hasSuffix(".init") { name = String(name.dropLast(5)) }
            names.append(name)
        }
        return names
    }
}
