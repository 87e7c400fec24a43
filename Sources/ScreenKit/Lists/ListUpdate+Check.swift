// MARK: - Checking an update against the counts

extension ListUpdate {
    /// Checks the update against the rows (items) per section before it and those the data
    /// source counts after it, as UIKit does at the end of a batch update, and says where
    /// each row goes. Nothing is changed by it: a list calls it before it changes anything,
    /// and on an error stays as it was.
    ///
    /// The rules, checked in this order: each section named exists (before the update for
    /// deletes, reloads and moves from; after it for inserts and moves to) and is named by at
    /// most one change on each side; the sections after are those before plus those
    /// inserted, minus those deleted; each row named exists and is named once on each side
    /// (a row may not be deleted and reloaded, or moved and deleted); no row moves out of a
    /// section deleted or reloaded, or into one inserted or reloaded; and in each section
    /// that was there before and is not reloaded, the rows after are those before, plus and
    /// minus those inserted, deleted, moved in and moved out.
    ///
    /// Rows deleted or reloaded in a section that is deleted or reloaded, and rows inserted
    /// in an inserted or reloaded section, are checked for range and otherwise go with their
    /// section. A count below 0 counts as 0.
    ///
    /// - Parameters:
    ///   - before: the rows of each section before the update.
    ///   - after: the rows of each section the data source gives after it.
    ///   - unit: rows for a table view, items for a collection view (for the messages).
    /// - Returns: where each section and row before the update is after it.
    /// - Throws: ``ListError`` with UIKit's message for the first rule broken.
    public func check(before: [Int], after: [Int], unit: ListError.Unit) throws(ListError) -> Map {
        let sections = try checkSections(before: before.count, after: after.count, unit: unit)
        return try checkItems(before: before, after: after, sections: sections, unit: unit)
    }

    /// The sections' part of the check.
    private struct Sections {
        /// The change naming each old section, and each new one.
        var old: [Int: ListError.Change] = [:]
        var new: [Int: ListError.Change] = [:]
        /// The new index of each old section (nil when deleted).
        var map: [Int?] = []
        /// The old index of each new section (nil when inserted).
        var origin: [Int?] = []
    }

    private func checkSections(before: Int, after: Int, unit: ListError.Unit) throws(ListError) -> Sections {
        var sections = Sections()
        func claim(_ section: Int, _ change: ListError.Change) throws(ListError) {
            let count = change.isBefore ? before : after
            guard section >= 0 && section < count else { throw .sectionOutOfRange(change, section: section, count: count) }
            if let earlier = change.isBefore ? sections.old[section] : sections.new[section] {
                throw .sectionChangedTwice(earlier, change, section: section)
            }
            if change.isBefore { sections.old[section] = change } else { sections.new[section] = change }
        }
        for section in deletedSections { try claim(section, .delete) }
        for section in reloadedSections { try claim(section, .reload) }
        for move in movedSections { try claim(move.from, .moveFrom) }
        for section in insertedSections { try claim(section, .insert) }
        for move in movedSections { try claim(move.to, .moveTo) }

        // Both sides are at least 0: the changes on each side name distinct sections there.
        guard after - insertedSections.count == before - deletedSections.count else {
            throw .invalidSectionCount(
                unit, before: before, after: after, inserted: insertedSections.count, deleted: deletedSections.count)
        }

        // The sections that stay fill, in order, the places that inserts and moves leave free.
        sections.map = Array(repeating: nil, count: before)
        sections.origin = Array(repeating: nil, count: after)
        var next = 0
        for old in 0..<before {
            if let change = sections.old[old], change == .delete || change == .moveFrom { continue }
            while sections.new[next] != nil { next += 1 }
            sections.map[old] = next
            sections.origin[next] = old
            next += 1
        }
        for move in movedSections {
            sections.map[move.from] = move.to
            sections.origin[move.to] = move.from
        }
        return sections
    }

    private func checkItems(before: [Int], after: [Int], sections: Sections, unit: ListError.Unit) throws(ListError) -> Map {
        var old: [IndexPath: ListError.Change] = [:]
        var new: [IndexPath: ListError.Change] = [:]
        func claim(_ path: IndexPath, _ change: ListError.Change) throws(ListError) {
            let counts = change.isBefore ? before : after
            guard counts.indices.contains(path.section) else {
                throw .sectionOfItemOutOfRange(unit, change, path, count: counts.count)
            }
            let count = max(0, counts[path.section])
            guard path.item >= 0 && path.item < count else { throw .itemOutOfRange(unit, change, path, count: count) }
            if let earlier = change.isBefore ? old[path] : new[path] { throw .itemChangedTwice(unit, earlier, change, path) }
            if change.isBefore { old[path] = change } else { new[path] = change }
        }
        for path in deletedItems { try claim(path, .delete) }
        for path in reloadedItems { try claim(path, .reload) }
        for move in movedItems { try claim(move.from, .moveFrom) }
        for path in insertedItems { try claim(path, .insert) }
        for move in movedItems { try claim(move.to, .moveTo) }

        let reloadedNew = Set(reloadedSections.compactMap { sections.map[$0] })
        for move in movedItems {
            if let change = sections.old[move.from.section], change == .delete || change == .reload {
                throw .moveWithChangedSection(unit, .moveFrom, move.from, sectionChange: change)
            }
            if sections.new[move.to.section] == .insert || reloadedNew.contains(move.to.section) {
                let change: ListError.Change = sections.new[move.to.section] == .insert ? .insert : .reload
                throw .moveWithChangedSection(unit, .moveTo, move.to, sectionChange: change)
            }
        }

        var removed: [Int: [Int]] = [:], arrived: [Int: [Int]] = [:]
        var deletedFrom: [Int: Int] = [:], insertedInto: [Int: Int] = [:]
        var movedOut: [Int: Int] = [:], movedIn: [Int: Int] = [:]
        for path in deletedItems {
            removed[path.section, default: []].append(path.item)
            deletedFrom[path.section, default: 0] += 1
        }
        for path in insertedItems {
            arrived[path.section, default: []].append(path.item)
            insertedInto[path.section, default: 0] += 1
        }
        for move in movedItems {
            removed[move.from.section, default: []].append(move.from.item)
            arrived[move.to.section, default: []].append(move.to.item)
            if sections.map[move.from.section] != move.to.section {
                movedOut[move.from.section, default: 0] += 1
                movedIn[move.to.section, default: 0] += 1
            }
        }
        let reloadedOld = Set(reloadedSections)
        for section in sections.origin.indices {
            guard let source = sections.origin[section], !reloadedOld.contains(source) else { continue }
            let countBefore = max(0, before[source]), countAfter = max(0, after[section])
            let inserted = insertedInto[section] ?? 0, deleted = deletedFrom[source] ?? 0
            let into = movedIn[section] ?? 0, outOf = movedOut[source] ?? 0
            // Both sides are at least 0: the changes name distinct rows that exist.
            guard countAfter - inserted - into == countBefore - deleted - outOf else {
                throw .invalidItemCount(
                    unit, section: section, before: countBefore, after: countAfter,
                    inserted: inserted, deleted: deleted, movedIn: into, movedOut: outOf)
            }
        }
        return Map(
            sections: sections.map, reloadedSections: reloadedOld,
            removedRows: removed.mapValues { $0.sorted() }, arrivedRows: arrived.mapValues { $0.sorted() },
            moves: Dictionary(movedItems.map { ($0.from, $0.to) }, uniquingKeysWith: { first, _ in first }),
            reloadedItems: Set(reloadedItems))
    }
}
