import Foundation
import Testing
import EventLoop
import ScreenScript
@testable import ScreenTest

@MainActor
struct MonkeyTests {
    /// An app with a list of buttons; the one titled "Broken" fails when tapped.
    static let app = """
        local app = {}
        function app.didFinishLaunching(window)
          local names = { "One", "Two", "Broken", "Four" }
          for i, name in ipairs(names) do
            local button = ui.Button:new{ frame = { 16, 40 * i, 200, 32 } }
            button:setTitle(name, "normal")
            button:addTarget(function()
              if name == "Broken" then error("broken button") end
            end, "touchUpInside")
            window:addSubview(button)
          end
        end
        return app
        """

    func withApp(_ source: String = app, _ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("monkey-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try source.write(toFile: folder + "/main.lua", atomically: true, encoding: .utf8)
        try body(folder)
    }

    @Test func everyKeyItPressesIsOneARecordingHolds() throws {
        for key in MonkeyChooser.keys {
            let text = InputRecording(events: [.init(time: 1, input: .key(key))]).text
            #expect(try InputRecording(parsing: text).events.count == 1, "\(key)")
        }
    }

    @Test func findsTheBrokenButtonTheSameWayForTheSameSeed() throws {
        try withApp { folder in
            var options = Monkey.Options(app: folder, seed: 7)
            options.events = 500
            var journal: [String] = []
            options.journal = { journal.append($0) }
            let first = Monkey.run(options)
            options.journal = nil
            let second = Monkey.run(options)
            let failure = try #require(first.failure)
            #expect(failure.event == first.recording.events.count)
            #expect(failure.errors.map(\.error.message) == ["\(folder)/main.lua:8: broken button"])
            #expect(first.recording == second.recording)
            #expect(second.failure?.event == failure.event)
            #expect(journal.first == "# app " + URL(fileURLWithPath: folder).lastPathComponent)
            #expect(Array(journal.dropFirst()) == first.recording.events.map(InputRecording.line))
        }
    }

    @Test func itsRecordingPlaysBackToTheSameError() throws {
        try withApp { folder in
            let result = Monkey.run(Monkey.Options(app: folder, seed: 11))
            let failure = try #require(result.failure)
            let host = try ScriptHost(loop: EventLoop(clock: .virtual))
            host.errorReporter = { _, _ in }
            try host.loadApp(at: folder)
            try host.launch()
            InputPlayer(result.recording, host: host).runHeadless()
            #expect(host.reportedErrors.map(\.description) == failure.errors.map(\.description))
        }
    }

    @Test func luasRandomNumbersAreSeededSoThatAReplayDrawsTheSame() throws {
        let dice = """
            local app = {}
            function app.didFinishLaunching(window)
              local button = ui.Button:new{ frame = { 0, 0, 320, 480 } }
              button:setTitle("Roll", "normal")
              button:addTarget(function() error("rolled " .. math.random(1, 1000000)) end, "touchUpInside")
              window:addSubview(button)
            end
            return app
            """
        try withApp(dice) { folder in
            let result = Monkey.run(Monkey.Options(app: folder, seed: 99))
            let failure = try #require(result.failure)
            #expect(result.recording.randomSeed == 99)
            let replayed = try InputRecording(parsing: result.recording.text)
            let host = try ScriptHost(loop: EventLoop(clock: .virtual))
            host.errorReporter = { _, _ in }
            try host.seedRandom(try #require(replayed.randomSeed))
            try host.loadApp(at: folder)
            try host.launch()
            InputPlayer(replayed, host: host).runHeadless()
            #expect(host.reportedErrors.map(\.description) == failure.errors.map(\.description))
        }
    }

    @Test func anAppWithoutErrorsRunsEveryEvent() throws {
        try withApp(Self.app.replacingOccurrences(of: "\"Two\", \"Broken\"", with: "\"Two\", \"Three\"")) { folder in
            var options = Monkey.Options(app: folder, seed: 3)
            options.events = 200
            let result = Monkey.run(options)
            #expect(result.failure == nil)
            #expect(result.recording.events.count == 200)
            #expect(result.virtualTime > 0)
            #expect(result.hadWindow)
        }
    }

    /// The pickers' fixture app: a picker, a date picker and a spinner take taps, drags, the
    /// wheel and keys without a script error.
    @Test func pickersTakeEverythingTheMonkeyDoes() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lua/pilot/apps/pickers").path
        var options = Monkey.Options(app: folder, seed: 3)
        options.events = 1000
        let run = Monkey.run(options)
        #expect(run.failure == nil)
        #expect(run.recording.events.count == 1000)
    }

    @Test func theSeededGeneratorIsTheSameEverywhere() {
        var random = SeededRandom(seed: 42)
        #expect((0..<3).map { _ in random.next() } == [13679457532755275413, 2949826092126892291, 5139283748462763858])
        var dice = SeededRandom(seed: 1)
        let rolls = (0..<1000).map { _ in dice.int(in: 1...6) }
        #expect(Set(rolls) == Set(1...6))
    }
}
