#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The clock that drives an ``EventLoop``.
///
/// Time on either clock is a `Double` number of seconds since the loop was created, which is
/// what scripts see as `loop.now()`.
///
/// ```swift
/// let app = EventLoop(clock: .real)        // screens run: timers fire in real time
/// let test = EventLoop(clock: .virtual)    // screens test: time moves only in advance(by:)
/// ```
public nonisolated enum LoopClock: Sendable, Equatable {
    /// The system's monotonic clock; ``EventLoop/run()`` sleeps until the next deadline or input.
    case real
    /// A clock that stands still until ``EventLoop/advance(by:)`` or ``EventLoop/stall(for:)``
    /// moves it; the loop never sleeps on it.
    case virtual
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
