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
        let text = StoreFixtures.label(object)
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

    /// A controller whose sections a function names: the tens of `creationTime` ("t0", "t1"...).
    private func tensController(_ context: StoreContext) throws -> (FetchedResultsController, Recorder) {
        let controller = try FetchedResultsController(
            request: FetchRequest("DiaryEntry", sortedBy: [SortKey("creationTime")]), context: context,
            sectionName: { object in
                guard case .date(let time) = try? object.value(forKey: "creationTime") else { return "?" }
                return "t\(Int(time / 10))"
            })
        let recorder = Recorder()
        controller.delegate = recorder
        try controller.performFetch()
        return (controller, recorder)
    }

    @Test func aFunctionNamesSectionsThatFollowTheSort() throws {
        let context = try StoreFixtures.memoryStore().context
        let a = try StoreFixtures.entry(context, "A", 1)
        try StoreFixtures.entry(context, "B", 5)
        let c = try StoreFixtures.entry(context, "C", 12)
        try context.save()
        let (frc, recorder) = try tensController(context)
        #expect(frc.sectionsAreNamedByFunction && frc.sectionNameKeyPath == nil)
        #expect(frc.sections.map(\.name) == ["t0", "t1"] && texts(frc) == [["A", "B"], ["C"]])
        #expect(frc.indexPath(for: c) == FetchedIndexPath(section: 1, item: 0))

        // A new name between two sections is a new section there; one emptied goes.
        try StoreFixtures.entry(context, "D", 33)
        try StoreFixtures.entry(context, "E", 7)
        try context.delete(c)
        context.processPendingChanges()
        #expect(recorder.calls == [
            "will", "section delete 1 t1", "section insert 1 t3",
            "object delete [1, 0]->nil C", "object insert nil->[0, 2] E", "object insert nil->[1, 0] D", "did",
        ])
        #expect(texts(frc) == [["A", "B", "E"], ["D"]])

        // A change of the sort key that changes the name is a move to the other section.
        recorder.calls = []
        try a.setValue(.date(35), forKey: "creationTime")
        context.processPendingChanges()
        #expect(recorder.calls == ["will", "object move [0, 0]->[1, 1] A", "did"])
        #expect(frc.sections.map(\.name) == ["t0", "t3"] && texts(frc) == [["B", "E"], ["D", "A"]])
        recorder.calls = []
        try a.setValue(.string("A2"), forKey: "text")
        context.processPendingChanges()
        #expect(recorder.calls == ["will", "object update [1, 1]->nil A2", "did"])
    }

    @Test func aSectionNamedByAFunctionThatComesBackIsRefused() throws {
        let context = try StoreFixtures.memoryStore().context
        try StoreFixtures.entry(context, "A", 1)
        try StoreFixtures.entry(context, "B", 12)
        try context.save()
        let (frc, _) = try tensController(context)
        try StoreFixtures.entry(context, "C", 30)
        try context.save()
        let alternating = try FetchedResultsController(
            request: FetchRequest("DiaryEntry", sortedBy: [SortKey("creationTime")]), context: context,
            sectionName: { StoreFixtures.label($0) == "B" ? "odd" : "even" })
        #expect(throws: StoreError.invalidRequest(
            "the section 'even' comes back after the section 'odd': the sort must keep the objects of each section together")
        ) {
            try alternating.performFetch()
        }
        #expect(alternating.sections.isEmpty)
        #expect(texts(frc) == [["A"], ["B"], ["C"]])
    }

    @Test func sectionsNamedByAFunctionKeepTheGroupsOfAFreshFetch() throws {
        let context = try StoreFixtures.memoryStore().context
        var objects: [ManagedObject] = []
        for i in 0..<300 { objects.append(try StoreFixtures.entry(context, "e\(i)", Double((i * 37) % 300))) }
        try context.save()
        let (frc, _) = try tensController(context)
        var generator = SeededRandom(seed: 9)
        for round in 0..<20 {
            for _ in 0..<15 {
                let object = objects.randomElement(using: &generator)!
                guard object.isInserted || (object.primaryKey != nil && !object.isDeleted) else { continue }
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: try object.setValue(.date(Double.random(in: 0..<300, using: &generator)), forKey: "creationTime")
                case 1: try context.delete(object)
                default: objects.append(try StoreFixtures.entry(context, "n\(round)", Double.random(in: 0..<300, using: &generator)))
                }
            }
            if round % 2 == 0 { try context.save() } else { context.processPendingChanges() }
            let (fresh, _) = try tensController(context)
            #expect(frc.fetchedObjects == fresh.fetchedObjects)
            #expect(frc.sections.map(\.name) == fresh.sections.map(\.name))
            #expect(frc.sections.map(\.numberOfObjects) == fresh.sections.map(\.numberOfObjects))
        }
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

    @Test func changesAreAppliedWithoutReadingTheStore() throws {
        let context = try StoreFixtures.memoryStore().context
        var objects: [ManagedObject] = []
        for i in 0..<300 { objects.append(try StoreFixtures.entry(context, "e\(i)", Double(i), day: "d\(i % 30)")) }
        try context.save()
        for sections in [false, true] {
            let (frc, recorder) = try controller(context, sections: sections)
            try StoreFixtures.entry(context, "new", 0.5, day: "d99")
            try objects[0].setValue(.string(sections ? "d51" : "d50"), forKey: "day")
            try objects[1].setValue(.date(sections ? 1001 : 1000), forKey: "creationTime")
            try objects[2].setValue(.string("changed \(sections)"), forKey: "text")
            let reads = context.readCount
            context.processPendingChanges()
            // A controller that fetched again would read; this one places the four changes in memory.
            #expect(context.readCount == reads)
            #expect(recorder.calls.filter { $0.hasPrefix("object") }.count == 4)
            #expect(frc.fetchedObjects == (try context.fetch(frc.request)))
            try context.save()
        }
    }

    /// Replays the delegate's calls on a copy of the sections, as a table view applies a
    /// batch: deletes at old index paths (objects, then sections), then inserts at new ones.
    private final class Replica: FetchedResultsControllerDelegate {
        var sections: [(name: String, objects: [ManagedObject])]
        private var deletedSections: [Int] = []
        private var insertedSections: [(Int, String)] = []
        private var deletedPaths: [FetchedIndexPath] = []
        private var insertedObjects: [(FetchedIndexPath, ManagedObject)] = []
        var problems: [String] = []

        init(_ controller: FetchedResultsController) {
            sections = controller.sections.map { ($0.name, $0.objects) }
        }

        func controllerWillChangeContent(_ controller: FetchedResultsController) {
            (deletedSections, insertedSections, deletedPaths, insertedObjects) = ([], [], [], [])
        }

        func controller(
            _ controller: FetchedResultsController, didChange section: FetchedSectionInfo, atSectionIndex index: Int,
            for type: FetchedResultsChange
        ) {
            if type == .delete { deletedSections.append(index) } else { insertedSections.append((index, section.name)) }
        }

        func controller(
            _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: FetchedIndexPath?,
            for type: FetchedResultsChange, newIndexPath: FetchedIndexPath?
        ) {
            if let indexPath, sections[indexPath.section].objects[indexPath.item] !== object {
                problems.append("\(type) \(indexPath) is not the object")
            }
            switch type {
            case .delete: deletedPaths.append(indexPath!)
            case .insert: insertedObjects.append((newIndexPath!, object))
            case .move:
                deletedPaths.append(indexPath!)
                insertedObjects.append((newIndexPath!, object))
            case .update: break
            }
        }

        func controllerDidChangeContent(_ controller: FetchedResultsController) {
            for path in deletedPaths.sorted(by: >) { sections[path.section].objects.remove(at: path.item) }
            for index in deletedSections.sorted(by: >) {
                if !sections[index].objects.isEmpty { problems.append("section \(index) deleted with objects") }
                sections.remove(at: index)
            }
            for (index, name) in insertedSections.sorted(by: { $0.0 < $1.0 }) { sections.insert((name, []), at: index) }
            for (path, object) in insertedObjects.sorted(by: { $0.0 < $1.0 }) {
                sections[path.section].objects.insert(object, at: path.item)
            }
        }
    }

    @Test func replayingTheCallsOnACopyGivesTheSectionsOfTheController() throws {
        let context = try StoreFixtures.memoryStore().context
        var objects: [ManagedObject] = []
        for i in 0..<400 { objects.append(try StoreFixtures.entry(context, "e\(i)", Double((i * 37) % 400), day: "d\(i % 40)")) }
        try context.save()
        let (frc, _) = try controller(context, sections: true)
        let replica = Replica(frc)
        frc.delegate = replica
        var generator = SeededRandom(seed: 61)
        for round in 0..<40 {
            for _ in 0..<Int.random(in: 1..<12, using: &generator) {
                let object = objects.randomElement(using: &generator)!
                guard object.isInserted || (object.primaryKey != nil && !object.isDeleted) else { continue }
                switch Int.random(in: 0..<5, using: &generator) {
                case 0: try object.setValue(.date(Double.random(in: 0..<400, using: &generator)), forKey: "creationTime")
                case 1: try object.setValue(.string("d\(Int.random(in: 0..<60, using: &generator))"), forKey: "day")
                case 2: try context.delete(object)
                case 3: try object.setValue(.string("t\(round)"), forKey: "text")
                default:
                    objects.append(try StoreFixtures.entry(
                        context, "n\(round)", Double.random(in: 0..<400, using: &generator), day: "d\(Int.random(in: 0..<60, using: &generator))"))
                }
            }
            if round % 2 == 0 { try context.save() } else { context.processPendingChanges() }
            try #require(replica.problems.isEmpty, "round \(round): \(replica.problems)")
            try #require(replica.sections.map(\.name) == frc.sections.map(\.name), "round \(round)")
            try #require(replica.sections.map(\.objects) == frc.sections.map(\.objects), "round \(round)")
        }
    }

    // MARK: - Key paths through to-one relationships

    /// Ann (books a1, a2) and Bob (b1), saved, with a controller over books.
    private func library(
        predicate: String? = nil, sort: [SortKey] = [SortKey("author.name"), SortKey("title")], sectionKey: String? = nil
    ) throws -> (StoreContext, ann: ManagedObject, bob: ManagedObject, FetchedResultsController, Recorder) {
        let (context, ann, bob) = try StoreFixtures.savedLibrary()
        let request = FetchRequest("Book", predicate: try predicate.map { try Predicate(format: $0) }, sortedBy: sort)
        let frc = try FetchedResultsController(request: request, context: context, sectionNameKeyPath: sectionKey)
        let recorder = Recorder()
        frc.delegate = recorder
        try frc.performFetch()
        return (context, ann, bob, frc, recorder)
    }

    @Test func aDestinationChangeMovesTheObjectsSortedThroughIt() throws {
        let (context, ann, _, frc, recorder) = try library()
        try ann.setValue(.string("Zed"), forKey: "name")
        context.processPendingChanges()
        #expect(recorder.calls == ["will", "object move [0, 0]->[0, 1] a1", "object move [0, 1]->[0, 2] a2", "did"])
        #expect(frc.fetchedObjects.map(StoreFixtures.label) == ["b1", "a1", "a2"])
        recorder.calls = []
        context.rollback()
        #expect(recorder.calls == ["will", "object move [0, 1]->[0, 0] a1", "object move [0, 2]->[0, 1] a2", "did"])
        #expect(frc.fetchedObjects == (try context.fetch(frc.request)))
    }

    @Test func aDestinationChangeInsertsAndDeletesByThePredicate() throws {
        let (context, ann, bob, frc, recorder) = try library(predicate: "author.name BEGINSWITH 'A'", sort: [SortKey("title")])
        #expect(frc.fetchedObjects.map(StoreFixtures.label) == ["a1", "a2"])
        try bob.setValue(.string("Abe"), forKey: "name")
        try ann.setValue(.string("Zed"), forKey: "name")
        try context.save()
        #expect(recorder.calls == [
            "will", "object delete [0, 0]->nil a1", "object delete [0, 1]->nil a2", "object insert nil->[0, 0] b1", "did",
        ])
        #expect(frc.fetchedObjects.map(StoreFixtures.label) == ["b1"])
    }

    @Test func aDestinationChangeUpdatesWhatOnlyThePredicateReads() throws {
        let (context, ann, _, frc, recorder) = try library(predicate: "author.name != 'x'", sort: [SortKey("title")])
        try ann.setValue(.string("Anne"), forKey: "name")
        context.processPendingChanges()
        #expect(recorder.calls == ["will", "object update [0, 0]->nil a1", "object update [0, 1]->nil a2", "did"])
        #expect(frc.fetchedObjects.map(StoreFixtures.label) == ["a1", "a2", "b1"])
    }

    @Test func aDestinationChangeTheKeyPathsDoNotReadIsNotReported() throws {
        let (context, ann, _, frc, recorder) = try library()
        try ann.setValue(.integer(1815), forKey: "born")
        context.processPendingChanges()
        #expect(recorder.calls.isEmpty)
        try ann.setValue(.string("Anne"), forKey: "name")
        context.processPendingChanges()
        #expect(recorder.calls == ["will", "object move [0, 0]->[0, 0] a1", "object move [0, 1]->[0, 1] a2", "did"])
        #expect(frc.fetchedObjects.map(StoreFixtures.label) == ["a1", "a2", "b1"])
    }

    @Test func sectionsByADestinationsAttributeFollowItsChanges() throws {
        let (context, ann, _, frc, recorder) = try library(sectionKey: "author.name")
        #expect(frc.sections.map(\.name) == ["Ann", "Bob"])
        try ann.setValue(.string("Cy"), forKey: "name")
        context.processPendingChanges()
        #expect(recorder.calls == [
            "will", "section delete 0 Ann", "section insert 1 Cy",
            "object move [0, 0]->[1, 0] a1", "object move [0, 1]->[1, 1] a2", "did",
        ])
        #expect(frc.sections.map(\.name) == ["Bob", "Cy"])
    }

    @Test func keyPathsOfTwoHopsAndNewDestinationsAreFollowed() throws {
        let (context, ann, bob, frc, recorder) = try library(sort: [SortKey("author.publisher.name"), SortKey("title")])
        let house = try context.insert("Publisher", values: ["name": .string("House")])
        try ann.setObject(house, forKey: "publisher")
        context.processPendingChanges()
        // Books without a publisher sort first (nil first): Ann's books go last.
        #expect(recorder.calls == ["will", "object move [0, 0]->[0, 1] a1", "object move [0, 1]->[0, 2] a2", "did"])
        recorder.calls = []
        try bob.setObject(house, forKey: "publisher")
        try house.setValue(.string("Press"), forKey: "name")
        try context.save()
        // Every book's publisher name changed: all are moved, b1 to the end.
        #expect(recorder.calls == [
            "will", "object move [0, 0]->[0, 2] b1", "object move [0, 1]->[0, 0] a1", "object move [0, 2]->[0, 1] a2", "did",
        ])
        #expect(frc.fetchedObjects.map(StoreFixtures.label) == ["a1", "a2", "b1"])
    }

    @Test func randomDestinationChangesKeepTheOrderOfAFreshFetch() throws {
        let context = try StoreFixtures.memoryStore(try StoreFixtures.library()).context
        var generator = SeededRandom(seed: 61)
        let authors = try (0..<8).map { i in try context.insert("Author", values: ["name": .string("n\(i % 5)")]) }
        var books: [ManagedObject] = []
        for i in 0..<120 { books.append(try StoreFixtures.book(context, "t\(i % 17)", by: authors.randomElement(using: &generator))) }
        try context.save()
        let request = FetchRequest(
            "Book", predicate: try Predicate(format: "author.name != 'n0'"),
            sortedBy: [SortKey("author.name"), SortKey("title", ascending: false)])
        let frc = try FetchedResultsController(request: request, context: context, sectionNameKeyPath: "author.name")
        try frc.performFetch()
        for round in 0..<30 {
            for _ in 0..<4 {
                switch Int.random(in: 0..<5, using: &generator) {
                case 0, 1:
                    try authors.randomElement(using: &generator)!.setValue(
                        .string("n\(Int.random(in: 0..<6, using: &generator))"), forKey: "name")
                case 2:
                    try books.randomElement(using: &generator)!.setObject(
                        Bool.random(using: &generator) ? authors.randomElement(using: &generator) : nil, forKey: "author")
                case 3:
                    books.append(try StoreFixtures.book(context, "r\(round)", by: authors.randomElement(using: &generator)))
                default:
                    try context.delete(books.remove(at: Int.random(in: 0..<books.count, using: &generator)))
                }
            }
            if round % 3 == 0 { try context.save() } else { context.processPendingChanges() }
            // The reference is computed in memory, apart from the controller and from fetch's merging.
            let order = try FetchPlan(request, schema: context.schema).order
            let expected = try books.filter { try request.predicate!.evaluate(with: $0) }.sorted { order.compare($0, $1) < 0 }
            try #require(frc.fetchedObjects == expected, "round \(round)")
            try #require(try context.fetch(request) == expected, "round \(round)")
            for section in frc.sections {
                let names = try Set(section.objects.map { try $0.object(forKey: "author").map(StoreFixtures.label) ?? "" })
                try #require(names == [section.name], "round \(round)")
            }
        }
    }
}

/// The predicate tests' SplitMix64, usable with the standard library's `random(in:using:)`.
extension SeededRandom: RandomNumberGenerator {}
