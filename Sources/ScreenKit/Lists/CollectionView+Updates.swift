// MARK: - Reloading and batch updates

extension CollectionView {
    /// Forgets the counts and every shown element, and deselects all items: the data source
    /// is asked again at the next layout (`reloadData()`). Called from a callback that counts
    /// or sizes the items, it does nothing: those answers are being asked for already.
    public func reloadData() {
        guard !isCounting else { return }
        generation += 1
        counts = nil
        selectedItems = []
        trackedTouch = nil
        for element in Array(visibleViews.keys) { recycle(element) }
        pendingUpdate = nil
        layout.invalidateLayout()
        setNeedsLayout()
    }

    /// Makes the changes `updates` asks for (``insertItems(at:)``, ``deleteItems(at:)``,
    /// ``moveItem(at:to:)``, the section changes, ``reloadItems(at:)``) as one update, checked
    /// against the data source's counts after `updates` returns (`performBatchUpdates(_:completion:)`).
    /// An update nested in another joins it.
    ///
    /// - Throws: ``ListError`` with UIKit's message when the changes do not add up to the
    ///   data source's new counts, or name sections or items that are not there, or when it
    ///   is asked for from inside a callback that counts or sizes the items. Then nothing
    ///   has changed: counts, cells and selection are as before.
    public func performBatchUpdates(_ updates: () -> Void) throws(ListError) {
        try gatherUpdates(updates)
    }

    /// Inserts items at their places after the update.
    /// - Throws: ``ListError`` as ``performBatchUpdates(_:)`` does (inside one, it throws).
    public func insertItems(at indexPaths: [IndexPath]) throws(ListError) {
        try record { $0.insertedItems += indexPaths }
    }

    /// Deletes the items at their places before the update.
    public func deleteItems(at indexPaths: [IndexPath]) throws(ListError) {
        try record { $0.deletedItems += indexPaths }
    }

    /// Asks the data source again for the cells of these items (places before the update);
    /// the layout is invalidated, so it places them again too.
    public func reloadItems(at indexPaths: [IndexPath]) throws(ListError) {
        try record { $0.reloadedItems += indexPaths }
    }

    /// Moves the item at `indexPath` (before the update) to `newIndexPath` (after it).
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) throws(ListError) {
        try record { $0.movedItems.append(ListUpdate.Move(from: indexPath, to: newIndexPath)) }
    }

    /// Inserts sections at their indexes after the update.
    public func insertSections(_ sections: [Int]) throws(ListError) {
        try record { $0.insertedSections += sections }
    }

    /// Deletes the sections at their indexes before the update.
    public func deleteSections(_ sections: [Int]) throws(ListError) {
        try record { $0.deletedSections += sections }
    }

    /// Asks the data source again for everything in these sections.
    public func reloadSections(_ sections: [Int]) throws(ListError) {
        try record { $0.reloadedSections += sections }
    }

    /// Moves the section at `section` (before the update) to `newSection` (after it).
    public func moveSection(_ section: Int, toSection newSection: Int) throws(ListError) {
        try record { $0.movedSections.append(ListUpdate.Move(from: section, to: newSection)) }
    }

    /// Checks `update` against the counts before and the data source's counts now, and only
    /// when it fits: takes the new counts, moves the selection and the shown views with their
    /// items, lets go of the views of deleted and reloaded elements, and lays out again.
    func apply(_ update: ListUpdate) throws(ListError) {
        guard !isCounting else { throw .updateWhileCounting(.items) }
        guard let before = counts else {
            // Nothing was asked yet: the data source as it is now is the starting point.
            reloadData()
            return
        }
        let after = askCounts()
        let map = try update.check(before: before, after: after, unit: .items)
        counts = after
        generation += 1
        trackedTouch = nil
        selectedItems = Set(selectedItems.compactMap { map.indexPath(forOld: $0) })
        let shown = visibleViews
        visibleViews = [:]
        elementsByView = [:]
        for (element, view) in shown {
            guard let destination = CollectionView.destination(of: element, in: map) else {
                if let cell = view as? CollectionViewCell { cell.isHighlighted = false }
                enqueue(view, category: element.category)
                continue
            }
            visibleViews[destination] = view
            elementsByView[ObjectIdentifier(view)] = destination
            // Placed again, at its new place, by the next layout pass.
            view.layoutAttributes = nil
            if let cell = view as? CollectionViewCell { cell.isSelected = selectedItems.contains(destination.indexPath) }
        }
        layout.invalidateLayout()
        setNeedsLayout()
    }

    /// Where a shown element is after a checked update, or nil when its view is to be let go
    /// (deleted, or reloaded with its item or section).
    private static func destination(of element: LayoutAttributes.Element, in map: ListUpdate.Map) -> LayoutAttributes.Element? {
        let old = element.indexPath
        switch element.category {
        case .cell:
            guard !map.isReloaded(old), let new = map.indexPath(forOld: old) else { return nil }
            return LayoutAttributes.Element(category: .cell, indexPath: new)
        case .supplementary, .decoration:
            guard !map.reloadedSections.contains(old.section), let section = map.section(forOld: old.section) else { return nil }
            return LayoutAttributes.Element(category: element.category, indexPath: IndexPath(item: old.item, section: section))
        }
    }
}
