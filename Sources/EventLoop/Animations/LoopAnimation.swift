/// An animation running on an ``EventLoop``'s clock: a step per frame, then a completion.
///
/// Made by ``EventLoop/animate(duration:curve:step:completion:)``. The loop keeps a running
/// animation alive, so the handle can be dropped; keep it to cancel.
public final class LoopAnimation {
    /// Frames per second of clock time.
    public static let framesPerSecond = 60

    weak var loop: EventLoop?
    /// The timing curve applied to the elapsed fraction before `step` sees it.
    public let curve: AnimationCurve
    /// Start and length in nanoseconds.
    private let start: Int64
    private let length: Int64

    private var step: ((Double) -> Void)?
    private var completion: ((Bool) -> Void)?
    /// The pending frame's timer; the loop holds its callback, which holds the animation.
    private var frameTimer: TimerID?

    /// Whether the animation has frames left to run; false once it finished or was cancelled.
    public private(set) var isRunning = true

    /// Says what the animation moves ("the push of Detail", "alpha of Label 'Saved'"), for
    /// messages about work still in flight; asked only when such a message is made, and
    /// dropped (with what it holds) when the animation ends.
    public var describe: (() -> String)?
    /// Where the code that began it is, from the loop's ``EventLoop/originProvider``.
    public private(set) var origin: String?

    init(
        loop: EventLoop, duration: Double, curve: AnimationCurve,
        step: @escaping (Double) -> Void, completion: ((Bool) -> Void)?
    ) {
        self.loop = loop
        start = loop.nowTicks
        length = Nanoseconds.from(seconds: duration)
        self.curve = curve
        self.step = step
        self.completion = completion
    }

    // MARK: - Public

    /// The loop time the animation started at, in seconds.
    public var startTime: Double { Nanoseconds.seconds(start) }

    /// The length of the animation in seconds (0 for a zero, negative or NaN duration).
    public var duration: Double { Nanoseconds.seconds(length) }

    /// Stops the animation: no more steps, and its completion gets `false` in the loop's next
    /// deferred drain (never inside this call). Does nothing once it has finished or was cancelled.
    public func cancel() {
        guard isRunning else { return }
        isRunning = false
        loop?.runningAnimations[ObjectIdentifier(self)] = nil
        describe = nil
        if let frameTimer {
            loop?.cancelTimer(frameTimer)
        }
        frameTimer = nil
        step = nil
        guard let completion else { return }
        self.completion = nil
        if let loop {
            loop.defer { completion(false) }
        } else {
            completion(false)
        }
    }

    // MARK: - Frames

    /// Schedules the first frame: 1/60 s after the start, or the end if that comes first.
    func begin() {
        if let loop {
            origin = loop.originProvider?()
            loop.animationsBegun += 1
            loop.runningAnimations[ObjectIdentifier(self)] = (loop.animationsBegun, self)
        }
        scheduleFrame(after: start)
    }

    /// Frame `k` falls `k / 60` s after the start, rounded to the nanosecond.
    private func offset(ofFrame k: Int64) -> Int64 {
        let (scaled, overflow) = k.multipliedReportingOverflow(by: Nanoseconds.perSecond)
        return overflow ? Nanoseconds.limit : (scaled + Int64(Self.framesPerSecond / 2)) / Int64(Self.framesPerSecond)
    }

    /// Schedules the first frame of the grid after `time`; a frame that would land at or past
    /// the end is the final frame, at the end exactly.
    private func scheduleFrame(after time: Int64) {
        guard let loop else { return }
        let elapsed = time - start
        var k = elapsed / Nanoseconds.perSecond * Int64(Self.framesPerSecond)
            + elapsed % Nanoseconds.perSecond * Int64(Self.framesPerSecond) / Nanoseconds.perSecond
        while offset(ofFrame: k) <= elapsed { k += 1 }
        let deadline = Nanoseconds.sum(start, min(offset(ofFrame: k), length))
        frameTimer = loop.schedule(at: deadline) { [self] _ in frame() }
    }

    private func frame() {
        guard isRunning, let loop else { return }
        let time = loop.nowTicks
        let elapsed = time - start
        if elapsed >= length {
            finish()
            return
        }
        step?(curve.progress(at: Double(elapsed) / Double(length)))
        if isRunning {
            scheduleFrame(after: time)
        }
    }

    private func finish() {
        isRunning = false
        loop?.runningAnimations[ObjectIdentifier(self)] = nil
        describe = nil
        frameTimer = nil
        let step = step
        let completion = completion
        self.step = nil
        self.completion = nil
        step?(1)
        completion?(true)
    }
}
