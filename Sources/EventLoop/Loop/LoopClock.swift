#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The clocks that drive an ``EventLoop``.
///
/// A loop has two clocks of the same kind. Its monotonic time (``EventLoop/now``, what scripts
/// see as `loop.now()`) is a `Double` number of seconds since the loop was created, for
/// intervals; its wall-clock time (``EventLoop/wallTime``, `loop.time()`) is seconds since
/// 1970-01-01 UTC, for dates.
///
/// ```swift
/// let app = EventLoop(clock: .real)        // screens run: timers fire in real time
/// let test = EventLoop(clock: .virtual)    // screens test: time moves only in advance(by:)
/// test.wallTime                            // 1767225600, 2026-01-01T00:00:00Z
/// ```
public nonisolated enum LoopClock: Sendable, Equatable {
    /// The system's clocks (monotonic and real-time); ``EventLoop/run()`` sleeps until the next
    /// deadline or input.
    case real
    /// Clocks that stand still until ``EventLoop/advance(by:)`` or ``EventLoop/stall(for:)``
    /// moves them, both by the same amount; the loop never sleeps on them. The wall clock
    /// starts at ``virtualWallClockStart`` unless the loop is given another start.
    case virtual

    /// Where a virtual wall clock starts by default: 2026-01-01T00:00:00Z, so that what a test
    /// or a headless run shows never depends on the day it ran.
    public static let virtualWallClockStart: Double = 1_767_225_600

    /// How far from 1970 a virtual wall clock may start, in seconds either way: about 31,000
    /// years, beyond any date a calendar prints, and near enough that a `Double` still counts
    /// tenths of a millisecond there.
    public static let wallClockLimit: Double = 1e12
}

// MARK: - Wall-clock time

/// Readings of the system's real-time clock.
nonisolated enum WallClock {
    /// Seconds since 1970-01-01 UTC.
    static func now() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / Double(Nanoseconds.perSecond)
    }
}

// MARK: - Monotonic time

/// Readings of the system's monotonic clock, relative to an origin taken at creation.
nonisolated struct MonotonicClock {
    private let origin: timespec

    init() {
        origin = Self.reading()
    }

    /// Nanoseconds since the origin.
    func elapsed() -> Int64 {
        let now = Self.reading()
        return Int64(now.tv_sec - origin.tv_sec) * Nanoseconds.perSecond + Int64(now.tv_nsec - origin.tv_nsec)
    }

    /// Blocks the thread for `nanoseconds` (at most a day). A signal may end it early, which is
    /// harmless: the loop checks the time again.
    static func sleep(nanoseconds: Int64) {
        guard nanoseconds > 0 else { return }
        let capped = min(nanoseconds, 86_400 * Nanoseconds.perSecond)
        var request = timespec(
            tv_sec: Int(capped / Nanoseconds.perSecond),
            tv_nsec: Int(capped % Nanoseconds.perSecond)
        )
        _ = nanosleep(&request, nil)
    }

    private static func reading() -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now
    }
}
