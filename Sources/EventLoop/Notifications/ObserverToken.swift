/// Stands for one observer registered with a ``NotificationHub``; pass it to
/// ``NotificationHub/remove(_:)`` to unregister.
public final class ObserverToken {
    weak var hub: NotificationHub?
    /// The notification name the observer registered for.
    public let name: String
    let filtersByObject: Bool
    weak var object: AnyObject?
    /// The observer's callback, nil once it is removed.
    var body: ((NotificationHub.Notification) -> Void)?

    init(hub: NotificationHub, name: String, object: AnyObject?, body: @escaping (NotificationHub.Notification) -> Void) {
        self.hub = hub
        self.name = name
        self.filtersByObject = object != nil
        self.object = object
        self.body = body
    }

    /// Whether the observer is still registered.
    public var isActive: Bool { body != nil }

    /// Unregisters the observer, as ``NotificationHub/remove(_:)`` does.
    public func remove() {
        hub?.remove(self)
    }
}
