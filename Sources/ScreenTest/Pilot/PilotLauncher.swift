import EventLoop
import Foundation
import LuaBridge
import ScreenKit
import ScreenScript

/// `test.launch(app, options)`: loads an app into the test file's state and loop, launches
/// it and settles it.
///
/// Each launch starts clean: the modules of the app's folder are loaded again (a module
/// table the last launch changed is not seen), the app's stores live in a new temporary data
/// directory, and the window is a new one. A launch ends the one before it (see
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
    }

    static let optionNames = ["device", "orientation", "time", "replay"]
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
        options.replay = try args.field(index, "replay", as: String?.self)
        if let replay = options.replay, replay.isEmpty || replay.utf8.count > longestPath || replay.utf8.contains(0) {
            // The system reads a path up to its first NUL: another file than the one named.
            let nul = replay.utf8.contains(0) ? ", got a path with a NUL byte" : ""
            throw args.error(index, "replay: a recording file (a path of 1 to \(longestPath) bytes) expected\(nul)")
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

    /// Finds the app: `path` from the current folder, as `screens run` takes it, or else
    /// from the test file's folder.
    func resolve(_ path: String) -> String {
        guard !path.hasPrefix("/"), !FileManager.default.fileExists(atPath: path), !session.fileFolder.isEmpty else {
            return path
        }
        let beside = (session.fileFolder as NSString).appendingPathComponent(path)
        return FileManager.default.fileExists(atPath: beside) ? beside : path
    }

    func launch(_ given: String, options: Options) throws -> Pilot {
        let recording = try options.replay.map { file in
            do {
                return try InputRecording(contentsOfFile: resolve(file))
            } catch {
                throw PilotError("test.launch: the recording cannot be played: \(error)")
            }
        }
        let device = options.device ?? recording?.device ?? .iphone
        let orientation = options.orientation ?? recording?.orientation ?? .portrait
        let path = resolve(given)
        session.endLaunch()
        host.unloadApp()
        try forgetModules(of: path)
        let baseDirectory = host.dataDirectory
        let dataDirectory = (baseDirectory as NSString).appendingPathComponent("launch-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        host.dataDirectory = dataDirectory
        let loop = host.loop
        let wallOffset = loop.wallTime - loop.now
        if let time = options.time { loop.setWallTime(time) }
        let animationsBefore = Set(loop.animationsInFlight.map(ObjectIdentifier.init))
        let scheduleMark = host.schedule.mark
        // Transitions and animations the app left running would go on into the next test,
        // or the next launch: they end, and their completions run; so do the timers its
        // scripts set, which the test's end would cancel anyway.
        session.launchEnding = { [weak host] in
            guard let host else { return }
            for animation in loop.animationsInFlight where !animationsBefore.contains(ObjectIdentifier(animation)) {
                animation.cancel()
            }
            host.schedule.cancel(since: scheduleMark)
            loop.runUntilIdle()
        }
        _ = session.atEndOfTest { [weak host, unowned session] in
            session.endLaunch()
            guard let host else { return }
            host.unloadApp()
            host.dataDirectory = baseDirectory
            try? FileManager.default.removeItem(atPath: dataDirectory)
            if options.time != nil { loop.setWallTime(wallOffset + loop.now) }
        }
        let firstReport = session.recorded
        do {
            // The app's math.random gives what it gave when the recording was made.
            if let seed = recording?.randomSeed { try host.seedRandom(seed) }
            try host.loadApp(at: path)
        } catch {
            throw PilotError("test.launch: the app \(given) failed to load: \(Self.describe(error))")
        }
        let launched: Window?
        do {
            launched = try host.launch(device: device, orientation: orientation)
        } catch {
            throw PilotError("test.launch: didFinishLaunching of \(given) failed: \(Self.describe(error))")
        }
        // A script without an app table shows nothing: its pilot sees an empty screen.
        let window = launched ?? Window(device: device, orientation: orientation, loop: host.loop)
        if launched == nil { window.makeKeyAndVisible() }
        let pilot = Pilot(host: host, window: window, app: host.app, session: session, firstReport: firstReport, name: given)
        let ended = session.launchEnding
        session.launchEnding = { [weak pilot] in
            pilot?.hasEnded = true
            ended?()
        }
        guard let recording, let file = options.replay else {
            try pilot.settle(after: "launching \(given)")
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
