/// A button in a navigation bar, toolbar or split view, as `UIBarButtonItem`: not a view,
/// just what the bar shows and what a tap does.
public final class BarButtonItem {
    public var title: String? {
        didSet { changed() }
    }
    public var tag = 0
    public var isEnabled = true {
        didSet { changed() }
    }
    /// Called when the button is tapped.
    public var action: ((BarButtonItem) -> Void)?

    /// Called when the item changes, so the bar showing it can redraw.
    var onChange: (() -> Void)?

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

    private func changed() {
        onChange?()
    }
}
