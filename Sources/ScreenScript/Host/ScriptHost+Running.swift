import EventLoop
import LuaBridge
import ScreenKit

/// Running the loop, headless or not, rendering the key window, and handing the app its
/// local notifications and, on a virtual clock, its dates.
extension ScriptHost {
    /// The key window as the text or SVG renderer draws it.
    public func render(_ kind: RenderKind) -> String? {
        guard let window = keyWindow else { return nil }
        window.layoutIfNeeded()
        switch kind {
        case .text: return Rendering.text(window)
        case .svg: return Rendering.svg(window)
        }
    }

    public enum RenderKind: String, Sendable {
        case text, svg
    }

    /// Runs the loop until a script calls `loop.quit()` or nothing is left to do.
    public func run() {
        loop.run()
    }

    /// The most virtual time ``runHeadless(for:)`` waits for an app to settle.
    public static let settleLimit: Double = 60

    /// Runs the app without a terminal, on the loop's virtual clock: for `seconds` when
    /// given, else until nothing is in flight (no transition, animation, deferred call or
    /// one-shot timer; repeating timers and local notifications do not count) or
    /// ``settleLimit`` seconds have passed; either way only until a script calls
    /// `loop.quit()`.
    ///
    /// - Returns: how the run ended; `.timeUp` without `seconds` means the app was still busy.
    /// - Precondition: The loop runs on the virtual clock.
    @discardableResult
    public func runHeadless(for seconds: Double? = nil) -> EventLoop.RunEnd {
        if let seconds { return loop.run(for: seconds) }
        return loop.runUntilSettled(limit: Self.settleLimit)
    }

    /// Hands a local notification to the app's `didReceiveLocalNotification(note)`: the app
    /// loaded, or else the global `app` a script has set. An error names the notification by
    /// its body and the time it was due, since several may be scheduled.
    func deliver(_ note: LocalNotification) {
        let app = app.isNil ? lua.globals["app"] : app
        guard let handler = app.tableValue?["didReceiveLocalNotification"].functionValue else { return }
        callback(handler, note, context: Self.deliveryContext(note))
    }

    /// "didReceiveLocalNotification for the notification "Wake up" due at 60s".
    static func deliveryContext(_ note: LocalNotification) -> String {
        let time = (note.fireTime * 1000).rounded() / 1000
        let seconds = time == time.rounded() && abs(time) < 1e15 ? String(Int64(time)) : String(time)
        return "didReceiveLocalNotification for the notification \"\(note.body)\" due at \(seconds)s"
    }

    // MARK: - Virtual dates

    /// On a virtual clock, `os.time()` and `os.date()` without a time read the loop's wall
    /// clock while ``datesAreVirtual``, so that what a test or a headless run shows never
    /// depends on the day (dates.lua); otherwise the machine's.
    func installVirtualDates() throws(LuaError) {
        let loop = loop
        let wallClock = lua.function(lifetime: .state) { [weak self, unowned loop] _ -> Int64? in
            guard self?.datesAreVirtual ?? true else { return nil }
            // The loop keeps its wall clock within ±10^12 s of 1970, so the conversion is exact.
            return Int64(exactly: loop.wallTime.rounded(.down)) ?? 0
        }
        try Self.datesChunk.load(in: lua).call(wallClock)
    }
}
