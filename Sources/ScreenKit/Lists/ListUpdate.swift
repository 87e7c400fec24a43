/// The changes of one batch update of a table or collection view, as UIKit takes them
/// between `beginUpdates` and `endUpdates` (or in `performBatchUpdates`): deletes, reloads
/// and the sources of moves name places *before* the update; inserts and the destinations of
/// moves name places *after* it, whatever order they were asked in.
///
/// ``check(before:after:unit:)`` decides whether the update fits the counts the data source
/// gives before any view changes, and says where each row goes.
///
/// ```swift
/// var update = ListUpdate()
/// update.deletedItems = [IndexPath(row: 0, section: 0)]
/// update.insertedItems = [IndexPath(row: 4, section: 0)]
/// let map = try update.check(before: [10], after: [10], unit: .rows)
/// map.indexPath(forOld: IndexPath(row: 3, section: 0))   // [0, 2]
/// ```
public nonisolated struct ListUpdate: Equatable, Sendable {
    /// A row or section moving from a place before the update to one after it.
    public struct Move<Index: Hashable & Sendable>: Hashable, Sendable {
        public var from: Index
        public var to: Index

        public init(from: Index, to: Index) {
            self.from = from
            self.to = to
        }
    }

    /// Sections inserted, at their indexes after the update.
    public var insertedSections: [Int] = []
    /// Sections deleted, at their indexes before the update.
    public var deletedSections: [Int] = []
    /// Sections whose rows are all asked for again; indexes before the update.
    public var reloadedSections: [Int] = []
    public var movedSections: [Move<Int>] = []
    /// Rows (items) inserted, at their places after the update.
    public var insertedItems: [IndexPath] = []
    /// Rows deleted, at their places before the update.
    public var deletedItems: [IndexPath] = []
    /// Rows asked for again, at their places before the update.
    public var reloadedItems: [IndexPath] = []
    public var movedItems: [Move<IndexPath>] = []

    public init() {}

    /// Whether it changes nothing.
    public var isEmpty: Bool {
        insertedSections.isEmpty && deletedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
            && insertedItems.isEmpty && deletedItems.isEmpty && reloadedItems.isEmpty && movedItems.isEmpty
    }

    /// Adds the changes of `other`, as a batch update nested in another joins it.
    public mutating func formUnion(_ other: ListUpdate) {
        insertedSections += other.insertedSections
        deletedSections += other.deletedSections
        reloadedSections += other.reloadedSections
        movedSections += other.movedSections
        insertedItems += other.insertedItems
        deletedItems += other.deletedItems
        reloadedItems += other.reloadedItems
        movedItems += other.movedItems
    }
}

// MARK: - Where rows go

extension ListUpdate {
    /// Where the sections and rows before a checked update are after it. Made by
    /// ``ListUpdate/check(before:after:unit:)``; each question costs a binary search and a
    /// walk over the rows inserted in one section, never a pass over all rows.
    public nonisolated struct Map: Sendable {
        /// The new index of each old section; nil for a deleted one.
        let sections: [Int?]
        /// The old sections whose rows are all asked for again.
        let reloadedSections: Set<Int>
        /// Per old section, the rows that leave it (deleted or moved away), sorted.
        let removedRows: [Int: [Int]]
        /// Per new section, the rows that arrive in it (inserted or moved in), sorted.
        let arrivedRows: [Int: [Int]]
        let moves: [IndexPath: IndexPath]
        let reloadedItems: Set<IndexPath>

        /// The index after the update of the section at `old` before it; nil when it was
        /// deleted or is not a section.
        public func section(forOld old: Int) -> Int? {
            sections.indices.contains(old) ? sections[old] : nil
        }

        /// The place after the update of the row at `old` before it; nil when the row was
        /// deleted, its section deleted or reloaded, or it is not a row.
        public func indexPath(forOld old: IndexPath) -> IndexPath? {
            if let destination = moves[old] { return destination }
            guard let section = section(forOld: old.section), !reloadedSections.contains(old.section), old.item >= 0 else {
                return nil
            }
            let removed = removedRows[old.section] ?? []
            let before = ListUpdate.countBelow(old.item, in: removed)
            if before < removed.count && removed[before] == old.item { return nil }
            // The row is the k-th that stays; it lands on the k-th place no arriving row takes.
            var item = old.item - before
            for arrived in arrivedRows[section] ?? [] {
                guard arrived <= item else { break }
                item += 1
            }
            return IndexPath(item: item, section: section)
        }

        /// Whether the row at `old` (before the update) is to be asked for again: it was
        /// reloaded itself, or with its section.
        public func isReloaded(_ old: IndexPath) -> Bool {
            reloadedItems.contains(old) || reloadedSections.contains(old.section)
        }
    }

    /// How many of the sorted `values` are below `value`.
    nonisolated static func countBelow(_ value: Int, in values: [Int]) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = low + (high - low) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
