/// A rectangle on screen that draws, lays out its subviews and receives touches, as `UIView`.
///
/// A view's `bounds` is its own coordinate system; `center` places it in its superview's,
/// and `transform` turns and scales it about its centre. `frame` is derived from the three.
///
/// ```swift
/// let panel = View(frame: Rect(x: 0, y: 0, width: 320, height: 100))
/// panel.autoresizingMask = [.flexibleWidth]
/// panel.addSubview(View(frame: Rect(x: 10, y: 10, width: 40, height: 40)))
/// ```
open class View: Responder {
    // MARK: - Geometry

    /// The view's own coordinate system: its size and the point shown at its top-left.
    @exclusivity(unchecked) public var bounds: Rect {
        willSet { ViewAnimation.recording?.record(self, .bounds(bounds)) }
        didSet {
            guard bounds != oldValue else { return }
            if bounds.size != oldValue.size {
                if !isResizedBySuperview { resizeSubviews(from: oldValue.size) }
                setNeedsLayout()
            }
        }
    }

    /// Where the view's centre is, in its superview's coordinates.
    @exclusivity(unchecked) public var center: Point {
        willSet { ViewAnimation.recording?.record(self, .center(center)) }
    }

    /// The transform applied about the centre.
    @exclusivity(unchecked) public var transform: AffineTransform = .identity {
        willSet { ViewAnimation.recording?.record(self, .transform(transform)) }
    }

    /// The rectangle the view takes in its superview's coordinates: the bounding box of its
    /// bounds as `center` and `transform` place them. Setting it sets `center` and the size
    /// of `bounds`.
    public var frame: Rect {
        get {
            let size = bounds.size
            let local = Rect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
            return transform.apply(to: local).offsetBy(dx: center.x, dy: center.y)
        }
        set {
            let frame = newValue.standardized
            center = frame.center
            if transform.isIdentity {
                bounds.size = frame.size
            } else if let inverse = transform.inverted() {
                // The size whose transformed bounding box is the frame (exact for scales and
                // quarter turns).
                let local = inverse.apply(to: Rect(x: 0, y: 0, width: frame.width, height: frame.height))
                bounds.size = local.size
            }
        }
    }

    public init(frame: Rect = .zero) {
        let frame = frame.standardized
        bounds = Rect(origin: .zero, size: frame.size)
        center = frame.center
        super.init()
    }

    public convenience override init() {
        self.init(frame: .zero)
    }

    /// The view's controller when this is a controller's root view, else the superview:
    /// touches a view does not handle go up the hierarchy.
    open override var next: Responder? { _controller.object ?? superview }

    /// The controller whose root view this is (see ``_UnownedLink``); the controller clears
    /// it when it lets the view go.
    @exclusivity(unchecked) nonisolated(unsafe) var _controller = _UnownedLink<ViewController>()

    /// The view controller whose root view this is, if any.
    public var viewController: ViewController? { _controller.object }

    // MARK: - Overriding

    /// What replaces the view's overridable methods (see ``OverrideHook``): a script's class
    /// that extends the view's. Nil for none, and the view's own methods run.
    public var overrideHook: (any OverrideHook)? {
        didSet { isOverriding = overrideHook != nil }
    }

    /// The name of the view's class, as messages show it: a script's class's name (`Card`),
    /// else the kit's class as scripts write it (`ui.Label`): every message names a view the
    /// same way, whoever made it.
    public var className: String {
        overrideHook?.className ?? type(of: self).publicName
    }

    /// The class as scripts write it: the kit's classes are in the `ui` module. A class of
    /// the kit's own (a cell's content view) gives the name of the class scripts know it as.
    open class var publicName: String {
        "ui." + String(describing: self)
    }

    /// Whether the view has an ``overrideHook``: asking costs a view that replaces nothing
    /// one load, where reading the hook would cost a retain and a release in hit testing's
    /// inner loop.
    @exclusivity(unchecked) nonisolated(unsafe) private(set) var isOverriding = false

    override func replaceTouches(_ phase: TouchPhase, _ touches: [Touch]) -> Bool {
        guard isOverriding, let hook = overrideHook else { return false }
        return hook.callOverride(View.Callback.touches(phase, touches), on: self) != nil
    }

    // MARK: - Gesture recognizers

    /// The gesture recognizers attached to this view, which see its touches first.
    ///
    /// Setting the list replaces them all at once, as UIKit's property does: the recognizers
    /// not in it leave the view, and those in it are attached here in its order (each once,
    /// taken from the view it was on).
    public var gestureRecognizers: [GestureRecognizer] {
        get { gestureRecognizerStorage }
        set {
            var listed: Set<ObjectIdentifier> = []
            let recognizers = newValue.filter { listed.insert(ObjectIdentifier($0)).inserted }
            for recognizer in gestureRecognizerStorage where !listed.contains(ObjectIdentifier(recognizer)) {
                recognizer.view = nil
            }
            // Each view the recognizers come from lets them go in one pass.
            var previousViews: [ObjectIdentifier: View] = [:]
            for recognizer in recognizers {
                if let view = recognizer.view, view !== self { previousViews[ObjectIdentifier(view)] = view }
            }
            for view in previousViews.values {
                view.gestureRecognizerStorage.removeAll { listed.contains(ObjectIdentifier($0)) }
            }
            gestureRecognizerStorage = recognizers
            for recognizer in recognizers { recognizer.view = self }
        }
    }
    private var gestureRecognizerStorage: [GestureRecognizer] = []

    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizerStorage.append(recognizer)
        recognizer.view = self
    }

    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard recognizer.view === self else { return }
        gestureRecognizerStorage.removeAll { $0 === recognizer }
        recognizer.view = nil
    }

    /// Whether `recognizer`, which is following a touch on this view, may recognize its
    /// gesture; asked as it leaves `possible`, and it fails when the answer is false. The
    /// recognizer may be attached to this view or to a superview. The default is true;
    /// controls say false to the gestures their default action handles (UIKit's
    /// `gestureRecognizerShouldBegin(_:)`).
    open func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }

    // MARK: - Drawing

    /// Draws the view's own content into `canvas`, in the view's coordinates, over its
    /// background colour and under its subviews. The default draws nothing.
    open func draw(_ canvas: Canvas) {}

    /// What the view shows, for the renderers, focus, the pilot and the REPL (see
    /// ``ViewDescription``). A view class with content of its own overrides it.
    open var contentDescription: ViewDescription {
        ViewDescription(accessibilityLabel: accessibilityLabel)
    }

    /// Steps the value of a view whose description is ``ViewDescription/Traits/adjustable``,
    /// as UIKit's `accessibilityIncrement()` and `accessibilityDecrement()` do, and sends
    /// what a person's change sends (a control's `valueChanged`); the arrow keys call it on
    /// the focused view. The default changes nothing.
    ///
    /// - Returns: whether the value changed.
    @discardableResult
    open func accessibilityAdjust(_ step: AccessibilityStep) -> Bool { false }

    // MARK: - Focus, keys and the wheel

    /// Whether the view can have the keyboard focus (UIKit's `canBecomeFocused`): an enabled
    /// control, a picker. The default is false; the rows of lists have the focus by their
    /// list (see ``Window/focusableViews()``).
    open var canBecomeFocused: Bool { false }

    /// An arrow, page, Home or End key pressed while the view has the focus, before the
    /// window steps, moves in a list or scrolls (see ``Window/scrollFocused(_:)``): a view
    /// that moves within itself (a picker turns its wheels) answers true. The default
    /// answers false.
    open func keyPressed(_ direction: FocusDirection) -> Bool { false }

    /// The mouse wheel turned over the view by `dy` points (positive: towards what is
    /// further down), at `point` in its coordinates. A view that takes it (a scroll view
    /// scrolls, a picker turns the wheel there) answers true; the default answers false, and
    /// the wheel goes to the superview (see ``Window/wheel(_:at:)``).
    open func scrollWheel(_ dy: Double, at point: Point) -> Bool { false }

    // MARK: - Appearance

    public var tag = 0
    /// What the view is called for someone who does not see it (`accessibilityLabel`): a
    /// screen reader reads it, and a test's pilot finds the view by it.
    public var accessibilityLabel: String?
    /// Whether the view is hidden; a hidden view in a stack takes no room there.
    @exclusivity(unchecked) public var isHidden = false {
        didSet { if isHidden != oldValue { superview?.subviewDidInvalidateSize(self) } }
    }
    /// Opacity from 0 to 1; at 0.01 or below a view takes no touches.
    @exclusivity(unchecked) public var alpha = 1.0 {
        willSet { ViewAnimation.recording?.record(self, .alpha(alpha)) }
    }
    @exclusivity(unchecked) public var isUserInteractionEnabled = true
    /// Whether subviews are cut to this view's bounds when drawn.
    public var clipsToBounds = false
    public var backgroundColor: Color?
    /// The colour of the view's marks (a control's title, track, check mark); nil takes the
    /// superview's, as UIKit's `tintColor` does (see ``effectiveTintColor``).
    public var tintColor: Color?
    /// A border drawn inside the bounds (the layer border in UIKit); 0 for none.
    public var borderWidth = 0.0
    public var borderColor: Color = .black
    public var autoresizingMask: AutoresizingMask = []
    /// Whether subviews follow this view's size changes by their autoresizing masks.
    public var autoresizesSubviews = true

    // MARK: - Hierarchy

    /// The superview. Held by a link that does not retain (see ``_UnownedLink``): a view
    /// clears its subviews' links when it goes (see `deinit`). Like the geometry that hit
    /// testing reads, it skips dynamic exclusivity checks (views live on the main actor and
    /// none of these are accessed while another access is open), and the deinit, which is
    /// nonisolated, reaches it.
    public var superview: View? { _superview.object }
    @exclusivity(unchecked) nonisolated(unsafe) private var _superview = _UnownedLink<View>()

    /// The subviews, back to front.
    public var subviews: [View] { subviewStorage }
    @exclusivity(unchecked) nonisolated(unsafe) private var subviewStorage: [View] = []

    /// Lets the subviews go without recursing: a subview this view held the last reference
    /// to hands its own subviews to the list before it goes, so freeing a chain of any
    /// length takes one frame of stack.
    nonisolated deinit {
        var released = subviewStorage
        subviewStorage = []
        for subview in released { subview._superview.object = nil }
        while var view = released.popLast() {
            guard isKnownUniquelyReferenced(&view) else { continue }
            for subview in view.subviewStorage { subview._superview.object = nil }
            released.append(contentsOf: view.subviewStorage)
            view.subviewStorage = []
        }
    }

    /// The window the view is on screen in: its window, when that window is visible.
    /// Controllers appear and disappear as their views enter and leave it.
    public var visibleWindow: Window? {
        guard let window, window.isVisible else { return nil }
        return window
    }

    /// The window at the root of the view's hierarchy, if there is one (a window is its own).
    /// Kept as views move, so that asking costs the same however deep the view is.
    public var window: Window? { windowStorage }
    weak var windowStorage: Window?

    /// Gives this view and everything inside it `window`, and tells each (``didMoveToWindow()``).
    private func setWindowInSubtree(_ window: Window?) {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            view.windowStorage = window
            pending.append(contentsOf: view.subviewStorage)
            view.didMoveToWindow()
        }
    }

    /// Adds `view` in front of the other subviews, taking it from its current superview.
    ///
    /// - Throws: ``ViewError`` when `view` is this view or contains it, or is a window.
    ///   (Containers place their controllers' views with `try?`: a view that a script made
    ///   an ancestor of its container is left out rather than stop the app.)
    public func addSubview(_ view: View) throws(ViewError) {
        try insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` among the subviews (0 is the back; an index past the ends
    /// is taken as the nearest end).
    ///
    /// - Throws: ``ViewError`` when `view` is this view or contains it, or is a window.
    public func insertSubview(_ view: View, at index: Int) throws(ViewError) {
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
            subviewStorage.remove(at: current)
            subviewStorage.insert(view, at: min(max(index, 0), subviewStorage.count))
            return
        }
        if view is Window { throw .windowAsSubview }
        if TreeSearch.isNode(self, inside: view, parent: { $0._superview.object }, children: { $0.subviewStorage }) {
            throw .containsItself
        }
        let move = WindowMove(of: view, to: visibleWindow)
        move?.begin()
        view.detach()
        view.willMove(toSuperview: self)
        subviewStorage.insert(view, at: min(max(index, 0), subviewStorage.count))
        view._superview.object = self
        if view.windowStorage !== windowStorage { view.setWindowInSubtree(windowStorage) }
        view.didMoveToSuperview()
        setNeedsLayout()
        move?.end()
    }

    /// - Throws: ``ViewError`` when `view` is this view or contains it, or is a window.
    public func insertSubview(_ view: View, above sibling: View) throws(ViewError) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else { return try addSubview(view) }
        try insertSubview(view, at: index + 1 - (view.superview === self && isBefore(view, sibling) ? 1 : 0))
    }

    /// - Throws: ``ViewError`` when `view` is this view or contains it, or is a window.
    public func insertSubview(_ view: View, below sibling: View) throws(ViewError) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else { return try insertSubview(view, at: 0) }
        try insertSubview(view, at: index - (view.superview === self && isBefore(view, sibling) ? 1 : 0))
    }

    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        try? insertSubview(view, at: subviews.count)
    }

    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        try? insertSubview(view, at: 0)
    }

    /// Puts `views` at the back in that order, and the other subviews in front of them in
    /// their order, in one pass: a reordering among siblings, which calls nothing, as
    /// ``insertSubview(_:at:)`` of a subview does not. Views that are not subviews of this
    /// one, or named twice, are skipped.
    func moveToBack(_ views: [View]) {
        var placed = Set<ObjectIdentifier>()
        let back = views.filter { $0._superview.object === self && placed.insert(ObjectIdentifier($0)).inserted }
        guard !back.elementsEqual(subviewStorage.prefix(back.count), by: ===) else { return }
        subviewStorage = back + subviewStorage.filter { !placed.contains(ObjectIdentifier($0)) }
    }

    /// Takes the view out of its superview.
    public func removeFromSuperview() {
        removeFromSuperview(indexHint: nil)
    }

    /// ``removeFromSuperview()``, told where the view likely is among its superview's
    /// subviews: a list letting thousands of views go, the frontmost first, finds each at
    /// once instead of looking through the subviews for it.
    func removeFromSuperview(indexHint: Int?) {
        let move = WindowMove(of: self, to: nil)
        move?.begin()
        detach(indexHint: indexHint)
        move?.end()
    }

    private func detach(indexHint: Int? = nil) {
        guard let superview else { return }
        superview.willRemoveSubview(self)
        willMove(toSuperview: nil)
        // Not through a copy of the array, which removing would then copy whole.
        if let hint = indexHint, superview.subviewStorage.indices.contains(hint), superview.subviewStorage[hint] === self {
            superview.subviewStorage.remove(at: hint)
        } else if let index = superview.subviewStorage.lastIndex(where: { $0 === self }) {
            superview.subviewStorage.remove(at: index)
        }
        _superview.object = nil
        if windowStorage != nil { setWindowInSubtree(nil) }
        didMoveToSuperview()
        superview.setNeedsLayout()
    }

    /// Whether `ancestor` is this view or one of its superviews.
    public func isDescendant(of ancestor: View) -> Bool {
        var view: View? = self
        while let current = view {
            if current === ancestor { return true }
            view = current.superview
        }
        return false
    }

    /// This view or the first descendant (depth first, back to front) with `tag`.
    public func viewWithTag(_ tag: Int) -> View? {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            if view.tag == tag { return view }
            pending.append(contentsOf: view.subviewStorage.reversed())
        }
        return nil
    }

    /// Called before the view moves to `superview` (nil when it is removed).
    open func willMove(toSuperview superview: View?) {}

    /// Called after the view moved to a new superview or was removed.
    open func didMoveToSuperview() {}
    /// Called when the view has entered a window or left one (``window`` is the new one, nil
    /// when it left), as in UIKit: what runs only on screen (an activity indicator's frames)
    /// starts or stops here. The default does nothing.
    open func didMoveToWindow() {}

    /// Called before `subview` leaves this view (removed, or moved to another superview).
    open func willRemoveSubview(_ subview: View) {}

    private func isBefore(_ view: View, _ sibling: View) -> Bool {
        guard let a = subviews.firstIndex(where: { $0 === view }),
              let b = subviews.firstIndex(where: { $0 === sibling }) else { return false }
        return a < b
    }

    // MARK: - Layout

    public private(set) var needsLayout = true

    /// Asks for `layoutSubviews` before the view is next drawn.
    public func setNeedsLayout() {
        needsLayout = true
    }

    /// Lays out this view now if it needs it, then its subviews, top down: each view before
    /// its subviews, and a subview's whole subtree before the next subview.
    public func layoutIfNeeded() {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            view.layoutOwnSubviewsIfNeeded()
            pending.append(contentsOf: view.subviews.reversed())
        }
    }

    private func layoutOwnSubviewsIfNeeded() {
        guard needsLayout else { return }
        needsLayout = false
        if let controller = _controller.object {
            controller.viewWillLayoutSubviews()
            send(.layoutSubviews) { layoutSubviews() }
            controller.layoutContainer()
            controller.viewDidLayoutSubviews()
        } else {
            send(.layoutSubviews) { layoutSubviews() }
        }
    }

    /// Positions the subviews; the default does nothing (autoresizing already ran).
    open func layoutSubviews() {}

    /// The size that fits the view's content within `size`; the default keeps the current size.
    open func sizeThatFits(_ size: Size) -> Size { bounds.size }

    // MARK: - Intrinsic size

    /// A length of an ``intrinsicContentSize`` the view does not have (UIKit's `noIntrinsicMetric`).
    public static let noIntrinsicMetric = -1.0

    /// The size the view's content asks for, from which a stack sizes it: a label's text, a
    /// control's own size; ``noIntrinsicMetric`` for a length the content does not set (a
    /// plain view's both, a slider's width). Stacks ask it through
    /// ``effectiveIntrinsicContentSize``, which a script's override replaces.
    open var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }

    /// The intrinsic size when the view is `width` points wide: ``intrinsicContentSize``,
    /// whose height a view that wraps its content (a label of several lines) works out for
    /// that width.
    open func intrinsicContentSize(forWidth width: Double) -> Size { intrinsicContentSize }

    /// How much the view keeps from growing past its intrinsic length along `axis` when a
    /// stack has room to give (UIKit's content hugging priority, 250 by default): the view
    /// that hugs least takes the room.
    open func contentHuggingPriority(for axis: LayoutAxis) -> Float { 250 }

    /// Tells the superview that the intrinsic size changed (a label's text, a button's
    /// title), so a stack that arranges the view lays it out again. A view that keeps its
    /// measured size overrides it to forget it, and calls `super`.
    open func invalidateIntrinsicContentSize() {
        superview?.subviewDidInvalidateSize(self)
    }

    /// Called when `subview`'s intrinsic size or visibility changed; a stack lays out again.
    func subviewDidInvalidateSize(_ subview: View) {}

    /// Set while this view's superview resizes it, so that its own subviews are resized by
    /// the superview's loop rather than by a call inside the resize: autoresizing a chain of
    /// any depth takes one frame of stack.
    private var isResizedBySuperview = false

    /// Moves and resizes the subviews by their autoresizing masks after this view's size
    /// changed from `oldSize`, then theirs, and so on down.
    private func resizeSubviews(from oldSize: Size) {
        var pending: [(view: View, oldSize: Size)] = [(self, oldSize)]
        while let (view, oldSize) = pending.popLast() {
            guard view.autoresizesSubviews else { continue }
            for subview in view.subviews where !subview.autoresizingMask.isEmpty {
                let before = subview.bounds.size
                subview.isResizedBySuperview = true
                subview.frame = subview.autoresizingMask.resize(subview.frame, from: oldSize, to: view.bounds.size)
                subview.isResizedBySuperview = false
                if subview.bounds.size != before { pending.append((subview, before)) }
            }
        }
    }

    // MARK: - Hit testing

    /// Whether `point` (in this view's coordinates) is inside the view; by default, inside
    /// its bounds. Override it to make a view take touches in another shape.
    open func point(inside point: Point) -> Bool {
        bounds.contains(point)
    }

    /// The deepest visible, interaction-enabled descendant (or this view) that contains
    /// `point`, as UIKit hit-tests: hidden views, views with user interaction disabled and
    /// views with alpha at or below 0.01 take no touches, and neither do their subviews;
    /// a subview is only asked where its superview says the point is inside, so a subview
    /// drawn outside its superview's bounds gets no touches there. Subviews are asked front
    /// to back. Override ``point(inside:)`` to change where a view takes touches.
    ///
    /// The first subview that takes the point is searched in turn, and if none of its own
    /// subviews does, it is the answer: the search goes down one path and never back up, so
    /// it is a loop, whatever the depth of the tree.
    public func hitTest(_ point: Point) -> View? {
        guard takesTouch(at: point) else { return nil }
        var view = self
        var point = point
        while true {
            // Borrowing the subviews from the buffer spares a retain and a release per
            // subview, which is most of the time of a search through a large tree. The
            // buffer is a copy's, so a `point(inside:)` that changes the subviews cannot
            // free it.
            let next: (View, Point)? = view.subviews.withUnsafeBufferPointer { subviews in
                for index in subviews.indices.reversed() {
                    let subview = subviews[index]
                    let local = subview.pointFromSuperview(point)
                    if subview.takesTouch(at: local) { return (subview, local) }
                }
                return nil
            }
            guard let (subview, local) = next else { return view }
            view = subview
            point = local
        }
    }

    /// Whether the view itself takes a touch at `point`, in its coordinates.
    private func takesTouch(at point: Point) -> Bool {
        guard !isHidden && isUserInteractionEnabled && alpha > 0.01 else { return false }
        return isOverriding ? isInside(point) : self.point(inside: point)
    }
}
