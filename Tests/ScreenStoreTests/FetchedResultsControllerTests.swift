import Testing
@testable import ScreenStore

/// Records delegate calls as strings: `object insert nil->[0, 1] B`.
private final class Recorder: FetchedResultsControllerDelegate {
    var calls: [String] = []

    func controllerWillChangeContent(_ controller: FetchedResultsController) { calls.append("will") }
    func controllerDidChangeContent(_ controller: FetchedResultsController) { calls.append("did") }
    func controller(
        _ controller: FetchedResultsController, didChange section: FetchedSectionInfo, atSectionIndex index: Int,
        for type: FetchedResultsChange
    ) {
        calls.append("section \(type) \(index) \(section.name)")
    }
    func controller(
        _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: FetchedIndexPath?,
        for type: FetchedResultsChange, newIndexPath: FetchedIndexPath?
    ) {
        let text = StoreFixtures.texts([object])[0]
        calls.append("object \(type) \(indexPath.map(\.description) ?? "nil")->\(newIndexPath.map(\.description) ?? "nil") \(text)")
    }
}

@Suite struct FetchedResultsControllerTests {
    private func controller(_ context: StoreContext, sections: Bool = false) throws -> (FetchedResultsController, Recorder) {
        let keys = (sections ? [SortKey("day")] : []) + [SortKey("creationTime")]
        let controller = try FetchedResultsController(
            request: FetchRequest("DiaryEntry", sortedBy: keys), context: context,
            sectionNameKeyPath: sections ? "day" : nil)
        let recorder = Recorder()
        controller.delegate = recorder
        try controller.performFetch()
        return (controller, recorder)
    }

    private func texts(_ controller: FetchedResultsController) -> [[String]] {
        controller.sections.map { StoreFixtures.texts($0.objects) }
    }

    @Test func aRequestWithoutSortKeysOrWithAnotherFirstKeyIsRefused() throws {
        let context = try StoreFixtures.memoryStore().context
        #expect(throws: StoreError.invalidRequest("a fetched results controller needs a request with sort keys (DiaryEntry)")) {
            try FetchedResultsController(request: FetchRequest("DiaryEntry"), context: context)
        }
        #expect(throws: StoreError.invalidRequest(
            "the section key 'day' must be the first sort key of the request (it is 'creationTime')")
        ) {
            try FetchedResultsController(
                request: FetchRequest("DiaryEntry", sortedBy: [SortKey("creationTime")]), context: context,
                sectionNameKeyPath: "day")
        }
    }

    @Test func sectionsObjectsAndIndexPaths() throws {
        let context = try StoreFixtures.memoryStore().context
        try StoreFixtures.entry(context, "Mon 2", 2, day: "mon")
        let tuesday = try StoreFixtures.entry(context, "Tue 1", 3, day: "tue")
        try StoreFixtures.entry(context, "Mon 1", 1, day: "mon")
        try context.save()
        let (frc, _) = try controller(context, sections: true)
        #expect(frc.sections.map(\.name) == ["mon", "tue"] && frc.sections.map(\.numberOfObjects) == [2, 1])
        #expect(texts(frc) == [["Mon 1", "Mon 2"], ["Tue 1"]])
        #expect(frc.indexPath(for: tuesday) == FetchedIndexPath(section: 1, item: 0))
        #expect(frc.object(at: FetchedIndexPath(section: 0, item: 1)).map { StoreFixtures.texts([$0]) } == ["Mon 2"])
        #expect(frc.object(at: FetchedIndexPath(section: 2, item: 0)) == nil)
    }

    @Test func insertDeleteAndUpdateInAppleOrder() throws {
        let context = try StoreFixtures.memoryStore().context
        let a = try StoreFixtures.entry(context, "A", 1)
        let b = try StoreFixtures.entry(context, "B", 2)
        try context.save()
        let (frc, recorder) = try controller(context)
        try StoreFixtures.entry(context, "C", 1.5)
        context.processPendingChanges()
        #expect(recorder.calls == ["will", "object insert nil->[0, 1] C", "did"])
        recorder.calls = []
        try context.delete(a)
        try b.setValue(.string("B2"), forKey: "text")
        try context.save()
        #expect(recorder.calls == ["will", "object delete [0, 0]->nil A", "object update [0, 2]->nil B2", "did"])
        #expect(texts(frc) == [["C", "B2"]])
    }

    @Test func aSortKeyChangeIsAMoveWithBothPaths() throws {
        let context = try StoreFixtures.memoryStore().context
        let a = try StoreFixtures.entry(context, "A", 1)
        for (text, time) in [("B", 2.0), ("C", 3.0)] { try StoreFixtures.entry(context, text, time) }
        try context.save()
        let (frc, recorder) = try controller(context)
        try a.setValue(.date(10), forKey: "creationTime")
        context.processPendingChanges()
        #expect(recorder.calls == ["will", "object move [0, 0]->[0, 2] A", "did"])
        #expect(texts(frc) == [["B", "C", "A"]])
        #expect(frc.indexPath(for: a) == FetchedIndexPath(section: 0, item: 2))
    }

    @Test func sectionsAreInsertedAndDeleted() throws {
        let context = try StoreFixtures.memoryStore().context
        let monday = try StoreFixtures.entry(context, "Mon", 1, day: "mon")
        try StoreFixtures.entry(context, "Wed", 3, day: "wed")
        try context.save()
        let (frc, recorder) = try controller(context, sections: true)
        try StoreFixtures.entry(context, "Tue", 2, day: "tue")
        try context.delete(monday)
        context.processPendingChanges()
        #expect(recorder.calls == [
            "will", "section delete 0 mon", "section insert 0 tue",
            "object delete [0, 0]->nil Mon", "object insert nil->[0, 0] Tue", "did",
        ])
        #expect(frc.sections.map(\.name) == ["tue", "wed"])
    }

    @Test func movingToAnotherSectionIsAMove() throws {
        let context = try StoreFixtures.memoryStore().context
        let a = try StoreFixtures.entry(context, "A", 1, day: "mon")
        try StoreFixtures.entry(context, "B", 2, day: "mon")
        try StoreFixtures.entry(context, "C", 3, day: "tue")
        try context.save()
        let (frc, recorder) = try controller(context, sections: true)
        try a.setValue(.string("tue"), forKey: "day")
        context.processPendingChanges()
        #expect(recorder.calls == ["will", "object move [0, 0]->[1, 0] A", "did"])
        #expect(texts(frc) == [["B"], ["A", "C"]])
    }

    @Test func objectsLeavingThePredicateAreDeleted() throws {
        let context = try StoreFixtures.memoryStore().context
        let a = try StoreFixtures.entry(context, "keep A", 1)
        try StoreFixtures.entry(context, "keep B", 2)
        try context.save()
        let request = FetchRequest(
            "DiaryEntry", predicate: try Predicate(format: "text BEGINSWITH 'keep'"), sortedBy: [SortKey("creationTime")])
        let frc = try FetchedResultsController(request: request, context: context)
        let recorder = Recorder()
        frc.delegate = recorder
        try frc.performFetch()
        try a.setValue(.string("drop A"), forKey: "text")
        try StoreFixtures.entry(context, "other", 0)
        context.processPendingChanges()
        #expect(recorder.calls == ["will", "object delete [0, 0]->nil drop A", "did"])
        #expect(texts(frc) == [["keep B"]])
    }

    @Test func rollbackIsFollowed() throws {
        let context = try StoreFixtures.memoryStore().context
        try StoreFixtures.entry(context, "A", 1)
        try context.save()
        let (frc, recorder) = try controller(context)
        try StoreFixtures.entry(context, "B", 2)
        context.rollback()
        #expect(recorder.calls == ["will", "object insert nil->[0, 1] B", "did", "will", "object delete [0, 1]->nil B", "did"])
        #expect(texts(frc) == [["A"]])
    }

    @Test func manyChangesKeepTheOrderOfAFreshFetch() throws {
        let context = try StoreFixtures.memoryStore().context
        var objects: [ManagedObject] = []
        for i in 0..<600 { objects.append(try StoreFixtures.entry(context, "e\(i)", Double((i * 37) % 600), day: "d\(i % 7)")) }
        try context.save()
        let (frc, _) = try controller(context, sections: true)
        var generator = SeededRandom(seed: 6)
        for round in 0..<20 {
            for _ in 0..<15 {
                let object = objects.randomElement(using: &generator)!
                guard object.isInserted || (object.primaryKey != nil && !object.isDeleted) else { continue }
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: try object.setValue(.date(Double.random(in: 0..<600, using: &generator)), forKey: "creationTime")
                case 1: try object.setValue(.string("d\(Int.random(in: 0..<9, using: &generator))"), forKey: "day")
                case 2: try context.delete(object)
                default: objects.append(try StoreFixtures.entry(context, "n\(round)", Double.random(in: 0..<600, using: &generator), day: "d3"))
                }
            }
            if round % 2 == 0 { try context.save() } else { context.processPendingChanges() }
            let fresh = try context.fetch(FetchRequest("DiaryEntry", sortedBy: [SortKey("day"), SortKey("creationTime")]))
            #expect(frc.fetchedObjects == fresh)
            for (index, object) in fresh.enumerated() where index % 50 == 0 {
                let path = try #require(frc.indexPath(for: object))
                #expect(frc.object(at: path) === object)
            }
        }
    }
}

/// The predicate tests' SplitMix64, usable with the standard library's `random(in:using:)`.
extension SeededRandom: RandomNumberGenerator {}
