/// A scrolling view of items in sections, placed by a layout (`UICollectionView`).
///
/// The data source says how many sections and items there are and makes the view of each
/// element — a cell per item, and the supplementary views (headers, footers, any kind the
/// layout names) — from views registered by identifier; the layout places them, and makes
/// its decoration views from its own registrations. Only the elements whose frames meet
/// the visible area exist: an element that scrolls out goes back to its reuse queue, and
/// the next to come in takes it from there. Views are ordered by their attributes' zIndex,
/// so drawing and hit testing follow it.
///
/// Counts are asked once and kept until ``reloadData()`` or a batch update, which is
/// checked against the data source's new counts before anything changes.
///
/// ```swift
/// let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), layout: FlowLayout())
/// collection.register("Card") { CollectionViewCell() }
/// collection.dataSource = cards
/// try collection.insertItems(at: [IndexPath(item: 0, section: 0)])
/// ```
///
/// Whatever the data source and layout answer, the view stays usable: where the data source
/// gives no view, or one shown elsewhere already, the element shows an empty view; a count
/// below 0 is 0 and counts past ``maximumSections`` and ``maximumItems`` are cut (each such
/// answer goes to the data source's `refusedAnswer`); elements whose attributes are not
/// finite, or name items that do not exist, are not shown; and at most
/// ``maximumVisibleElements`` elements are shown at once. An update asked for from inside a
/// callback that counts or sizes the items is refused.
open class CollectionView: ScrollView, CollectionViewLayoutContext, BatchUpdating {
    /// The kind cells are registered and dequeued under, as UIKit names it in its messages.
    public static let cellKind = "UICollectionElementKindCell"
    /// The most sections a collection view holds; a data source counting more is cut to these.
    public static let maximumSections = 1_000_000
    /// The most items a collection view holds in all its sections together (a layout may
    /// ask the size of each on every invalidation, so this bounds the time that takes).
    public static let maximumItems = 10_000_000
    /// The most elements shown at once: a layout that puts more in the visible area (items
    /// too small to see) has the rest of its answer left out.
    public static let maximumVisibleElements = 10_000

    public init(frame: Rect = .zero, layout: CollectionViewLayout) {
        self.layout = layout
        super.init(frame: frame)
        layout.collectionView = self
    }

    public convenience override init(frame: Rect) {
        self.init(frame: frame, layout: FlowLayout())
    }

    // MARK: - Layout, data source and delegate

    /// The layout that places the elements; setting it lays them out again by the new one,
    /// whose ``CollectionViewLayout/collectionView`` becomes this view.
    public var layout: CollectionViewLayout {
        didSet {
            guard layout !== oldValue else { return }
            if oldValue.collectionView === self { oldValue.collectionView = nil }
            generation += 1
            for element in visibleViews.keys { if case .decoration = element.category { recycle(element) } }
            decorationQueue = ReuseQueue()
            laidOutBounds = nil
            layout.collectionView = self
        }
    }

    /// Says how many items there are and makes their views; held weakly, as UIKit's.
    /// Setting it reloads the data.
    public weak var dataSource: CollectionViewDataSource? {
        didSet { reloadData() }
    }

    /// Hears of scrolling (as a scroll view's delegate does) and, when it is a
    /// ``CollectionViewDelegate``, of selection; a ``CollectionViewDelegateFlowLayout`` gives
    /// item sizes.
    public override weak var delegate: ScrollViewDelegate? {
        didSet {
            collectionDelegate = delegate as? CollectionViewDelegate
            flowDelegate = delegate as? CollectionViewDelegateFlowLayout
            layout.invalidateLayout()
        }
    }
    weak var collectionDelegate: CollectionViewDelegate?
    weak var flowDelegate: CollectionViewDelegateFlowLayout?

    // MARK: - Registration and reuse

    let cellQueue = ReuseQueue<CollectionViewCell>()
    let supplementaryQueue = ReuseQueue<CollectionReusableView>()
    var decorationQueue = ReuseQueue<CollectionReusableView>()

    /// Registers how to make the cells dequeued under `identifier`
    /// (`register(_:forCellWithReuseIdentifier:)`), replacing an earlier registration.
    public func register(_ identifier: String, make: @escaping () -> CollectionViewCell) {
        cellQueue.register(kind: CollectionView.cellKind, identifier: identifier, make)
    }

    /// Registers how to make the supplementary views of `kind` dequeued under `identifier`
    /// (`register(_:forSupplementaryViewOfKind:withReuseIdentifier:)`).
    public func registerSupplementary(kind: String, identifier: String, make: @escaping () -> CollectionReusableView) {
        supplementaryQueue.register(kind: kind, identifier: identifier, make)
    }

    /// A cell for the item at `indexPath`: one that scrolled out, after its
    /// `prepareForReuse`, or a new one. While the data source makes the cell for that item,
    /// the cell comes already placed by the item's layout attributes.
    /// - Throws: ``ListError/unregisteredView(kind:identifier:)`` naming `identifier` and
    ///   the cell kind when nothing is registered for it.
    public func dequeueCell(withIdentifier identifier: String, for indexPath: IndexPath) throws(ListError) -> CollectionViewCell {
        let cell = try cellQueue.dequeue(kind: CollectionView.cellKind, identifier: identifier)
        handOut(cell, category: .cell, at: indexPath)
        return cell
    }

    /// A supplementary view of `kind` for `indexPath`, reused as cells are.
    /// - Throws: ``ListError/unregisteredView(kind:identifier:)`` when nothing is
    ///   registered for `kind` and `identifier`.
    public func dequeueSupplementary(
        ofKind kind: String, withIdentifier identifier: String, for indexPath: IndexPath
    ) throws(ListError) -> CollectionReusableView {
        let view = try supplementaryQueue.dequeue(kind: kind, identifier: identifier)
        handOut(view, category: .supplementary(kind: kind), at: indexPath)
        return view
    }

    // MARK: - Counts

    /// The items per section, as the data source last said; nil until asked.
    var counts: [Int]?

    /// The counts, asked of the data source when they are not known.
    func loadCounts() -> [Int] {
        if let counts { return counts }
        let asked = askCounts()
        counts = asked
        return asked
    }

    /// What the data source says now, within the collection view's limits.
    func askCounts() -> [Int] {
        guard let dataSource else { return [] }
        let outer = isCounting
        isCounting = true
        defer { isCounting = outer }
        return ListCounts.take(
            unit: .items, sections: dataSource.numberOfSections(in: self),
            maximumSections: CollectionView.maximumSections, maximumItems: CollectionView.maximumItems,
            itemsIn: { dataSource.collectionView(self, numberOfItemsInSection: $0) },
            refuse: { dataSource.collectionView(self, refusedAnswer: $0) })
    }

    public var numberOfSections: Int { loadCounts().count }

    public func numberOfItems(inSection section: Int) -> Int {
        let counts = loadCounts()
        return counts.indices.contains(section) ? counts[section] : 0
    }

    // MARK: - What layouts read

    public var providesItemSizes: Bool { flowDelegate?.providesItemSizes ?? false }

    public func sizeForItem(at indexPath: IndexPath) -> Size? {
        flowDelegate?.collectionView(self, layout: layout, sizeForItemAt: indexPath)
    }

    // MARK: - State of the shown elements

    /// The views shown, by element, and the element each view shows.
    var visibleViews: [LayoutAttributes.Element: CollectionReusableView] = [:]
    var elementsByView: [ObjectIdentifier: LayoutAttributes.Element] = [:]
    /// The bounds the elements were last laid out for.
    var laidOutBounds: Rect?
    /// Counts changes that make a layout pass under way out of date (a reload, an update, a
    /// new layout), so that a pass a data source's callback changed things under stops.
    var generation = 0
    var isLayingOutElements = false
    /// Set while the data source counts the items or the layout prepares (asking sizes):
    /// updates asked for then are refused, and reloads ignored.
    var isCounting = false
    var needsAnotherPass = false
    /// The element whose view the data source is making, and the views it dequeued meanwhile.
    var elementBeingMade: LayoutAttributes?
    var handedOut: [(view: CollectionReusableView, category: LayoutAttributes.Category)] = []

    /// Whether a tap selects items.
    public var allowsSelection = true
    /// Whether several items may be selected at once; a tap on a selected item then
    /// deselects it.
    public var allowsMultipleSelection = false
    /// The selected items.
    var selectedItems: Set<IndexPath> = []
    /// The changes of the batch update under way; nil outside one.
    var pendingUpdate: ListUpdate?
    /// How many batch updates are open, one inside another.
    var updateDepth = 0
    /// The touch that is on a cell, and the item it is on.
    var trackedTouch: (id: Int, indexPath: IndexPath)?

    /// A scroll view's description, named for the collection view.
    open override var contentDescription: ViewDescription {
        var description = super.contentDescription
        description.kind = "CollectionView"
        return description
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutElements()
    }

    open override func contentOffsetDidChange() {
        super.contentOffsetDidChange()
        layoutElements()
    }

    // MARK: - Touches

    /// A finger down on a cell highlights it; touches elsewhere go on up the responder chain.
    open override func touchesBegan(_ touches: [Touch]) {
        if !beginTracking(touches) { super.touchesBegan(touches) }
    }

    open override func touchesMoved(_ touches: [Touch]) {
        if !isTracking(touches) { super.touchesMoved(touches) }
    }

    /// Lifting the finger on the cell it went down on taps its item; a drag that scrolls
    /// cancels the touch instead.
    open override func touchesEnded(_ touches: [Touch]) {
        if !endTracking(touches, tapping: true) { super.touchesEnded(touches) }
    }

    open override func touchesCancelled(_ touches: [Touch]) {
        if !endTracking(touches, tapping: false) { super.touchesCancelled(touches) }
    }
}
