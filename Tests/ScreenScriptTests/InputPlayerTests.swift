import Foundation
import Testing
import EventLoop
import LuaBridge
import ScreenKit
@testable import ScreenScript

@MainActor
struct InputPlayerTests {
    /// A button that counts its taps in a label, a text field, and a list of 40 rows.
    static let app = """
        local app = {}
        function app.didFinishLaunching(window)
          label = ui.Label:new{ frame = { 0, 0, 320, 20 }, text = "0" }
          local button = ui.Button:new{ frame = { 100, 40, 120, 40 } }
          button:setTitle("Tap", "normal")
          local taps = 0
          button:addTarget(function() taps = taps + 1; label.text = tostring(taps) end, "touchUpInside")
          field = ui.TextField:new{ frame = { 0, 100, 320, 20 } }
          scroller = ui.ScrollView:new{ frame = { 0, 200, 320, 100 }, contentSize = { 320, 1000 } }
          for _, view in ipairs{ label, button, field, scroller } do window:addSubview(view) end
        end
        return app
        """

    /// Launches the app on a loop with `clock`.
    func launch(clock: LoopClock = .virtual) throws -> ScriptHost {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("player-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.app.write(toFile: folder + "/main.lua", atomically: true, encoding: .utf8)
        let host = try ScriptHost(loop: EventLoop(clock: clock))
        try host.loadApp(at: folder)
        try host.launch()
        return host
    }

    func lua(_ host: ScriptHost, _ expression: String) throws -> LuaValue {
        try host.lua.run("return " + expression, name: "=test").first ?? .nil
    }

    @Test func eachEventHappensAtItsTime() throws {
        let host = try launch()
        let recording = try InputRecording(parsing: """
            1.000 touch began 160 60
            1.050 touch ended 160 60
            2.000 touch began 160 60
            2.050 touch ended 160 60
            3.000 touch began 10 400
            3.050 touch ended 10 400
            """)
        let player = InputPlayer(recording, host: host)
        var played: [Double] = []
        player.didPlay = { _ in played.append(host.loop.now) }
        player.start()
        host.loop.advance(by: 1.025)
        #expect(try lua(host, "label.text") == "0")
        host.loop.advance(by: 0.5)
        #expect(try lua(host, "label.text") == "1")
        host.loop.advance(by: 1)
        #expect(try lua(host, "label.text") == "2")
        #expect(!player.isFinished)
        host.loop.advance(by: 1)
        // The last tap hit nothing: nothing changed, and nothing failed.
        #expect(try lua(host, "label.text") == "2")
        #expect(player.isFinished)
        #expect(played == [1, 1.05, 2, 2.05, 3, 3.05])
        #expect(host.reportedErrorCount == 0)
    }

    @Test func keysMoveTheFocusTapItTypeIntoAFieldAndScroll() throws {
        let host = try launch()
        let player = InputPlayer(try InputRecording(parsing: """
            1.000 key tab
            1.100 key enter
            1.200 key space
            2.000 key tab
            2.100 key enter
            2.200 text "Hi"
            2.300 key return
            3.000 key tab
            3.100 key shift-tab
            3.200 key shift-tab
            3.300 key return
            4.000 key escape
            4.100 key tab
            4.200 key tab
            4.300 key pagedown
            """), host: host)
        player.start()
        host.loop.advance(by: 10)
        #expect(player.isFinished)
        // Tab, Enter and Space tapped the button twice; Tab and Enter began editing the
        // field, which took the text; Shift-Tab went back round to the button.
        #expect(try lua(host, "label.text") == "3")
        #expect(try lua(host, "field.text") == "Hi")
        // Nothing in the scroll view takes the focus, so page down scrolled it, being the
        // largest on screen.
        #expect(try lua(host, "scroller.contentOffset.y") == .number(84))
        #expect(host.reportedErrorCount == 0)
    }

    @Test func everyKeyTheWindowKnowsCanBeRecorded() {
        #expect(Set(Window.keyNames).isSubset(of: InputRecording.keyNames))
    }

    @Test func timesCountFromTheStartGiven() throws {
        let host = try launch()
        host.loop.advance(by: 5)
        let player = InputPlayer(try InputRecording(parsing: "1.000 touch began 160 60\n1.000 touch ended 160 60"), host: host)
        player.start(at: 3.5)
        host.loop.advance(by: 0)
        #expect(try lua(host, "label.text") == "1")
        #expect(player.isFinished)
    }

    @Test func aHeadlessRunPlaysEverythingThenSettles() throws {
        let host = try launch()
        let recording = try InputRecording(parsing: """
            90.000 touch began 160 20
            90.100 touch ended 160 110
            90.200 touch began 160 110
            90.300 touch ended 160 110
            91.000 text "Hi\\tthere"
            91.500 key backspace
            92.000 scroll 160 250 120
            92.000 scroll 10 10 120
            93.000 rotate landscape
            94.000 memory-warning
            """)
        let end = InputPlayer(recording, host: host).runHeadless()
        #expect(end == .settled)
        #expect(host.loop.now >= 94)
        #expect(try lua(host, "field.text") == "Hi\tther")
        #expect(try lua(host, "scroller.contentOffset.y") == .number(120))
        #expect(host.keyWindow?.orientation == .landscape)
        #expect(host.reportedErrorCount == 0)
    }

    @Test func cancellingDropsTheEventsLeft() throws {
        let host = try launch()
        let player = InputPlayer(try InputRecording(parsing: "1.000 touch began 160 60\n1.000 touch ended 160 60"), host: host)
        player.start()
        player.cancel()
        host.loop.advance(by: 2)
        #expect(try lua(host, "label.text") == "0")
        #expect(player.isFinished)
    }

    @Test func onARealClockEventsDueNowPlayInTheNextStep() throws {
        let host = try launch(clock: .real)
        // Times are counted from a start long past, so every event is due.
        let player = InputPlayer(try InputRecording(parsing: "0.000 touch began 160 60\n0.000 touch ended 160 60"), host: host)
        player.start(at: host.loop.now - 10)
        host.loop.runUntilIdle()
        #expect(player.isFinished)
        #expect(try lua(host, "label.text") == "1")
    }
}
