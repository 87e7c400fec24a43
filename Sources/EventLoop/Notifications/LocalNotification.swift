/// A notification scheduled for a time on the loop's clock and delivered to the app, like
/// UIKit's `UILocalNotification`.
///
/// Made by ``EventLoop/scheduleLocalNotification(at:body:userInfo:)`` (a loop time),
/// ``EventLoop/scheduleLocalNotification(onDate:body:userInfo:)`` (a wall-clock date) or
/// ``EventLoop/scheduleLocalNotification(after:body:userInfo:)``; delivered to
/// ``EventLoop/localNotificationHandler`` when it falls due.
public final class LocalNotification {
    /// The loop time it is delivered at, in seconds.
    public var fireTime: Double { Nanoseconds.seconds(deadline) }
    /// The date it is delivered at, wall-clock seconds since 1970-01-01 UTC as the loop's
    /// wall clock reads now; nil once the loop is gone.
    public var fireDate: Double? {
        guard let loop else { return nil }
        return loop.wallTime + (fireTime - loop.now)
    }
    /// The text shown to the user.
    public let body: String
    /// Extra information for the app.
    public let userInfo: [String: Any]

    weak var loop: EventLoop?
    var timer: TimerID?

    let deadline: Int64

    init(loop: EventLoop, fireTime: Int64, body: String, userInfo: [String: Any]) {
        self.loop = loop
        self.deadline = fireTime
        self.body = body
        self.userInfo = userInfo
    }

    /// Whether it is still waiting for its time (not delivered, not cancelled).
    public var isPending: Bool { timer != nil }

    /// Cancels delivery; does nothing once delivered or cancelled.
    public func cancel() {
        loop?.cancelLocalNotification(self)
    }

    /// The order of pending notifications: by time, then by scheduling order.
    var deliveryOrder: (Int64, Int) { timer.flatMap { loop?.timers.order(of: $0) } ?? (deadline, 0) }
}
