// MARK: - Updates

extension TableView {
    /// Makes the changes `updates` asks for (with ``insertRows(at:)`` and the others) as one
    /// update, checked once they are all known, as `performBatchUpdates(_:completion:)`:
    /// deletes and reloads name rows before the update, inserts rows after it, whatever the
    /// order of the calls. A batch inside a batch (or inside ``beginUpdates()``) joins it.
    /// - Throws: ``ListError`` when the changes do not fit the counts the data source gives
    ///   afterwards; then nothing has changed.
    public func performBatchUpdates(_ updates: () -> Void) throws(ListError) {
        try gatherUpdates(updates)
    }

    /// Starts gathering the changes asked for until the matching ``endUpdates()`` into one
    /// update, as UIKit's older pair does: a fetched results controller's delegate begins in
    /// `willChangeContent`, changes rows as it hears of each object, and ends in
    /// `didChangeContent`. Pairs nest, and join a batch they are in; the outermost makes the
    /// update.
    public func beginUpdates() {
        openBatch()
    }

    /// Ends a ``beginUpdates()``: the outermost end checks the changes gathered since it
    /// began and makes them as one update. An end without a begin does nothing.
    /// - Throws: ``ListError`` when the changes do not fit the counts the data source gives
    ///   now; then nothing has changed.
    public func endUpdates() throws(ListError) {
        try closeBatch()
    }

    /// Rows inserted in the data, at their places after the update.
    /// - Throws: ``ListError`` when the update does not add up (outside a batch).
    public func insertRows(at indexPaths: [IndexPath]) throws(ListError) {
        try record { $0.insertedItems += indexPaths }
    }

    /// Rows deleted from the data, at their places before the update.
    /// - Throws: ``ListError`` when the update does not add up (outside a batch).
    public func deleteRows(at indexPaths: [IndexPath]) throws(ListError) {
        try record { $0.deletedItems += indexPaths }
    }

    /// Rows whose cells are asked for again, at their places before the update.
    /// - Throws: ``ListError`` when the update does not add up (outside a batch).
    public func reloadRows(at indexPaths: [IndexPath]) throws(ListError) {
        try record { $0.reloadedItems += indexPaths }
    }

    /// A row moved in the data, from its place before the update to its place after.
    /// - Throws: ``ListError`` when the update does not add up (outside a batch).
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) throws(ListError) {
        try record { $0.movedItems.append(.init(from: indexPath, to: newIndexPath)) }
    }

    /// Sections inserted in the data, at their indexes after the update.
    /// - Throws: ``ListError`` when the update does not add up (outside a batch).
    public func insertSections(_ sections: [Int]) throws(ListError) {
        try record { $0.insertedSections += sections }
    }

    /// Sections deleted from the data, at their indexes before the update.
    /// - Throws: ``ListError`` when the update does not add up (outside a batch).
    public func deleteSections(_ sections: [Int]) throws(ListError) {
        try record { $0.deletedSections += sections }
    }

    /// Sections whose rows are all asked for again, at their indexes before the update.
    /// - Throws: ``ListError`` when the update does not add up (outside a batch).
    public func reloadSections(_ sections: [Int]) throws(ListError) {
        try record { $0.reloadedSections += sections }
    }

    /// A section moved in the data.
    /// - Throws: ``ListError`` when the update does not add up (outside a batch).
    public func moveSection(_ section: Int, toSection newSection: Int) throws(ListError) {
        try record { $0.movedSections.append(.init(from: section, to: newSection)) }
    }

    /// Checks `update` against the counts the data source now gives and, when it adds up,
    /// moves the cells shown to their rows' new places, asks for the cells of rows inserted
    /// and reloaded as they come into view, and keeps the selection on its row.
    func apply(_ update: ListUpdate) throws(ListError) {
        guard !isRebuilding else {
            // The data changed under the answers being asked for: they are asked again.
            setNeedsReload()
            throw .updateWhileCounting(.rows)
        }
        // A table that has not counted yet has nothing to check against: it counts now.
        if needsReload {
            reloadData()
            return
        }
        let counts = askCounts()
        let map = try update.check(before: rowCounts, after: counts, unit: .rows)

        generation += 1
        hideDeleteButton()
        endHighlight()
        var kept: [IndexPath: TableViewCell] = [:]
        for (path, cell) in visibleRows where cell.superview === self {
            if !map.isReloaded(path), let destination = map.indexPath(forOld: path) {
                kept[destination] = cell
            } else {
                cellQueue.enqueue(cell, kind: TableView.cellKind)
            }
        }
        visibleRows = kept
        // Titles may have changed with the sections: the headers and footers are made again.
        recycleHeadersAndFooters()
        selectedRow = selectedRow.flatMap { map.isReloaded($0) ? nil : map.indexPath(forOld: $0) }
        prefetchedRows = 0..<0

        rowCounts = counts
        layout = makeLayout(counts: counts)
        layoutAfterChange()
    }
}
