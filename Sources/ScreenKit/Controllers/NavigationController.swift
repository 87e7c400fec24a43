/// What a navigation controller tells its delegate around showing a controller.
public protocol NavigationControllerDelegate: AnyObject {
    func navigationController(_ navigation: NavigationController, willShow controller: ViewController, animated: Bool)
    func navigationController(_ navigation: NavigationController, didShow controller: ViewController, animated: Bool)
}

/// A stack of controllers of which the top one is shown, under a navigation bar and over an
/// optional toolbar, as `UINavigationController`.
///
/// Appearance follows UIKit's order for a push or pop: the old top will disappear, the new
/// top will appear, the old top did disappear, the new top did appear. A pushed controller
/// gets `willMove(toParent:)` when pushed and `didMove(toParent:)` when the transition ends;
/// a popped one gets `willMove(toParent: nil)` when popped and `didMove(toParent: nil)` at
/// the end.
open class NavigationController: ViewController {
    /// How long an animated push or pop takes, in seconds.
    public static let transitionDuration = 0.35

    /// The bar at the top: the top controller's title, prompt and buttons.
    public let navigationBar = NavigationBar()
    /// The bar at the bottom, showing the top controller's `toolbarItems` when not hidden.
    public let toolbar = Toolbar()
    /// Whether the toolbar is hidden (it is, by default).
    public var isToolbarHidden = true {
        didSet { view.setNeedsLayout() }
    }
    public weak var delegate: NavigationControllerDelegate?

    /// The view the top controller's view is placed in, between the bars.
    private let contentView = View()
    /// Whether an animated push or pop is under way.
    public private(set) var isTransitioning = false

    /// A navigation controller with `root` at the bottom of its stack.
    /// - Throws: ``ControllerError`` when `root` is already in a container.
    public init(root: ViewController? = nil) throws(ControllerError) {
        super.init()
        if let root { try setViewControllers([root], animated: false) }
    }

    /// The controllers on the stack, root first. During a pop the popped controllers stay
    /// children until the transition ends, but are off the stack at once.
    public private(set) var viewControllers: [ViewController] = []

    /// The controller on top of the stack.
    public var topViewController: ViewController? { viewControllers.last }

    /// The controller shown: what the top presents, else the top.
    public var visibleViewController: ViewController? {
        topViewController?.presentedViewController ?? topViewController
    }

    open override func loadView() {
        let view = View(frame: ViewController.defaultFrame)
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        contentView.clipsToBounds = true
        try? view.addSubview(contentView)
        try? view.addSubview(navigationBar)
        try? view.addSubview(toolbar)
        // A tap on the back button while a transition animates is ignored, as touches are then.
        navigationBar.onBack = { [unowned self] in _ = try? self.pop(animated: true) }
        self.view = view
        // The content area gets its size now, so that the top's view, placed before the
        // first layout pass, starts at its final size and autoresizing keeps its subviews.
        layoutBars()
    }

    override func prepareForAppearance() {
        installTopView()
    }

    override func layoutContainer() {
        installTopView()
        layoutBars()
    }

    /// Puts the top controller's view between the bars if nothing is shown yet; the top's
    /// view loads here, as the navigation controller appears, not when it is pushed.
    private func installTopView() {
        guard isViewLoaded, !isTransitioning, let top = topViewController else { return }
        let topView = top.view
        guard topView.superview !== contentView else { return }
        topView.frame = contentView.bounds
        topView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        try? contentView.addSubview(topView)
    }

    // MARK: - Pushing and popping

    /// Pushes `controller` on top of the stack.
    /// - Throws: ``ControllerError`` when it is already in a stack or another container, or
    ///   a transition is under way.
    public func push(_ controller: ViewController, animated: Bool) throws(ControllerError) {
        try checkIdle(to: "push \(controller)")
        try checkFree(controller, to: "push")
        try show(.push(controller), animated: animated)
    }

    /// Pops the top controller and returns it; the root is never popped (nil, nothing changes).
    /// - Throws: ``ControllerError`` when a transition is under way: the pop would be lost.
    @discardableResult
    public func pop(animated: Bool) throws(ControllerError) -> ViewController? {
        guard let top = topViewController else { return nil }
        try checkIdle(to: "pop \(top)")
        guard viewControllers.count > 1 else { return nil }
        try show(.pop(count: 1), animated: animated)
        return top
    }

    /// Pops every controller above `controller` and returns them, bottom first.
    /// - Throws: ``ControllerError`` when `controller` is not on the stack.
    @discardableResult
    public func pop(to controller: ViewController, animated: Bool) throws(ControllerError) -> [ViewController] {
        guard let index = viewControllers.firstIndex(where: { $0 === controller }) else {
            throw ControllerError("cannot pop to \(controller): it is not on the stack of \(self)")
        }
        try checkIdle(to: "pop to \(controller)")
        let popped = Array(viewControllers[(index + 1)...])
        if !popped.isEmpty { try show(.pop(count: popped.count), animated: animated) }
        return popped
    }

    /// Pops every controller above the root and returns them, bottom first.
    /// - Throws: ``ControllerError`` when a transition is under way.
    @discardableResult
    public func popToRoot(animated: Bool) throws(ControllerError) -> [ViewController] {
        guard let root = viewControllers.first else { return [] }
        return try pop(to: root, animated: animated)
    }

    /// Replaces the stack; the transition runs as a push when the new top is new to the
    /// stack and as a pop otherwise, as UIKit's does.
    /// - Throws: ``ControllerError`` for an empty list, a controller listed twice, or one in
    ///   another container.
    public func setViewControllers(_ controllers: [ViewController], animated: Bool) throws(ControllerError) {
        guard !controllers.isEmpty else {
            throw ControllerError("a navigation controller needs at least one controller on its stack")
        }
        try checkIdle(to: "set the stack")
        var listed = Set<ObjectIdentifier>()
        for controller in controllers {
            if !listed.insert(ObjectIdentifier(controller)).inserted {
                throw ControllerError("cannot set the stack of \(self): \(controller) is listed twice")
            }
            if controller.parent !== self { try checkFree(controller, to: "put on the stack") }
        }
        try show(.replace(controllers), animated: animated)
    }

    /// Takes the action's description as an autoclosure, so that a push pays for describing
    /// controllers only when there is an error.
    private func checkIdle(to action: @autoclosure () -> String) throws(ControllerError) {
        if isTransitioning {
            throw ControllerError("cannot \(action()): \(self) is still animating a transition")
        }
    }

    private func checkFree(_ controller: ViewController, to action: String) throws(ControllerError) {
        if let parent = controller.parent {
            if parent === self {
                throw ControllerError("cannot \(action) \(controller): it is already on the stack of \(self)")
            }
            let where_ = parent is NavigationController ? "on the stack of" : "a child of"
            throw ControllerError("cannot \(action) \(controller) on \(self): it is already \(where_) \(parent)")
        }
        if isInside(controller) {
            throw ControllerError("cannot \(action) \(controller) on \(self): a controller cannot contain itself")
        }
        if let presenter = controller.presentingViewController {
            throw ControllerError("cannot \(action) \(controller) on \(self): it is presented by \(presenter)")
        }
    }

    // MARK: - Transitions

    /// How a transition changes the stack. A push or a pop touches only the top, so that
    /// neither costs more on a deep stack than on a shallow one.
    private enum StackChange {
        case push(ViewController)
        case pop(count: Int)
        case replace([ViewController])
    }

    /// The stack `change` leaves, built anew; only the general path pays for it.
    private func stack(after change: StackChange) -> [ViewController] {
        switch change {
        case .push(let controller): viewControllers + [controller]
        case .pop(let count): Array(viewControllers.dropLast(count))
        case .replace(let stack): stack
        }
    }

    /// Whether the stack may hold a controller that is no longer a child, taken out by its
    /// own `removeFromParent`, or a controller twice, such a one pushed again. Transitions
    /// then take the general path, which compares whole stacks as they always have.
    private var stackIsIrregular = false

    override func childRemoved(_ child: ViewController) {
        stackIsIrregular = true
    }

    /// Moves from the current stack to the one `change` leaves, with containment,
    /// appearance, the bars and the delegate in UIKit's order.
    private func show(_ change: StackChange, animated: Bool) throws(ControllerError) {
        let oldTop = topViewController
        let newTop: ViewController, pushing: Bool
        switch change {
        case .push(let controller): (newTop, pushing) = (controller, true)
        case .pop(let count): (newTop, pushing) = (viewControllers[viewControllers.count - 1 - count], false)
        case .replace(let stack): (newTop, pushing) = (stack.last!, !viewControllers.contains { $0 === stack.last })
        }
        let removed: [ViewController], added: [ViewController], hasDuplicates: Bool
        switch change {
        case .push(let controller) where !stackIsIrregular:
            (removed, added, hasDuplicates) = ([], [controller], false)
        case .pop(let count) where !stackIsIrregular:
            (removed, added, hasDuplicates) = (Array(viewControllers.suffix(count)), [], false)
        default:
            let stack = stack(after: change)
            let kept = Set(stack.map(ObjectIdentifier.init))
            removed = viewControllers.filter { !kept.contains(ObjectIdentifier($0)) }
            added = stack.filter { $0.parent !== self }
            hasDuplicates = kept.count < stack.count
        }
        // Every controller on the new stack is a child once these are added; a callback that
        // takes one out again sets the flag anew.
        stackIsIrregular = hasDuplicates
        do {
            for controller in added { try addChild(controller) }
        } catch {
            stackIsIrregular = true
            throw error
        }
        for controller in removed { controller.send(.willMoveToParent(nil)) }
        switch change {
        case .push(let controller): viewControllers.append(controller)
        case .pop(let count): viewControllers.removeLast(count)
        case .replace(let stack): viewControllers = stack
        }
        let isOnScreen = appearanceState == .appeared || appearanceState == .appearing
        let changesTop = oldTop !== newTop && isViewLoaded
        let animate = animated && isOnScreen && changesTop && oldTop != nil && view.window?.loop != nil
        delegate?.navigationController(self, willShow: newTop, animated: animate)

        if changesTop {
            newTop.loadViewIfNeeded()
            if isOnScreen {
                oldTop?.beginAppearanceTransition(false, animated: animate)
                newTop.beginAppearanceTransition(true, animated: animate)
            }
            let newView = newTop.view
            newView.frame = contentView.bounds
            newView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            if let oldView = oldTop?.viewIfLoaded, oldView.superview === contentView, !pushing {
                try? contentView.insertSubview(newView, below: oldView)
            } else {
                try? contentView.addSubview(newView)
            }
        }
        updateBars()

        // As in UIKit, the screen takes no touches while the stack slides: a tap on the
        // controller going away (its list, its bar buttons) would act on a stack that has
        // already changed, and a push from it, or from the other side of a split view,
        // would fail.
        var held: Window?
        let finish: (Bool) -> Void = { [self] _ in
            held?.releaseTouches()
            isTransitioning = false
            if changesTop, let oldView = oldTop?.viewIfLoaded {
                oldView.removeFromSuperview()
                oldView.frame = contentView.bounds
            }
            if changesTop && isOnScreen {
                oldTop?.endAppearanceTransition()
                newTop.endAppearanceTransition()
            }
            // Popped controllers are off the stack already: no stray to note.
            for controller in removed { controller.removeFromParent(tellingParent: false) }
            for controller in added { controller.send(.didMoveToParent(self)) }
            delegate?.navigationController(self, didShow: newTop, animated: animate)
        }
        guard animate, let oldView = oldTop?.viewIfLoaded else { return finish(true) }
        isTransitioning = true
        held = view.window
        held?.holdTouches()
        let width = contentView.bounds.width
        let newView = newTop.view
        newView.frame.origin.x = pushing ? width : -width / 3
        let label = { [weak self, weak newTop] in
            "the \(pushing ? "push" : "pop") to \(newTop?.description ?? "a controller") in \(self?.description ?? "a navigation controller")"
        }
        View.animate(duration: Self.transitionDuration, on: view.window?.loop, label: label, animations: {
            newView.frame.origin.x = 0
            oldView.frame.origin.x = pushing ? -width / 3 : width
        }, completion: finish)
    }

    // MARK: - Bars

    override func childItemsChanged(_ child: ViewController) {
        updateBars()
    }

    /// Shows the top controller's items in the navigation bar and the toolbar.
    func updateBars() {
        let stack = viewControllers
        navigationBar.show(top: stack.last, previous: stack.count > 1 ? stack[stack.count - 2] : nil)
        toolbar.items = stack.last?.toolbarItems ?? []
        if isViewLoaded { view.setNeedsLayout() }
    }

    private func layoutBars() {
        let bounds = view.bounds
        let barHeight = navigationBar.preferredHeight
        navigationBar.frame = Rect(x: 0, y: 0, width: bounds.width, height: barHeight)
        toolbar.isHidden = isToolbarHidden
        let toolbarHeight = isToolbarHidden ? 0 : Toolbar.height
        toolbar.frame = Rect(x: 0, y: bounds.height - toolbarHeight, width: bounds.width, height: toolbarHeight)
        let content = Rect(x: 0, y: barHeight, width: bounds.width, height: bounds.height - barHeight - toolbarHeight)
        if contentView.frame != content {
            contentView.frame = content
        }
        if !isTransitioning, let topView = topViewController?.viewIfLoaded, topView.superview === contentView {
            topView.frame = contentView.bounds
        }
    }
}
