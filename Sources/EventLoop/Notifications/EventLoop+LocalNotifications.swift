// MARK: - Local notifications

extension EventLoop {
    /// Schedules a local notification at an absolute loop time.
    ///
    /// ```swift
    /// loop.localNotificationHandler = { note in showAlarm(note.body) }
    /// loop.scheduleLocalNotification(at: 7 * 3600, body: "Wake up", userInfo: ["alarm": 1])
    /// ```
    ///
    /// - Parameters:
    ///   - time: Seconds since the loop started; a time already past means the next step.
    ///   - body: The text of the notification.
    ///   - userInfo: Extra information for the app.
    /// - Returns: The notification, to cancel it or read it back.
    @discardableResult
    public func scheduleLocalNotification(
        at time: Double, body: String, userInfo: [String: Any] = [:]
    ) -> LocalNotification {
        scheduleLocalNotification(atTicks: Nanoseconds.from(seconds: time), body: body, userInfo: userInfo)
    }

    /// Schedules a local notification `seconds` from now.
    ///
    /// - Parameters:
    ///   - seconds: The delay; zero or less means the next step.
    ///   - body: The text of the notification.
    ///   - userInfo: Extra information for the app.
    /// - Returns: The notification, to cancel it or read it back.
    @discardableResult
    public func scheduleLocalNotification(
        after seconds: Double, body: String, userInfo: [String: Any] = [:]
    ) -> LocalNotification {
        scheduleLocalNotification(
            atTicks: Nanoseconds.sum(nowTicks, Nanoseconds.from(seconds: seconds)), body: body, userInfo: userInfo
        )
    }

    /// Schedules a local notification for a date, as UIKit's `fireDate`: wall-clock seconds
    /// since 1970-01-01 UTC, as ``wallTime`` counts them. It falls due when the wall clock
    /// reaches the date, reckoned now (a wall clock set later does not move it); a date
    /// already past means the next step.
    ///
    /// - Returns: The notification, to cancel it or read it back.
    @discardableResult
    public func scheduleLocalNotification(
        onDate date: Double, body: String, userInfo: [String: Any] = [:]
    ) -> LocalNotification {
        scheduleLocalNotification(after: date - wallTime, body: body, userInfo: userInfo)
    }

    private func scheduleLocalNotification(
        atTicks time: Int64, body: String, userInfo: [String: Any]
    ) -> LocalNotification {
        let fireTime = max(time, nowTicks)
        let notification = LocalNotification(loop: self, fireTime: fireTime, body: body, userInfo: userInfo)
        // The loop owns its timers, so the callback need not keep the loop alive.
        notification.timer = schedule(at: fireTime) { [unowned self] _ in
            deliver(notification)
        }
        pendingNotifications[ObjectIdentifier(notification)] = notification
        return notification
    }

    /// Cancels a pending local notification; does nothing once it was delivered or cancelled.
    ///
    /// - Parameter notification: A notification scheduled on this loop.
    public func cancelLocalNotification(_ notification: LocalNotification) {
        guard pendingNotifications.removeValue(forKey: ObjectIdentifier(notification)) != nil else { return }
        if let timer = notification.timer {
            cancelTimer(timer)
        }
        notification.timer = nil
    }

    /// Cancels every pending local notification.
    public func cancelAllLocalNotifications() {
        for notification in pendingNotifications.values {
            if let timer = notification.timer {
                cancelTimer(timer)
            }
            notification.timer = nil
        }
        pendingNotifications.removeAll()
    }

    /// The local notifications waiting for their time, in the order they will be delivered.
    public var pendingLocalNotifications: [LocalNotification] {
        pendingNotifications.values.sorted { $0.deliveryOrder < $1.deliveryOrder }
    }

    /// Hands a due notification to the app.
    private func deliver(_ notification: LocalNotification) {
        pendingNotifications[ObjectIdentifier(notification)] = nil
        notification.timer = nil
        localNotificationHandler?(notification)
    }
}
