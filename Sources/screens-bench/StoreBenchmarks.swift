import EventLoop
import Foundation
import GRDB
import LuaBridge
import ScreenScript
import ScreenStore

/// A store of items opened from Lua, with a function that sums their values by `ctx:aggregate`.
private let aggregateChunk = LuaResourceChunk("aggregate.lua", name: "=bench", in: .bench)

// MARK: - Store figures

/// The store figures: inserting and saving against raw GRDB inserts, a predicate fetch
/// against the same SQL, a fetched results controller over 10^5 against 10^3 results and
/// over 10^4 sections against 10^2, and a sum by `ctx:aggregate` against the same SQL.
func runStoreBenchmarks(_ bench: inout Benchmark) throws {
    let insert = "store: insert 10^5 objects and save (vs raw GRDB)"
    if bench.wants(insert) {
        bench.report(try insertFigure(insert, bench))
    }
    let fetch = "store: fetch 10^3 of 10^6 rows by an indexed attribute (vs raw SQL)"
    if bench.wants(fetch) {
        bench.report(try fetchFigure(fetch, bench))
    }
    let frc = "store: results controller, one insert into 10^5 (vs into 10^3)"
    if bench.wants(frc) {
        bench.report(try controllerFigure(frc, bench))
    }
    let sections = "store: frc, one insert making a section in 10^4 (vs 10^2)"
    if bench.wants(sections) {
        bench.report(try sectionsFigure(sections, bench))
    }
    let aggregate = "store: ctx:aggregate sum over 10^6 rows (vs SELECT SUM through GRDB)"
    if bench.wants(aggregate) {
        bench.report(try aggregateFigure(aggregate, bench))
    }
}

private func itemModel() throws -> Model {
    try Model([Entity("Item", attributes: [
        Attribute("name", .string), Attribute("value", .integer), Attribute("group", .integer, indexed: true),
    ])])
}

/// A fresh file path in a fresh directory.
private func scratchFile() throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("screens-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent("store.sqlite").path
}

private func insertFigure(_ name: String, _ bench: Benchmark) throws -> Figure {
    let count = 100_000
    var rounds = bench
    rounds.rounds = 5
    let ours = rounds.measureSelfTimed(operations: count) {
        let store = try! PersistentStore(path: try! scratchFile(), model: try! itemModel(), notifications: NotificationHub())
        let context = store.context
        return bench.time {
            for i in 0..<count {
                try! context.insert(
                    "Item", values: ["name": .string("item \(i)"), "value": .integer(Int64(i)), "group": .integer(Int64(i % 100))])
            }
            try! context.save()
        }
    }
    let baseline = rounds.measureSelfTimed(operations: count) {
        let queue = try! DatabaseQueue(path: try! scratchFile())
        try! queue.write { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
        }
        try! queue.inDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            try db.execute(sql: "CREATE TABLE Item (Z_PK INTEGER PRIMARY KEY, name TEXT, value INTEGER, \"group\" INTEGER)")
            try db.execute(sql: "CREATE INDEX Item_group ON Item (\"group\")")
        }
        return bench.time {
            try! queue.inDatabase { db in
                try db.inTransaction {
                    let statement = try db.cachedStatement(sql: "INSERT INTO Item (name, value, \"group\") VALUES (?, ?, ?)")
                    for i in 0..<count {
                        try statement.execute(arguments: ["item \(i)", Int64(i), Int64(i % 100)])
                    }
                    return .commit
                }
            }
        }
    }
    return Figure(name: name, ours: ours, baseline: baseline, target: 1.5)
}

private func fetchFigure(_ name: String, _ bench: Benchmark) throws -> Figure {
    let rows = 1_000_000
    let groups = 1_000
    let path = try scratchFile()
    let store = try PersistentStore(path: path, model: try itemModel(), notifications: NotificationHub())
    let context = store.context
    // A second connection to the same file fills it quickly and runs the baseline's SQL.
    let raw = try DatabaseQueue(path: path)
    try raw.write { db in
        let statement = try db.makeStatement(sql: "INSERT INTO Item (Z_PK, name, value, \"group\") VALUES (?, ?, ?, ?)")
        for i in 1...rows {
            try statement.execute(arguments: [Int64(i), "item \(i)", Int64(i), Int64(i % groups)])
        }
    }
    struct Item {
        var key: Int64
        var name: String
        var value: Int64
        var group: Int64
    }
    func rawFetch(_ group: Int) -> Int {
        try! raw.inDatabase { db in
            let statement = try db.cachedStatement(
                sql: "SELECT Z_PK, name, value, \"group\" FROM Item WHERE \"group\" = ? ORDER BY Z_PK")
            let cursor = try Row.fetchCursor(statement, arguments: [Int64(group)])
            var items: [Item] = []
            while let row = try cursor.next() {
                items.append(Item(key: row[0], name: row[1], value: row[2], group: row[3]))
            }
            return items.count
        }
    }
    var group = 0
    var fetched = 0
    let (ours, baseline) = bench.compare(
        operations: 40,
        ours: { n in
            var total = 0.0
            for _ in 0..<n {
                group = (group + 7) % groups
                let predicate = try! Predicate(format: "group == %@", arguments: [.value(.integer(Int64(group)))])
                total += bench.time { fetched += try! context.fetch(FetchRequest("Item", predicate: predicate)).count }
                context.reset()
            }
            return total
        },
        baseline: { n in
            var total = 0.0
            for _ in 0..<n {
                group = (group + 7) % groups
                total += bench.time { fetched += rawFetch(group) }
            }
            return total
        })
    precondition(fetched > 0)
    return Figure(name: name, ours: ours, baseline: baseline, target: 1.3)
}

/// Inserts `n` items with `values(i)` and lets the context's controllers take each in
/// (timed), then deletes each again (not timed), so the sizes stay the same; returns the time.
private func timedInsertions(
    _ n: Int, into context: StoreContext, _ bench: Benchmark, values: (Int) -> [String: StoreValue]
) -> Double {
    var total = 0.0
    for i in 0..<n {
        var object: ManagedObject?
        total += bench.time {
            object = try! context.insert("Item", values: values(i))
            context.processPendingChanges()
        }
        try! context.delete(object!)
        context.processPendingChanges()
    }
    return total
}

private func controllerFigure(_ name: String, _ bench: Benchmark) throws -> Figure {
    func controller(_ size: Int) throws -> (StoreContext, FetchedResultsController) {
        let store = try PersistentStore(path: ":memory:", model: try itemModel(), notifications: NotificationHub())
        let context = store.context
        for i in 0..<size {
            try context.insert("Item", values: ["name": .string("item \(i)"), "value": .integer(Int64((i * 7919) % size)), "group": .integer(0)])
        }
        try context.save()
        let controller = try FetchedResultsController(
            request: FetchRequest("Item", sortedBy: [SortKey("value")]), context: context)
        try controller.performFetch()
        return (context, controller)
    }
    let large = try controller(100_000)
    let small = try controller(1_000)
    /// Inserts one object in the middle of the order and lets the controller place it (timed),
    /// then removes it again (not timed), so the size stays the same.
    func insertions(_ setup: (StoreContext, FetchedResultsController), _ size: Int, _ n: Int) -> Double {
        let (context, controller) = setup
        let total = timedInsertions(n, into: context, bench) { i in
            ["name": .string("new"), "value": .integer(Int64((i * 31) % size)), "group": .integer(0)]
        }
        precondition(controller.sections[0].numberOfObjects == size)
        return total
    }
    let (ours, baseline) = bench.compare(
        operations: 2_000,
        ours: { n in insertions(large, 100_000, n) },
        baseline: { n in insertions(small, 1_000, n) })
    return Figure(name: name, ours: ours, baseline: baseline, target: 2)
}

/// One insert that makes a new section in the middle, placed and told by a controller with
/// 10^4 sections against one with 10^2 (ten objects each): the section changes are found
/// from the sections the change touched, not by comparing every old section with every new one.
private func sectionsFigure(_ name: String, _ bench: Benchmark) throws -> Figure {
    final class Counter: FetchedResultsControllerDelegate {
        var sectionChanges = 0
        func controller(
            _ controller: FetchedResultsController, didChange section: FetchedSectionInfo, atSectionIndex index: Int,
            for type: FetchedResultsChange
        ) {
            sectionChanges += 1
        }
    }
    let perSection = 10
    func controller(_ sections: Int) throws -> (StoreContext, FetchedResultsController, Counter) {
        let store = try PersistentStore(path: ":memory:", model: try itemModel(), notifications: NotificationHub())
        let context = store.context
        for i in 0..<(sections * perSection) {
            // Even groups only, so that an odd one makes a new section between two others.
            try context.insert("Item", values: [
                "name": .string("item \(i)"), "value": .integer(Int64(i)), "group": .integer(Int64(2 * (i % sections))),
            ])
        }
        try context.save()
        let controller = try FetchedResultsController(
            request: FetchRequest("Item", sortedBy: [SortKey("group"), SortKey("value")]), context: context,
            sectionNameKeyPath: "group")
        let counter = Counter()
        controller.delegate = counter
        try controller.performFetch()
        return (context, controller, counter)
    }
    let large = try controller(10_000)
    let small = try controller(100)
    /// Inserts one object into a new section (timed), then deletes it again (not timed).
    func insertions(_ setup: (StoreContext, FetchedResultsController, Counter), _ sections: Int, _ n: Int) -> Double {
        let (context, controller, counter) = setup
        let total = timedInsertions(n, into: context, bench) { i in
            ["name": .string("new"), "value": .integer(0), "group": .integer(Int64(2 * ((i * 31) % sections) + 1))]
        }
        precondition(controller.sections.count == sections && counter.sectionChanges == 2 * n)
        counter.sectionChanges = 0
        return total
    }
    let (ours, baseline) = bench.compare(
        operations: 2_000,
        ours: { n in insertions(large, 10_000, n) },
        baseline: { n in insertions(small, 100, n) })
    return Figure(name: name, ours: ours, baseline: baseline, target: 2)
}

/// `ctx:aggregate{ fn = "sum" }` from Lua over 10^6 rows, against the same `SELECT SUM`
/// through GRDB on a second connection to the file: the binding, the request's checks and
/// the merging of unsaved changes (none here) cost next to nothing beside SQLite's scan.
private func aggregateFigure(_ name: String, _ bench: Benchmark) throws -> Figure {
    let rows = 1_000_000
    let path = try scratchFile()
    let host = try ScriptHost(loop: EventLoop(clock: .virtual))
    let sum = try aggregateChunk.load(in: host.lua).call(path, returning: LuaFunction.self)
    let raw = try DatabaseQueue(path: path)
    try raw.write { db in
        let statement = try db.makeStatement(sql: "INSERT INTO Item (Z_PK, name, value, \"group\") VALUES (?, ?, ?, ?)")
        for i in 1...rows {
            try statement.execute(arguments: [Int64(i), "item \(i)", Int64(i % 1_000), Int64(i % 100)])
        }
    }
    let expected = Int64(rows / 1_000) * Int64(999 * 1_000 / 2)
    var totals: [Int64] = []
    let (ours, baseline) = bench.compare(
        operations: 25,
        ours: { n in bench.time { for _ in 0..<n { totals.append(try! sum.call(returning: Int64.self)) } } },
        baseline: { n in
            bench.time {
                for _ in 0..<n { totals.append(try! raw.read { try Int64.fetchOne($0, sql: "SELECT SUM(value) FROM Item")! }) }
            }
        })
    precondition(totals.allSatisfy { $0 == expected })
    return Figure(name: name, ours: ours, baseline: baseline, target: 1.2)
}
