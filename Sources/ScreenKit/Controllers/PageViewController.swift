/// Gives a page view controller the pages beside the ones it shows, as
/// `UIPageViewControllerDataSource`. It is asked only for neighbours, one turn at a time, so
/// a book of any length costs what its visible pages cost.
public protocol PageViewControllerDataSource: AnyObject {
    /// The page before `controller`, or nil at the beginning of the book.
    func pageViewController(_ pageViewController: PageViewController, viewControllerBefore controller: ViewController) -> ViewController?
    /// The page after `controller`, or nil at the end of the book.
    func pageViewController(_ pageViewController: PageViewController, viewControllerAfter controller: ViewController) -> ViewController?
}

/// What a page view controller tells its delegate, as `UIPageViewControllerDelegate`.
public protocol PageViewControllerDelegate: AnyObject {
    /// The spine location to use once the screen has turned to `orientation`. The delegate may
    /// call ``PageViewController/setViewControllers(_:direction:animated:completion:)`` here
    /// with the pages the new location needs (two for mid, one for min and max); they are
    /// checked against the location it returns. The default keeps the current location.
    func pageViewController(_ pageViewController: PageViewController, spineLocationFor orientation: Window.Orientation)
        -> PageViewController.SpineLocation
    /// A page turn (``PageViewController/pageForward(animated:)``, `pageBackward` or a swipe)
    /// ended; `previousViewControllers` are the pages shown before it.
    func pageViewController(
        _ pageViewController: PageViewController, didFinishAnimating finished: Bool,
        previousViewControllers: [ViewController], transitionCompleted completed: Bool)
    /// The spine location the delegate answered does not fit the pages: those it set while
    /// answering, or else the pages shown (the mid spine with single-sided pages, or with one
    /// page and no second to be had). `error` is what
    /// ``PageViewController/setViewControllers(_:direction:animated:completion:)`` throws for
    /// those pages at that location; the spine location and the pages stay as they were.
    /// The default does nothing.
    func pageViewController(
        _ pageViewController: PageViewController, refusedSpineLocation location: PageViewController.SpineLocation,
        error: ControllerError)
}

extension PageViewControllerDelegate {
    public func pageViewController(_ pageViewController: PageViewController, spineLocationFor orientation: Window.Orientation)
        -> PageViewController.SpineLocation
    {
        pageViewController.spineLocation
    }

    public func pageViewController(
        _ pageViewController: PageViewController, didFinishAnimating finished: Bool,
        previousViewControllers: [ViewController], transitionCompleted completed: Bool
    ) {}

    public func pageViewController(
        _ pageViewController: PageViewController, refusedSpineLocation location: PageViewController.SpineLocation,
        error: ControllerError
    ) {}
}

/// Turns between pages that are view controllers, as `UIPageViewController`.
///
/// The transition style, navigation orientation and (except through the delegate on rotation)
/// the spine location are fixed at creation. The pages shown are set with
/// ``setViewControllers(_:direction:animated:completion:)``, which checks them against the
/// table below; the pages beside them come from the ``dataSource`` when a page is turned by
/// ``pageForward(animated:)``, ``pageBackward(animated:)`` or a swipe. Only the pages in
/// ``viewControllers`` are children (and, while an animated double-sided turn runs,
/// the back of the turning sheet): turned-away pages are removed and released.
///
/// | spine | pages | controllers |
/// | --- | --- | --- |
/// | min, max | single- or double-sided | 1 |
/// | mid | double-sided | 2 (left and right, or top and bottom) |
///
/// Double-sided sheets at the min and max spines use every second page as the back of the
/// one before it: pages 1 and 2 are one sheet, 3 and 4 the next. A turn forward from page 1
/// shows page 2 on the turning sheet and lands on page 3; backward from 3, the sheet with 2
/// on its back comes over and lands on 1.
///
/// ```swift
/// let pages = try PageViewController(transitionStyle: .pageCurl, spineLocation: .mid, isDoubleSided: true)
/// pages.dataSource = book
/// try pages.setViewControllers([page(1), page(2)], direction: .forward, animated: false)
/// ```
open class PageViewController: ViewController {
    public enum TransitionStyle: String, CaseIterable, Sendable {
        /// Pages curl over the spine like a book's or a calendar's.
        case pageCurl
        /// Pages slide in from the edge.
        case scroll
    }

    public enum NavigationOrientation: String, CaseIterable, Sendable {
        /// Pages turn left and right (swipe left for the next page).
        case horizontal
        /// Pages turn up and down (swipe up for the next page).
        case vertical
    }

    public enum SpineLocation: String, CaseIterable, Sendable {
        /// The left (or top) edge.
        case min
        /// The middle: two pages side by side (or one above the other).
        case mid
        /// The right (or bottom) edge.
        case max
    }

    public enum NavigationDirection: String, CaseIterable, Sendable {
        case forward, reverse
    }

    /// How long an animated page turn takes, in seconds.
    public static let transitionDuration = 0.35

    public let transitionStyle: TransitionStyle
    public let navigationOrientation: NavigationOrientation
    /// Where the pages are bound; changed only by the delegate when the screen turns.
    public internal(set) var spineLocation: SpineLocation
    /// Whether each sheet has a page on its back; see ``setDoubleSided(_:)``.
    public private(set) var isDoubleSided: Bool

    /// Gives the neighbouring pages; held weakly, as UIKit's.
    public weak var dataSource: PageViewControllerDataSource?
    /// Chooses the spine location on rotation and hears about turns; held weakly.
    public weak var delegate: PageViewControllerDelegate?

    /// The pages set or turned to: two for the mid spine, else one.
    public internal(set) var viewControllers: [ViewController] = []

    /// Whether an animated turn is under way.
    public internal(set) var isTransitioning = false

    /// The swipe that turns pages, on the view once it is loaded.
    public private(set) var swipeGestureRecognizer: SwipeGestureRecognizer?

    /// Pages the delegate set while choosing a spine location, applied once it returns.
    var pendingPages: PendingPages?
    var isChoosingSpine = false

    struct PendingPages {
        let controllers: [ViewController]
        let direction: NavigationDirection
        let animated: Bool
        let completion: ((Bool) -> Void)?
    }

    /// A page view controller with the given fixed settings.
    /// - Throws: ``ControllerError`` for the mid spine with the scroll style (it needs
    ///   double-sided pages, which scrolling cannot show), or double-sided pages with it.
    public init(
        transitionStyle: TransitionStyle = .pageCurl, navigationOrientation: NavigationOrientation = .horizontal,
        spineLocation: SpineLocation = .min, isDoubleSided: Bool = false
    ) throws(ControllerError) {
        if transitionStyle == .scroll && spineLocation == .mid {
            throw ControllerError("a page view controller with transition style scroll cannot use spine location mid: it needs double-sided pages, which only pageCurl shows")
        }
        if transitionStyle == .scroll && isDoubleSided {
            throw ControllerError("a page view controller with transition style scroll cannot be double-sided: only pageCurl shows the backs of pages")
        }
        self.transitionStyle = transitionStyle
        self.navigationOrientation = navigationOrientation
        self.spineLocation = spineLocation
        self.isDoubleSided = isDoubleSided
        super.init()
    }

    /// Makes sheets double-sided or single-sided.
    /// - Throws: ``ControllerError`` for double-sided pages with the scroll style, single-sided
    ///   pages with the mid spine, or pages shown now that the new setting cannot show.
    public func setDoubleSided(_ doubleSided: Bool) throws(ControllerError) {
        guard doubleSided != isDoubleSided else { return }
        if transitionStyle == .scroll && doubleSided {
            throw ControllerError("\(self) cannot be double-sided: transition style scroll shows no backs of pages")
        }
        if spineLocation == .mid && !doubleSided {
            throw ControllerError("\(self) cannot be single-sided: spine location mid needs double-sided pages")
        }
        if !viewControllers.isEmpty {
            try checkTable(count: viewControllers.count, spine: spineLocation, doubleSided: doubleSided, action: "make \(self) \(doubleSided ? "double" : "single")-sided")
        }
        isDoubleSided = doubleSided
    }

    // MARK: - The view

    open override func loadView() {
        let view = View(frame: ViewController.defaultFrame)
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.clipsToBounds = true
        // A new recognizer for every view: a memory warning may release the old one.
        let swipe = SwipeGestureRecognizer { [unowned self] recognizer in
            self.swiped(recognizer as! SwipeGestureRecognizer)
        }
        swipe.directions = navigationOrientation == .horizontal ? [.left, .right] : [.up, .down]
        view.addGestureRecognizer(swipe)
        swipeGestureRecognizer = swipe
        self.view = view
    }

    override func prepareForAppearance() {
        installVisiblePages()
    }

    override func layoutContainer() {
        installVisiblePages()
        guard !isTransitioning else { return }
        placePages()
    }

    /// Asks the delegate for the spine location of the new orientation before the screen
    /// turns (pageCurl only, as UIKit). Subclasses that override it call super.
    open override func viewWillTransition(to size: Size) {
        super.viewWillTransition(to: size)
        chooseSpineLocation(for: size.width > size.height ? .landscape : .portrait)
    }

    /// The pages whose views are shown: both at the mid spine, else the one page.
    var visiblePages: [ViewController] {
        spineLocation == .mid ? viewControllers : Array(viewControllers.prefix(1))
    }

    /// Puts the views of the visible pages in place when they are not yet, so that they load
    /// and appear with the page view controller.
    private func installVisiblePages() {
        guard isViewLoaded, !isTransitioning else { return }
        for page in visiblePages where page.view.superview !== view {
            try? view.addSubview(page.view)
        }
    }

    /// Sizes the visible pages' views: the whole view, or its halves at the mid spine.
    func placePages() {
        guard isViewLoaded else { return }
        let frames = pageFrames(count: visiblePages.count)
        for (page, frame) in zip(visiblePages, frames) {
            guard let pageView = page.viewIfLoaded, pageView.superview === view else { continue }
            pageView.transform = .identity
            pageView.alpha = 1
            pageView.frame = frame
            pageView.autoresizingMask = []
        }
    }

    /// The frames of `count` visible pages in the current bounds.
    func pageFrames(count: Int) -> [Rect] {
        let bounds = view.bounds
        guard count == 2 else { return [Rect(origin: .zero, size: bounds.size)] }
        if navigationOrientation == .horizontal {
            let half = bounds.width / 2
            return [Rect(x: 0, y: 0, width: half, height: bounds.height),
                    Rect(x: half, y: 0, width: bounds.width - half, height: bounds.height)]
        }
        let half = bounds.height / 2
        return [Rect(x: 0, y: 0, width: bounds.width, height: half),
                Rect(x: 0, y: half, width: bounds.width, height: bounds.height - half)]
    }

    // MARK: - Setting pages

    /// Shows `controllers` as the current pages, as `setViewControllers(_:direction:animated:completion:)`.
    ///
    /// The pages turn in `direction` when `animated` and the page view controller is on
    /// screen; `completion` is called when they are in place (at once when not animated).
    /// Appearance follows UIKit: the new pages will appear, the old will disappear, then for
    /// pageCurl the old did disappear before the new did appear, and for scroll the other way
    /// round. Containment: new pages get `willMove(toParent:)` at once and `didMove(toParent:)`
    /// at the end; old ones `willMove(toParent: nil)` at once and are removed at the end.
    /// - Throws: ``ControllerError`` when the number of controllers does not fit the spine
    ///   location and double-sidedness (see the table in the type's documentation), a
    ///   controller is listed twice or is in another container, or a turn is under way.
    public func setViewControllers(
        _ controllers: [ViewController], direction: NavigationDirection, animated: Bool,
        completion: ((Bool) -> Void)? = nil
    ) throws(ControllerError) {
        try checkPages(controllers, action: "set the pages of \(self)")
        if isChoosingSpine {
            // Checked against the location the delegate returns (a delegate sets the pages
            // for the new location before returning it).
            if !(1...2).contains(controllers.count) {
                throw ControllerError("cannot set \(pageCount(controllers.count)) of \(self): every spine location needs 1 or 2 view controllers")
            }
            pendingPages = PendingPages(controllers: controllers, direction: direction, animated: animated, completion: completion)
            return
        }
        try checkTable(count: controllers.count, spine: spineLocation, doubleSided: isDoubleSided, action: "set \(pageCount(controllers.count)) of \(self)")
        try checkIdle(to: "set the pages")
        try show(controllers, spine: spineLocation, direction: direction, animated: animated, isTurn: false, completion: completion)
    }

    /// Checks a count of pages against the table in the type's documentation (and the scroll
    /// style's one page). The min and max spines take 1 page whether or not the sheets are
    /// double-sided, where UIKit's documentation asks for 2 when they are (the page shown and
    /// the back of the one before): here the back of a sheet comes from the data source as
    /// the sheet turns.
    func checkTable(
        count: Int, spine: SpineLocation, doubleSided: Bool, action: @autoclosure () -> String
    ) throws(ControllerError) {
        if transitionStyle == .scroll {
            guard count == 1 else {
                throw ControllerError("cannot \(action()): transition style scroll shows exactly 1 view controller, got \(count)")
            }
            return
        }
        switch spine {
        case .mid:
            guard doubleSided else {
                throw ControllerError("cannot \(action()): spine location mid needs double-sided pages (isDoubleSided is false)")
            }
            guard count == 2 else {
                throw ControllerError("cannot \(action()): spine location mid needs exactly 2 view controllers, got \(count)")
            }
        case .min, .max:
            guard count == 1 else {
                let sides = doubleSided ? "double-sided" : "single-sided"
                throw ControllerError("cannot \(action()): spine location \(spine) with \(sides) pages needs exactly 1 view controller, got \(count)")
            }
        }
    }

    func pageCount(_ count: Int) -> String {
        count == 1 ? "1 page" : "\(count) pages"
    }

    /// Checks that the controllers can be pages here: none listed twice, none in another
    /// container, presented, or above this controller.
    private func checkPages(_ controllers: [ViewController], action: @autoclosure () -> String) throws(ControllerError) {
        if controllers.isEmpty {
            throw ControllerError("cannot \(action()): no view controllers given")
        }
        for (index, controller) in controllers.enumerated() {
            if controllers[..<index].contains(where: { $0 === controller }) {
                throw ControllerError("cannot \(action()): \(controller) is listed twice")
            }
            try checkFree(controller, action: action())
        }
    }

    func checkFree(_ controller: ViewController, action: @autoclosure () -> String) throws(ControllerError) {
        if let parent = controller.parent, parent !== self {
            throw ControllerError("cannot \(action()): \(controller) is already a child of \(parent)")
        }
        if isInside(controller) {
            throw ControllerError("cannot \(action()): a controller cannot contain itself")
        }
        if let presenter = controller.presentingViewController {
            throw ControllerError("cannot \(action()): \(controller) is presented by \(presenter)")
        }
    }

    func checkIdle(to action: String) throws(ControllerError) {
        if isTransitioning {
            throw ControllerError("cannot \(action): \(self) is still animating a page turn")
        }
    }
}
