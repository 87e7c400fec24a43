import GRDB
import GRDBSQLite
import Testing
@testable import ScreenStore

/// Fetches and counts: order, pages, and the database's rows merged with unsaved changes,
/// including changes to the objects a key path reaches.
@Suite struct FetchRequestTests {
    private func fetch(
        _ context: StoreContext, _ format: String? = nil, of entity: String = "DiaryEntry", sort: [SortKey] = [],
        limit: Int? = nil, offset: Int = 0
    ) throws -> [String] {
        let request = FetchRequest(
            entity, predicate: try format.map { try Predicate(format: $0) }, sortedBy: sort, limit: limit, offset: offset)
        return try context.fetch(request).map(StoreFixtures.label)
    }

    private func count(
        _ context: StoreContext, _ format: String? = nil, of entity: String = "DiaryEntry", limit: Int? = nil, offset: Int = 0
    ) throws -> Int {
        try context.count(for: FetchRequest(
            entity, predicate: try format.map { try Predicate(format: $0) }, limit: limit, offset: offset))
    }

    /// Entries saved in this order: (text, day, time).
    private func diary(_ entries: [(String, String, Double)]) throws -> StoreContext {
        let context = try StoreFixtures.memoryStore().context
        for (text, day, time) in entries { try StoreFixtures.entry(context, text, time, day: day) }
        try context.save()
        return context
    }

    @Test func severalSortKeysEachAscendingOrDescending() throws {
        let context = try diary([("m1", "mon", 1), ("t2", "tue", 2), ("m3", "mon", 3), ("t1", "tue", 1)])
        #expect(try fetch(context, sort: [SortKey("day"), SortKey("creationTime", ascending: false)]) == ["m3", "m1", "t2", "t1"])
        #expect(try fetch(context, sort: [SortKey("day", ascending: false), SortKey("creationTime")]) == ["t1", "t2", "m1", "m3"])
        #expect(try fetch(context, sort: [SortKey(parsing: "-creationTime"), SortKey("text")]) == ["m3", "t2", "m1", "t1"])
    }

    @Test func caseInsensitiveSortingInSQLAndInMemory() throws {
        let context = try diary([("b", "d", 1), ("A", "d", 2), ("a", "d", 3), ("C", "d", 4)])
        #expect(try fetch(context, sort: [SortKey("text")]) == ["A", "C", "a", "b"])
        #expect(try fetch(context, sort: [SortKey("text", caseInsensitive: true)]) == ["A", "a", "b", "C"])
        // Equal keys keep the order of the rows' keys, in either direction.
        #expect(try fetch(context, sort: [SortKey("text", ascending: false, caseInsensitive: true)]) == ["C", "b", "A", "a"])
        // An unsaved object is sorted in memory with the same rule, after saved equals.
        try StoreFixtures.entry(context, "B", 5, day: "d")
        #expect(try fetch(context, sort: [SortKey("text", caseInsensitive: true)]) == ["A", "a", "b", "B", "C"])
        #expect(try fetch(context, sort: [SortKey("text")]) == ["A", "B", "C", "a", "b"])
    }

    @Test func limitAndOffsetPageTheOrderedResult() throws {
        let context = try diary((1...6).map { ("e\($0)", "d", Double($0)) })
        let byTime = [SortKey("creationTime")]
        #expect(try fetch(context, sort: byTime, limit: 2, offset: 1) == ["e2", "e3"])
        #expect(try fetch(context, sort: byTime, offset: 4) == ["e5", "e6"])
        #expect(try fetch(context, sort: byTime, limit: 3, offset: 5) == ["e6"])
        // A limit of 0 is no limit, as Core Data's fetchLimit; a negative one is an error.
        #expect(try fetch(context, sort: byTime, limit: 0) == ["e1", "e2", "e3", "e4", "e5", "e6"])
        #expect(try fetch(context, sort: byTime, limit: 0, offset: 4) == ["e5", "e6"])
        #expect(try count(context, limit: 0) == 6)
        #expect(throws: StoreError.invalidRequest("fetch request for DiaryEntry: limit -1 is negative (0 means no limit)")) {
            try fetch(context, sort: byTime, limit: -1)
        }
        // With unsaved changes the page is taken after merging them.
        let all = try context.fetch(FetchRequest("DiaryEntry", sortedBy: byTime))
        try all[4].setValue(.date(0), forKey: "creationTime")  // e5 first
        try context.delete(all[0])  // e1 gone
        try StoreFixtures.entry(context, "new", 2.5, day: "d")
        #expect(try fetch(context, sort: byTime) == ["e5", "e2", "new", "e3", "e4", "e6"])
        #expect(try fetch(context, sort: byTime, limit: 2, offset: 1) == ["e2", "new"])
        #expect(try fetch(context, sort: byTime, limit: 10, offset: 4) == ["e4", "e6"])
    }

    @Test func countOnlyCountsInSQLAndCorrectsForUnsavedChanges() throws {
        let context = try diary([("a1", "d", 1), ("a2", "d", 2), ("b1", "d", 3), ("a3", "d", 4)])
        #expect(try count(context) == 4)
        #expect(try count(context, "text BEGINSWITH 'a'") == 3)
        #expect(try count(context, "text BEGINSWITH 'a'", limit: 2) == 2)
        #expect(try count(context, "text BEGINSWITH 'a'", offset: 2) == 1)
        let all = try context.fetch(FetchRequest("DiaryEntry", sortedBy: [SortKey("creationTime")]))
        try all[0].setValue(.string("b0"), forKey: "text")  // leaves
        try all[2].setValue(.string("a4"), forKey: "text")  // joins
        try context.delete(all[3])
        try StoreFixtures.entry(context, "a5", 5, day: "d")
        try StoreFixtures.entry(context, "c1", 6, day: "d")
        #expect(try count(context, "text BEGINSWITH 'a'") == 3)
        #expect(try count(context) == 5)
        #expect(try count(context, "text BEGINSWITH 'a'") == (try fetch(context, "text BEGINSWITH 'a'").count))
    }

    @Test func aBadSortKeyOrEntityIsAnError() throws {
        let context = try StoreFixtures.memoryStore(try StoreFixtures.library()).context
        #expect(throws: StoreError.invalidRequest("sort key 'author.nme': Author.nme is not an attribute")) {
            try fetch(context, of: "Book", sort: [SortKey("author.nme")])
        }
        #expect(throws: StoreError.invalidRequest("sort key 'title.name': Book.title is not a to-one relationship")) {
            try fetch(context, of: "Book", sort: [SortKey("title.name")])
        }
        #expect(throws: StoreError.unknownEntity("Books")) { try fetch(context, of: "Books") }
    }

    // MARK: - Unsaved changes reached through key paths


    @Test func anUnsavedChangeToADestinationIsSeenThroughToOneKeyPaths() throws {
        let (context, ann, _) = try StoreFixtures.savedLibrary()
        try ann.setValue(.string("Zed"), forKey: "name")
        let byTitle = [SortKey("title")]
        #expect(try fetch(context, "author.name == 'Zed'", of: "Book", sort: byTitle) == ["a1", "a2"])
        #expect(try fetch(context, "author.name == 'Ann'", of: "Book", sort: byTitle) == [])
        #expect(try count(context, "author.name == 'Zed'", of: "Book") == 2)
        #expect(try count(context, "author.name == 'Ann'", of: "Book") == 0)
        #expect(try fetch(context, of: "Book", sort: [SortKey("author.name"), SortKey("title")]) == ["b1", "a1", "a2"])
        #expect(try fetch(context, of: "Book", sort: [SortKey("author.name"), SortKey("title")], limit: 1) == ["b1"])
        try context.save()
        #expect(try fetch(context, "author.name == 'Zed'", of: "Book", sort: byTitle) == ["a1", "a2"])
    }

    @Test func anUnsavedChangeTwoHopsAwayIsSeen() throws {
        let (context, ann, bob) = try StoreFixtures.savedLibrary()
        let house = try context.insert("Publisher", values: ["name": .string("House")])
        try ann.setObject(house, forKey: "publisher")
        try bob.setObject(house, forKey: "publisher")
        try context.save()
        try house.setValue(.string("Press"), forKey: "name")
        #expect(try fetch(context, "author.publisher.name == 'Press'", of: "Book", sort: [SortKey("title")]) == ["a1", "a2", "b1"])
        try bob.setObject(nil, forKey: "publisher")
        #expect(try fetch(context, "author.publisher.name == 'Press'", of: "Book", sort: [SortKey("title")]) == ["a1", "a2"])
        #expect(try count(context, "author.publisher == nil", of: "Book") == 1)
    }

    @Test func anUnsavedChangeToAToManyMemberIsSeenByQuantifiers() throws {
        let (context, _, _) = try StoreFixtures.savedLibrary()
        let b1 = try #require(try context.fetch(FetchRequest("Book", predicate: try Predicate(format: "title == 'b1'"))).first)
        try b1.setValue(.string("new"), forKey: "title")
        #expect(try fetch(context, "ANY books.title == 'new'", of: "Author") == ["Bob"])
        #expect(try fetch(context, "NONE books.title BEGINSWITH 'b'", of: "Author", sort: [SortKey("name")]) == ["Ann", "Bob"])
        #expect(try count(context, "ANY books.title == 'new'", of: "Author") == 1)
        // A member deleted without saving no longer counts either.
        try context.delete(b1)
        #expect(try fetch(context, "ANY books.title == 'new'", of: "Author") == [])
        #expect(try fetch(context, "ALL books.title BEGINSWITH 'a'", of: "Author", sort: [SortKey("name")]) == ["Ann", "Bob"])
    }

    // MARK: - Hostile requests

    /// Nodes in a chain: each one's `parent` is the one before.
    private func chain(_ count: Int) throws -> StoreContext {
        let model = try Model([Entity(
            "Node", attributes: [Attribute("name", .string), Attribute("rank", .integer)],
            relationships: [
                Relationship("parent", destination: "Node", inverse: "children"),
                Relationship("children", destination: "Node", toMany: true, inverse: "parent"),
            ])])
        let context = try StoreFixtures.memoryStore(model).context
        var parent: ManagedObject?
        for index in 0..<count {
            let node = try context.insert("Node", values: ["name": .string("n\(index)"), "rank": .integer(Int64(index))])
            try node.setObject(parent, forKey: "parent")
            parent = node
        }
        try context.save()
        return context
    }

    @Test func aPageFarPastTheEndIsEmptyWithoutOverflow() throws {
        let context = try diary((1...3).map { ("e\($0)", "d", Double($0)) })
        #expect(try fetch(context, limit: .max, offset: .max) == [])
        #expect(try fetch(context, limit: 1, offset: .max) == [])
        #expect(try count(context, limit: .max, offset: .max) == 0)
        // With unsaved changes the window is worked out in memory.
        try StoreFixtures.entry(context, "e4", 4)
        #expect(try fetch(context, limit: .max, offset: .max) == [])
        #expect(try fetch(context, sort: [SortKey("creationTime")], limit: .max, offset: 2) == ["e3", "e4"])
        #expect(try count(context, limit: .max, offset: .max) == 0)
    }

    @Test func aKeyPathOfSixteenKeysRunsAndALongerOneIsRefused() throws {
        let context = try chain(20)
        let path = String(repeating: "parent.", count: 15) + "name"
        #expect(try fetch(context, "\(path) == 'n2'", of: "Node") == ["n17"])
        #expect(try fetch(context, of: "Node", sort: [SortKey(path, ascending: false), SortKey("rank")]).prefix(2) == ["n19", "n18"])
        let longer = "parent." + path
        #expect(throws: PredicateSyntaxError.self) { try fetch(context, "\(longer) == 'n2'", of: "Node") }
        #expect(throws: StoreError.invalidRequest(
            "sort key '\(longer.prefix(40))…': a key path of more than 16 keys")) {
            try fetch(context, of: "Node", sort: [SortKey(longer)])
        }
    }

    @Test func aChainOfTenThousandComparisonsFetchesAndCountsWithUnsavedChanges() throws {
        let context = try chain(30)
        let anyOf = try Predicate(format: (0..<10_000).map { "rank == \($0 * 3)" }.joined(separator: " OR "))
        let request = FetchRequest("Node", predicate: anyOf, sortedBy: [SortKey("rank")])
        #expect(StoreFixtures.titles(try context.fetch(request)) == (0..<10).map { "n\($0 * 3)" })
        #expect(try context.count(for: request) == 10)
        // Unsaved changes are matched in memory against the same ten thousand comparisons.
        let first = try #require(try context.fetch(FetchRequest("Node", sortedBy: [SortKey("rank")])).first)
        try first.setValue(.integer(1), forKey: "rank")
        try context.insert("Node", values: ["name": .string("new"), "rank": .integer(3_000)])
        #expect(StoreFixtures.titles(try context.fetch(request)) == (1..<10).map { "n\($0 * 3)" } + ["new"])
        #expect(try context.count(for: request) == 10)
    }

    @Test func aPredicateSQLiteCannotNestIsAClearErrorWithoutSQL() throws {
        let context = try chain(3)
        // Alternating AND and OR cannot be flattened: every level is a level of SQL.
        var format = "rank == 0"
        for level in 0..<40 { format = "(rank == \(level + 1) \(level % 2 == 0 ? "AND" : "OR") \(format))" }
        do {
            _ = try fetch(context, format, of: "Node")
            Issue.record("SQLite took 40 levels")
        } catch let error as StoreError {
            #expect(error.description.hasPrefix("the predicate nests too deeply for SQLite"))
            #expect(!error.description.contains("SELECT"))
        }
    }

    @Test func aValueLongerThanSQLiteStoresIsRefusedAndNothingIsWritten() throws {
        let context = try StoreFixtures.memoryStore().context
        context.database.inDatabase { db in _ = sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_LENGTH, 1_000) }
        try StoreFixtures.entry(context, String(repeating: "x", count: 2_000), 1)
        #expect(throws: StoreError.database(
            "save failed, nothing was written: a value is larger than SQLite stores (string or blob too big)")) {
            try context.save()
        }
        #expect(try count(context) == 1)
        context.rollback()
        #expect(try count(context) == 0)
    }
}
