// MARK: - Selection

extension CollectionView {
    /// The selected items, in order.
    public var indexPathsForSelectedItems: [IndexPath] { selectedItems.sorted() }

    /// Selects the item at `indexPath`, as code does (`selectItem(at:animated:scrollPosition:)`):
    /// the delegate is not told. Without ``allowsMultipleSelection`` the item selected before
    /// is deselected; with ``allowsSelection`` off nothing happens.
    /// - Throws: ``ListError/invalidIndexPath(_:_:action:)`` when there is no such item.
    public func selectItem(at indexPath: IndexPath) throws(ListError) {
        try checkItemExists(indexPath, action: "select")
        guard allowsSelection else { return }
        if !allowsMultipleSelection {
            for other in selectedItems.sorted() where other != indexPath { setSelected(false, at: other) }
        }
        setSelected(true, at: indexPath)
    }

    /// Deselects the item at `indexPath`, if it is selected; the delegate is not told.
    public func deselectItem(at indexPath: IndexPath) {
        setSelected(false, at: indexPath)
    }

    /// Selects or deselects one item: its cell, if shown, follows, and a layout that places
    /// selected items differently is invalidated.
    func setSelected(_ selected: Bool, at indexPath: IndexPath) {
        let changed = selected ? selectedItems.insert(indexPath).inserted : selectedItems.remove(indexPath) != nil
        guard changed else { return }
        cellForItem(at: indexPath)?.isSelected = selected
        if layout.invalidatesOnSelection { layout.invalidateLayout() }
    }

    /// A tap on the item at `indexPath`, as UIKit takes it: with multiple selection a tap on
    /// a selected item deselects it; otherwise, if the delegate allows, the item is selected
    /// (again, when it was), after the item selected before is deselected. The delegate hears
    /// of each change.
    func tapItem(at indexPath: IndexPath) {
        guard allowsSelection, (try? checkItemExists(indexPath, action: "select")) != nil else { return }
        if allowsMultipleSelection && selectedItems.contains(indexPath) {
            setSelected(false, at: indexPath)
            collectionDelegate?.collectionView(self, didDeselectItemAt: indexPath)
            return
        }
        guard collectionDelegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else { return }
        if !allowsMultipleSelection {
            for other in selectedItems.sorted() where other != indexPath {
                setSelected(false, at: other)
                collectionDelegate?.collectionView(self, didDeselectItemAt: other)
            }
        }
        // The delegate may have reloaded or changed the items.
        guard (try? checkItemExists(indexPath, action: "select")) != nil else { return }
        setSelected(true, at: indexPath)
        collectionDelegate?.collectionView(self, didSelectItemAt: indexPath)
    }

    // MARK: - Touches

    /// The item whose cell `touch` is on, if any.
    private func item(under touch: Touch) -> IndexPath? {
        var view = touch.view
        while let current = view, current.superview !== self { view = current.superview }
        guard let view, let element = elementsByView[ObjectIdentifier(view)], element.category == .cell else { return nil }
        return element.indexPath
    }

    /// Starts following a touch that went down on a cell, highlighting it; false when the
    /// touches are not one on a cell.
    func beginTracking(_ touches: [Touch]) -> Bool {
        guard trackedTouch == nil, touches.count == 1, let touch = touches.first, let indexPath = item(under: touch) else {
            return false
        }
        trackedTouch = (touch.id, indexPath)
        if allowsSelection { cellForItem(at: indexPath)?.isHighlighted = true }
        return true
    }

    /// Whether the touch followed is among `touches`.
    func isTracking(_ touches: [Touch]) -> Bool {
        guard let trackedTouch else { return false }
        return touches.contains { $0.id == trackedTouch.id }
    }

    /// Stops following the touch, if it is among `touches`: the cell is no longer
    /// highlighted, and when `tapping`, the item is tapped if the finger is still on its
    /// cell. False when the touch is not among them.
    func endTracking(_ touches: [Touch], tapping: Bool) -> Bool {
        guard let tracked = trackedTouch, let touch = touches.first(where: { $0.id == tracked.id }) else { return false }
        trackedTouch = nil
        let cell = cellForItem(at: tracked.indexPath)
        cell?.isHighlighted = false
        if tapping, let cell, cell.frame.contains(touch.location(in: self)) { tapItem(at: tracked.indexPath) }
        return true
    }
}
