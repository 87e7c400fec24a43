import Foundation
import GRDB
import Testing
@testable import ScreenStore

@Suite struct PredicateSQLTests {
    private let diary = PredicateDiary()

    private func sql(_ format: String, _ arguments: [PredicateArgument] = [], entity: String = "DiaryEntry") throws
        -> SQLFragment {
        try Predicate(format: format, arguments: arguments)
            .sql(for: diary.model.entity(named: entity)!, in: diary.model, alias: "t0")
    }

    @Test func valuesAreBoundNeverWrittenIntoTheSQL() throws {
        let hostile = "'; DROP TABLE x; --"
        let fragment = try sql("text == %@ OR text CONTAINS[cd] %@ OR text IN {%@}",
                               [.value(.string(hostile)), .value(.string(hostile)), .value(.string(hostile))])
        #expect(!fragment.sql.contains("DROP"))
        #expect(!fragment.sql.contains("'"))
        #expect(fragment.arguments == Array(repeating: .string(hostile), count: 3))

        let queue = try PredicateDatabase(diary).queue
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE x (y)")
            let count = try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM \"DiaryEntry\" AS t0 WHERE \(fragment.sql)",
                arguments: PredicateDatabase.arguments(fragment))
            #expect(count == 0)
            #expect(try db.tableExists("x"))
        }
    }

    @Test func equalityIsNullSafe() throws {
        #expect(try sql("text == 'a'") == SQLFragment(sql: "(t0.\"text\" IS ?)", arguments: [.string("a")]))
        #expect(try sql("text != nil") == SQLFragment(sql: "(t0.\"text\" IS NOT NULL)"))
    }

    @Test func orderingGuardsAgainstNull() throws {
        #expect(try sql("count < 5") == SQLFragment(sql: "(t0.\"count\" IS NOT NULL AND t0.\"count\" < ?)",
                                                   arguments: [.integer(5)]))
        #expect(try sql("count < nil").sql == "0")
    }

    @Test func booleansAndDatesAreBoundAsTheColumnsHoldThem() throws {
        #expect(try sql("done == YES").arguments == [.integer(1)])
        #expect(try sql("creationTime > %@", [.value(.date(12.5))]).arguments == [.double(12.5)])
    }

    @Test func toOneKeyPathsBecomeScalarSubqueries() throws {
        #expect(try sql("author.name == 'a'").sql
            == "((SELECT t0_1.\"name\" FROM \"Person\" AS t0_1 WHERE t0_1.\"Z_PK\" = t0.\"author\") IS ?)")
    }

    @Test func quantifiersBecomeExistsSubqueries() throws {
        #expect(try sql("ANY medias.kind == 'photo'").sql
            == "EXISTS (SELECT 1 FROM \"Medium\" AS t0_1 WHERE t0_1.\"entry\" = t0.\"Z_PK\" AND (t0_1.\"kind\" IS ?))")
        #expect(try sql("ALL medias.size > 1").sql.hasPrefix("NOT EXISTS ("))
        #expect(try sql("ALL medias.size > 1").sql.contains("AND NOT ("))
    }

    @Test func stringOperatorsCallTheRegisteredFunctions() throws {
        #expect(try sql("text CONTAINS[cd] 'x'").sql == "ZCONTAINS(t0.\"text\", ?, 3)")
        #expect(try sql("text ==[c] 'x'").sql == "(ZFOLD(t0.\"text\", 1) IS ZFOLD(?, 1))")
    }

    @Test func unsavedObjectsMatchNoRow() throws {
        let unsaved = PredicateTestObject(diary.model.entity(named: "Person")!, primaryKey: nil)
        #expect(try sql("author == %@", [.object(unsaved)]).sql == "0")
        #expect(try sql("author != %@", [.object(unsaved)]).sql == "1")
    }

    @Test func objectListsBindTheKeysOfSavedObjectsOfTheRightEntity() throws {
        let person = diary.model.entity(named: "Person")!
        let saved = PredicateTestObject(person, primaryKey: 7)
        let unsaved = PredicateTestObject(person, primaryKey: nil)
        let medium = PredicateTestObject(diary.model.entity(named: "Medium")!, primaryKey: 8)
        let fragment = try sql("author IN %@", [.objects([saved, unsaved, medium])])
        #expect(fragment == SQLFragment(sql: "(t0.\"author\" IS NOT NULL AND t0.\"author\" IN (?))", arguments: [.integer(7)]))
        #expect(try sql("author IN %@", [.objects([unsaved])]).sql == "0")
        #expect(try sql("author == %@", [.object(medium)]).sql == "0")
        #expect(throws: (any Error).self) { try sql("text IN %@", [.objects([saved])]) }
        #expect(throws: (any Error).self) { try sql("author BETWEEN %@", [.objects([saved, saved])]) }
    }

    // MARK: - Size

    /// The deepest nesting of parentheses in `sql`.
    private func parenthesisDepth(_ sql: String) -> Int {
        var (depth, deepest) = (0, 0)
        for character in sql {
            if character == "(" { depth += 1; deepest = max(deepest, depth) }
            if character == ")" { depth -= 1 }
        }
        return deepest
    }

    @Test func aChainOfTenThousandRunsInSQLiteAsGroupsOfSixteen() throws {
        let entries = (0..<40).map { diary.entry(["count": .integer(Int64($0))]) }
        let database = try PredicateDatabase(diary)
        let entity = diary.model.entity(named: "DiaryEntry")!
        let anyOf = try Predicate(format: (0..<10_000).map { "count == \($0 * 2)" }.joined(separator: " OR "))
        let fragment = try anyOf.sql(for: entity, in: diary.model, alias: "t0")
        // 10 000 operands: groups of 16, of 16, of 16 and the top one; each comparison and its
        // value (a subquery in a predicate this big) add one each.
        #expect(parenthesisDepth(fragment.sql) == 6)
        #expect(try database.keys(anyOf, entity: entity, model: diary.model)
            == Set(entries.enumerated().filter { $0.offset % 2 == 0 }.map { $0.element.primaryKey! }))
        let allOf = try Predicate(format: (0..<10_000).map { "count != \($0 * 2 + 1)" }.joined(separator: " AND "))
        #expect(try database.keys(allOf, entity: entity, model: diary.model).count == 20)
        #expect(try sql("count == 1 OR count == 2 OR count == 3").sql.filter { $0 == "(" }.count == 4)
    }

    @Test func aBigPredicateBindsItsValuesInSubqueries() throws {
        // SQLite compares each constant of a statement with every one before it while
        // preparing it; a subquery is no such constant, so fifty thousand values cost
        // fifty thousand steps instead of over a billion.
        let small = try sql((0..<100).map { "count == \($0)" }.joined(separator: " OR "))
        #expect(small.sql.contains("(t0.\"count\" IS ?)") && !small.sql.contains("SELECT"))
        let big = try sql((0..<101).map { "text ==[c] %@ OR count BETWEEN {1, \($0)}" }.joined(separator: " OR "),
                          (0..<101).map { .value(.string("t\($0)")) })
        #expect(big.sql.contains("(ZFOLD(t0.\"text\", 1) IS (SELECT ZFOLD(?, 1)))"))
        #expect(big.sql.contains("t0.\"count\" BETWEEN (SELECT ?) AND (SELECT ?)"))
        #expect(!big.sql.replacingOccurrences(of: "(SELECT ?)", with: "").replacingOccurrences(of: "(SELECT ZFOLD(?, 1))", with: "")
            .contains("?"))
        let database = try PredicateDatabase(diary)
        let entity = diary.model.entity(named: "DiaryEntry")!
        let fifty = try Predicate(format: (0..<50_000).map { "count == \($0)" }.joined(separator: " OR "))
        #expect(try database.keys(fifty, entity: entity, model: diary.model).isEmpty)
    }

    @Test func twoNegationsCancel() throws {
        #expect(try sql("NOT NOT count == 1") == sql("count == 1"))
        #expect(try sql("NOT NOT NOT count == 1") == sql("NOT count == 1"))
        let hundred = String(repeating: "NOT ", count: PredicateParser.maximumDepth) + "count == 1"
        #expect(try sql(hundred) == sql("count == 1"))
    }

    @Test func aLongListIsOneJSONArgumentThatSQLiteReadsBackExactly() throws {
        let doubles: [Double] = [0.1, 1.0 / 3, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
                                 -0.0, 1e22, 0x1p53, .infinity, -.infinity, 123456.789]
        let integers: [Int64] = [.min, .max, 0, -1, 9007199254740993]
        let texts = ["plain", "qu\"ote", "back\\slash", "tab\tnew\nline", "\u{1}\u{1F}", "é", "e\u{301}", "😀",
                     "nul\u{0}inside", "'; DROP TABLE x; --", ""]
        var attributes: [[String: StoreValue]] = doubles.map { ["score": .double($0)] }
        attributes += integers.map { ["count": .integer($0)] }
        attributes += texts.map { ["text": .string($0)] }
        attributes += [["score": .double(0.1.nextUp)], ["count": .integer(.max - 1)], ["text": .string("Plain")]]
        for values in attributes { _ = diary.entry(values) }
        let database = try PredicateDatabase(diary)
        let entity = diary.model.entity(named: "DiaryEntry")!
        let padding = (1...40).map { StoreValue.double(Double($0) + 0.5) }
        let cases: [(String, [StoreValue])] = [
            ("score IN %@", doubles.map(StoreValue.double) + padding),
            ("count IN %@", integers.map(StoreValue.integer) + padding),
            ("text IN %@", texts.map(StoreValue.string) + (1...40).map { .string("pad \($0)") }),
            ("text IN[c] %@", ["PLAIN", "É"].map(StoreValue.string) + (1...40).map { .string("pad \($0)") }),
            ("score IN %@", [.integer(1)] + padding + [.null]),
        ]
        for (format, values) in cases {
            let predicate = try Predicate(format: format, arguments: [.list(values)])
            let fragment = try predicate.sql(for: entity, in: diary.model, alias: "t0")
            #expect(fragment.sql.contains("json_each(?)"), "\(format)")
            #expect(fragment.arguments.count <= 2, "\(format)")
            let inMemory = Set(try diary.objects.filter { $0.entity.name == "DiaryEntry" }
                .filter { try predicate.evaluate(with: $0) }.map { $0.primaryKey! })
            #expect(try database.keys(predicate, entity: entity, model: diary.model) == inMemory, "\(format)")
            #expect(!inMemory.isEmpty, "\(format)")
        }
        #expect(try sql("count IN %@", [.list((1...32).map { .integer($0) })]).arguments.count == 32)
    }

    @Test func errorsShowALongListByItsFirstValues() {
        #expect(predicateMessage { try sql("text IN %@", [.list((1...100).map { .integer($0) })]) }
            == "text (a string) cannot be compared with IN to {1, 2, 3, 4, 5, … (100 values)} (a number)")
        let long = String(repeating: "x", count: 10_000)
        #expect(predicateMessage { try sql("count == %@", [.value(.string(long))]) }
            == "count (a number) cannot be compared with == to \"\(long.prefix(40))…\" (a string)")
    }

    @Test func errorsNameTheEntityAndKey() {
        #expect(predicateError { try sql("txt == 'a'") }?.description
            == "txt == 'a' <- DiaryEntry has no key 'txt' (its keys: author, count, creationTime, done, medias, score, text) at column 1")
        #expect(predicateError { try sql("count > 1 OR author.nme == 'a'") }?.description
            == "count > 1 OR author.nme == 'a' <- Person has no key 'nme' (its keys: age, entries, name) at column 14")
        #expect(predicateMessage { try sql("text < 5") } == "text (a string) cannot be compared with < to 5 (a number)")
        #expect(predicateMessage { try sql("author == 3") } == "author (an object) cannot be compared with == to 3 (a number)")
        #expect(predicateMessage { try sql("count BETWEEN {1, 2, 3}") } == "BETWEEN needs two values, got 3")
        #expect(predicateMessage { try sql("text MATCHES '['") } == "invalid regular expression '[' for MATCHES")
    }
}

/// An in-memory database with the store's layout for the diary model, filled from
/// ``PredicateDiary`` objects.
struct PredicateDatabase {
    let queue: DatabaseQueue

    init(_ diary: PredicateDiary) throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in Predicate.registerFunctions(in: db) }
        queue = try DatabaseQueue(configuration: configuration)
        try queue.write { db in
            for entity in diary.model.entities {
                let columns = entity.attributes.map { "\"\($0.name)\" \(Self.columnType($0.type))" }
                    + entity.relationships.filter { !$0.isToMany }.map { "\"\($0.name)\" INTEGER" }
                try db.execute(sql: "CREATE TABLE \"\(entity.name)\" (\"Z_PK\" INTEGER PRIMARY KEY, \(columns.joined(separator: ", ")))")
            }
            for object in diary.objects {
                let attributes = object.entity.attributes.map(\.name)
                let toOnes = object.entity.relationships.filter { !$0.isToMany }.map(\.name)
                let values: [DatabaseValue] = [object.primaryKey!.databaseValue]
                    + attributes.map { Self.databaseValue(object.attributes[$0] ?? .null) }
                    + toOnes.map { object.toOne[$0]?.primaryKey?.databaseValue ?? .null }
                let names = (["Z_PK"] + attributes + toOnes).map { "\"\($0)\"" }.joined(separator: ", ")
                let marks = Array(repeating: "?", count: values.count).joined(separator: ", ")
                try db.execute(sql: "INSERT INTO \"\(object.entity.name)\" (\(names)) VALUES (\(marks))",
                               arguments: StatementArguments(values))
            }
        }
    }

    static func columnType(_ type: AttributeType) -> String {
        switch type {
        case .string: "TEXT"
        case .integer, .boolean: "INTEGER"
        case .double, .date: "REAL"
        case .binary: "BLOB"
        }
    }

    static func databaseValue(_ value: StoreValue) -> DatabaseValue {
        switch value {
        case .null: .null
        case .integer(let value): value.databaseValue
        case .double(let value), .date(let value): value.databaseValue
        case .string(let value): value.databaseValue
        case .boolean(let value): (value ? 1 : 0).databaseValue
        case .binary(let bytes): Data(bytes).databaseValue
        }
    }

    static func arguments(_ fragment: SQLFragment) -> StatementArguments {
        StatementArguments(fragment.arguments.map(databaseValue))
    }

    /// The primary keys of the rows of `entity` the predicate selects.
    func keys(_ predicate: ScreenStore.Predicate, entity: Entity, model: Model) throws -> Set<Int64> {
        let fragment = try predicate.sql(for: entity, in: model, alias: "t0")
        return try queue.read { db in
            Set(try Int64.fetchAll(
                db, sql: "SELECT t0.\"Z_PK\" FROM \"\(entity.name)\" AS t0 WHERE \(fragment.sql)",
                arguments: Self.arguments(fragment)))
        }
    }
}
