/// A button in a navigation bar, toolbar or split view, as `UIBarButtonItem`: not a view,
/// just what the bar shows and what a tap does.
public final class BarButtonItem {
    /// UIKit's system items: each drawn by its symbol or word, and named for someone who
    /// does not see it (`UIBarButtonItem.SystemItem`). The two spaces are no buttons: a
    /// flexible space takes what the toolbar's items leave, shared with the other flexible
    /// spaces; a fixed space takes ``BarButtonItem/width``.
    public enum SystemItem: String, CaseIterable, Sendable {
        case add, edit, done, cancel, save, trash, refresh, search, compose, action
        case flexibleSpace, fixedSpace

        /// What the bar shows for it.
        public var symbol: String {
            switch self {
            case .add: "+"
            case .edit: "Edit"
            case .done: "Done"
            case .cancel: "Cancel"
            case .save: "Save"
            case .trash: "🗑"
            case .refresh: "↻"
            case .search: "⌕"
            case .compose: "✎"
            case .action: "⇪"
            case .flexibleSpace, .fixedSpace: ""
            }
        }

        /// Its accessibility label, VoiceOver's name for it.
        public var label: String? {
            switch self {
            case .add: "Add"
            case .edit: "Edit"
            case .done: "Done"
            case .cancel: "Cancel"
            case .save: "Save"
            case .trash: "Delete"
            case .refresh: "Refresh"
            case .search: "Search"
            case .compose: "Compose"
            case .action: "Share"
            case .flexibleSpace, .fixedSpace: nil
            }
        }

        /// Whether it is a space rather than a button.
        public var isSpace: Bool { self == .flexibleSpace || self == .fixedSpace }
    }

    public var title: String? {
        didSet { changed() }
    }
    /// The system item it is, fixed when it is made; nil for an item of its own title.
    public let systemItem: SystemItem?
    /// The width of a fixed space; 0 (the default) gives it UIKit's 8 points. Not negative,
    /// never NaN or infinite.
    public var width = 0.0 {
        didSet {
            if !width.isFinite || width < 0 { width = 0 }
            if width > Self.maximumWidth { width = Self.maximumWidth }
            changed()
        }
    }
    static let maximumWidth = 10_000.0
    /// What the item is called for someone who does not see it; the system item's name
    /// when nil (``shownAccessibilityLabel``).
    public var accessibilityLabel: String? {
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

    /// The text the bar draws: the title, else the system item's symbol.
    public var shownTitle: String { title ?? systemItem?.symbol ?? "" }

    /// The name the bar's button is given: the accessibility label set, else the system
    /// item's, else none (the title names it).
    public var shownAccessibilityLabel: String? { accessibilityLabel ?? systemItem?.label }
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
        systemItem = nil
    }

    /// A system item, as `UIBarButtonItem(barButtonSystemItem:target:action:)`.
    public init(system: SystemItem, action: ((BarButtonItem) -> Void)? = nil) {
        systemItem = system
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
