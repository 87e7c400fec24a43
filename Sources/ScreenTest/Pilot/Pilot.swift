import EventLoop
import LuaBridge
import ScreenKit
import ScreenScript

/// A launched app, driven as a person would: taps, swipes and typing aimed at what the
/// screen shows, on the test file's virtual clock. `test.launch` makes it (see
/// ``PilotLauncher``); its Lua members are in ``PilotBindings``.
///
/// Every action settles afterwards (see ``settle(timeout:after:)``), so that the next line
/// of a test sees the screen the action led to.
final class Pilot: LuaObject {
    /// Unowned: the host owns the Lua state that holds the pilot, and only that state's
    /// code calls it.
    unowned let host: ScriptHost
    let session: TestSession
    /// The window the app shows; a reload gives the pilot the new one.
    private(set) var window: Window
    /// The app table the app's main chunk returned.
    private(set) var app: LuaValue
    /// The first of the session's error reports that belongs to this launch.
    private(set) var firstReport: Int
    /// The app, its device and its data directory, to start it again.
    private(set) var launch: PilotLauncher.Launch
    /// What the last reload could not bring back ("dropped Editor (...)").
    private(set) var reloadNotes: [String] = []
    /// The app as `test.launch` was given it, for messages.
    var name: String { launch.name }
    /// Whether its launch ended (its test ended, or a later `test.launch`).
    var hasEnded = false
    /// When and where the last tap ended, so that the next one is not taken for its second tap.
    private var lastTap: (time: Double, point: Point)?

    init(host: ScriptHost, session: TestSession, window: Window, app: LuaValue, firstReport: Int, launch: PilotLauncher.Launch) {
        self.host = host
        self.session = session
        self.window = window
        self.app = app
        self.firstReport = firstReport
        self.launch = launch
    }

    /// Takes over the window of a (re)started app.
    func begin(window: Window, app: LuaValue, firstReport: Int, launch: PilotLauncher.Launch, notes: [String]) {
        self.window = window
        self.app = app
        self.firstReport = firstReport
        self.launch = launch
        reloadNotes = notes
        hasEnded = false
        lastTap = nil
    }

    // MARK: - Starting again

    /// A new launch of the same app on the same data directory, in the window's device and
    /// orientation: a new app state, as when a person quits the app and opens it again. This
    /// pilot ends; the new one is returned.
    func relaunch() throws -> Pilot {
        var launch = launch
        launch.device = window.device
        launch.orientation = window.orientation
        return try PilotLauncher(host: host, session: session).start(launch)
    }

    /// Loads the app's files again as `--watch` does and brings back what was on screen: the
    /// navigation stacks, selected tabs and presented controllers whose classes the new code
    /// still has, with what each kept through `encodeRestorableState`. The pilot goes on
    /// with the new window.
    func reload() throws {
        let state = NavigationState.capture(from: window, host: host)
        var launch = launch
        launch.device = window.device
        launch.orientation = window.orientation
        _ = try PilotLauncher(host: host, session: session).start(launch, restoring: state, into: self)
    }

    var loop: EventLoop { host.loop }

    // MARK: - Settling

    /// How long an action waits, at most, for the app to settle: virtual seconds.
    static let defaultSettleTimeout = 10.0

    /// Runs virtual time until nothing is in flight: no transition, animation, deferred call
    /// or one-shot timer (repeating timers do not count).
    ///
    /// - Parameter action: what was just done, for the message ("the tap on \"Save\"").
    /// - Throws: a ``PilotError`` naming what is still busy after `timeout` seconds, and where
    ///   it started.
    func settle(timeout: Double = Pilot.defaultSettleTimeout, after action: String? = nil) throws {
        guard loop.runUntilSettled(limit: timeout) == .timeUp, loop.hasWorkInFlight else { return }
        let after = action.map { " after \($0)" } ?? ""
        throw PilotError(
            "the app is still busy \(PilotTarget.number(timeout)) s\(after):\n  " + host.busyWork().joined(separator: "\n  "))
    }

    /// Throws when the app this pilot launched has ended: `action` would go to a window
    /// nothing shows any more.
    func checkLive(doing action: String) throws {
        guard hasEnded else { return }
        throw PilotError("the pilot of \(name) cannot \(action): its app has ended (its test ended, or a later test.launch)")
    }

    // MARK: - Targets

    /// Where a tap on `target` goes, and the view shown there.
    func locate(_ target: PilotTarget) throws -> (point: Point, view: View?) {
        switch target {
        case .point(let point):
            return (point, window.hitTest(point))
        case .text(let text):
            let texts = ScreenTexts(window: window)
            let found = texts.matching(text)
            guard !found.isEmpty else { throw PilotError(Self.missing(text, in: texts)) }
            guard found.count == 1 else { throw PilotError(Self.ambiguous(text, found)) }
            return (found[0].point, found[0].view)
        }
    }

    /// The view showing `text`, or nil when nothing on screen shows it.
    func find(_ text: String) throws -> View? {
        let found = ScreenTexts(window: window).matching(text)
        guard found.count <= 1 else { throw PilotError(Self.ambiguous(text, found)) }
        return found.first?.view
    }

    /// The texts on screen, one per line, in reading order: each time it is shown.
    func shownText() -> String {
        ScreenTexts(window: window).drawnTexts.joined(separator: "\n")
    }

    /// How many texts a message about a missing target lists.
    static let textsListed = 20

    static func missing(_ text: String, in texts: ScreenTexts) -> String {
        let shown = texts.shownTexts
        var message = "no \"\(text)\" on screen"
        if let close = LuaSuggestion.closest(to: text, among: shown + texts.items.map(\.text)) {
            message += " (did you mean \"\(close)\"?)"
        }
        guard !shown.isEmpty else { return message + "; the screen shows no text" }
        message += "; the screen shows: " + shown.prefix(textsListed).map { text in
            let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            return "\"" + (line.count > 40 || line != text ? line.prefix(40) + "…" : line) + "\""
        }.joined(separator: ", ")
        if shown.count > textsListed { message += " and \(shown.count - textsListed) more" }
        return message
    }

    static func ambiguous(_ text: String, _ found: [ScreenTexts.Item]) -> String {
        let places = found.map { item in
            "\(item.view.summary) at (\(PilotTarget.number(item.point.x)), \(PilotTarget.number(item.point.y)))"
        }
        return "\"\(text)\" is on screen \(found.count) times: \(places.joined(separator: ", ")); "
            + "tap a point ({x=, y=}) or give one an accessibilityLabel"
    }

    // MARK: - Gestures

    /// How long a finger stays down in a tap, and between the two taps of a double tap.
    static let tapHold = 0.05
    static let doubleTapGap = 0.1
    /// How long after a tap another one at the same place counts as a new tap, not a second one.
    static let separateTapDelay = 0.4

    /// Taps: the finger goes down, stays ``tapHold``, and lifts. A tap soon after another
    /// at the same place first waits until it would not count as a second tap.
    func tap(_ target: PilotTarget) throws {
        let (point, _) = try locate(target)
        if let last = lastTap, point.distance(to: last.point) <= 20, loop.now < last.time + Self.separateTapDelay {
            loop.advance(by: last.time + Self.separateTapDelay - loop.now)
        }
        touch(.began, point)
        loop.advance(by: Self.tapHold)
        touch(.ended, point)
        lastTap = (loop.now, point)
        try settle(after: "the tap on \(target)")
    }

    func doubleTap(_ target: PilotTarget) throws {
        let (point, _) = try locate(target)
        for index in 0..<2 {
            if index == 1 { loop.advance(by: Self.doubleTapGap) }
            touch(.began, point)
            loop.advance(by: Self.tapHold)
            touch(.ended, point)
        }
        lastTap = (loop.now, point)
        try settle(after: "the double tap on \(target)")
    }

    func longPress(_ target: PilotTarget, seconds: Double) throws {
        let (point, _) = try locate(target)
        touch(.began, point)
        loop.advance(by: seconds)
        touch(.ended, point)
        try settle(after: "the long press on \(target)")
    }

    /// How far a swipe moves, and in how many steps of a frame each: fast and straight
    /// enough for a swipe recognizer.
    static let swipeDistance = 120.0
    static let swipeSteps = 4

    func swipe(_ direction: SwipeGestureRecognizer.Direction, from target: PilotTarget?) throws {
        let start = try target.map { try locate($0).point }
            ?? Point(x: window.bounds.midX, y: window.bounds.midY)
        let (dx, dy): (Double, Double) = switch direction {
        case .left: (-1, 0)
        case .right: (1, 0)
        case .up: (0, -1)
        case .down: (0, 1)
        }
        let end = Point(x: start.x + dx * Self.swipeDistance, y: start.y + dy * Self.swipeDistance)
        try move(from: start, to: end, steps: Self.swipeSteps)
        try settle(after: "the swipe \(direction.rawValue)" + (target.map { " from \($0)" } ?? ""))
    }

    /// A drag moves this far per frame, at most.
    static let dragStep = 10.0

    func drag(from: PilotTarget, to: PilotTarget) throws {
        let start = try locate(from).point
        let end = try locate(to).point
        let steps = max(2, Int(min(1000, (start.distance(to: end) / Self.dragStep).rounded(.up))))
        try move(from: start, to: end, steps: steps)
        try settle(after: "the drag from \(from) to \(to)")
    }

    /// Down at `start`, `steps` moves a frame apart along the line, up at `end`.
    private func move(from start: Point, to end: Point, steps: Int) throws {
        touch(.began, start)
        for step in 1...steps {
            loop.advance(by: 1.0 / 60)
            let t = Double(step) / Double(steps)
            touch(.moved, Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
        }
        touch(.ended, end)
    }

    /// Turns the mouse wheel over `target` by `dy` points: the list or scroll view there
    /// scrolls, a picker there turns the wheel under the point.
    func scroll(_ target: PilotTarget, dy: Double) throws {
        let (point, view) = try locate(target)
        var current = view
        while let candidate = current, !candidate.scrollWheel(dy, at: candidate.convert(point, from: nil)) {
            current = candidate.superview
        }
        guard current != nil else {
            let place = if case .text = target { "\(target) (\(PilotTarget.number(point.x)), \(PilotTarget.number(point.y)))" } else { "\(target)" }
            throw PilotError("nothing scrolls at \(place): no list, scroll view or picker is there")
        }
        try settle(after: "the scroll at \(target)")
    }

    private func touch(_ phase: TouchPhase, _ point: Point) {
        window.touch(phase, at: point)
    }

    // MARK: - Keys

    /// Types into the text field being edited.
    func type(_ text: String) throws {
        guard window.editingField != nil else {
            throw PilotError("no text field is being edited: tap one first")
        }
        window.type(text)
        try settle(after: "typing")
    }

    /// The keys ``key(_:)`` knows, besides a single character (which types it).
    static let keys = Window.keyNames

    func key(_ name: String) throws {
        window.key(name)
        try settle(after: "the key \(name)")
    }

    // MARK: - The top controller

    /// The controller a person sees on top: the presented one, else the top of a navigation
    /// stack, the selected tab's, a split view's last, a page controller's first page, down
    /// through containers.
    func topController() -> ViewController? {
        var current = window.rootViewController
        var depth = 0
        while let controller = current, depth < 100 {
            depth += 1
            let next: ViewController? = if let presented = controller.presentedViewController {
                presented
            } else {
                switch controller {
                case let navigation as NavigationController: navigation.topViewController
                case let tabs as TabBarController: tabs.selectedViewController
                case let split as SplitViewController: split.viewControllers.last
                case let pages as PageViewController: pages.viewControllers.first
                default: nil
                }
            }
            guard let next, next !== controller else { return controller }
            current = next
        }
        return current
    }

    // MARK: - Errors

    /// Takes the errors scripts raised since the launch.
    func takeErrors() -> [TestSession.Report] {
        session.takeReports(from: firstReport)
    }
}
