/// A button in a navigation bar, toolbar or split view, as `UIBarButtonItem`: not a view,
/// just what the bar shows and what a tap does.
public final class BarButtonItem {
    public var title: String? {
        didSet { changed() }
    }
    /// The image the bar shows for the item, before its title or alone (the text grid shows
    /// the title, or the image's name in its place).
    public var image: Image? {
        didSet { changed() }
    }
    public var tag = 0
    public var isEnabled = true {
        didSet { changed() }
    }
    /// Called when the button is tapped.
    public var action: ((BarButtonItem) -> Void)?

    /// The bars showing the item, each told when it changes so that it can redraw: one item
    /// may be in a navigation bar and a toolbar at once.
    private var observers: [Observer] = []

    private struct Observer {
        weak var bar: AnyObject?
        let changed: () -> Void
    }

    public init(title: String? = nil, tag: Int = 0, action: ((BarButtonItem) -> Void)? = nil) {
        self.title = title
        self.tag = tag
        self.action = action
    }

    /// Taps the button: runs the action when enabled.
    public func tap() {
        guard isEnabled else { return }
        action?(self)
    }

    /// Tells `changed` about every change until `bar` stops observing or is gone; a bar
    /// observing again replaces its earlier callback.
    func addObserver(_ bar: AnyObject, changed: @escaping () -> Void) {
        observers.removeAll { $0.bar == nil || $0.bar === bar }
        observers.append(Observer(bar: bar, changed: changed))
    }

    func removeObserver(_ bar: AnyObject) {
        observers.removeAll { $0.bar == nil || $0.bar === bar }
    }

    private func changed() {
        observers.removeAll { $0.bar == nil }
        // A copy: a bar rebuilding in its callback observes the item again.
        for observer in observers where observer.bar != nil { observer.changed() }
    }
}
