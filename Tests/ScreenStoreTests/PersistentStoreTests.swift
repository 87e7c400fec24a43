import EventLoop
import Foundation
import GRDB
import Testing
@testable import ScreenStore

@Suite struct PersistentStoreTests {
    private func open(_ path: String, _ entities: [Entity]) throws -> PersistentStore {
        try PersistentStore(path: path, model: try Model(entities), notifications: NotificationHub())
    }

    /// A file made with the diary model, holding one entry and one medium.
    private func diaryFile() throws -> String {
        let path = try StoreFixtures.temporaryDirectory().appendingPathComponent("diary.sqlite").path
        let store = try open(path, StoreFixtures.diaryEntities())
        let entry = try StoreFixtures.entry(store.context, "Hello", 1)
        try store.context.insert("Medium", values: ["kind": .string("photo")]).setObject(entry, forKey: "entry")
        try store.context.save()
        return path
    }

    private func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test func aNewFileIsInWALModeWithTablesAndIndexes() throws {
        let path = try diaryFile()
        let store = try open(path, StoreFixtures.diaryEntities())
        try store.database.read { db in
            #expect(try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal")
            let indexes = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'Z_%' ORDER BY name")
            #expect(indexes == ["Z_DiaryEntry_creationTime_INDEX", "Z_Medium_entry_INDEX"])
            #expect(try db.foreignKeys(on: "Medium").map(\.destinationTable) == ["DiaryEntry"])
        }
    }

    @Test func anUnchangedModelReopensWithoutWriting() throws {
        let path = try diaryFile()
        let before = try bytes(path)
        _ = try open(path, StoreFixtures.diaryEntities())
        #expect(try bytes(path) == before)
    }

    @Test func newEntityAndAttributesAreMigratedAndDefaultsFilled() throws {
        let path = try diaryFile()
        var entities = StoreFixtures.diaryEntities(extraAttributes: [
            Attribute("mood", .string, optional: true),
            Attribute("stars", .integer, default: .integer(3), indexed: true),
        ])
        entities.append(Entity("Tag", attributes: [Attribute("name", .string)]))
        let store = try open(path, entities)
        let entry = try #require(try store.context.fetch(FetchRequest("DiaryEntry")).first)
        #expect(try entry.value(forKey: "stars") == .integer(3) && entry.value(forKey: "mood") == .null)
        try store.context.insert("Tag", values: ["name": .string("travel")])
        try store.context.save()
        let reopened = try open(path, entities)
        #expect(try reopened.context.count(for: FetchRequest("Tag")) == 1)
        #expect(try reopened.database.read { db in try db.indexes(on: "DiaryEntry").map(\.name).sorted() }
            == ["Z_DiaryEntry_creationTime_INDEX", "Z_DiaryEntry_stars_INDEX"])
    }

    @Test func aNewOptionalToOneGetsAColumnWithForeignKeyAndIndexAndARequiredOneIsRefused() throws {
        let path = try diaryFile()
        var entities = StoreFixtures.diaryEntities()
        let medium = entities[1]
        entities[1] = Entity("Medium", attributes: medium.attributes, relationships: medium.relationships + [
            Relationship("cover", destination: "DiaryEntry", optional: false)
        ])
        #expect(throws: StoreError.migrationRefused(
            path: path, changes: ["Medium.cover: new required relationship, but 1 row exist"])
        ) {
            try open(path, entities)
        }
        entities[1] = Entity("Medium", attributes: medium.attributes, relationships: medium.relationships + [
            Relationship("cover", destination: "DiaryEntry")
        ])
        let store = try open(path, entities)
        let (foreignKeys, indexes) = try store.database.read { db in
            (try db.foreignKeys(on: "Medium").map(\.mapping[0].origin).sorted(), try db.indexes(on: "Medium").map(\.name).sorted())
        }
        #expect(foreignKeys == ["cover", "entry"] && indexes == ["Z_Medium_cover_INDEX", "Z_Medium_entry_INDEX"])
        let photo = try #require(try store.context.fetch(FetchRequest("Medium")).first)
        #expect(try photo.object(forKey: "cover") == nil)
        try photo.setObject(try photo.object(forKey: "entry"), forKey: "cover")
        try store.context.save()
    }

    @Test func anIndexIsAddedToAnExistingAttributeKeepingItsData() throws {
        let path = try diaryFile()
        let entities = StoreFixtures.diaryEntities().map { entity in
            Entity(entity.name, attributes: entity.attributes.map { $0.name == "text" ? Attribute("text", .string, indexed: true) : $0 },
                   relationships: entity.relationships)
        }
        let store = try open(path, entities)
        #expect(try store.database.read { db in try db.indexes(on: "DiaryEntry").map(\.name).sorted() }
            == ["Z_DiaryEntry_creationTime_INDEX", "Z_DiaryEntry_text_INDEX"])
        #expect(StoreFixtures.texts(try store.context.fetch(FetchRequest("DiaryEntry"))) == ["Hello"])
        let migrated = try bytes(path)
        _ = try open(path, entities)
        #expect(try bytes(path) == migrated)
    }

    @Test func anIndexIsDroppedWhenAnAttributeIsNoLongerIndexed() throws {
        let path = try diaryFile()
        let entities = StoreFixtures.diaryEntities().map { entity in
            Entity(entity.name, attributes: entity.attributes.map { Attribute($0.name, $0.type, optional: $0.isOptional) },
                   relationships: entity.relationships)
        }
        let store = try open(path, entities)
        #expect(try store.database.read { db in try db.indexes(on: "DiaryEntry") }.isEmpty)
        #expect(try store.context.count(for: FetchRequest("DiaryEntry")) == 1)
    }

    @Test func aTypeChangeIsRefusedAndTheFileIsUntouched() throws {
        let path = try diaryFile()
        let before = try bytes(path)
        var entities = StoreFixtures.diaryEntities()
        entities[1] = Entity(
            "Medium", attributes: [Attribute("kind", .integer)],
            relationships: [Relationship("entry", destination: "DiaryEntry", inverse: "medias")])
        #expect(throws: StoreError.migrationRefused(path: path, changes: ["Medium.kind: type changed from string to integer"])) {
            try open(path, entities)
        }
        #expect(try bytes(path) == before)
    }

    @Test func removingAnAttributeWithDataIsRefusedNamingIt() throws {
        let path = try diaryFile()
        let before = try bytes(path)
        var entities = StoreFixtures.diaryEntities()
        entities[1] = Entity("Medium", relationships: [Relationship("entry", destination: "DiaryEntry", inverse: "medias")])
        entities.append(Entity("Tag", attributes: [Attribute("name", .string)]))  // not applied either
        let error = #expect(throws: StoreError.self) { try open(path, entities) }
        #expect(error?.description.hasSuffix("Medium.kind: attribute removed, but 1 row hold a value") == true)
        #expect(try bytes(path) == before)
    }

    @Test func aNewRequiredAttributeWithoutDefaultIsRefused() throws {
        let path = try diaryFile()
        let entities = StoreFixtures.diaryEntities(extraAttributes: [Attribute("title", .string)])
        #expect(throws: StoreError.migrationRefused(
            path: path, changes: ["DiaryEntry.title: new required attribute without a default, but 1 row exist"])
        ) {
            try open(path, entities)
        }
    }

    @Test func anEmptyRemovedAttributeIsDropped() throws {
        let path = try diaryFile()
        let entities = StoreFixtures.diaryEntities().map { entity in
            entity.name == "DiaryEntry"
                ? Entity(entity.name, attributes: entity.attributes.filter { $0.name != "icon" }, relationships: entity.relationships)
                : entity
        }
        let store = try open(path, entities)
        #expect(try store.database.read { db in try db.columns(in: "DiaryEntry").map(\.name) }
            == ["Z_PK", "text", "creationTime", "day"])
    }

    /// The diary model without `Medium.entry` and its inverse `DiaryEntry.medias`, and
    /// optionally with other attributes on Medium.
    private func diaryWithoutMediumEntry(mediumAttributes: [Attribute] = []) -> [Entity] {
        let diary = StoreFixtures.diaryEntities()
        return [
            Entity("DiaryEntry", attributes: diary[0].attributes),
            Entity("Medium", attributes: diary[1].attributes + mediumAttributes),
        ]
    }

    @Test func removingAToOneThatHoldsLinksIsRefusedNamingIt() throws {
        let path = try diaryFile()
        let before = try bytes(path)
        #expect(throws: StoreError.migrationRefused(
            path: path, changes: ["Medium.entry: relationship removed, but 1 row hold a link"])
        ) {
            try open(path, diaryWithoutMediumEntry())
        }
        #expect(try bytes(path) == before)
    }

    @Test func anEmptyRemovedToOneIsDroppedWithItsColumnIndexAndForeignKey() throws {
        let path = try StoreFixtures.temporaryDirectory().appendingPathComponent("diary.sqlite").path
        let first = try open(path, StoreFixtures.diaryEntities())
        try StoreFixtures.entry(first.context, "Hello", 1)
        try first.context.insert("Medium", values: ["kind": .string("loose")])
        try first.context.save()

        let store = try open(path, diaryWithoutMediumEntry())
        let (columns, foreignKeys, indexes) = try store.database.read { db in
            (try db.columns(in: "Medium").map(\.name), try db.foreignKeys(on: "Medium"), try db.indexes(on: "Medium"))
        }
        #expect(columns == ["Z_PK", "kind"] && foreignKeys.isEmpty && indexes.isEmpty)
        #expect(try StoreFixtures.kinds(store.context.fetch(FetchRequest("Medium"))) == ["loose"])
        // The name is free again, for an attribute of another type.
        let again = try open(path, diaryWithoutMediumEntry(mediumAttributes: [Attribute("entry", .string, optional: true)]))
        try again.context.insert("Medium", values: ["kind": .string("new"), "entry": .string("not a key")])
        try again.context.save()
        let media = try again.context.fetch(FetchRequest("Medium", sortedBy: [SortKey("kind")]))
        #expect(try media.map { try $0.value(forKey: "entry") } == [.null, .string("not a key")])
    }

    @Test func anEmptyRemovedEntityIsDroppedAndOneWithRowsIsRefused() throws {
        let path = try diaryFile()
        let onlyEntries = [Entity("DiaryEntry", attributes: StoreFixtures.diaryEntities()[0].attributes)]
        let before = try bytes(path)
        #expect(throws: StoreError.migrationRefused(path: path, changes: [
            "Medium: entity removed, but its table holds 1 row",
        ])) {
            try open(path, onlyEntries)
        }
        #expect(try bytes(path) == before)
        let store = try open(path, StoreFixtures.diaryEntities())
        try store.context.delete(try #require(try store.context.fetch(FetchRequest("Medium")).first))
        try store.context.save()
        let migrated = try open(path, onlyEntries)
        #expect(try migrated.database.read { db in try db.tableExists("Medium") } == false)
        #expect(try migrated.context.count(for: FetchRequest("DiaryEntry")) == 1)
    }

    @Test func aFileThatIsNotADatabaseIsAClearError() throws {
        let path = try StoreFixtures.temporaryDirectory().appendingPathComponent("garbage.sqlite").path
        var generator = SystemRandomNumberGenerator()
        let garbage = Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try garbage.write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: StoreError.self) { try open(path, StoreFixtures.diaryEntities()) }
        guard case .notADatabase(let failing, _)? = error else {
            Issue.record("expected notADatabase, got \(String(describing: error))")
            return
        }
        #expect(failing == path && error!.description.contains("is not a store database"))
        #expect(try bytes(path) == garbage)
    }

    @Test func aDamagedDatabaseIsAClearErrorAtTheReadNeverACrash() throws {
        let path = try StoreFixtures.temporaryDirectory().appendingPathComponent("damaged.sqlite").path
        var keep: Set<Int> = [1]
        do {
            let store = try open(path, StoreFixtures.diaryEntities())
            for i in 0..<400 { try StoreFixtures.entry(store.context, String(repeating: "x", count: 300) + "\(i)", Double(i)) }
            try store.context.save()
            // The metadata table and its primary key's index, which opening reads.
            keep.formUnion(try store.database.read { db in
                try Int.fetchAll(db, sql: "SELECT rootpage FROM sqlite_master WHERE tbl_name = 'Z_METADATA'")
            })
        }  // closing the last connection moves the WAL into the file
        var damaged = try bytes(path)
        let pageSize = 4096
        #expect(damaged.count > 20 * pageSize)
        for page in 1...(damaged.count / pageSize) where !keep.contains(page) {
            for offset in stride(from: (page - 1) * pageSize, to: page * pageSize, by: 7) { damaged[offset] = 0xA5 }
        }
        try damaged.write(to: URL(fileURLWithPath: path))
        // The schema and the stored model are intact, so the file opens; reading rows fails.
        let store = try open(path, StoreFixtures.diaryEntities())
        let error = #expect(throws: StoreError.self) { try store.context.fetch(FetchRequest("DiaryEntry")) }
        #expect(error?.description.contains("malformed") == true)
        #expect(throws: StoreError.self) { try store.context.count(for: FetchRequest("DiaryEntry")) }
    }

    @Test func anUnreachablePathIsAClearError() {
        #expect(throws: StoreError.self) { try open("/nonexistent-dir/x/diary.sqlite", StoreFixtures.diaryEntities()) }
    }
}
