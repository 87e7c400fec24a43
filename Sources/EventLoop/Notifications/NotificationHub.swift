/// A notification center: observers register by name, and optionally by object; posts call
/// them synchronously, in registration order.
///
/// Named so it does not clash with Foundation's `NotificationCenter`. Each ``EventLoop`` has one
/// as ``EventLoop/notifications``; scripts reach it as `notify`.
///
/// ```swift
/// let hub = loop.notifications
/// let token = hub.observe("store.didSave", object: context) { note in reload(note.userInfo) }
/// hub.post("store.didSave", object: context, userInfo: ["inserted": 3])
/// hub.remove(token)
/// ```
///
/// Posting is safe against changes made by the observers it calls: an observer removed during a
/// post is not called afterwards in that post, and one added during a post is first called by
/// the next post.
public final class NotificationHub {
    /// What a post delivers to each observer.
    public struct Notification {
        /// The name observers registered for.
        public let name: String
        /// The object the notification is about (the sender), compared by identity.
        public let object: AnyObject?
        /// Extra information; the keys and value types are a convention between poster and
        /// observers (a Lua binding maps it to and from a table with string keys).
        public let userInfo: [String: Any]

        /// Creates a notification.
        ///
        /// - Parameters:
        ///   - name: The name observers registered for.
        ///   - object: The object it is about, or nil.
        ///   - userInfo: Extra information.
        public init(name: String, object: AnyObject? = nil, userInfo: [String: Any] = [:]) {
            self.name = name
            self.object = object
            self.userInfo = userInfo
        }
    }

    /// Observers by name, each list in registration order.
    private var observers: [String: [ObserverToken]] = [:]

    /// Creates a hub with no observers.
    public init() {}

    // MARK: - Observing

    /// Registers `body` for notifications named `name`, optionally only those about `object`.
    ///
    /// - Parameters:
    ///   - name: The notification name.
    ///   - object: When given, only posts whose object is this very object (`===`) are delivered.
    ///     The hub holds it weakly; once it is gone, the observer receives nothing.
    ///   - body: Called with each matching notification.
    /// - Returns: A token for ``remove(_:)``. The hub keeps the observer until it is removed.
    @discardableResult
    public func observe(
        _ name: String, object: AnyObject? = nil, _ body: @escaping (Notification) -> Void
    ) -> ObserverToken {
        let token = ObserverToken(hub: self, name: name, object: object, body: body)
        observers[name, default: []].append(token)
        return token
    }

    /// Unregisters the observer a token stands for; does nothing if it was already removed or
    /// belongs to another hub.
    ///
    /// - Parameter token: A token returned by ``observe(_:object:_:)``.
    public func remove(_ token: ObserverToken) {
        guard token.hub === self, let body = token.body.take() else { return }
        if var list = observers[token.name] {
            list.removeAll { $0 === token }
            observers[token.name] = list.isEmpty ? nil : list
        }
        // Released last: deinitializers of what the observer captured may use the hub.
        withExtendedLifetime(body) {}
    }

    /// The number of observers registered for `name`.
    ///
    /// - Parameter name: The notification name.
    /// - Returns: How many observers ``post(_:)`` would consider for that name.
    public func observerCount(for name: String) -> Int {
        observers[name]?.count ?? 0
    }

    // MARK: - Posting

    /// Posts a notification to the observers of its name, synchronously, in registration order.
    ///
    /// - Parameters:
    ///   - name: The notification name.
    ///   - object: The object it is about, which object-filtered observers match by identity.
    ///   - userInfo: Extra information.
    public func post(_ name: String, object: AnyObject? = nil, userInfo: [String: Any] = [:]) {
        post(Notification(name: name, object: object, userInfo: userInfo))
    }

    /// Posts a notification to the observers of its name, synchronously, in registration order.
    ///
    /// - Parameter notification: The notification to deliver.
    public func post(_ notification: Notification) {
        // The list is a value: observers added meanwhile are not in this copy, and removed ones
        // are skipped because removal clears their body.
        guard let list = observers[notification.name] else { return }
        for token in list {
            guard let body = token.body else { continue }
            if token.filtersByObject {
                guard let object = token.object, object === notification.object else { continue }
            }
            body(notification)
        }
    }
}
