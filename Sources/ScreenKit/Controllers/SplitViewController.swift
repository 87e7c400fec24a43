/// What a split view controller tells its delegate as its master hides and shows, as
/// `UISplitViewControllerDelegate`: a delegate puts the button in a toolbar on `willHide`
/// and takes it out on `willShow`.
public protocol SplitViewControllerDelegate: AnyObject {
    /// The master is about to be hidden (portrait); `barButtonItem` shows it in `popover`.
    func splitViewController(
        _ split: SplitViewController, willHide master: ViewController, with barButtonItem: BarButtonItem,
        for popover: Popover)
    /// The master is about to show beside the detail (landscape); `barButtonItem`, the one
    /// `willHide` gave, no longer does anything.
    func splitViewController(
        _ split: SplitViewController, willShow master: ViewController, invalidating barButtonItem: BarButtonItem)
    /// The master is about to be shown in the popover.
    func splitViewController(_ split: SplitViewController, popover: Popover, willPresent master: ViewController)
}

extension SplitViewControllerDelegate {
    public func splitViewController(
        _ split: SplitViewController, willHide master: ViewController, with barButtonItem: BarButtonItem,
        for popover: Popover
    ) {}
    public func splitViewController(
        _ split: SplitViewController, willShow master: ViewController, invalidating barButtonItem: BarButtonItem
    ) {}
    public func splitViewController(_ split: SplitViewController, popover: Popover, willPresent master: ViewController) {}
}

/// A master and a detail controller, as `UISplitViewController`: side by side when the view
/// is wider than tall (landscape), the master 320 points wide with a divider line; otherwise
/// the detail alone, and the master in a popover on demand.
///
/// When the master hides — on the first layout in portrait, as UIKit does at launch, and on
/// each rotation to portrait — the delegate gets `willHide` with a ``BarButtonItem`` whose
/// tap shows the master in a ``Popover`` (and dismisses it when shown). On rotation to
/// landscape it gets `willShow` with the same item, which stops working. The master gets
/// its appearance callbacks as it hides and shows, while the split view controller is on
/// screen.
///
/// ```swift
/// let split = try SplitViewController(master: entries, detail: entry)
/// split.delegate = self   // puts the button in the detail's toolbar in willHide
/// window.rootViewController = split
/// ```
open class SplitViewController: ViewController {
    /// The master's width beside the detail, in points.
    public static let masterWidth = 320.0
    /// The divider's width between the panes, in points.
    public static let dividerWidth = 1.0

    public weak var delegate: SplitViewControllerDelegate?

    /// The master and the detail, in this order.
    public private(set) var viewControllers: [ViewController] = []

    public var masterViewController: ViewController? { viewControllers.first }
    public var detailViewController: ViewController? { viewControllers.count > 1 ? viewControllers[1] : nil }

    /// The button given to the delegate while the master is hidden; nil while it shows.
    public private(set) var barButtonItem: BarButtonItem?
    /// The popover that shows the master while it is hidden; nil while it shows.
    public private(set) var popover: Popover?

    /// Whether the master is hidden (portrait): shown only in the popover.
    public var isMasterHidden: Bool { arrangement == .masterHidden }

    private enum Arrangement {
        case sideBySide, masterHidden
    }

    /// How the panes are arranged; nil until the first layout decides.
    private var arrangement: Arrangement?

    /// The line between the panes, in front of them so that both renderers draw it.
    private let divider = View()

    /// A split view controller with `master` on the left and `detail` on the right.
    /// - Throws: ``ControllerError`` as ``setViewControllers(_:)`` does.
    public init(master: ViewController, detail: ViewController) throws(ControllerError) {
        super.init()
        try setViewControllers([master, detail])
    }

    /// A split view controller without controllers yet; set them with ``setViewControllers(_:)``.
    public override init() {
        super.init()
    }

    open override func loadView() {
        let view = View(frame: ViewController.defaultFrame)
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        divider.backgroundColor = .darkGray
        divider.borderWidth = Self.dividerWidth
        divider.borderColor = .darkGray
        divider.isUserInteractionEnabled = false
        try? view.addSubview(divider)
        self.view = view
    }

    // MARK: - Controllers

    /// Replaces the master and the detail.
    /// - Throws: ``ControllerError`` unless there are exactly two controllers, each listed
    ///   once and free to be added; nothing changes then.
    public func setViewControllers(_ controllers: [ViewController]) throws(ControllerError) {
        guard controllers.count == 2 else {
            throw ControllerError(
                "a split view controller needs exactly two controllers, a master and a detail; got \(controllers.count)")
        }
        try checkNewChildren(controllers, for: "master and detail")
        let removed = viewControllers.filter { old in !controllers.contains { $0 === old } }
        let added = controllers.filter { $0.parent !== self }
        for controller in added { try addChild(controller) }
        for controller in removed { controller.send(.willMoveToParent(nil)) }
        let oldMaster = masterViewController
        if let popover, popover.contentViewController !== controllers[0] {
            popover.dismiss()
            self.popover = Popover(content: controllers[0])
        }
        rearrange { viewControllers = controllers }
        if oldMaster !== controllers[0], let item = barButtonItem {
            item.title = Self.buttonTitle(for: controllers[0])
        }
        for controller in removed { controller.removeFromParent() }
        for controller in added { controller.send(.didMoveToParent(self)) }
    }

    // MARK: - Arranging the panes

    override func prepareForAppearance() {
        // The children appear with the split view controller (their callbacks are forwarded
        // to those whose views are in its view), so the views are placed without callbacks.
        arrange(callbacks: false)
    }

    override func layoutContainer() {
        arrange(callbacks: true)
        placeViews()
    }

    /// Follows the view's shape: hides the master when the view is not wider than tall, and
    /// shows it beside the detail when it is, telling the delegate.
    private func arrange(callbacks: Bool) {
        guard isViewLoaded, let master = masterViewController else { return }
        let wanted: Arrangement = view.bounds.width > view.bounds.height ? .sideBySide : .masterHidden
        guard wanted != arrangement else {
            if !callbacks { placeViews() }
            return
        }
        let wasArranged = arrangement != nil
        switch wanted {
        case .masterHidden:
            let item = BarButtonItem(title: Self.buttonTitle(for: master))
            item.action = { [weak self] item in self?.toggleMasterPopover(from: item) }
            let popover = Popover(content: master)
            barButtonItem = item
            self.popover = popover
            delegate?.splitViewController(self, willHide: master, with: item, for: popover)
        case .sideBySide:
            if wasArranged, let item = barButtonItem {
                delegate?.splitViewController(self, willShow: master, invalidating: item)
            }
        }
        rearrange(callbacks: callbacks) {
            arrangement = wanted
            if wanted == .sideBySide {
                barButtonItem?.action = nil
                barButtonItem = nil
                // The master's view moves from the popover to its pane within the window,
                // so it stays on screen; closing the popover then takes only the panel away.
                placeViews()
                popover?.close()
                popover = nil
            }
        }
    }

    /// Makes `change`, then moves the children's views to match, with appearance callbacks
    /// for those that leave or enter the screen while the split view controller is on it.
    private func rearrange(callbacks: Bool = true, _ change: () -> Void) {
        let before = shownControllers
        change()
        let after = wantedControllers
        let leaving = before.filter { old in !after.contains { $0 === old } }
        let arriving = after.filter { new in !before.contains { $0 === new } }
        let forwards = callbacks && forwardsAppearanceAutomatically
            && (appearanceState == .appeared || appearanceState == .appearing)
        if forwards {
            for controller in leaving { controller.beginAppearanceTransition(false, animated: false) }
            for controller in arriving { controller.beginAppearanceTransition(true, animated: false) }
        }
        for controller in leaving where controller.viewIfLoaded?.isDescendant(of: view) == true {
            controller.viewIfLoaded?.removeFromSuperview()
        }
        placeViews()
        if forwards {
            for controller in leaving { controller.endAppearanceTransition() }
            for controller in arriving { controller.endAppearanceTransition() }
        }
    }

    /// The children whose views are in the split view controller's view now.
    private var shownControllers: [ViewController] {
        guard isViewLoaded else { return [] }
        return children.filter { $0.viewIfLoaded?.isDescendant(of: view) == true }
    }

    /// The children whose views belong on screen: the detail, and the master beside it or
    /// in the popover.
    private var wantedControllers: [ViewController] {
        guard isViewLoaded, arrangement != nil else { return [] }
        let masterShows = arrangement == .sideBySide || popover?.isPresented == true
        return (masterShows ? masterViewController.map { [$0] } ?? [] : []) + (detailViewController.map { [$0] } ?? [])
    }

    /// Puts the master's and the detail's views in their panes, and the divider between;
    /// the master first, so that its view loads first.
    private func placeViews() {
        guard isViewLoaded, let arrangement else { return }
        let bounds = view.bounds
        divider.isHidden = arrangement != .sideBySide
        divider.frame = Rect(x: Self.masterWidth, y: 0, width: Self.dividerWidth, height: bounds.height)
        view.bringSubviewToFront(divider)
        if arrangement == .sideBySide, let master = masterViewController {
            let masterView = master.view
            masterView.frame = Rect(x: 0, y: 0, width: Self.masterWidth, height: bounds.height)
            masterView.autoresizingMask = [.flexibleHeight]
            if masterView.superview !== view { try? view.insertSubview(masterView, below: divider) }
        }
        if let detail = detailViewController {
            let detailView = detail.view
            let x = arrangement == .sideBySide ? Self.masterWidth + Self.dividerWidth : 0
            detailView.frame = Rect(x: x, y: 0, width: max(0, bounds.width - x), height: bounds.height)
            detailView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            if detailView.superview !== view { try? view.insertSubview(detailView, at: 0) }
        }
        if let popover, popover.isPresented {
            view.bringSubviewToFront(popover.backdrop)
        }
    }

    // MARK: - The popover

    /// Shows the master in the popover, or dismisses it when it shows. Only the item the
    /// delegate was given last works, and only while the split view controller is on screen.
    private func toggleMasterPopover(from item: BarButtonItem) {
        guard item === barButtonItem, let popover, let master = masterViewController else { return }
        if popover.isPresented {
            popover.dismiss()
            return
        }
        guard appearanceState == .appeared else { return }
        delegate?.splitViewController(self, popover: popover, willPresent: master)
        guard popover === self.popover, !popover.isPresented else { return }
        popover.present(in: view)
    }

    /// The title of the button that shows `master`: its title, its top controller's when it
    /// is a navigation controller, else "Master".
    static func buttonTitle(for master: ViewController) -> String {
        master.title ?? (master as? NavigationController)?.topViewController?.title ?? "Master"
    }
}
