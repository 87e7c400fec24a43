/// How a list takes the counts its data source gives: a count below 0 is taken as 0, and
/// counts past the list's limits are cut (sections past `maximumSections`, rows or items past
/// `maximumItems` in all sections together, so that a reload that asks something of every
/// row takes a bounded time). Each answer the list does not take as it is goes to `refuse`;
/// a limit is reported once, at the first section past it.
enum ListCounts {
    static func take(
        unit: ListError.Unit, sections: Int, maximumSections: Int, maximumItems: Int,
        itemsIn items: (Int) -> Int, refuse: (ListError) -> Void
    ) -> [Int] {
        var sections = sections
        if sections < 0 {
            refuse(.negativeCount(unit, section: nil, count: sections))
            sections = 0
        } else if sections > maximumSections {
            refuse(.countOverLimit(unit, section: nil, count: sections, limit: maximumSections, taken: maximumSections))
            sections = maximumSections
        }
        var counts: [Int] = []
        counts.reserveCapacity(sections)
        var total = 0
        var reachedLimit = false
        for section in 0..<sections {
            var count = items(section)
            if count < 0 {
                refuse(.negativeCount(unit, section: section, count: count))
                count = 0
            }
            let room = maximumItems - total
            if count > room {
                if !reachedLimit {
                    refuse(.countOverLimit(unit, section: section, count: count, limit: maximumItems, taken: room))
                    reachedLimit = true
                }
                count = room
            }
            total += count
            counts.append(count)
        }
        return counts
    }
}

/// A list whose changes are gathered into batch updates (`performBatchUpdates(_:completion:)`,
/// or between `beginUpdates` and `endUpdates`): each change made inside a batch joins it, one
/// made outside is an update of its own, and the list checks and applies each update as a
/// whole.
protocol BatchUpdating: AnyObject {
    /// The changes of the batch being gathered; nil outside one.
    var pendingUpdate: ListUpdate? { get set }
    /// How many batches are open: a batch inside a batch joins it.
    var updateDepth: Int { get set }
    /// Checks `update` against the data source's counts and, when it adds up, applies it.
    func apply(_ update: ListUpdate) throws(ListError)
}

extension BatchUpdating {
    /// Runs `updates`, gathering the changes it makes into one update, then applies it; a
    /// batch inside a batch joins it, and a reload in the batch ends it.
    func gatherUpdates(_ updates: () -> Void) throws(ListError) {
        openBatch()
        updates()
        try closeBatch()
    }

    /// Opens a batch, or joins the one open.
    func openBatch() {
        if updateDepth == 0 { pendingUpdate = ListUpdate() }
        updateDepth += 1
    }

    /// Closes a batch; the outermost applies the changes gathered, unless a reload in the
    /// batch ended it. A close without an open does nothing.
    func closeBatch() throws(ListError) {
        guard updateDepth > 0 else { return }
        updateDepth -= 1
        guard updateDepth == 0, let update = pendingUpdate else { return }
        pendingUpdate = nil
        try apply(update)
    }

    /// Adds a change to the batch being gathered, or makes it an update of its own.
    func record(_ change: (inout ListUpdate) -> Void) throws(ListError) {
        if pendingUpdate != nil {
            change(&pendingUpdate!)
            return
        }
        var update = ListUpdate()
        change(&update)
        try apply(update)
    }
}
