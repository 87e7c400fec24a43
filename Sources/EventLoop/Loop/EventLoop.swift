import Collections

/// The single-threaded loop that runs timers, deferred calls, input, animations and local
/// notifications on a real or a virtual clock.
///
/// Work happens in *steps*. One step, at the time `t` read from the clock when it starts, runs:
/// 1. every deferred call, first in first out; a call deferred meanwhile runs in the same drain,
///    after those already queued;
/// 2. every timer, animation frame and local notification due at `t` and scheduled before the
///    phase began, in deadline order (equal deadlines in scheduling order), draining deferred
///    calls after each one;
/// 3. the callbacks of the descriptor readers found ready (``addReader(_:_:)``), then every
///    input event queued before the phase began, in arrival order, through ``inputHandler``,
///    draining deferred calls after each one.
///
/// Timers that fall due and input that arrives during a step wait for the next step, so a step
/// always ends (deferred calls are the exception: each drain runs until the queue is empty).
/// The drivers differ in how they move time and whether they wait:
/// ``run()`` (until ``quit()``), ``runUntilIdle()``, ``runOnce()``, and on the virtual clock
/// ``advance(by:)``.
///
/// ```swift
/// let loop = EventLoop(clock: .virtual)
/// loop.after(0.5) { _ in print("half a second later") }
/// loop.defer { print("first") }
/// loop.advance(by: 1)   // prints "first", then "half a second later"
/// ```
public final class EventLoop {
    // MARK: - State

    /// The clock the loop runs on.
    public let clock: LoopClock

    /// The notification center of this loop, which scripts reach as `notify`.
    public let notifications = NotificationHub()

    /// Receives input events, one per call, in the loop's input phase. Events dispatched while
    /// it is nil are dropped.
    public var inputHandler: ((InputEvent) -> Void)?

    /// Where ``run()`` waits for input (a terminal, a pipe). Without one, the real-clock loop
    /// sleeps until its next deadline.
    public var inputSource: (any InputSource)?

    /// Receives local notifications when they fall due (the app's `didReceiveLocalNotification`).
    /// Notifications due while it is nil are dropped.
    public var localNotificationHandler: ((LocalNotification) -> Void)?

    /// Called by ``run()`` after each step with the number of callbacks the step ran (deferred
    /// calls, timers, readers and input events): a terminal host redraws after steps that ran
    /// something, since any callback may have changed what the screen shows.
    public var stepObserver: ((Int) -> Void)?

    /// Whether ``quit()`` was called and ``run()`` has not yet returned because of it.
    public private(set) var isQuitRequested = false

    // The queues are unchecked for exclusivity because they are touched several times per timer,
    // and dynamic checks would take the `loop:` figure of screens-bench past its target. That is
    // sound only while no code from outside runs inside an access to them: the queues' methods
    // never call a callback and never release one (TimerQueue hands callbacks back, to be
    // released after the access), and input sources are polled before their events are appended.
    @exclusivity(unchecked) var timers = TimerQueue()
    @exclusivity(unchecked) var deferredCalls = Deque<() -> Void>()
    @exclusivity(unchecked) var inputQueue = Deque<InputEvent>()
    /// Descriptors watched (see ``addReader(_:_:)``), in the order they were added.
    var readers: [LoopReader] = []
    /// Readers found ready by the last poll, whose callbacks the next input phase runs; `ending`
    /// when the descriptor reported only its end or an error.
    var readyReaders: [(reader: LoopReader, ending: Bool)] = []
    /// Local notifications waiting for their time, by identity.
    var pendingNotifications: [ObjectIdentifier: LocalNotification] = [:]

    /// The virtual time, or on the real clock the latest reading, which keeps `now` monotonic;
    /// in nanoseconds (see ``Nanoseconds``).
    private var time: Int64 = 0
    private let monotonic: MonotonicClock?
    /// On the virtual clock, the wall-clock time when ``now`` was 0.
    private var wallClockStart: Double
    /// Animations begun and not yet finished or cancelled, with the order they began in.
    var runningAnimations: [ObjectIdentifier: (order: Int, animation: LoopAnimation)] = [:]
    var animationsBegun = 0

    /// Tells where the code that begins an animation is (a script's `file:line`), asked once
    /// per animation as it begins, so that ``animationsInFlight`` can say who started each;
    /// nil asks nothing.
    public var originProvider: (() -> String?)?

    // MARK: - Creating a loop

    /// Creates a loop whose monotonic time starts at 0; on the virtual clock, its wall clock
    /// starts at ``LoopClock/virtualWallClockStart``.
    ///
    /// - Parameter clock: `.real` for apps, `.virtual` for tests and headless runs.
    public convenience init(clock: LoopClock = .real) {
        self.init(clock: clock, wallClockStart: LoopClock.virtualWallClockStart)
    }

    /// Creates a loop whose monotonic time starts at 0.
    ///
    /// - Parameters:
    ///   - clock: `.real` for apps, `.virtual` for tests and headless runs.
    ///   - wallClockStart: On the virtual clock, the wall-clock time it starts at, in seconds
    ///     since 1970-01-01 UTC. A time further than ``LoopClock/wallClockLimit`` from 1970
    ///     is moved to that limit, and NaN means ``LoopClock/virtualWallClockStart``. The
    ///     real clock reads the system's time and ignores it.
    public init(clock: LoopClock, wallClockStart: Double) {
        self.clock = clock
        monotonic = clock == .real ? MonotonicClock() : nil
        self.wallClockStart = Self.clampedWallClock(wallClockStart)
    }

    private static func clampedWallClock(_ time: Double) -> Double {
        time.isNaN ? LoopClock.virtualWallClockStart : min(max(time, -LoopClock.wallClockLimit), LoopClock.wallClockLimit)
    }

    /// Sets the virtual wall clock so that ``wallTime`` reads `time` now, and moves on with
    /// ``now`` from there; ``now`` itself does not change. A time further than
    /// ``LoopClock/wallClockLimit`` from 1970 is moved to that limit, and NaN means
    /// ``LoopClock/virtualWallClockStart``.
    ///
    /// - Precondition: The loop runs on the virtual clock (the real one reads the system's).
    public func setWallTime(_ time: Double) {
        precondition(clock == .virtual, "setWallTime(_:) needs a loop on the virtual clock")
        wallClockStart = Self.clampedWallClock(Self.clampedWallClock(time) - now)
    }

    // MARK: - Time

    /// Seconds since the loop was created, on its clock. It never decreases.
    ///
    /// On the real clock each read asks the system clock; on the virtual clock it is constant
    /// inside a callback unless the callback calls ``stall(for:)`` or ``advance(by:)``.
    /// Time is counted in whole nanoseconds, so ten `advance(by: 0.1)` make exactly one second.
    public var now: Double { Nanoseconds.seconds(nowTicks) }

    /// Seconds since 1970-01-01 UTC, for dates: the system's time on the real clock, which may
    /// jump when the system's time is set; on the virtual clock the start time plus ``now``,
    /// so that it moves exactly as ``now`` does.
    public var wallTime: Double {
        switch clock {
        case .real: WallClock.now()
        case .virtual: wallClockStart + now
        }
    }

    /// ``now`` in nanoseconds.
    var nowTicks: Int64 {
        if let monotonic {
            time = max(time, monotonic.elapsed())
        }
        return time
    }

    /// The time of the next timer, animation frame or local notification, or nil when none is
    /// scheduled.
    public var nextDeadline: Double? { timers.nextDeadline().map(Nanoseconds.seconds) }

    /// Whether nothing is ready to run now: no deferred call, no queued input, no due timer.
    public var isIdle: Bool {
        guard deferredCalls.isEmpty, inputQueue.isEmpty, readyReaders.isEmpty else { return false }
        guard let next = timers.nextDeadline() else { return true }
        return next > nowTicks
    }

    // MARK: - Deferred calls and quitting

    /// Runs `body` soon: in the current step's next deferred drain, before any further timer or
    /// input event.
    ///
    /// - Parameter body: The call; it may defer more calls, which run in the same drain after
    ///   those already queued (up to ``drainAllowance`` of them; the rest in the next step).
    public func `defer`(_ body: @escaping () -> Void) {
        deferredCalls.append(body)
    }

    /// Asks ``run()`` to return as soon as the running callback returns.
    ///
    /// Nothing queued is lost: deferred calls, due timers and input left over stay queued and run
    /// if the loop is run again. Called while `run()` is not running, it makes the next `run()`
    /// return at once. ``runUntilIdle()``, ``runOnce()`` and ``advance(by:)`` ignore it.
    public func quit() {
        isQuitRequested = true
    }

    // MARK: - Running

    /// Runs steps until ``quit()`` is called or nothing could ever happen again.
    ///
    /// Between steps the loop waits for the next deadline or for input: on the real clock it
    /// waits in `poll(2)` on its descriptor readers (``addReader(_:_:)``), or in
    /// ``inputSource``'s `poll(timeout:)` if there is one, or sleeps; on the virtual clock it
    /// moves time to the next deadline instead. It returns on its own when there is no deferred
    /// call, no queued input, no timer and no input source, nor on the real clock a reader.
    public func run() {
        defer { isQuitRequested = false }
        while !isQuitRequested {
            guard waitForWork() else { return }
            let calls = step(stoppingOnQuit: true)
            stepObserver?(calls)
        }
    }

    /// Runs steps until nothing is ready: no deferred call, no queued input, no due timer.
    ///
    /// It never waits nor moves virtual time. It checks ``inputSource`` without waiting before
    /// each step. Work that keeps scheduling itself for now (a zero-second timer that sets
    /// another) is never idle, so it stops after ``callsPerInstant`` callbacks and leaves the
    /// rest queued.
    public func runUntilIdle() {
        var calls = 0, steps = 0
        repeat {
            pollInputSource()
            calls += step(stoppingOnQuit: false)
            steps += 1
        } while !isIdle && calls < Self.callsPerInstant && steps < Self.callsPerInstant
    }

    /// The callbacks the loop runs at one instant of virtual time before it lets time pass.
    ///
    /// A script that keeps scheduling work for now (`loop.after(0, f)` from `f`, or a deferred
    /// call that defers itself) would otherwise hold virtual time still for ever, and every
    /// driver that runs until idle would never return. Past this many callbacks at one
    /// instant, each further step moves the virtual clock by ``spinTicks``, as a real clock
    /// moves while such a loop spins.
    static let callsPerInstant = 100_000
    /// How far the virtual clock moves per step once a loop spins at one instant: 10 ms, so
    /// that a spinning app costs at most a hundred steps (of at most ``drainAllowance`` calls
    /// and the timers due) per virtual second.
    static let spinTicks: Int64 = 10_000_000
    /// The deferred calls one drain runs beyond those queued when it began: a call that
    /// defers itself would otherwise keep the loop in one drain for ever, with no timer or
    /// input ever running again.
    static let drainAllowance = 1_000

    /// Runs one step at the current time, without waiting.
    ///
    /// - Returns: Whether the step ran anything (a deferred call, a timer or an input event).
    @discardableResult
    public func runOnce() -> Bool {
        pollInputSource()
        return step(stoppingOnQuit: false) > 0
    }

    // MARK: - Virtual time

    /// Moves the virtual clock forward by `seconds`, running everything that falls due on the
    /// way, in deadline order, each at its own time.
    ///
    /// At each deadline the loop runs until idle, so callbacks see ``now`` equal to their
    /// deadline, and timers they schedule within the interval run too. It ends by running until
    /// idle at the final time.
    ///
    /// - Parameter seconds: How far to move; a negative value moves nothing (time never goes
    ///   backwards) but still runs what is ready. Must be finite.
    /// - Precondition: The loop runs on the virtual clock.
    public func advance(by seconds: Double) {
        precondition(clock == .virtual, "advance(by:) needs a loop on the virtual clock")
        precondition(seconds.isFinite, "advance(by:) needs a finite number of seconds")
        let target = Nanoseconds.sum(time, Nanoseconds.from(seconds: seconds))
        // Run until idle at each deadline up to the target: runUntilIdle() and a search for the
        // next deadline, fused so that each instant costs one look at the queue.
        var spin = InstantSpin()
        while true {
            pollInputSource()
            let calls = step(stoppingOnQuit: false)
            if !deferredCalls.isEmpty || !inputQueue.isEmpty {
                guard spin.letTimePass(&time, upTo: target, after: calls) else { break }
                continue
            }
            guard let next = timers.nextDeadline(), next <= target else { break }
            if next <= time {
                guard spin.letTimePass(&time, upTo: target, after: calls) else { break }
                continue
            }
            time = next
        }
        time = max(time, target)
        runUntilIdle()
    }

    /// Counts what a virtual-time driver runs at one instant (see ``callsPerInstant``).
    private struct InstantSpin {
        private var instant: Int64 = .min
        private var calls = 0

        /// Called for a step that ran `stepCalls` callbacks and after which work is still due
        /// now: true to run another step, having moved `time` by ``spinTicks`` once the loop
        /// spins; false when it spins with `time` already at `target`.
        mutating func letTimePass(_ time: inout Int64, upTo target: Int64, after stepCalls: Int) -> Bool {
            if time != instant {
                instant = time
                calls = 0
            }
            // A step that ran nothing still counts, so that the count always grows.
            calls += max(stepCalls, 1)
            guard calls > EventLoop.callsPerInstant else { return true }
            guard time < target else { return false }
            time = min(target, Nanoseconds.sum(time, EventLoop.spinTicks))
            instant = time
            calls = EventLoop.callsPerInstant
            return true
        }
    }

    /// How ``runUntilSettled(limit:)`` and ``run(for:)`` ended.
    public nonisolated enum RunEnd: Sendable, Equatable {
        /// Nothing was left in flight (see ``hasWorkInFlight``).
        case settled
        /// A callback called ``quit()`` (or it had been called before the run).
        case quit
        /// The time given ran out.
        case timeUp
    }

    /// Whether work is in flight: a deferred call, queued input, or a one-shot timer, which
    /// includes every animation's next frame and so every transition. Repeating timers (a
    /// clock's tick) and local notifications (which wait for a time of day) are what an app
    /// does while it is idle, so they do not count.
    public var hasWorkInFlight: Bool {
        !deferredCalls.isEmpty || !inputQueue.isEmpty || !readyReaders.isEmpty
            || timers.oneShotCount > pendingNotifications.count
    }

    /// The animations running, in the order they began: what keeps ``hasWorkInFlight`` true
    /// besides deferred calls, input and plain one-shot timers.
    public var animationsInFlight: [LoopAnimation] {
        runningAnimations.values.sorted { $0.order < $1.order }.map(\.animation)
    }

    /// One-shot timers waiting, animation frames excluded (each running animation has one).
    public var oneShotTimersWaiting: Int {
        max(0, timers.oneShotCount - pendingNotifications.count - runningAnimations.count)
    }

    /// Deferred calls waiting for the next drain.
    public var deferredCallsWaiting: Int { deferredCalls.count }

    /// Moves the virtual clock forward until nothing is in flight (see ``hasWorkInFlight``), as
    /// a headless run does before it shows the screen: everything falls due in deadline order,
    /// each at its own time, repeating timers included.
    ///
    /// ```swift
    /// window.rootViewController = list       // starts a transition
    /// loop.runUntilSettled(limit: 60)        // .settled, with the list on screen
    /// ```
    ///
    /// - Parameter seconds: The most virtual time to run; an app that keeps scheduling one-shot
    ///   timers ends there.
    /// - Returns: `.settled`, `.quit` as soon as a callback calls ``quit()``, or `.timeUp` when
    ///   `seconds` passed with work still in flight.
    /// - Precondition: The loop runs on the virtual clock.
    @discardableResult
    public func runUntilSettled(limit seconds: Double) -> RunEnd {
        runVirtually(for: seconds, untilSettled: true)
    }

    /// Moves the virtual clock forward by `seconds` as ``advance(by:)`` does, but returns as
    /// soon as a callback calls ``quit()``.
    ///
    /// - Returns: `.quit`, or `.timeUp` once the clock has moved by `seconds`.
    /// - Precondition: The loop runs on the virtual clock.
    @discardableResult
    public func run(for seconds: Double) -> RunEnd {
        runVirtually(for: seconds, untilSettled: false)
    }

    private func runVirtually(for seconds: Double, untilSettled: Bool) -> RunEnd {
        precondition(clock == .virtual, "a run for a span of time needs a loop on the virtual clock")
        defer { isQuitRequested = false }
        let target = Nanoseconds.sum(time, Nanoseconds.from(seconds: seconds))
        var spin = InstantSpin()
        while !isQuitRequested {
            pollInputSource()
            let calls = step(stoppingOnQuit: true)
            if isQuitRequested { break }
            // What the step scheduled for now runs before time moves, as in advance(by:).
            let next = timers.nextDeadline()
            if !deferredCalls.isEmpty || !inputQueue.isEmpty || (next.map { $0 <= time } ?? false) {
                guard spin.letTimePass(&time, upTo: target, after: calls) else { return .timeUp }
                continue
            }
            if untilSettled && !hasWorkInFlight { return .settled }
            guard let next, next <= target else {
                time = max(time, target)
                return .timeUp
            }
            time = max(time, next)
        }
        return .quit
    }

    /// Moves the virtual clock forward by `seconds` without running anything, as when a callback
    /// blocks or the process is suspended. Whatever fell due runs in the next step, once.
    ///
    /// - Parameter seconds: How far to move; a negative value moves nothing. Must be finite.
    /// - Precondition: The loop runs on the virtual clock.
    public func stall(for seconds: Double) {
        precondition(clock == .virtual, "stall(for:) needs a loop on the virtual clock")
        precondition(seconds.isFinite, "stall(for:) needs a finite number of seconds")
        time = Nanoseconds.sum(time, Nanoseconds.from(seconds: seconds))
    }

    // MARK: - Steps

    /// Runs one step; see the type's documentation for the order.
    ///
    /// - Parameter stoppingOnQuit: Return as soon as a callback has called ``quit()``.
    /// - Returns: How many callbacks ran (deferred calls, timers and input events).
    @discardableResult
    func step(stoppingOnQuit: Bool) -> Int {
        let stepTime = nowTicks
        var calls = drainDeferredCalls(stoppingOnQuit: stoppingOnQuit)
        if stoppingOnQuit && isQuitRequested { return calls }

        let sequenceLimit = timers.nextSequence
        while let due = timers.takeDue(at: stepTime, scheduledBefore: sequenceLimit) {
            due.callback(LoopTimer(loop: self, id: due.id, isRepeating: due.isRepeating))
            if due.isRepeating && timers.finishFiring(due.id) {
                timers.rearm(due.id, after: nowTicks)
            }
            calls += 1
            if stoppingOnQuit && isQuitRequested { return calls }
            calls += drainDeferredCalls(stoppingOnQuit: stoppingOnQuit)
            if stoppingOnQuit && isQuitRequested { return calls }
        }

        calls += runReadyReaders(stoppingOnQuit: stoppingOnQuit)
        if stoppingOnQuit && isQuitRequested { return calls }

        var eventsLeft = inputQueue.count
        while eventsLeft > 0, let event = inputQueue.popFirst() {
            eventsLeft -= 1
            inputHandler?(event)
            calls += 1
            if stoppingOnQuit && isQuitRequested { return calls }
            calls += drainDeferredCalls(stoppingOnQuit: stoppingOnQuit)
            if stoppingOnQuit && isQuitRequested { return calls }
        }
        return calls
    }

    /// Runs deferred calls until the queue is empty, or ``drainAllowance`` calls past those
    /// queued when it began; returns how many ran.
    @discardableResult
    func drainDeferredCalls(stoppingOnQuit: Bool) -> Int {
        // The common case after each timer: nothing was deferred.
        if deferredCalls.isEmpty { return 0 }
        var calls = 0
        let allowance = deferredCalls.count + Self.drainAllowance
        while calls < allowance, let call = deferredCalls.popFirst() {
            calls += 1
            call()
            if stoppingOnQuit && isQuitRequested { break }
        }
        return calls
    }

    // MARK: - Waiting

    /// Waits until a step has something to do. Returns false when nothing could ever happen.
    private func waitForWork() -> Bool {
        if !deferredCalls.isEmpty || !inputQueue.isEmpty || !readyReaders.isEmpty {
            pollInputSource()
            return true
        }
        let next = timers.nextDeadline()
        switch clock {
        case .real:
            if next == nil && inputSource == nil && readers.isEmpty { return false }
            let timeout = next.map { max($0 - nowTicks, 0) }
            if let inputSource {
                if readers.isEmpty {
                    let events = inputSource.poll(timeout: timeout.map(Nanoseconds.seconds))
                    inputQueue.append(contentsOf: events)
                } else {
                    // Two kinds of waiting cannot share one poll(2): wait on the readers in
                    // short slices and look at the source between them.
                    pollReaders(timeoutNanoseconds: 0)
                    if readyReaders.isEmpty {
                        pollReaders(timeoutNanoseconds: min(timeout ?? Self.sourceSlice, Self.sourceSlice))
                    }
                    inputQueue.append(contentsOf: inputSource.poll(timeout: 0))
                }
            } else {
                pollReaders(timeoutNanoseconds: timeout)
            }
        case .virtual:
            pollReaders(timeoutNanoseconds: 0)
            if next == nil && inputSource == nil && readyReaders.isEmpty { return false }
            if let inputSource {
                let events = inputSource.poll(timeout: next == nil && readyReaders.isEmpty ? nil : 0)
                inputQueue.append(contentsOf: events)
            }
            if let next, inputQueue.isEmpty, readyReaders.isEmpty {
                time = max(time, next)
            }
        }
        return true
    }

    /// How long the real-clock loop waits on its readers before it looks at its input source
    /// again, when it has both: 10 ms.
    static let sourceSlice: Int64 = 10_000_000

    /// Queues whatever input the source and the readers have, without waiting.
    private func pollInputSource() {
        if !readers.isEmpty { pollReaders(timeoutNanoseconds: 0) }
        guard let inputSource else { return }
        let events = inputSource.poll(timeout: 0)
        inputQueue.append(contentsOf: events)
    }
}
