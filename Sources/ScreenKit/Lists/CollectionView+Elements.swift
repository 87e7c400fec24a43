// MARK: - Laying out the visible elements

extension CollectionView {
    /// How many times one layout pass starts over when a callback it made changed what it
    /// was laying out (a data source that reloads while it makes a cell); after that the
    /// pass waits for the next layout.
    static let maximumPasses = 3

    /// Shows the elements that meet the visible area, placed by their layout attributes, and
    /// lets go of the others: runs when the view is laid out and whenever it scrolls.
    func layoutElements() {
        guard !isLayingOutElements else {
            needsAnotherPass = true
            return
        }
        isLayingOutElements = true
        defer { isLayingOutElements = false }
        for _ in 0..<CollectionView.maximumPasses {
            needsAnotherPass = false
            layoutElementsOnce()
            if !needsAnotherPass { return }
        }
        setNeedsLayout()
    }

    private func layoutElementsOnce() {
        let counts = loadCounts()
        let generation = self.generation
        if bounds != laidOutBounds {
            if laidOutBounds != nil, layout.shouldInvalidateLayout(forBoundsChange: bounds) { layout.invalidateLayout() }
            laidOutBounds = bounds
        }
        prepareLayout()
        guard generation == self.generation else { return needsAnotherPass = true }
        // A smaller content may pull the offset back; the pass that scroll asks for follows.
        let size = layout.effectiveContentSize
        if size != contentSize { contentSize = size }
        let visible = bounds
        let wanted = wantedElements(in: visible, counts: counts)
        let wantedKeys = Set(wanted.map(\.element))
        recycle(visibleViews.keys.filter { !wantedKeys.contains($0) })
        for attributes in wanted {
            if let view = visibleViews[attributes.element] {
                place(view, by: attributes)
                continue
            }
            guard let view = makeView(for: attributes) else { continue }
            guard generation == self.generation else {
                enqueue(view, category: attributes.category)
                return needsAnotherPass = true
            }
            show(view, for: attributes)
        }
        orderElementViews()
    }

    /// Lets the layout prepare, if it needs to, as a callback that counts: a delegate asked
    /// for sizes there may not update the items.
    func prepareLayout() {
        let outer = isCounting
        isCounting = true
        defer { isCounting = outer }
        layout.prepareIfNeeded()
    }

    /// The attributes of the elements to show in `visible`, in the layout's order: finite,
    /// meeting the area, naming items and sections that exist and decoration kinds the
    /// layout registered, each element once.
    private func wantedElements(in visible: Rect, counts: [Int]) -> [LayoutAttributes] {
        var seen: Set<LayoutAttributes.Element> = []
        var wanted: [LayoutAttributes] = []
        for attributes in layout.effectiveAttributes(in: visible) {
            guard wanted.count < CollectionView.maximumVisibleElements else { break }
            guard attributes.isFinite, CollectionView.displayedFrame(of: attributes).intersects(visible),
                  exists(attributes, counts: counts), seen.insert(attributes.element).inserted else { continue }
            wanted.append(attributes)
        }
        return wanted
    }

    private func exists(_ attributes: LayoutAttributes, counts: [Int]) -> Bool {
        let path = attributes.indexPath
        switch attributes.category {
        case .cell:
            return counts.indices.contains(path.section) && path.item >= 0 && path.item < counts[path.section]
        case .supplementary:
            return counts.indices.contains(path.section) && path.item >= 0
        case .decoration(let kind):
            return layout.hasDecoration(ofKind: kind)
        }
    }

    /// The rectangle an element takes on screen: its frame turned by its transform about
    /// its centre.
    static func displayedFrame(of attributes: LayoutAttributes) -> Rect {
        let frame = attributes.frame.standardized
        guard !attributes.transform.isIdentity else { return frame }
        let local = Rect(x: -frame.width / 2, y: -frame.height / 2, width: frame.width, height: frame.height)
        return attributes.transform.apply(to: local).offsetBy(dx: frame.midX, dy: frame.midY)
    }

    // MARK: - Making and letting go

    /// The view for a new element: the data source's cell or supplementary view (an empty
    /// one when it gives none, or one shown elsewhere already), or a decoration view from the
    /// layout's registration (nil when the layout registered none of that kind).
    private func makeView(for attributes: LayoutAttributes) -> CollectionReusableView? {
        switch attributes.category {
        case .cell:
            return fromDataSource(attributes, placeholder: CollectionViewCell()) { dataSource in
                dataSource.collectionView(self, cellForItemAt: attributes.indexPath)
            }
        case .supplementary(let kind):
            return fromDataSource(attributes, placeholder: CollectionReusableView()) { dataSource in
                dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: attributes.indexPath)
            }
        case .decoration(let kind):
            if !decorationQueue.isRegistered(kind: kind, identifier: kind) {
                guard let factory = layout.decorationFactory(ofKind: kind) else { return nil }
                decorationQueue.register(kind: kind, identifier: kind, factory)
            }
            return try? decorationQueue.dequeue(kind: kind, identifier: kind)
        }
    }

    /// Asks the data source for the view of an element and puts back the views it dequeued
    /// meanwhile and did not give. A view shown elsewhere already (here or in another view)
    /// is refused and reported; then, as when it gives none, the element gets `placeholder`.
    private func fromDataSource(
        _ attributes: LayoutAttributes, placeholder: CollectionReusableView,
        _ make: (CollectionViewDataSource) -> CollectionReusableView?
    ) -> CollectionReusableView {
        guard let dataSource else { return placeholder }
        let outer = (elementBeingMade, handedOut)
        elementBeingMade = attributes
        handedOut = []
        defer { (elementBeingMade, handedOut) = outer }
        var view = placeholder
        if let given = make(dataSource) {
            if given.superview == nil {
                view = given
            } else {
                dataSource.collectionView(self, refusedAnswer: .cellInUse(.items, attributes.indexPath))
            }
        }
        for (unused, category) in handedOut where unused !== view { enqueue(unused, category: category) }
        return view
    }

    /// Notes a view dequeued while the data source makes an element, placing it by that
    /// element's attributes when it is for it.
    func handOut(_ view: CollectionReusableView, category: LayoutAttributes.Category, at indexPath: IndexPath) {
        guard let attributes = elementBeingMade else { return }
        handedOut.append((view, category))
        if attributes.category == category && attributes.indexPath == indexPath { place(view, by: attributes) }
    }

    private func show(_ view: CollectionReusableView, for attributes: LayoutAttributes) {
        var view = view
        do {
            try insertSubview(view, at: 0)
        } catch {
            // A view that contains this one (a cell the collection view itself is inside).
            dataSource?.collectionView(self, refusedAnswer: .cellInUse(.items, attributes.indexPath))
            let placeholder: CollectionReusableView = attributes.category == .cell ? CollectionViewCell() : CollectionReusableView()
            try? insertSubview(placeholder, at: 0)
            view = placeholder
        }
        visibleViews[attributes.element] = view
        elementsByView[ObjectIdentifier(view)] = attributes.element
        place(view, by: attributes)
    }

    /// Puts the view of `element` back in its queue.
    func recycle(_ element: LayoutAttributes.Element, indexHint: Int? = nil) {
        guard let view = visibleViews.removeValue(forKey: element) else { return }
        elementsByView[ObjectIdentifier(view)] = nil
        if let cell = view as? CollectionViewCell { cell.isHighlighted = false }
        enqueue(view, category: element.category, indexHint: indexHint)
    }

    /// Puts the views of `elements` back in their queues, the frontmost among the subviews
    /// first: each is then found where it was, so that a pass letting thousands go does not
    /// look through the subviews for each.
    func recycle(_ elements: [LayoutAttributes.Element]) {
        guard !elements.isEmpty else { return }
        var positions: [ObjectIdentifier: Int] = [:]
        for (index, view) in subviews.enumerated() { positions[ObjectIdentifier(view)] = index }
        let leaving = elements.map { element in
            (element, visibleViews[element].flatMap { positions[ObjectIdentifier($0)] })
        }
        for (element, index) in leaving.sorted(by: { ($0.1 ?? -1) > ($1.1 ?? -1) }) {
            recycle(element, indexHint: index)
        }
    }

    /// Puts `view` in the queue for `category`; one not made by a queue is let go.
    /// `indexHint`: where it likely is among the subviews.
    func enqueue(_ view: CollectionReusableView, category: LayoutAttributes.Category, indexHint: Int? = nil) {
        view.layoutAttributes = nil
        view.removeFromSuperview(indexHint: indexHint)
        switch category {
        case .cell:
            guard let cell = view as? CollectionViewCell else { return view.removeFromSuperview() }
            cellQueue.enqueue(cell, kind: CollectionView.cellKind)
        case .supplementary(let kind):
            supplementaryQueue.enqueue(view, kind: kind)
        case .decoration(let kind):
            decorationQueue.enqueue(view, kind: kind)
        }
    }

    // MARK: - Placing

    /// Places `view` by `attributes`: frame, transform, alpha, hidden; a cell also shows
    /// whether its item is selected.
    func place(_ view: CollectionReusableView, by attributes: LayoutAttributes) {
        if case .cell = attributes.category, let cell = view as? CollectionViewCell {
            cell.isSelected = selectedItems.contains(attributes.indexPath)
        }
        guard view.layoutAttributes != attributes else { return }
        let frame = attributes.frame.standardized
        if !view.transform.isIdentity { view.transform = .identity }
        view.bounds.size = frame.size
        view.center = frame.center
        view.transform = attributes.transform
        view.alpha = attributes.alpha
        view.isHidden = attributes.isHidden
        view.layoutAttributes = attributes
        view.apply(attributes)
    }

    /// Puts the element views at the back of the subviews, in the order of their zIndex
    /// (ties: decoration views, then cells, then supplementary views, each by index path);
    /// other subviews stay in front in their order. Drawing and hit testing follow it.
    private func orderElementViews() {
        moveToBack(visibleViews.values.sorted { CollectionView.drawsBefore($0.layoutAttributes, $1.layoutAttributes) })
    }

    private static func drawsBefore(_ a: LayoutAttributes?, _ b: LayoutAttributes?) -> Bool {
        guard let a, let b else { return a == nil && b != nil }
        if a.zIndex != b.zIndex { return a.zIndex < b.zIndex }
        if rank(a.category) != rank(b.category) { return rank(a.category) < rank(b.category) }
        if a.indexPath != b.indexPath { return a.indexPath < b.indexPath }
        return (a.representedElementKind ?? "") < (b.representedElementKind ?? "")
    }

    private static func rank(_ category: LayoutAttributes.Category) -> Int {
        switch category {
        case .decoration: 0
        case .cell: 1
        case .supplementary: 2
        }
    }

    // MARK: - Asking about the shown elements

    /// The view shown for `element`, or nil when it is not shown.
    public func view(for element: LayoutAttributes.Element) -> CollectionReusableView? {
        visibleViews[element]
    }

    /// The cell shown for the item at `indexPath`, or nil when it is not shown.
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
        visibleViews[LayoutAttributes.Element(category: .cell, indexPath: indexPath)] as? CollectionViewCell
    }

    /// The supplementary view of `kind` shown at `indexPath`, or nil.
    public func supplementaryView(ofKind kind: String, at indexPath: IndexPath) -> CollectionReusableView? {
        visibleViews[LayoutAttributes.Element(category: .supplementary(kind: kind), indexPath: indexPath)]
    }

    /// The cells shown, in the order of their index paths.
    public var visibleCells: [CollectionViewCell] {
        indexPathsForVisibleItems.compactMap(cellForItem(at:))
    }

    /// The index paths of the items shown, in order.
    public var indexPathsForVisibleItems: [IndexPath] {
        visibleViews.keys.filter { $0.category == .cell }.map(\.indexPath).sorted()
    }

    /// The item whose cell is frontmost at `point` (in content coordinates), or nil.
    public func indexPathForItem(at point: Point) -> IndexPath? {
        for view in subviews.reversed() {
            guard let element = elementsByView[ObjectIdentifier(view)], element.category == .cell,
                  !view.isHidden, view.frame.contains(point) else { continue }
            return element.indexPath
        }
        return nil
    }

    /// The layout's attributes for the item at `indexPath`, or nil when it has none.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        layout.prepareIfNeeded()
        return layout.effectiveAttributes(for: .item(indexPath))
    }

    /// Scrolls as little as it takes to show the item at `indexPath`.
    /// - Throws: ``ListError/invalidIndexPath(_:_:action:)`` when there is no such item.
    public func scrollToItem(at indexPath: IndexPath, animated: Bool) throws(ListError) {
        try checkItemExists(indexPath, action: "scroll to")
        guard let attributes = layoutAttributesForItem(at: indexPath), attributes.isFinite else { return }
        contentSize = layout.effectiveContentSize
        scrollTo(attributes.frame, animated: animated)
    }

    /// - Throws: ``ListError/invalidIndexPath(_:_:action:)`` naming `action` when the data
    ///   source has no item at `indexPath`.
    func checkItemExists(_ indexPath: IndexPath, action: String) throws(ListError) {
        let counts = loadCounts()
        guard counts.indices.contains(indexPath.section), indexPath.item >= 0, indexPath.item < counts[indexPath.section] else {
            throw .invalidIndexPath(.items, indexPath, action: action)
        }
    }
}
