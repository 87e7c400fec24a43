#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EventLoop
import LuaBridge
import ScreenHost
import ScreenKit
import ScreenScript

/// `screens serve`: the app on the real clock, drawn for every browser tab that watches it.
///
/// The tabs' WebSockets live on the server's tasks (``PreviewServer``), which post what
/// happens to them into the session's mailbox (``events``); the loop hands it to the
/// session in a step, the one place the app is touched. Each tab gets the screen as the SVG
/// renderer draws it, then, at most 60 times a second and only when it changed, the lines
/// that changed (``FrameHistory``); the controller tree; the script errors with their
/// tracebacks; and the status (device, orientation, the last reload). What a tab sends —
/// touches, the wheel, keys as the terminal maps them, rotation, memory warnings, another
/// device — goes to the app as the terminal's input does. With no tab open nothing is drawn.
///
/// The app's files are watched (as `screens run --watch` does): a save reloads it keeping
/// the screen, and a reload that fails shows its error on the page and keeps the old app.
///
/// ```swift
/// let session = try PreviewSession(host: host, reloader: reloader)
/// let server = try PreviewServer(address: address, token: token, page: page, events: session.events)
/// let signal = session.run(for: nil)     // until a signal, loop.quit() or the time given
/// server.stop()
/// session.close()
/// ```
public final class PreviewSession {
    /// What reloads the app, and the host running it now.
    public let hotReload: HotReload
    public var host: ScriptHost { hotReload.host }
    var loop: EventLoop { host.loop }
    private var mailbox: LoopMailbox<PreviewEvent>?
    /// Where the server's tasks post what the tabs do.
    public let events: LoopMailbox<PreviewEvent>.Sender

    /// The tabs connected, by connection number, with where their messages go.
    var clients: [Int: PreviewOutbox] = [:]
    /// Each tab's fingers down, with where they were last, so that a tab that goes away
    /// mid-touch cancels them.
    var touches: [Int: [Int: Point]] = [:]
    var frames = FrameHistory()
    var lastFocus: [Double]?
    var lastTree: [String]?
    var lastStatus: PreviewMessage.Status?
    /// The script errors kept for the panel, the latest last, and how many there were.
    var errors: [ErrorPanel.Entry] = []
    public private(set) var errorCount = 0
    var reloadNote: String?
    /// Whether the last reload failed (the old app went on).
    public private(set) var lastReloadFailed = false

    var frameTimer: LoopTimer?
    /// Whether a frame is asked for and not yet drawn.
    var frameRequested = false
    var lastFrameTime = -Double.infinity
    /// Callbacks of the session's own that the step being run had: a step that ran more ran
    /// the app's code, which may have changed the screen.
    var ownCalls = 0

    /// Frames go out at most this often: 60 a second.
    static let frameInterval = 1.0 / 60
    /// How many errors the panel keeps; older ones are only counted.
    public static let errorsKept = 50

    /// - Parameters:
    ///   - host: the app, launched on a loop on the real clock.
    ///   - reloader: what made `host`, to reload the app.
    /// - Throws: ``LoopMailboxError`` when the process has no descriptor left.
    public init(host: ScriptHost, reloader: AppReloader) throws(LoopMailboxError) {
        hotReload = HotReload(host: host, reloader: reloader)
        var deliver: ([PreviewEvent]) -> Void = { _ in }
        let mailbox = try host.loop.addMailbox { (events: [PreviewEvent]) in deliver(events) }
        self.mailbox = mailbox
        events = mailbox.sender
        deliver = { [weak self] events in self?.deliver(events) }
        let reportError = host.errorReporter
        host.errorReporter = { [weak self] error, context in
            reportError(error, context)
            self?.record(ErrorPanel.Entry(context: context, message: error.message, traceback: error.traceback))
        }
        hotReload.didReload = { [weak self] reload in self?.reloaded(reload) }
        hotReload.didFail = { [weak self] failure in self?.reloadFailed(failure) }
    }

    /// Starts watching the app's files, reloading on each save.
    ///
    /// - Returns: how the folder is watched.
    @discardableResult
    public func watch() -> FileWatcher.Method {
        hotReload.watch()
    }

    /// Runs the loop until a script quits it, `seconds` (real ones) pass, or SIGINT, SIGTERM
    /// or SIGHUP comes; a second signal ends the process at once.
    ///
    /// - Returns: the signal that ended the run, if one did: the caller stops the server and
    ///   then lets the signal end the process.
    public func run(for seconds: Double?) -> Int32? {
        var caught: Int32?
        let loop = self.loop
        let signals = SignalPipe(loop: loop) { [weak self] number in
            self?.ownCalls += 1
            guard number == SIGINT || number == SIGTERM || number == SIGHUP else { return }
            if caught == nil { caught = number }
            loop.quit()
        }
        let timer = seconds.map { loop.after($0) { _ in loop.quit() } }
        loop.stepObserver = { [weak self] calls in
            guard let self else { return }
            if calls > ownCalls { requestFrame() }
            ownCalls = 0
        }
        loop.run()
        loop.stepObserver = nil
        timer?.cancel()
        signals?.close()
        return caught
    }

    /// Says goodbye to every tab, stops watching and closes the mailbox.
    public func close() {
        for client in clients.values { client.finish() }
        clients = [:]
        frameTimer?.cancel()
        frameTimer = nil
        frameRequested = false
        hotReload.stop()
        mailbox?.close()
        mailbox = nil
    }

    /// How many tabs are connected.
    public var clientCount: Int { clients.count }

    // MARK: - Tabs

    private func deliver(_ events: [PreviewEvent]) {
        ownCalls += 1
        for event in events {
            switch event {
            case .opened(let id, let outgoing):
                greet(id, outgoing)
            case .received(let id, let text):
                guard clients[id] != nil else { continue }
                receive(text, from: id)
            case .closed(let id):
                guard let outgoing = clients.removeValue(forKey: id) else { continue }
                outgoing.finish()
                cancelTouches(of: id)
            }
        }
    }

    /// A new tab: the keys it keeps, the status, the tree, the errors, and the whole screen.
    private func greet(_ id: Int, _ outgoing: PreviewOutbox) {
        // The tabs already open are brought up to date first, so that the new one starts
        // where they are.
        drawFrame()
        clients[id] = outgoing
        send(PreviewMessage.Hello(keys: BrowserKey.namesInUse, controlKeys: BrowserKey.controlLettersInUse), to: id)
        send(status(), to: id)
        send(PreviewMessage.Tree(lines: lastTree ?? []), to: id)
        send(PreviewMessage.Errors(entries: errors, count: errorCount), to: id)
        sendWholeFrame(to: id)
    }

    func sendWholeFrame(to id: Int) {
        send(PreviewMessage.Frame(seq: frames.sequence, svg: frames.document, focus: lastFocus), to: id)
    }

    func send(_ message: some Encodable, to id: Int) {
        clients[id]?.send(PreviewMessage.encode(message))
    }

    func broadcast(_ message: some Encodable) {
        guard !clients.isEmpty else { return }
        let text = PreviewMessage.encode(message)
        for client in clients.values { client.send(text) }
    }

    // MARK: - Errors and reloads

    private func record(_ entry: ErrorPanel.Entry) {
        errorCount += 1
        errors.append(entry)
        if errors.count > Self.errorsKept { errors.removeFirst(errors.count - Self.errorsKept) }
        broadcast(PreviewMessage.Errors(entries: errors, count: errorCount))
    }

    private func reloaded(_ reload: AppReloader.Reload) {
        lastReloadFailed = false
        reloadNote = reload.statusLine
        touches = [:]
        broadcastStatus()
        requestFrame()
    }

    private func reloadFailed(_ failure: AppReloader.Failure) {
        lastReloadFailed = true
        reloadNote = failure.statusLine
        record(ErrorPanel.Entry(context: "reload", message: failure.error.message, traceback: failure.error.traceback))
        broadcastStatus()
    }

    func status() -> PreviewMessage.Status {
        let window = host.keyWindow
        return PreviewMessage.Status(
            app: host.appID, device: (window?.device ?? .iphone).rawValue,
            orientation: (window?.orientation ?? .portrait).rawValue, reload: reloadNote, reloadFailed: lastReloadFailed)
    }

    func broadcastStatus() {
        let status = status()
        guard status != lastStatus else { return }
        lastStatus = status
        broadcast(status)
    }
}
