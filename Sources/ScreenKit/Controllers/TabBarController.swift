/// What a tab bar controller asks and tells its delegate when the user taps a tab.
///
/// Only taps ask: selecting a tab from code (``TabBarController/select(at:)``) does not, as
/// in UIKit.
public protocol TabBarControllerDelegate: AnyObject {
    /// Whether the tapped tab's controller may be selected; false leaves the selection.
    func tabBarController(_ tabs: TabBarController, shouldSelect controller: ViewController) -> Bool
    /// The user tapped the tab of `controller`, which is now selected.
    func tabBarController(_ tabs: TabBarController, didSelect controller: ViewController)
}

extension TabBarControllerDelegate {
    public func tabBarController(_ tabs: TabBarController, shouldSelect controller: ViewController) -> Bool { true }
    public func tabBarController(_ tabs: TabBarController, didSelect controller: ViewController) {}
}

/// Controllers side by side behind a tab bar, as `UITabBarController`: every tab's controller
/// is a child, and only the selected one's view is in the hierarchy, above the bar.
///
/// Switching tabs while the tab bar controller is on screen calls, in UIKit's order: the old
/// tab will disappear, the new tab will appear, the old tab did disappear, the new tab did
/// appear. A tab can be a ``NavigationController`` with its own stack.
///
/// ```swift
/// let tabs = try TabBarController(viewControllers: [recent, try NavigationController(root: contacts)])
/// window.rootViewController = tabs
/// try tabs.select(at: 1)
/// ```
open class TabBarController: ViewController {
    /// The bar at the bottom: a button per tab.
    public let tabBar = TabBar()
    public weak var delegate: TabBarControllerDelegate?

    /// The tabs' controllers, left to right.
    public private(set) var viewControllers: [ViewController] = []
    /// The index of the selected tab, counting from 0; nil without tabs.
    public private(set) var selectedIndex: Int?

    /// The selected tab's controller; nil without tabs.
    public var selectedViewController: ViewController? {
        selectedIndex.map { viewControllers[$0] }
    }

    /// The view the selected controller's view is placed in, above the bar.
    private let contentView = View()

    /// A tab bar controller with `viewControllers` as its tabs, the first selected.
    /// - Throws: ``ControllerError`` as ``setViewControllers(_:)`` does.
    public init(viewControllers: [ViewController] = []) throws(ControllerError) {
        super.init()
        tabBar.onSelect = { [unowned self] index in tapTab(at: index) }
        if !viewControllers.isEmpty { try setViewControllers(viewControllers) }
    }

    open override func loadView() {
        let view = View(frame: ViewController.defaultFrame)
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        contentView.clipsToBounds = true
        try? view.addSubview(contentView)
        try? view.addSubview(tabBar)
        self.view = view
        // The panes have their sizes before any tab's view loads into them.
        layoutPanes()
    }

    override func prepareForAppearance() {
        installSelectedView()
    }

    override func layoutContainer() {
        layoutPanes()
        installSelectedView()
        selectedViewController?.viewIfLoaded?.frame = contentView.bounds
    }

    private func layoutPanes() {
        let bounds = view.bounds
        tabBar.frame = Rect(x: 0, y: bounds.height - TabBar.height, width: bounds.width, height: TabBar.height)
        let content = Rect(x: 0, y: 0, width: bounds.width, height: max(0, bounds.height - TabBar.height))
        if contentView.frame != content { contentView.frame = content }
    }

    override func childItemsChanged(_ child: ViewController) {
        updateTabBar()
    }

    /// Puts the selected controller's view above the bar if it is not there; it loads here,
    /// as the tab bar controller appears, not when its tab is added.
    private func installSelectedView() {
        guard isViewLoaded, let selected = selectedViewController else { return }
        let selectedView = selected.view
        guard selectedView.superview !== contentView else { return }
        selectedView.frame = contentView.bounds
        selectedView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        try? contentView.addSubview(selectedView)
    }

    private func updateTabBar() {
        tabBar.show(viewControllers.map(\.tabBarItem), selectedIndex: selectedIndex)
    }

    // MARK: - Tabs

    /// Replaces the tabs. As UIKit's does, it keeps the selected controller selected if it
    /// is still a tab, else selects the same index if there is one, else the first tab.
    /// Containment: new tabs get `willMove(toParent:)` before the change and
    /// `didMove(toParent:)` after it; removed tabs `willMove(toParent: nil)` before it and
    /// `didMove(toParent: nil)` after it.
    /// - Throws: ``ControllerError`` for a controller listed twice or in another container;
    ///   nothing changes then.
    public func setViewControllers(_ controllers: [ViewController]) throws(ControllerError) {
        try checkNewChildren(controllers, for: "tabs")
        let oldSelected = selectedViewController
        let removed = viewControllers.filter { old in !controllers.contains { $0 === old } }
        let added = controllers.filter { $0.parent !== self }
        for controller in added { try addChild(controller) }
        for controller in removed { controller.send(.willMoveToParent(nil)) }
        viewControllers = controllers
        if let oldSelected, let index = controllers.firstIndex(where: { $0 === oldSelected }) {
            selectedIndex = index
        } else if let index = selectedIndex, controllers.indices.contains(index) {
            selectedIndex = index
        } else {
            selectedIndex = controllers.isEmpty ? nil : 0
        }
        updateTabBar()
        swapViews(from: oldSelected, to: selectedViewController)
        for controller in removed { controller.removeFromParent() }
        for controller in added { controller.send(.didMoveToParent(self)) }
    }

    /// Selects the tab at `index` (from 0), without asking the delegate.
    /// - Throws: ``ControllerError`` naming the index and the number of tabs when there is
    ///   no such tab.
    public func select(at index: Int) throws(ControllerError) {
        guard viewControllers.indices.contains(index) else {
            throw ControllerError(
                "cannot select tab \(index) of \(self): it has \(viewControllers.count) tab\(viewControllers.count == 1 ? "" : "s")")
        }
        show(index)
    }

    /// Selects the tab of `controller`, without asking the delegate.
    /// - Throws: ``ControllerError`` when `controller` is not one of the tabs.
    public func select(_ controller: ViewController) throws(ControllerError) {
        guard let index = viewControllers.firstIndex(where: { $0 === controller }) else {
            throw ControllerError("cannot select \(controller): it is not a tab of \(self)")
        }
        show(index)
    }

    /// Taps the tab at `index`, as the user does: the delegate may veto the selection
    /// (`shouldSelect`) and hears of it (`didSelect`). Tapping the selected tab again pops a
    /// navigation controller in it to its root, as in UIKit.
    public func tapTab(at index: Int) {
        guard viewControllers.indices.contains(index) else { return }
        let controller = viewControllers[index]
        if let delegate, !delegate.tabBarController(self, shouldSelect: controller) { return }
        // The delegate may have changed the tabs while it was asked.
        guard let current = viewControllers.firstIndex(where: { $0 === controller }) else { return }
        if current == selectedIndex {
            // A tap while the stack animates is ignored, as touches are then.
            _ = try? (controller as? NavigationController)?.popToRoot(animated: true)
        } else {
            show(current)
        }
        delegate?.tabBarController(self, didSelect: controller)
    }

    private func show(_ index: Int) {
        let old = selectedViewController
        selectedIndex = index
        updateTabBar()
        swapViews(from: old, to: viewControllers[index])
    }

    /// Replaces the shown controller's view, with appearance callbacks when the tab bar
    /// controller is on screen.
    private func swapViews(from old: ViewController?, to new: ViewController?) {
        guard old !== new, isViewLoaded else { return }
        // The new view takes its size before it appears, so that it lays out once.
        new?.view.frame = contentView.bounds
        let forwards = forwardsAppearanceAutomatically
            && (appearanceState == .appeared || appearanceState == .appearing)
        if forwards {
            old?.beginAppearanceTransition(false, animated: false)
            new?.beginAppearanceTransition(true, animated: false)
        }
        if let oldView = old?.viewIfLoaded, oldView.superview === contentView {
            oldView.removeFromSuperview()
        }
        installSelectedView()
        if forwards {
            old?.endAppearanceTransition()
            new?.endAppearanceTransition()
        }
    }
}

// MARK: - Checking new children

extension ViewController {
    /// Checks a container's new list of children before anything changes, so that a list
    /// with one bad controller leaves the container as it was: each controller is listed
    /// once, and those not yet children are free to be added.
    /// - Parameter role: what the list is to the container, for messages ("tabs").
    func checkNewChildren(_ controllers: [ViewController], for role: String) throws(ControllerError) {
        for (index, controller) in controllers.enumerated() {
            if controllers[..<index].contains(where: { $0 === controller }) {
                throw ControllerError("cannot set the \(role) of \(self): \(controller) is listed twice")
            }
            guard controller.parent !== self else { continue }
            if let parent = controller.parent {
                throw ControllerError(
                    "cannot add \(controller) to the \(role) of \(self): it is already a child of \(parent)")
            }
            if isInside(controller) {
                throw ControllerError(
                    "cannot add \(controller) to the \(role) of \(self): a controller cannot contain itself")
            }
            if let presenter = controller.presentingViewController {
                throw ControllerError(
                    "cannot add \(controller) to the \(role) of \(self): it is presented by \(presenter)")
            }
        }
    }
}
