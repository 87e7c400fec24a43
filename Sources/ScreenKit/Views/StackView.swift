/// A view that lines up its arranged views in a row or a column (`UIStackView`), sizing
/// each from its ``View/intrinsicContentSize``: along the ``axis`` by the ``distribution``,
/// across it by the ``alignment``, ``spacing`` points apart. A hidden arranged view takes no
/// room, and the spacing beside it goes with it. Stacks nest: a stack's own intrinsic size is
/// what its arranged views need.
///
/// It lays them out again when they change: one is added, removed or hidden, its intrinsic
/// size changes (a label's text, a button's title), or the stack is resized.
///
/// ```swift
/// let form = StackView(axis: .vertical)
/// form.spacing = 16
/// try form.addArrangedSubview(titleLabel)
/// try form.addArrangedSubview(saveButton)
/// ```
///
/// Arranged views are subviews; as in UIKit, ``removeArrangedSubview(_:)`` leaves the view a
/// subview, and a view that leaves the stack leaves the arrangement.
open class StackView: View {
    /// How the arranged views share the stack's length along its axis.
    public nonisolated enum Distribution: String, CaseIterable, Sendable {
        /// At their intrinsic lengths; the view that hugs least (the last, among equals)
        /// takes the room left, and when they do not fit, the last views give way first.
        case fill
        /// All as long, filling the stack.
        case fillEqually
        /// In proportion to their intrinsic lengths, filling the stack.
        case fillProportionally
        /// At their intrinsic lengths, the room left shared between them as equal spacing
        /// (at least ``StackView/spacing``).
        case equalSpacing
        /// At their intrinsic lengths, their centres equally far apart while the spacing
        /// allows, the first at the start and the last at the end.
        case equalCentering
    }

    /// Where the arranged views go across the stack's axis. `leading` and `top` are one
    /// alignment (the left of a column, the top of a row), as are `trailing` and `bottom`.
    public nonisolated enum Alignment: String, CaseIterable, Sendable {
        /// As wide as the stack (as tall, in a row).
        case fill
        case leading, top, center, trailing, bottom
    }

    /// The direction the arranged views line up in; horizontal by default, as UIKit's.
    public var axis: LayoutAxis = .horizontal {
        didSet { arrangementDidChange() }
    }
    public var distribution: Distribution = .fill {
        didSet { arrangementDidChange() }
    }
    public var alignment: Alignment = .fill {
        didSet { arrangementDidChange() }
    }
    /// The points between neighbouring views (the least, for `equalSpacing` and
    /// `equalCentering`); a negative spacing overlaps them, as UIKit's does. NaN is taken as 0.
    public var spacing = 0.0 {
        didSet {
            spacing = spacing.isNaN ? 0 : min(max(spacing, -StackView.largestLength), StackView.largestLength)
            arrangementDidChange()
        }
    }

    /// The views the stack lays out, in order.
    public var arrangedSubviews: [View] { arranged }
    private(set) var arranged: [View] = []
    /// The arranged views' identities: asking whether a view is arranged costs the same
    /// however many there are.
    private var arrangedIdentities: Set<ObjectIdentifier> = []
    /// Set while the stack measures its views, so that a script's view that asks the stack's
    /// size while it is being measured gets none rather than start the measuring again.
    var isMeasuring = false

    public init(axis: LayoutAxis = .horizontal, frame: Rect = .zero) {
        self.axis = axis
        super.init(frame: frame)
    }

    public convenience override init(frame: Rect) {
        self.init(axis: .horizontal, frame: frame)
    }

    /// Nothing of its own: the arranged views show themselves.
    open override var contentDescription: ViewDescription {
        ViewDescription(kind: "StackView", accessibilityLabel: accessibilityLabel)
    }

    // MARK: - Arranged views

    /// Whether `view` is one of the arranged views.
    public func isArranged(_ view: View) -> Bool {
        arrangedIdentities.contains(ObjectIdentifier(view))
    }

    /// Arranges `view` after the others, making it a subview; an arranged view moves to the end.
    ///
    /// - Throws: ``ViewError`` when `view` is this stack or contains it, or is a window.
    public func addArrangedSubview(_ view: View) throws(ViewError) {
        try insertArrangedSubview(view, at: arranged.count)
    }

    /// Arranges `view` at `index` (from 0; an index past the ends is taken as the nearest end),
    /// making it a subview (in front of the others) if it is not one; an arranged view moves
    /// there, `index` counting the others.
    ///
    /// - Throws: ``ViewError`` when `view` is this stack or contains it, or is a window.
    public func insertArrangedSubview(_ view: View, at index: Int) throws(ViewError) {
        if view.superview !== self { try addSubview(view) }
        if isArranged(view), let current = arranged.firstIndex(where: { $0 === view }) {
            arranged.remove(at: current)
        }
        arrangedIdentities.insert(ObjectIdentifier(view))
        arranged.insert(view, at: min(max(index, 0), arranged.count))
        arrangementDidChange()
    }

    /// Takes `view` out of the arrangement; it stays a subview, as in UIKit (remove it from
    /// its superview to take it away). A view that is not arranged is left alone.
    public func removeArrangedSubview(_ view: View) {
        guard arrangedIdentities.remove(ObjectIdentifier(view)) != nil else { return }
        arranged.removeAll { $0 === view }
        arrangementDidChange()
    }

    /// Arranges `views` in their order, each once (a view listed again is left where it was
    /// first), in place of the arranged views, which leave the stack unless listed.
    ///
    /// - Throws: ``ViewError``, before anything changes, when one of them is this stack or
    ///   contains it, or is a window.
    public func setArrangedSubviews(_ views: [View]) throws(ViewError) {
        var listed: Set<ObjectIdentifier> = []
        let views = views.filter { listed.insert(ObjectIdentifier($0)).inserted }
        for view in views {
            if view is Window { throw .windowAsSubview }
            if isDescendant(of: view) { throw .containsItself }
        }
        let leaving = Set(arranged.lazy.map(ObjectIdentifier.init)).subtracting(listed)
        arranged = []
        arrangedIdentities = []
        // Front to back, each found where it is: letting thousands go costs one pass.
        for (index, view) in subviews.enumerated().reversed() where leaving.contains(ObjectIdentifier(view)) {
            view.removeFromSuperview(indexHint: index)
        }
        for view in views where view.superview !== self { try addSubview(view) }
        arranged = views
        arrangedIdentities = listed
        arrangementDidChange()
    }

    open override func willRemoveSubview(_ subview: View) {
        super.willRemoveSubview(subview)
        removeArrangedSubview(subview)
    }

    /// An arranged view changed its intrinsic size or was hidden or shown: this stack lays
    /// out again, and so does each stack that arranges it, up the tree (in a loop, however
    /// deep stacks nest).
    override func subviewDidInvalidateSize(_ subview: View) {
        var stack: StackView? = self
        var child = subview
        while let current = stack, current.isArranged(child) {
            current.setNeedsLayout()
            child = current
            stack = current.superview as? StackView
        }
    }

    /// The arrangement or how it is laid out changed.
    private func arrangementDidChange() {
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    // MARK: - Layout

    /// Places the arranged views that are not hidden; the hidden ones keep their frames.
    open override func layoutSubviews() {
        super.layoutSubviews()
        guard !isMeasuring else { return }
        isMeasuring = true
        defer { isMeasuring = false }
        var measure = StackMeasure()
        let views = arranged
        let placed = frames(of: views, width: bounds.width, height: bounds.height, &measure)
        let origin = bounds.origin
        views.withUnsafeBufferPointer { views in
            for (index, frame) in zip(placed.indices, placed.frames) {
                views[index].frame = frame.offsetBy(dx: origin.x, dy: origin.y)
            }
        }
    }

    /// What its arranged views need, at their intrinsic sizes: along the axis, their lengths
    /// and the spacing (as the distribution lays them out); across it, the largest.
    open override var intrinsicContentSize: Size {
        var measure = StackMeasure()
        return naturalSize(&measure)
    }

    /// Its intrinsic size when `width` points wide: a column's views take the width its
    /// alignment gives them, and wrapping labels grow taller there.
    open override func intrinsicContentSize(forWidth width: Double) -> Size {
        var measure = StackMeasure()
        return size(forWidth: width, &measure)
    }
}
