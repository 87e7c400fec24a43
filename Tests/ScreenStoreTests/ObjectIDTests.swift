import Foundation
import Testing
@testable import ScreenStore

/// Object IDs: temporary until the save, lasting after it and across launches, naming their
/// store so that another store's IDs find nothing.
@Suite struct ObjectIDTests {
    @Test func aNewObjectHasATemporaryIDUntilItsSaveGivesTheLastingOne() throws {
        let store = try StoreFixtures.memoryStore()
        let context = store.context
        let entry = try StoreFixtures.entry(context, "Hello", 1)
        let temporary = entry.objectID
        #expect(entry.hasTemporaryID)
        #expect(temporary.hasPrefix("luascreens://\(store.identifier)/DiaryEntry/t"))
        #expect(try context.object(withID: temporary) === entry)
        try context.save()
        #expect(!entry.hasTemporaryID)
        #expect(entry.objectID == "luascreens://\(store.identifier)/DiaryEntry/\(entry.primaryKey!)")
        #expect(try context.object(withID: entry.objectID) === entry)
        #expect(try context.object(withID: temporary) == nil, "a temporary ID is gone once saved")
    }

    @Test func aLastingIDReadsTheRowWhenTheContextDoesNotHoldIt() throws {
        let context = try StoreFixtures.memoryStore().context
        let entry = try StoreFixtures.entry(context, "Hello", 1)
        try context.save()
        let lasting = entry.objectID
        context.reset()
        let found = try #require(try context.object(withID: lasting))
        #expect(found !== entry, "a new object for the row")
        #expect(StoreFixtures.texts([found]) == ["Hello"])
    }

    @Test func deletedUnknownAndOtherStoresObjectsAreNil() throws {
        let store = try StoreFixtures.memoryStore()
        let other = try StoreFixtures.memoryStore()
        #expect(store.identifier != other.identifier, "two stores open at once")
        let context = store.context
        let kept = try StoreFixtures.entry(context, "kept", 1)
        let gone = try StoreFixtures.entry(context, "gone", 2)
        let otherEntry = try StoreFixtures.entry(other.context, "elsewhere", 3)
        try context.save()
        try other.context.save()
        let goneID = gone.objectID
        try context.delete(gone)
        #expect(try context.object(withID: goneID) == nil, "deleted, not saved yet")
        try context.save()
        #expect(try context.object(withID: goneID) == nil, "deleted and saved")
        #expect(try context.object(withID: otherEntry.objectID) == nil, "another store's ID")
        let prefix = "luascreens://\(store.identifier)/"
        #expect(try context.object(withID: prefix + "DiaryEntry/99") == nil)
        #expect(try context.object(withID: prefix + "Nothing/1") == nil)
        #expect(try context.object(withID: prefix + "DiaryEntry/t00000000-1") == nil, "a temporary ID of another context")
        #expect(try context.object(withID: kept.objectID) === kept)
        let inserted = try StoreFixtures.entry(other.context, "new", 4)
        #expect(try context.object(withID: inserted.objectID) == nil, "another context's temporary ID")
    }

    @Test func aStringThatIsNoObjectIDIsAnError() throws {
        let store = try StoreFixtures.memoryStore()
        let prefix = "luascreens://\(store.identifier)/"
        for text in ["", "hello", "luascreens://", prefix + "DiaryEntry", prefix + "DiaryEntry/", prefix + "DiaryEntry/-1",
                     prefix + "DiaryEntry/1/2", prefix + "DiaryEntry/x1", prefix + "DiaryEntry/99999999999999999999",
                     prefix + "DiaryEntry/tnothex00-1", "x-coredata:///DiaryEntry/t1", "luascreens:///DiaryEntry/1"] {
            #expect(throws: StoreError.self, "\(text)") { try store.context.object(withID: text) }
        }
        let long = String(repeating: "y", count: 500)
        #expect(throws: StoreError.invalidRequest(
            "'\(long.prefix(60))…' is not an object ID (they read luascreens://<store>/<Entity>/<key>)")) {
            try store.context.object(withID: long)
        }
    }

    @Test func aFileKeepsItsIdentifierSoIDsLastAcrossLaunches() throws {
        let path = try StoreFixtures.temporaryDirectory().appendingPathComponent("diary.sqlite").path
        var id = ""
        var identifier = ""
        do {
            let store = try PersistentStore(path: path, model: try StoreFixtures.diary(), notifications: .init())
            identifier = store.identifier
            let entry = try StoreFixtures.entry(store.context, "Kept", 1)
            try store.context.save()
            id = entry.objectID
        }
        let again = try PersistentStore(path: path, model: try StoreFixtures.diary(), notifications: .init())
        #expect(again.identifier == identifier)
        #expect(UUID(uuidString: identifier) != nil)
        let found = try #require(try again.context.object(withID: id))
        #expect(StoreFixtures.texts([found]) == ["Kept"])
        #expect(found.objectID == id)
        let elsewhere = try PersistentStore(
            path: try StoreFixtures.temporaryDirectory().appendingPathComponent("diary.sqlite").path,
            model: try StoreFixtures.diary(), notifications: .init())
        #expect(elsewhere.identifier != identifier, "another file of the same name")
        #expect(try elsewhere.context.object(withID: id) == nil)
    }
}
