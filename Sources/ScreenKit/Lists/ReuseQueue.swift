/// A view a list makes once and shows again for other rows: a cell, or a header, footer or
/// other supplementary view.
public protocol ReusableView: View {
    /// The identifier it was registered and dequeued under; set by the queue.
    var reuseIdentifier: String? { get set }
    /// Called before the queue gives the view out again, to clear what the last row set;
    /// through the view's ``View/overrideHook`` when it has one.
    func prepareForReuse()
}

/// The classes registered for a list's reusable views and the views waiting to be used
/// again, by kind and identifier, as the reuse queues behind UIKit's `register` and
/// `dequeueReusableCell(withIdentifier:for:)`.
///
/// A list puts a view back with ``enqueue(_:kind:)`` when it leaves the screen, and
/// ``dequeue(kind:identifier:)`` hands it out again (after `prepareForReuse()`) before it
/// makes a new one, so a list holds about as many views as fit on screen. The queue keeps
/// the waiting views out of any view hierarchy.
///
/// ```swift
/// let queue = ReuseQueue<TableViewCell>()
/// queue.register(kind: "cell", identifier: "Cell") { TableViewCell(style: .subtitle) }
/// let cell = try queue.dequeue(kind: "cell", identifier: "Cell")
/// ```
public final class ReuseQueue<Element: ReusableView> {
    private struct Key: Hashable {
        let kind: String
        let identifier: String
    }

    private var factories: [Key: () -> Element] = [:]
    private var waiting: [Key: [Element]] = [:]
    /// The views in ``waiting``, so that a view put back twice is found at once: a list
    /// that lets thousands of views go at a time would otherwise look through the queue for
    /// each.
    private var waitingViews: Set<ObjectIdentifier> = []

    public init() {}

    /// Registers how to make views of `kind` for `identifier`, replacing an earlier
    /// registration; views of the old one still waiting are let go.
    public func register(kind: String, identifier: String, _ make: @escaping () -> Element) {
        let key = Key(kind: kind, identifier: identifier)
        factories[key] = make
        for view in waiting.removeValue(forKey: key) ?? [] { waitingViews.remove(ObjectIdentifier(view)) }
    }

    /// Whether a class is registered for `identifier` of `kind`.
    public func isRegistered(kind: String, identifier: String) -> Bool {
        factories[Key(kind: kind, identifier: identifier)] != nil
    }

    /// A waiting view of `kind` for `identifier`, after its `prepareForReuse()`, or else a new
    /// one from the registered factory.
    /// - Throws: ``ListError/unregisteredView(kind:identifier:)`` when nothing is registered
    ///   for them.
    public func dequeue(kind: String, identifier: String) throws(ListError) -> Element {
        let key = Key(kind: kind, identifier: identifier)
        guard let make = factories[key] else { throw .unregisteredView(kind: kind, identifier: identifier) }
        if let view = waiting[key]?.popLast() {
            waitingViews.remove(ObjectIdentifier(view))
            view.send(.prepareForReuse) { view.prepareForReuse() }
            return view
        }
        let view = make()
        view.reuseIdentifier = identifier
        return view
    }

    /// Takes `view` out of its superview and keeps it for the next dequeue of its kind and
    /// identifier; a view without an identifier, or whose registration is gone, is let go,
    /// and one waiting already stays there once.
    public func enqueue(_ view: Element, kind: String) {
        view.removeFromSuperview()
        guard let identifier = view.reuseIdentifier else { return }
        let key = Key(kind: kind, identifier: identifier)
        guard factories[key] != nil, waitingViews.insert(ObjectIdentifier(view)).inserted else { return }
        waiting[key, default: []].append(view)
    }

    /// How many views wait for `identifier` of `kind`.
    public func waitingCount(kind: String, identifier: String) -> Int {
        waiting[Key(kind: kind, identifier: identifier)]?.count ?? 0
    }

    /// Lets go of every waiting view (a memory warning).
    public func removeWaitingViews() {
        waiting = [:]
        waitingViews = []
    }
}
