import EventLoop
import GRDB
import Testing
@testable import ScreenStore

@Suite struct StoreContextTests {
    @Test func insertSaveAndFetchBack() throws {
        let store = try StoreFixtures.memoryStore()
        let context = store.context
        let entry = try StoreFixtures.entry(context, "Hello", 10)
        #expect(context.hasChanges && entry.isInserted && entry.primaryKey == nil)
        #expect(context.insertedObjects == [entry])
        try context.save()
        #expect(!context.hasChanges && !entry.isInserted && entry.primaryKey == 1)
        let rows = try store.database.read { db in try Row.fetchAll(db, sql: "SELECT text, creationTime FROM DiaryEntry") }
        #expect(rows.count == 1 && rows[0]["text"] == "Hello" && rows[0]["creationTime"] == 10.0)
    }

    @Test func identityMapGivesOneObjectPerRow() throws {
        let context = try StoreFixtures.memoryStore().context
        let entry = try StoreFixtures.entry(context, "Hello", 10)
        try context.save()
        try entry.setValue(.string("Changed, unsaved"), forKey: "text")
        let fetched = try context.fetch(FetchRequest("DiaryEntry"))
        #expect(fetched.count == 1 && fetched[0] === entry)
        #expect(try fetched[0].value(forKey: "text") == .string("Changed, unsaved"))
        #expect(try context.object("DiaryEntry", primaryKey: 1) === entry)
        #expect(try context.object("DiaryEntry", primaryKey: 2) == nil)
    }

    @Test func resetForgetsObjects() throws {
        let context = try StoreFixtures.memoryStore().context
        let entry = try StoreFixtures.entry(context, "Hello", 10)
        try context.save()
        context.reset()
        let again = try context.fetch(FetchRequest("DiaryEntry"))
        #expect(again.count == 1 && again[0] !== entry && entry.context == nil)
    }

    @Test func deletingWithCascadeDeletesTheMedias() throws {
        let context = try StoreFixtures.memoryStore().context
        let entry = try StoreFixtures.entry(context, "Hello", 10)
        let photo = try context.insert("Medium", values: ["kind": .string("photo")])
        try photo.setObject(entry, forKey: "entry")
        try context.save()
        try context.delete(entry)
        #expect(photo.isDeleted && context.deletedObjects == [entry, photo])
        try context.save()
        #expect(try context.count(for: FetchRequest("Medium")) == 0)
        #expect(try context.count(for: FetchRequest("DiaryEntry")) == 0)
        #expect(entry.isDeleted && entry.context === context)
    }

    @Test func nullifyClearsTheInverse() throws {
        let context = try StoreFixtures.memoryStore().context
        let entry = try StoreFixtures.entry(context, "Hello", 10)
        let photo = try context.insert("Medium", values: ["kind": .string("photo")])
        try photo.setObject(entry, forKey: "entry")
        try context.save()
        // Medium.entry has the default rule, nullify: the entry stays, without the photo.
        try context.delete(photo)
        #expect(try entry.objects(forKey: "medias").isEmpty)
        #expect(context.updatedObjects == [entry])
        try context.save()
        #expect(try context.count(for: FetchRequest("DiaryEntry")) == 1)
    }

    @Test func denyRefusesTheSaveNamingObjectAndRelationship() throws {
        let model = try Model([
            Entity("Folder", attributes: [Attribute("name", .string)],
                   relationships: [Relationship("notes", destination: "Note", toMany: true, inverse: "folder", deleteRule: .deny)]),
            Entity("Note", relationships: [Relationship("folder", destination: "Folder", inverse: "notes")]),
        ])
        let context = try StoreFixtures.memoryStore(model).context
        let folder = try context.insert("Folder", values: ["name": .string("Inbox")])
        let note = try context.insert("Note")
        try folder.add(note, toKey: "notes")
        try context.save()
        try context.delete(folder)
        try context.insert("Folder", values: ["name": .string("Archive")])
        let error = #expect(throws: StoreError.deleteDenied(object: "Folder #1", relationship: "notes", count: 1)) {
            try context.save()
        }
        #expect(error?.description
            == "cannot delete Folder #1: its relationship 'notes' has the deny rule and still holds 1 object")
        // Validation comes before any write: the new folder is not written either.
        #expect(try context.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM Folder") } == 1)
        #expect(context.insertedObjects.count == 1 && context.deletedObjects == [folder])
        try context.delete(note)
        try context.save()
        #expect(try context.count(for: FetchRequest("Folder")) == 1)
    }

    @Test func aDenyToOneRefusesTheSaveToo() throws {
        let model = try Model([
            Entity("Loan", relationships: [Relationship("book", destination: "Book", inverse: "loan", deleteRule: .deny)]),
            Entity("Book", relationships: [Relationship("loan", destination: "Loan", inverse: "book")]),
        ])
        let context = try StoreFixtures.memoryStore(model).context
        let loan = try context.insert("Loan")
        try loan.setObject(try context.insert("Book"), forKey: "book")
        try context.save()
        try context.delete(loan)
        #expect(throws: StoreError.deleteDenied(object: "Loan #1", relationship: "book", count: 1)) { try context.save() }
    }

    @Test func newObjectsStartWithDefaultsAndOptionalsMayStayNil() throws {
        let model = try Model([Entity("Task", attributes: [
            Attribute("title", .string), Attribute("priority", .integer, default: .integer(2)),
            Attribute("done", .boolean, default: .boolean(false)), Attribute("note", .string, optional: true),
        ])])
        let context = try StoreFixtures.memoryStore(model).context
        let task = try context.insert("Task", values: ["title": .string("Write")])
        #expect(try task.value(forKey: "priority") == .integer(2) && task.value(forKey: "done") == .boolean(false))
        #expect(try task.value(forKey: "note") == .null)
        try context.save()
        context.reset()
        let saved = try #require(try context.fetch(FetchRequest("Task")).first)
        #expect(try saved.value(forKey: "priority") == .integer(2) && saved.value(forKey: "note") == .null)
        try saved.setValue(.null, forKey: "priority")
        #expect(throws: StoreError.validation(object: "Task #1", key: "priority", reason: "is required")) { try context.save() }
    }

    @Test func validationNamesObjectAndAttributeAndWritesNothing() throws {
        let store = try StoreFixtures.memoryStore()
        let context = store.context
        try StoreFixtures.entry(context, "Fine", 1)
        try context.insert("DiaryEntry", values: ["creationTime": .date(2)])
        let error = #expect(throws: StoreError.self) { try context.save() }
        #expect(error?.description == "new DiaryEntry.text is required")
        #expect(try context.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM DiaryEntry") } == 0)
        #expect(context.insertedObjects.count == 2 && context.insertedObjects.allSatisfy { $0.primaryKey == nil })
    }

    @Test func aSaveSQLiteRefusesKeepsTheChangesAndARetrySucceeds() throws {
        let path = try StoreFixtures.temporaryDirectory().appendingPathComponent("locked.sqlite").path
        let store = try PersistentStore(path: path, model: try StoreFixtures.diary(), notifications: NotificationHub())
        let context = store.context
        try StoreFixtures.entry(context, "first", 1)
        try context.save()
        var saves = 0
        let token = context.notifications.observe(StoreContext.didSaveNotification, object: context) { _ in saves += 1 }
        defer { token.remove() }
        let second = try StoreFixtures.entry(context, "second", 2)
        // Another connection holds the write lock, so SQLite refuses the save's transaction.
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: path, configuration: configuration)
        try other.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        let error = #expect(throws: StoreError.self) { try context.save() }
        #expect(error?.description.hasPrefix("save failed, nothing was written: ") == true)
        #expect(context.hasChanges && second.isInserted && second.primaryKey == nil && saves == 0)
        try other.inDatabase { db in try db.execute(sql: "ROLLBACK") }
        try context.save()
        #expect(!context.hasChanges && second.primaryKey != nil && saves == 1)
        let reopened = try PersistentStore(path: path, model: try StoreFixtures.diary(), notifications: NotificationHub())
        #expect(StoreFixtures.texts(try reopened.context.fetch(FetchRequest("DiaryEntry", sortedBy: [SortKey("creationTime")])))
            == ["first", "second"])
    }

    @Test func aRequiredToOneIsValidated() throws {
        let model = try Model([
            Entity("Owner", relationships: [Relationship("pets", destination: "Pet", toMany: true, inverse: "owner")]),
            Entity("Pet", relationships: [Relationship("owner", destination: "Owner", inverse: "pets", optional: false)]),
        ])
        let context = try StoreFixtures.memoryStore(model).context
        try context.insert("Pet")
        #expect(throws: StoreError.validation(object: "new Pet", key: "owner", reason: "is required")) { try context.save() }
    }

    @Test func rollbackRestoresEverything() throws {
        let context = try StoreFixtures.memoryStore().context
        let kept = try StoreFixtures.entry(context, "Kept", 1)
        let removed = try StoreFixtures.entry(context, "Removed", 2)
        try context.save()
        try kept.setValue(.string("Edited"), forKey: "text")
        try context.delete(removed)
        let added = try StoreFixtures.entry(context, "Added", 3)
        context.rollback()
        #expect(!context.hasChanges)
        #expect(try kept.value(forKey: "text") == .string("Kept"))
        #expect(!removed.isDeleted && !added.isInserted && added.context === context)
        let all = try context.fetch(FetchRequest("DiaryEntry", sortedBy: [SortKey("creationTime")]))
        #expect(StoreFixtures.texts(all) == ["Kept", "Removed"])
    }

    @Test func rollbackRestoresRelationships() throws {
        let context = try StoreFixtures.memoryStore().context
        let first = try StoreFixtures.entry(context, "First", 1)
        let second = try StoreFixtures.entry(context, "Second", 2)
        let photo = try context.insert("Medium", values: ["kind": .string("photo")])
        try first.add(photo, toKey: "medias")
        try context.save()
        try photo.setObject(second, forKey: "entry")
        #expect(try first.objects(forKey: "medias").isEmpty && second.objects(forKey: "medias") == [photo])
        context.rollback()
        #expect(try photo.object(forKey: "entry") === first)
        #expect(try first.objects(forKey: "medias") == [photo] && second.objects(forKey: "medias").isEmpty)
    }

    @Test func rollbackRereadsToManysFromTheFile() throws {
        let store = try StoreFixtures.memoryStore()
        let context = store.context
        let first = try StoreFixtures.entry(context, "First", 1)
        let second = try StoreFixtures.entry(context, "Second", 2)
        let (p1, p2) = (try context.insert("Medium", values: ["kind": .string("p1")]), try context.insert("Medium", values: ["kind": .string("p2")]))
        try first.add(p1, toKey: "medias")
        try first.add(p2, toKey: "medias")
        try context.save()
        #expect(try first.objects(forKey: "medias") == [p1, p2])
        try p1.setObject(second, forKey: "entry")
        try context.delete(p2)
        try first.add(try context.insert("Medium", values: ["kind": .string("p3")]), toKey: "medias")
        #expect(try StoreFixtures.kinds(first.objects(forKey: "medias")) == ["p3"])
        context.rollback()
        // The to-manys are read again: a row written behind the context's back shows up.
        try store.database.write { db in try db.execute(sql: "INSERT INTO Medium (kind, entry) VALUES ('p4', 1)") }
        #expect(try StoreFixtures.kinds(first.objects(forKey: "medias")) == ["p1", "p2", "p4"])
        #expect(try first.objects(forKey: "medias").prefix(2) == [p1, p2])
        #expect(try second.objects(forKey: "medias").isEmpty)
        #expect(try p1.object(forKey: "entry") === first && p2.object(forKey: "entry") === first)
    }

    @Test func refreshRereadsToManysOnBothSides() throws {
        let store = try StoreFixtures.memoryStore()
        let context = store.context
        let first = try StoreFixtures.entry(context, "First", 1)
        let second = try StoreFixtures.entry(context, "Second", 2)
        let photo = try context.insert("Medium", values: ["kind": .string("photo")])
        try photo.setObject(first, forKey: "entry")
        try context.save()
        try photo.setObject(second, forKey: "entry")
        #expect(try second.objects(forKey: "medias") == [photo])
        try context.refresh(photo)
        #expect(try photo.object(forKey: "entry") === first)
        #expect(try first.objects(forKey: "medias") == [photo] && second.objects(forKey: "medias").isEmpty)
        // A deleted object brought back by refresh is a member again.
        try context.delete(photo)
        #expect(try first.objects(forKey: "medias").isEmpty)
        try context.refresh(photo)
        #expect(!photo.isDeleted && context.deletedObjects.isEmpty)
        #expect(try first.objects(forKey: "medias") == [photo])
    }

    @Test func refreshTakesAnObjectOutOfAnUnsavedDestinationsToMany() throws {
        let context = try StoreFixtures.memoryStore().context
        let first = try StoreFixtures.entry(context, "First", 1)
        let photo = try context.insert("Medium", values: ["kind": .string("photo")])
        try photo.setObject(first, forKey: "entry")
        try context.save()
        let added = try StoreFixtures.entry(context, "Added", 2)
        try photo.setObject(added, forKey: "entry")
        #expect(try added.objects(forKey: "medias") == [photo])
        try context.refresh(photo)
        #expect(try added.objects(forKey: "medias").isEmpty)
        #expect(try first.objects(forKey: "medias") == [photo])
    }

    @Test func refreshDropsUnsavedChangesAndRereads() throws {
        let store = try StoreFixtures.memoryStore()
        let context = store.context
        let entry = try StoreFixtures.entry(context, "Hello", 1)
        try context.save()
        try entry.setValue(.string("Unsaved"), forKey: "text")
        try store.database.write { db in try db.execute(sql: "UPDATE DiaryEntry SET text = 'Written elsewhere'") }
        try context.refresh(entry)
        #expect(try entry.value(forKey: "text") == .string("Written elsewhere"))
        #expect(!context.hasChanges)
    }

    @Test func savePostsObjectsDidChangeThenDidSave() throws {
        let hub = NotificationHub()
        let context = try StoreFixtures.memoryStore(hub: hub).context
        var log: [String] = []
        func describe(_ note: NotificationHub.Notification) -> String {
            let parts = ["inserted", "updated", "deleted"].map { key in
                "\(key)=" + StoreFixtures.texts(note.userInfo[key] as? [ManagedObject] ?? []).joined(separator: ",")
            }
            #expect(note.object === context)
            return "\(note.name) " + parts.joined(separator: " ")
        }
        hub.observe(StoreContext.objectsDidChangeNotification) { log.append(describe($0)) }
        hub.observe(StoreContext.didSaveNotification) { log.append(describe($0)) }
        let a = try StoreFixtures.entry(context, "A", 1)
        try StoreFixtures.entry(context, "B", 2)
        #expect(log.isEmpty)  // coalesced: nothing before the context processes its changes
        try context.save()
        try a.setValue(.string("A2"), forKey: "text")
        context.processPendingChanges()
        context.processPendingChanges()
        try context.save()
        #expect(log == [
            "store.objectsDidChange inserted=A,B updated= deleted=",
            "store.didSave inserted=A,B updated= deleted=",
            "store.objectsDidChange inserted= updated=A2 deleted=",
            "store.didSave inserted= updated=A2 deleted=",
        ])
    }

    @Test func anInsertDeletedBeforeProcessingIsNeverPosted() throws {
        let hub = NotificationHub()
        let context = try StoreFixtures.memoryStore(hub: hub).context
        var posts = 0
        hub.observe(StoreContext.objectsDidChangeNotification) { _ in posts += 1 }
        let entry = try StoreFixtures.entry(context, "Gone", 1)
        try context.delete(entry)
        context.processPendingChanges()
        #expect(posts == 0 && !context.hasChanges)
    }
}
