import EventLoop
import ScreenKit

/// Plays a recording back into a host's key window, each event at its time on the host's
/// loop: on the virtual clock of a headless run or a test, or on the real clock of a
/// terminal.
///
/// The player keeps one one-shot timer for the next event; when it fires, the event goes to
/// the window that is key then, and the timer for the one after is set. So a headless run
/// that settles (``ScriptHost/runHeadless(for:)``) plays the whole recording, and the app's
/// own timers run between the events as they did when it was recorded. An event that hits
/// nothing (a tap on empty space, a key with no text field) does nothing, as on a screen.
///
/// ```swift
/// let player = InputPlayer(try InputRecording(contentsOfFile: "session.rec"), host: host)
/// player.start()        // times count from now, the launch
/// player.runHeadless()  // plays every event, then runs until the app is idle
/// ```
public final class InputPlayer {
    public let recording: InputRecording
    /// Weak: a player left with a timer on a loop that outlives its host plays into nothing.
    private weak var host: ScriptHost?
    /// The loop time the recording's times count from; set by ``start()``.
    public private(set) var startTime: Double?
    /// The index of the next event to play; `recording.events.count` once all have played.
    public private(set) var nextIndex = 0
    /// Called after each event was applied, with its index.
    public var didPlay: ((Int) -> Void)?
    private var timer: LoopTimer?

    public init(_ recording: InputRecording, host: ScriptHost) {
        self.recording = recording
        self.host = host
    }

    /// Whether every event has been played.
    public var isFinished: Bool { nextIndex >= recording.events.count }

    /// The loop time of the last event, once started.
    public var endTime: Double? {
        startTime.map { $0 + (recording.events.last?.time ?? 0) }
    }

    /// Starts playing: the recording's times count from `startTime`, the loop's time now
    /// unless given (an app launched earlier gives its launch time). Starting again does
    /// nothing.
    public func start(at startTime: Double? = nil) {
        guard self.startTime == nil, let host else { return }
        self.startTime = startTime ?? host.loop.now
        scheduleNext()
    }

    /// Stops playing; the events not yet played are dropped.
    public func cancel() {
        timer?.cancel()
        timer = nil
        nextIndex = recording.events.count
    }

    /// Plays the whole recording on the virtual clock, then runs until the app is idle, as
    /// ``ScriptHost/runHeadless(for:)`` does after launch: starts the player when it has not
    /// started.
    ///
    /// - Returns: how the run ended: `.timeUp` when the app was still busy
    ///   ``ScriptHost/settleLimit`` seconds after the last event.
    /// - Precondition: The host's loop runs on the virtual clock.
    @discardableResult
    public func runHeadless() -> EventLoop.RunEnd {
        start()
        guard let loop = host?.loop else { return .settled }
        // Played events come in one-shot timers, which keep the loop from settling until the last.
        let remaining = max(0, (endTime ?? loop.now) - loop.now)
        return loop.runUntilSettled(limit: remaining + ScriptHost.settleLimit)
    }

    private func scheduleNext() {
        guard let startTime, !isFinished, let loop = host?.loop else {
            timer = nil
            return
        }
        let due = startTime + recording.events[nextIndex].time
        timer = loop.after(due - loop.now) { [weak self] _ in self?.playNext() }
    }

    private func playNext() {
        let index = nextIndex
        guard index < recording.events.count else { return }
        nextIndex += 1
        if let window = host?.keyWindow {
            // The screen a person acts on has been drawn, so its layout is done.
            window.layoutIfNeeded()
            Self.apply(recording.events[index].input, to: window)
        }
        didPlay?(index)
        scheduleNext()
    }

    /// Sends one input to a window as the screen or keyboard would: touches through
    /// ``Window/touch(_:at:id:)``, keys through ``Window/key(_:)``, text through
    /// ``Window/type(_:)``, a wheel to what takes it under the point (``Window/wheel(_:at:)``).
    public static func apply(_ input: InputRecording.Input, to window: Window) {
        switch input {
        case .touch(let phase, let point, let id):
            window.touch(phase, at: point, id: id)
        case .key(let name):
            window.key(name)
        case .text(let text):
            window.type(text)
        case .rotate(let orientation):
            window.rotate(to: orientation)
        case .memoryWarning:
            window.memoryWarning()
        case .scroll(let point, let dy):
            window.wheel(dy, at: point)
        }
    }
}
