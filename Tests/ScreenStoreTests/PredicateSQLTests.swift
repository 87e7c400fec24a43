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

    @Test func errorsNameTheEntityAndKey() {
        #expect(throws: PredicateError("DiaryEntry has no key 'txt'")) { try sql("txt == 'a'") }
        #expect(throws: PredicateError("Person has no key 'nme'")) { try sql("author.nme == 'a'") }
        #expect(throws: PredicateError("text (a string) cannot be compared with < to 5 (a number)")) {
            try sql("text < 5")
        }
        #expect(throws: PredicateError("author (an object) cannot be compared with == to 3 (a number)")) {
            try sql("author == 3")
        }
        #expect(throws: PredicateError("BETWEEN needs two values, got 3")) { try sql("count BETWEEN {1, 2, 3}") }
        #expect(throws: PredicateError("invalid regular expression '[' for MATCHES")) { try sql("text MATCHES '['") }
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
