/// Manages one screenful of views and its place among other controllers, as
/// `UIViewController`: the view's life cycle, appearance, containment and presentation.
///
/// The view loads on first access (`loadView`, then `viewDidLoad`). A controller appears
/// when its view enters a visible window and disappears when it leaves; containers drive
/// the same callbacks explicitly around their transitions.
///
/// ```swift
/// final class Diary: ViewController {
///     override func viewDidLoad() { title = "Diary" }
///     override func viewWillAppear(_ animated: Bool) { reload() }
/// }
/// window.rootViewController = NavigationController(root: Diary())
/// ```
open class ViewController: Responder, CustomStringConvertible {
    public override init() {
        super.init()
    }

    /// Lets the children and the presented controller go without recursing: one this
    /// controller held the last reference to hands its own over before it goes, so freeing a
    /// chain of any length takes one frame of stack.
    nonisolated deinit {
        viewStorage?._controller.object = nil
        var released = children + (presentedViewController.map { [$0] } ?? [])
        children = []
        presentedViewController = nil
        while var controller = released.popLast() {
            guard isKnownUniquelyReferenced(&controller) else { continue }
            released += controller.children
            if let presented = controller.presentedViewController { released.append(presented) }
            controller.children = []
            controller.presentedViewController = nil
        }
    }

    // MARK: - Identity

    /// The controller's title, which navigation bars and tab bars show unless their items
    /// say otherwise.
    public var title: String? {
        didSet { if title != oldValue { containerItemsChanged() } }
    }

    /// What replaces the controller's overridable callbacks (see ``OverrideHook``): a
    /// script's class that extends the controller's. Nil for none, and its own methods run.
    public var overrideHook: (any OverrideHook)?

    /// The name of the controller's class, as error messages show it: a script's class's
    /// name, else the kit's class as scripts write it (`ui.Controller`,
    /// `ui.NavigationController`).
    open var className: String {
        overrideHook?.className ?? Self.publicName
    }

    /// The class as scripts write it: the kit's classes are in the `ui` module, and the
    /// plain controller is `ui.Controller` there.
    open class var publicName: String {
        self == ViewController.self ? "ui.Controller" : "ui." + String(describing: self)
    }

    public var description: String {
        guard let title else { return className }
        return "\(className) '\(title)'"
    }

    // MARK: - The view

    @exclusivity(unchecked) nonisolated(unsafe) private var viewStorage: View?
    private var isLoadingView = false

    /// The root view, loaded on first access; setting it replaces the view.
    public var view: View {
        get {
            loadViewIfNeeded()
            if let viewStorage { return viewStorage }
            // Only reachable when `loadView` asks for the view before making one.
            adopt(View(frame: ViewController.defaultFrame))
            return viewStorage!
        }
        set { adopt(newValue) }
    }

    /// The root view if it is loaded, without loading it.
    public var viewIfLoaded: View? { viewStorage }

    public var isViewLoaded: Bool { viewStorage != nil }

    /// Loads the view now if it is not loaded: `loadView`, then `viewDidLoad`.
    public func loadViewIfNeeded() {
        guard viewStorage == nil, !isLoadingView else { return }
        isLoadingView = true
        send(.loadView)
        isLoadingView = false
        if viewStorage == nil { adopt(View(frame: ViewController.defaultFrame)) }
        send(.viewDidLoad)
    }

    /// Makes the root view; the default is a plain view the size of an iPhone screen that
    /// follows its superview's size. Override it to build the view yourself and set `view`.
    open func loadView() {
        let view = View(frame: ViewController.defaultFrame)
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        self.view = view
    }

    static let defaultFrame = Rect(origin: .zero, size: Window.Device.iphone.portraitSize)

    private func adopt(_ newView: View) {
        guard newView !== viewStorage else { return }
        if let owner = newView._controller.object, owner !== self {
            owner.viewStorage = nil
        }
        viewStorage?._controller.object = nil
        viewStorage = newView
        newView._controller.object = self
    }

    /// Lets the view go after a memory warning when it is in no window; it loads again on
    /// next access.
    func unloadViewIfOffScreen() {
        guard let view = viewStorage, view.window == nil else { return }
        view.removeFromSuperview()
        view._controller.object = nil
        viewStorage = nil
    }

    // MARK: - Callbacks to override

    /// The view was loaded (again, after a memory warning released it).
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    /// The view is about to lay out its subviews.
    open func viewWillLayoutSubviews() { sendLayoutCallbackFromBase(.viewWillLayoutSubviews) }
    /// The view laid out its subviews; a container places its children's views here.
    open func viewDidLayoutSubviews() { sendLayoutCallbackFromBase(.viewDidLayoutSubviews) }
    /// Memory is low: the base implementation lets the view go when it is in no window
    /// (`isViewLoaded` becomes false; the next access loads it again, with `viewDidLoad`).
    /// Call super first, then free what `viewDidLoad` made if the view is gone:
    ///
    /// ```swift
    /// override func didReceiveMemoryWarning() {
    ///     super.didReceiveMemoryWarning()
    ///     if !isViewLoaded { thumbnails = [] }
    /// }
    /// ```
    ///
    /// The code has no `viewWillUnload`/`viewDidUnload` (UIKit deprecated them in iOS 6); an
    /// override that does not call super still loses a view that is in no window.
    open func didReceiveMemoryWarning() { unloadViewIfOffScreen() }
    /// The screen is about to change to `size` (a rotation); containers re-layout after it.
    open func viewWillTransition(to size: Size) {}
    /// Whether the appearance callbacks reach the children automatically. Override it to
    /// return false and call `beginAppearanceTransition`/`endAppearanceTransition` on the
    /// children yourself.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }
    /// The child is about to be added to `parent`, or removed when `parent` is nil.
    open func willMove(toParent parent: ViewController?) {}
    /// The child was added to `parent`, or removed when `parent` is nil.
    open func didMove(toParent parent: ViewController?) {}
    /// A key pressed (named as ``Window/key(_:)`` names it) while this controller is the one
    /// presented on top, before the window's own handling: return true when the controller
    /// took it. An alert takes Return and Escape this way.
    open func handleKey(_ name: String) -> Bool { false }
    /// A segue from this controller is about to show its destination.
    open func prepare(for segue: Segue, sender: Any?) {}
    /// The segue registered as `identifier` for this controller, if any.
    open func segueTemplate(withIdentifier identifier: String) -> SegueTemplate? {
        segueTemplates[identifier]
    }

    // MARK: - Containers

    /// The navigation controller whose stack holds this controller or an ancestor.
    public var navigationController: NavigationController? {
        ancestor(of: NavigationController.self)
    }

    /// The split view controller this controller is in, if any.
    public var splitViewController: SplitViewController? {
        ancestor(of: SplitViewController.self)
    }

    /// The tab bar controller this controller is in, if any.
    public var tabBarController: TabBarController? {
        ancestor(of: TabBarController.self)
    }

    /// What a navigation bar shows while this controller is on top of its stack.
    public private(set) lazy var navigationItem = NavigationItem(owner: self)

    /// The items a navigation controller's toolbar shows while this controller is on top.
    public var toolbarItems: [BarButtonItem] = [] {
        didSet { containerItemsChanged() }
    }

    /// What a tab bar shows for this controller.
    public private(set) lazy var tabBarItem = TabBarItem(owner: self)

    /// Tells the containers above that something their bars show changed.
    func containerItemsChanged() {
        var current: ViewController? = self
        while let controller = current {
            controller.childItemsChanged(self)
            current = controller.parent
        }
    }

    /// A descendant's title or bar items changed; containers refresh their bars.
    func childItemsChanged(_ child: ViewController) {}

    /// A child left through its own `removeFromParent`; containers that keep a list of
    /// their children beside `children` note it here.
    func childRemoved(_ child: ViewController) {}

    /// The controller is about to appear; containers put the views of the children they
    /// show in place here, so that those load and appear with them.
    func prepareForAppearance() {}

    /// The view laid out its subviews; containers place their bars and children here,
    /// before `viewDidLayoutSubviews`.
    func layoutContainer() {}

    private func ancestor<T: ViewController>(of type: T.Type) -> T? {
        var current = parent
        while let controller = current {
            if let match = controller as? T { return match }
            current = controller.parent
        }
        return nil
    }

    // MARK: - Appearance state

    /// Where the controller is in its appearance cycle.
    public enum AppearanceState: String, Sendable {
        case disappeared, appearing, appeared, disappearing
    }

    public internal(set) var appearanceState = AppearanceState.disappeared
    var appearanceAnimated = false
    /// Whether the window move under way began this controller's appearance transition.
    var appearanceBegunByWindow = false

    // MARK: - Containment storage

    /// The container this controller is a child of.
    public internal(set) weak var parent: ViewController?

    /// The child controllers, in the order they were added.
    /// (Readable from `deinit`, which lets them go.)
    nonisolated(unsafe) public internal(set) var children: [ViewController] = []

    // MARK: - Presentation storage

    /// The controller this one presents modally, if any.
    nonisolated(unsafe) public internal(set) var presentedViewController: ViewController?

    /// The controller that presents this one, if it is presented.
    public internal(set) weak var presentingViewController: ViewController?

    /// How the controller shows when it is presented (`UIModalPresentationStyle`).
    public var modalPresentationStyle = ModalPresentationStyle.fullScreen

    /// Whether a presentation or dismissal started by this controller is still animating.
    var isPresentationTransitioning = false
    /// Set while a finished presentation or dismissal runs its appearance callbacks: a
    /// presentation change asked for then waits in `afterPresentationTransition` until they
    /// are done, as UIKit lets a controller dismiss itself from `viewDidAppear`.
    var isEndingPresentationTransition = false
    var afterPresentationTransition: [() -> Void] = []

    // MARK: - Segues

    var segueTemplates: [String: SegueTemplate] = [:]

    // MARK: - Responder chain

    /// The superview of the root view: touches the controller does not handle go on there.
    open override var next: Responder? {
        viewStorage?.superview ?? presentingViewController
    }

    override func replaceTouches(_ phase: TouchPhase, _ touches: [Touch]) -> Bool {
        guard let hook = overrideHook else { return false }
        return hook.callOverride(Callback.touches(phase, touches), on: self) != nil
    }
}
