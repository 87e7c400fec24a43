import Testing
@testable import ScreenKit

@MainActor
struct ListUpdateTests {
    func path(_ section: Int, _ row: Int) -> IndexPath { IndexPath(row: row, section: section) }

    func update(_ build: (inout ListUpdate) -> Void) -> ListUpdate {
        var update = ListUpdate()
        build(&update)
        return update
    }

    /// The error `update` gets against the counts, or nil when it passes.
    func error(_ update: ListUpdate, before: [Int], after: [Int], unit: ListError.Unit = .rows) -> ListError? {
        do {
            _ = try update.check(before: before, after: after, unit: unit)
            return nil
        } catch {
            return error
        }
    }

    @Test func countsThatDoNotAddUpGiveUIKitsMessage() {
        let balanced = update {
            $0.insertedItems = [path(0, 0), path(0, 1)]
            $0.deletedItems = [path(0, 3), path(0, 4)]
        }
        let error = error(balanced, before: [10], after: [12])
        #expect(error == .invalidItemCount(.rows, section: 0, before: 10, after: 12, inserted: 2, deleted: 2, movedIn: 0, movedOut: 0))
        #expect(error?.description == "invalid number of rows in section 0. The number of rows contained in an existing section after the update (12) must be equal to the number of rows contained in that section before the update (10), plus or minus the number of rows inserted or deleted from that section (2 inserted, 2 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).")
        #expect(error?.message(countingFrom: 1).hasPrefix("invalid number of rows in section 1. ") == true)
        #expect(self.error(balanced, before: [10], after: [10]) == nil)

        let items = self.error(ListUpdate(), before: [3, 4], after: [3, 5], unit: .items)
        #expect(items?.description.hasPrefix("invalid number of items in section 1. The number of items contained in an existing section after the update (5) must be equal to the number of items contained in that section before the update (4)") == true)
    }

    @Test func sectionCountsThatDoNotAddUpGiveUIKitsMessage() {
        let error = error(ListUpdate(), before: [1, 1], after: [1, 1, 1])
        #expect(error?.description == "invalid number of sections. The number of sections contained in the table view after the update (3) must be equal to the number of sections contained in the table view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted).")
        let collection = self.error(update { $0.deletedSections = [0] }, before: [1, 1], after: [1, 1], unit: .items)
        #expect(collection == .invalidSectionCount(.items, before: 2, after: 2, inserted: 0, deleted: 1))
        #expect(collection?.description.contains("contained in the collection view after the update (2)") == true)
        #expect(self.error(update { $0.insertedSections = [1] }, before: [1, 1], after: [1, 7, 1]) == nil)
    }

    @Test func rowsOutOfRangeAreRefused() {
        #expect(error(update { $0.deletedItems = [path(0, 3)] }, before: [3], after: [2])
            == .itemOutOfRange(.rows, .delete, path(0, 3), count: 3))
        #expect(error(update { $0.deletedItems = [path(0, 3)] }, before: [3], after: [2])?.description
            == "attempt to delete row 3 of section 0, but there are only 3 rows in section 0 before the update")
        #expect(error(update { $0.reloadedItems = [path(0, -1)] }, before: [3], after: [3])?.description
            == "attempt to reload row -1 of section 0, but there are only 3 rows in section 0 before the update")
        #expect(error(update { $0.insertedItems = [path(0, 4)] }, before: [3], after: [4])?.message(countingFrom: 1)
            == "attempt to insert row 5 of section 1, but there are only 4 rows in section 1 after the update")
        #expect(error(update { $0.insertedItems = [path(2, 0)] }, before: [3], after: [4])?.description
            == "attempt to insert row 0 of section 2, but there are only 1 sections after the update")
        #expect(error(update { $0.deletedItems = [path(Int.min, Int.max)] }, before: [3], after: [2])
            == .sectionOfItemOutOfRange(.rows, .delete, path(Int.min, Int.max), count: 1))
        #expect(error(update { $0.movedItems = [.init(from: path(0, 0), to: path(0, 3))] }, before: [3], after: [3])
            == .itemOutOfRange(.rows, .moveTo, path(0, 3), count: 3))
        #expect(error(update { $0.insertedItems = [path(0, 0)] }, before: [3], after: [-4])
            == .itemOutOfRange(.rows, .insert, path(0, 0), count: 0))
    }

    @Test func hostileNumbersAreCountedFromAnyBaseWithoutOverflow() {
        let huge = ListError.itemOutOfRange(.items, .delete, path(Int.max, Int.min), count: 1)
        #expect(huge.message(countingFrom: 1)
            == "attempt to delete item -9223372036854775807 of section 9223372036854775808, but there are only 1 items in section 9223372036854775808 before the update")
        #expect(ListError.number(Int.min, from: -1) == "-9223372036854775809")
    }

    @Test func theSameRowNamedTwiceIsRefused() {
        #expect(error(update { $0.deletedItems = [path(0, 1), path(0, 1)] }, before: [3], after: [1])?.description
            == "attempt to delete row 1 of section 0 twice in the same update")
        #expect(error(update {
            $0.deletedItems = [path(0, 1)]
            $0.reloadedItems = [path(0, 1)]
        }, before: [3], after: [2])?.description == "attempt to delete and reload row 1 of section 0 in the same update")
        #expect(error(update {
            $0.deletedItems = [path(0, 1)]
            $0.movedItems = [.init(from: path(0, 1), to: path(0, 0))]
        }, before: [3], after: [2]) == .itemChangedTwice(.rows, .delete, .moveFrom, path(0, 1)))
        #expect(error(update {
            $0.insertedItems = [path(0, 0)]
            $0.movedItems = [.init(from: path(0, 2), to: path(0, 0))]
        }, before: [3], after: [4])?.description == "attempt to insert and move to row 0 of section 0 in the same update")
    }

    @Test func sectionsOutOfRangeOrNamedTwiceAreRefused() {
        #expect(error(update { $0.deletedSections = [2] }, before: [1, 1], after: [1])?.description
            == "attempt to delete section 2, but there are only 2 sections before the update")
        #expect(error(update { $0.insertedSections = [3] }, before: [1], after: [1, 1])?.message(countingFrom: 1)
            == "attempt to insert section 4, but there are only 2 sections after the update")
        #expect(error(update { $0.deletedSections = [0, 0] }, before: [1, 1], after: [])?.description
            == "attempt to delete section 0 twice in the same update")
        #expect(error(update {
            $0.deletedSections = [1]
            $0.reloadedSections = [1]
        }, before: [1, 1], after: [1]) == .sectionChangedTwice(.delete, .reload, section: 1))
    }

    @Test func rowsCannotMoveOutOfDeletedOrIntoInsertedSections() {
        #expect(error(update {
            $0.deletedSections = [0]
            $0.movedItems = [.init(from: path(0, 0), to: path(0, 0))]
        }, before: [2, 2], after: [3])?.description == "attempt to move from row 0 of section 0, a section that is being deleted")
        #expect(error(update {
            $0.insertedSections = [0]
            $0.movedItems = [.init(from: path(0, 0), to: path(0, 0))]
        }, before: [2], after: [1, 1]) == .moveWithChangedSection(.rows, .moveTo, path(0, 0), sectionChange: .insert))
    }

    @Test func movesCountInAndOutOfTheirSections() {
        let move = update { $0.movedItems = [.init(from: path(0, 0), to: path(1, 2))] }
        #expect(error(move, before: [3, 2], after: [2, 3]) == nil)
        #expect(error(move, before: [3, 2], after: [3, 3])
            == .invalidItemCount(.rows, section: 0, before: 3, after: 3, inserted: 0, deleted: 0, movedIn: 0, movedOut: 1))
        let within = update { $0.movedItems = [.init(from: path(0, 0), to: path(0, 2))] }
        #expect(error(within, before: [3], after: [3]) == nil)
    }

    @Test func rowsInDeletedAndInsertedSectionsGoWithThem() {
        let update = update {
            $0.deletedSections = [0]
            $0.deletedItems = [path(0, 1)]
            $0.insertedSections = [1]
            $0.insertedItems = [path(1, 0)]
        }
        #expect(error(update, before: [4, 2], after: [2, 9]) == nil)
    }

    @Test func theMapSaysWhereRowsGo() throws {
        let update = update {
            $0.deletedItems = [path(0, 1)]
            $0.insertedItems = [path(0, 0), path(0, 5)]
            $0.reloadedItems = [path(0, 3)]
            $0.movedItems = [.init(from: path(1, 0), to: path(0, 2))]
        }
        let map = try update.check(before: [5, 2], after: [7, 1], unit: .rows)
        // Old section 0: rows 0, 2, 3, 4 stay; new section 0 has arrivals at 0, 2 and 5.
        #expect(map.indexPath(forOld: path(0, 0)) == path(0, 1))
        #expect(map.indexPath(forOld: path(0, 1)) == nil)
        #expect(map.indexPath(forOld: path(0, 2)) == path(0, 3))
        #expect(map.indexPath(forOld: path(0, 3)) == path(0, 4))
        #expect(map.isReloaded(path(0, 3)) && !map.isReloaded(path(0, 2)))
        #expect(map.indexPath(forOld: path(0, 4)) == path(0, 6))
        #expect(map.indexPath(forOld: path(1, 0)) == path(0, 2))
        #expect(map.indexPath(forOld: path(1, 1)) == path(1, 0))
        #expect(map.indexPath(forOld: path(2, 0)) == nil)
        #expect(map.indexPath(forOld: path(0, -1)) == nil)
    }

    @Test func theMapFollowsSections() throws {
        let update = update {
            $0.deletedSections = [0]
            $0.insertedSections = [3]
            $0.movedSections = [.init(from: 1, to: 2)]
            $0.reloadedSections = [3]
        }
        let map = try update.check(before: [1, 2, 3, 4], after: [3, 4, 2, 5], unit: .items)
        #expect(map.section(forOld: 0) == nil)
        #expect(map.section(forOld: 1) == 2)
        #expect(map.section(forOld: 2) == 0)
        #expect(map.section(forOld: 3) == 1)
        #expect(map.indexPath(forOld: path(1, 1)) == path(2, 1))
        #expect(map.indexPath(forOld: path(3, 0)) == nil)
        #expect(map.isReloaded(path(3, 0)))
        // The reloaded section's rows are not counted; the moved one's are.
        #expect(error(update, before: [1, 2, 3, 4], after: [3, 9, 2, 5], unit: .items) == nil)
        #expect(error(update, before: [1, 2, 3, 4], after: [3, 4, 1, 5], unit: .items)
            == .invalidItemCount(.items, section: 2, before: 2, after: 1, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0))
    }

    @Test func joinedUpdatesAddTheirChanges() {
        var first = update { $0.insertedItems = [path(0, 0)] }
        first.formUnion(update { $0.deletedItems = [path(0, 1)] })
        #expect(first.insertedItems == [path(0, 0)] && first.deletedItems == [path(0, 1)])
        #expect(!first.isEmpty && ListUpdate().isEmpty)
    }
}
