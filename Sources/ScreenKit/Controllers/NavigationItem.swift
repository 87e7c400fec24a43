/// What a navigation bar shows while a controller is on top, as `UINavigationItem`.
public final class NavigationItem {
    unowned let owner: ViewController

    init(owner: ViewController) {
        self.owner = owner
    }

    /// The title; the controller's `title` when not set.
    public var title: String? {
        get { storedTitle ?? owner.title }
        set {
            storedTitle = newValue
            owner.containerItemsChanged()
        }
    }
    private var storedTitle: String?

    /// A line of text above the title.
    public var prompt: String? {
        didSet { owner.containerItemsChanged() }
    }
    /// A button that takes the left side instead of a back button.
    public var leftButton: BarButtonItem? {
        didSet { owner.containerItemsChanged() }
    }
    public var rightButton: BarButtonItem? {
        didSet { owner.containerItemsChanged() }
    }
    /// The back button the bar shows while a controller pushed above this one is on top.
    public var backButton: BarButtonItem? {
        didSet { owner.containerItemsChanged() }
    }
}

/// What a tab bar shows for a controller, as `UITabBarItem`.
public final class TabBarItem {
    unowned let owner: ViewController

    init(owner: ViewController) {
        self.owner = owner
    }

    /// The title; the controller's `title` when not set.
    public var title: String? {
        get { storedTitle ?? owner.title }
        set {
            storedTitle = newValue
            owner.containerItemsChanged()
        }
    }
    private var storedTitle: String?

    /// A short text shown on the tab, such as a count.
    public var badgeValue: String? {
        didSet { owner.containerItemsChanged() }
    }
    public var tag = 0
}
