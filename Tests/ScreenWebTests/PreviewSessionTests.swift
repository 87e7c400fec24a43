import EventLoop
import Foundation
import ScreenScript
import Testing
@testable import ScreenWeb

/// The preview's loop side, on a virtual clock: tabs are played by outboxes that record what
/// the session sends them, and their messages go through the session's mailbox as the
/// server's tasks post them.
@MainActor
@Suite("Preview sessions", .serialized)
final class PreviewSessionTests {
    let app: PreviewTestApp
    let host: ScriptHost
    let session: PreviewSession
    var loop: EventLoop { session.host.loop }

    init() throws {
        app = try PreviewTestApp()
        (host, session) = try app.launch()
    }

    isolated deinit {
        session.close()
    }

    /// Opens a tab and lets the loop greet it.
    func open(_ id: Int = 1) -> RecordingTab {
        let tab = RecordingTab(id: id, events: session.events)
        tab.open()
        settle()
        return tab
    }

    /// Lets the loop take the mailbox, run `seconds` of the app (an animation), and draw:
    /// on the real clock the session asks for a frame after each step that ran the app.
    func settle(_ seconds: Double = 0.1) {
        loop.advance(by: seconds)
        session.requestFrame()
        loop.advance(by: 0.1)
    }

    @Test("a new tab gets the keys, the status, the tree, the errors and the whole screen")
    func greeting() throws {
        let tab = open()
        let types = tab.messages.compactMap { $0["type"] as? String }
        #expect(types == ["hello", "status", "tree", "errors", "frame"])
        let hello = try #require(tab.last("hello"))
        #expect((hello["keys"] as? [String])?.contains("ArrowUp") == true)
        #expect((hello["keys"] as? [String])?.contains("Insert") == false)
        #expect(hello["controlKeys"] as? [String] == ["r", "w"])
        let status = try #require(tab.last("status"))
        #expect(status["app"] as? String == "terminal")
        #expect(status["device"] as? String == "iphone")
        #expect(status["orientation"] as? String == "portrait")
        #expect((tab.last("tree")?["lines"] as? [String])?.last?.contains("Home \"Home\" at") == true)
        #expect(tab.screen.contains("taps 0"))
        #expect(tab.screen.hasPrefix("<svg"))
    }

    @Test("a click on a button sends only the changed lines, and the page's copy matches the app's")
    func clickSendsAPatch() throws {
        let tab = open()
        let whole = tab.screen
        tab.tap(x: 160, y: 220)  // Count
        settle()
        let patch = try #require(tab.last("patch"))
        #expect(tab.screen.contains("taps 1"))
        #expect(tab.screen == session.host.render(.svg))
        // The label's one line, and the button's highlight coming and going: far less than the whole.
        let sent = try JSONSerialization.data(withJSONObject: patch).count
        #expect(sent * 10 < whole.utf8.count)
    }

    @Test("keys go as on a terminal: Tab moves the focus, Enter taps, typing fills the focused field")
    func keys() throws {
        let tab = open()
        // Reading order: Open detail, Count, the field, Fail.
        tab.key("Tab")
        tab.key("Tab")
        settle()
        #expect(tab.focus != nil)
        tab.key("Enter")
        settle()
        #expect(tab.screen.contains("taps 1"))
        tab.tap(x: 160, y: 284)  // the field
        for letter in ["q", "u", "i", "e", "t"] { tab.key(letter) }
        settle()
        #expect(tab.screen.contains("typed: quiet"))
        // q is a letter in a field, not a way out; Backspace edits.
        tab.key("Backspace")
        settle()
        #expect(tab.screen.contains("typed: quie"))
        #expect(!tab.screen.contains("typed: quiet"))
    }

    @Test("rotating and switching the device redraw the screen at its new size, on the same screen")
    func rotateAndSwitchDevice() throws {
        let tab = open()
        tab.tap(x: 160, y: 172)  // Open detail
        settle(1)
        #expect(tab.screen.contains("This is the detail"))
        tab.send(#"{"type": "rotate"}"#)
        settle()
        #expect(tab.screen.contains(#"width="480" height="320""#))
        #expect(tab.last("status")?["orientation"] as? String == "landscape")
        tab.send(#"{"type": "device", "device": "ipad"}"#)
        settle()
        #expect(tab.last("status")?["device"] as? String == "ipad")
        #expect(tab.screen.contains(#"width="1024" height="768""#))
        #expect(tab.screen.contains("This is the detail"))
    }

    @Test("a script error reaches every tab with its traceback")
    func scriptError() throws {
        let first = open(1), second = open(2)
        first.tap(x: 160, y: 380)  // Fail
        settle()
        for tab in [first, second] {
            let errors = try #require(tab.last("errors"))
            #expect(errors["count"] as? Int == 1)
            let entry = try #require((errors["entries"] as? [[String: Any]])?.first)
            #expect((entry["message"] as? String)?.contains("the Fail button failed") == true)
            #expect((entry["traceback"] as? String)?.contains("stack traceback") == true)
        }
        // A tab opened later sees the errors so far.
        #expect(open(3).last("errors")?["count"] as? Int == 1)
    }

    @Test("a reload keeps the screen; one that fails says why and keeps the old app")
    func reloads() throws {
        let tab = open()
        tab.tap(x: 160, y: 172)  // Open detail
        settle(1)
        try app.edit(replacing: "This is the detail", with: "This is the new detail")
        tab.send(#"{"type": "reload"}"#)
        settle()
        #expect(tab.screen.contains("This is the new detail"))
        #expect((tab.last("status")?["reload"] as? String)?.contains("kept Home › Detail") == true)

        try app.edit(replacing: "function Home:fail()", with: "function Home:fail(")
        tab.send(#"{"type": "reload"}"#)
        settle()
        #expect(tab.last("status")?["reloadFailed"] as? Bool == true)
        let entry = try #require((tab.last("errors")?["entries"] as? [[String: Any]])?.last)
        #expect(entry["context"] as? String == "reload")
        #expect(tab.screen.contains("This is the new detail"))
        #expect(session.lastReloadFailed)
    }

    @Test("a message the page does not send is refused with a notice, and nothing happens")
    func hostileMessages() throws {
        let tab = open()
        for bad in [
            "not json", #"{"type": "touch", "phase": "began", "x": 1e400, "y": 0}"#,
            #"{"type": "touch", "phase": "began", "x": 10, "y": 20, "id": -1}"#,
            #"{"type": "touch", "phase": "began", "x": 10, "y": 20, "id": 1e30}"#,
            #"{"type": "scroll", "x": 10, "y": 20, "dy": 2e9}"#, #"{"type": "device", "device": "pager"}"#,
            #"{"type": "launch-missiles"}"#, #"[1, 2, 3]"#, #"{"type": 7}"#,
        ] {
            tab.send(bad)
        }
        settle()
        let notices = tab.messages.filter { $0["type"] as? String == "notice" }
        #expect(notices.count == 9)
        #expect(tab.screen.contains("taps 0"))
        #expect(session.host.reportedErrorCount == 0)
    }

    @Test("a page that missed a frame asks for a whole one")
    func resync() throws {
        let tab = open()
        tab.send(#"{"type": "resync"}"#)
        settle()
        #expect(tab.messages.last?["type"] as? String == "frame")
    }

    @Test("a tab that goes away mid-touch cancels it, and with no tab left nothing is drawn")
    func closedTab() throws {
        let tab = open()
        tab.send(#"{"type": "touch", "phase": "began", "x": 160, "y": 220}"#)
        settle()
        tab.close()
        settle()
        #expect(session.clientCount == 0)
        #expect(tab.finished)
        // The touch was cancelled, not ended inside: no tap.
        #expect(session.host.render(.text)?.contains("taps 0") == true)
        // What a closed tab still sends is dropped, and with no tab nothing is drawn.
        let drawn = session.frames.sequence
        tab.tap(x: 160, y: 220)
        settle()
        #expect(session.host.render(.text)?.contains("taps 0") == true)
        #expect(session.frames.sequence == drawn)
    }
}

/// The wheel, on an app with a list longer than the screen.
@MainActor
@Suite("Preview sessions: the wheel")
struct PreviewWheelTests {
    @Test("the wheel over a list scrolls it, and the tab sees the rows move")
    func wheel() throws {
        let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/gallery").path
        let reloader = AppReloader(appPath: app)
        let host = try reloader.launchFirst(
            on: EventLoop(clock: .virtual), device: .iphone, orientation: .portrait,
            dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("wheel-\(UUID())").path)
        host.errorReporter = { _, _ in }
        let session = try PreviewSession(host: host, reloader: reloader)
        defer { session.close() }
        let tab = RecordingTab(id: 1, events: session.events)
        tab.open()
        host.loop.advance(by: 1)
        let before = tab.screen
        #expect(before.contains("Tide pools at low"))
        tab.send(#"{"type": "scroll", "x": 160, "y": 300, "dy": 480}"#)
        host.loop.advance(by: 1)
        #expect(tab.last("patch") != nil)
        #expect(tab.screen != before)
        #expect(tab.screen == host.render(.svg))
    }
}

/// A copy of the app the terminal tests drive (Tests/ScreensCLITests/Scripts/terminal.lua:
/// a count, a button that pushes a detail, a text field a label repeats, a button that
/// fails) in a temporary folder, which a test may edit.
@MainActor
final class PreviewTestApp {
    let folder: URL
    var file: URL { folder.appendingPathComponent("terminal.lua") }

    static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ScreensCLITests/Scripts/terminal.lua")

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.source, to: folder.appendingPathComponent("terminal.lua"))
    }

    isolated deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The app launched on a virtual clock, errors kept from standard error, in a session.
    func launch() throws -> (ScriptHost, PreviewSession) {
        let reloader = AppReloader(appPath: file.path)
        let host = try reloader.makeHost(loop: EventLoop(clock: .virtual))
        host.errorReporter = { _, _ in }
        host.dataDirectory = folder.appendingPathComponent("data").path
        try host.loadApp(at: file.path)
        try host.launch()
        return (host, try PreviewSession(host: host, reloader: reloader))
    }

    func edit(replacing old: String, with new: String) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: file)
    }
}

/// A browser tab as the session sees one: an outbox that records each message, parsed, and
/// a copy of the SVG kept up to date from the frames and patches, as the page keeps it.
nonisolated final class RecordingTab: @unchecked Sendable {
    let id: Int
    let events: LoopMailbox<PreviewEvent>.Sender
    private let lock = NSLock()
    private var received: [String] = []
    private var isFinished = false

    init(id: Int, events: LoopMailbox<PreviewEvent>.Sender) {
        self.id = id
        self.events = events
    }

    func open() {
        events.post(.opened(id, PreviewOutbox(
            send: { [weak self] text in self?.record(text) },
            finish: { [weak self] in self?.markFinished() })))
    }

    private func record(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        received.append(text)
    }

    private func markFinished() {
        lock.lock()
        defer { lock.unlock() }
        isFinished = true
    }

    var finished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isFinished
    }

    /// Every message so far, parsed.
    var messages: [[String: Any]] {
        lock.lock()
        let texts = received
        lock.unlock()
        return texts.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    func last(_ type: String) -> [String: Any]? {
        messages.last { $0["type"] as? String == type }
    }

    /// The SVG as the page would have it: the last whole frame with the patches after it.
    var screen: String {
        var lines: [String] = []
        var sequence = -1
        for message in messages {
            switch message["type"] as? String {
            case "frame":
                lines = (message["svg"] as? String ?? "").components(separatedBy: "\n")
                sequence = message["seq"] as? Int ?? -1
            case "patch":
                guard message["base"] as? Int == sequence, let hunks = message["hunks"] as? [[String: Any]] else { continue }
                for hunk in hunks.reversed() {
                    let start = hunk["start"] as? Int ?? 0, remove = hunk["remove"] as? Int ?? 0
                    lines.replaceSubrange(start..<start + remove, with: hunk["lines"] as? [String] ?? [])
                }
                sequence = message["seq"] as? Int ?? -1
            default:
                continue
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The focus the last frame, patch or focus message gave.
    var focus: [Double]? {
        messages.last { ["frame", "patch", "focus"].contains($0["type"] as? String) }?["focus"] as? [Double]
    }

    func send(_ text: String) {
        events.post(.received(id, text))
    }

    func tap(x: Double, y: Double) {
        send(#"{"type": "touch", "phase": "began", "x": \#(x), "y": \#(y)}"#)
        send(#"{"type": "touch", "phase": "ended", "x": \#(x), "y": \#(y)}"#)
    }

    func key(_ name: String) {
        send(#"{"type": "key", "key": "\#(name)", "shift": false, "ctrl": false, "alt": false, "meta": false}"#)
    }

    func close() {
        events.post(.closed(id))
    }
}
