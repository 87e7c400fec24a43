import Testing
@testable import ScreenStore

@Suite struct ManagedObjectTests {
    @Test func aWrongTypeNamesEntityAttributeExpectedAndGot() throws {
        let context = try StoreFixtures.memoryStore().context
        let entry = try StoreFixtures.entry(context, "Hello", 1)
        #expect(throws: StoreError.typeMismatch(place: "DiaryEntry.text", expected: "string", got: "integer")) {
            try entry.setValue(.integer(3), forKey: "text")
        }
        let error = #expect(throws: StoreError.self) {
            try context.insert("DiaryEntry", values: ["creationTime": .string("today")])
        }
        #expect(error?.description == "DiaryEntry.creationTime: date expected, got string")
        #expect(throws: StoreError.unknownKey(entity: "DiaryEntry", key: "title", kind: "attribute")) {
            try entry.value(forKey: "title")
        }
    }

    @Test func notANumberIsRefusedForDoublesAndDates() throws {
        let model = try Model([Entity("Reading", attributes: [Attribute("value", .double), Attribute("at", .date)])])
        let context = try StoreFixtures.memoryStore(model).context
        #expect(throws: StoreError.typeMismatch(place: "Reading.value", expected: "a number", got: "NaN")) {
            try context.insert("Reading", values: ["value": .double(.nan), "at": .date(1)])
        }
        #expect(!context.hasChanges)
        let reading = try context.insert("Reading", values: ["value": .double(1), "at": .date(1)])
        #expect(throws: StoreError.typeMismatch(place: "Reading.at", expected: "a number", got: "NaN")) {
            try reading.setValue(.date(.nan), forKey: "at")
        }
        #expect(try reading.value(forKey: "at") == .date(1))
        try reading.setValue(.double(.infinity), forKey: "value")
    }

    @Test func insertWithPropertiesIsAllOrNothing() throws {
        let context = try StoreFixtures.memoryStore().context
        let entry = try StoreFixtures.entry(context, "Hello", 1)
        let photo = try context.insert("Medium", values: ["kind": .string("photo")])
        try context.save()
        var posted = 0
        let token = context.notifications.observe(StoreContext.objectsDidChangeNotification, object: context) { _ in posted += 1 }
        defer { token.remove() }
        let refusals: [[String: PropertyValue]] = [
            ["kind": .attribute(.string("audio")), "entry": .object(photo)],       // wrong entity
            ["kind": .attribute(.integer(1)), "entry": .object(entry)],           // wrong type
            ["kind": .attribute(.string("audio")), "entry": .objects([entry])],   // a to-one given an array
            ["kind": .attribute(.string("audio")), "title": .attribute(.null)],   // no such key
        ]
        for properties in refusals {
            #expect(throws: StoreError.self) { try context.insert("Medium", properties: properties) }
        }
        context.processPendingChanges()
        #expect(!context.hasChanges && posted == 0)
        #expect(try entry.objects(forKey: "medias").isEmpty)
        #expect(try context.count(for: FetchRequest("Medium")) == 1)

        let audio = try context.insert("Medium", properties: ["kind": .attribute(.string("audio")), "entry": .object(entry)])
        let second = try context.insert(
            "DiaryEntry", properties: ["text": .attribute(.string("Two")), "creationTime": .attribute(.date(2)),
                                       "medias": .objects([photo])])
        #expect(try audio.object(forKey: "entry") === entry && photo.object(forKey: "entry") === second)
    }

    @Test func settingAToManyChecksEveryObjectBeforeChangingAny() throws {
        let context = try StoreFixtures.memoryStore().context
        let entry = try StoreFixtures.entry(context, "Hello", 1)
        let other = try StoreFixtures.entry(context, "Other", 2)
        let (a, b) = (try context.insert("Medium", values: ["kind": .string("a")]), try context.insert("Medium", values: ["kind": .string("b")]))
        try entry.setObjects([a, b], forKey: "medias")
        try context.save()
        #expect(throws: StoreError.typeMismatch(place: "DiaryEntry.medias", expected: "Medium", got: "DiaryEntry")) {
            try entry.setObjects([a, other], forKey: "medias")
        }
        #expect(!context.hasChanges)
        #expect(StoreFixtures.kinds(try entry.objects(forKey: "medias")) == ["a", "b"])
        try entry.setObjects([b], forKey: "medias")
        #expect(StoreFixtures.kinds(try entry.objects(forKey: "medias")) == ["b"])
        #expect(try a.object(forKey: "entry") == nil)
    }

    @Test func numbersAreWidenedForDoublesAndDates() throws {
        let context = try StoreFixtures.memoryStore().context
        let entry = try StoreFixtures.entry(context, "Hello", 1)
        try entry.setValue(.integer(5), forKey: "creationTime")
        #expect(try entry.value(forKey: "creationTime") == .date(5))
    }

    @Test func valuesRoundTripThroughTheFile() throws {
        let model = try Model([Entity("Thing", attributes: [
            Attribute("s", .string), Attribute("i", .integer), Attribute("d", .double), Attribute("b", .boolean),
            Attribute("t", .date), Attribute("x", .binary), Attribute("n", .string, optional: true),
        ])])
        let store = try StoreFixtures.memoryStore(model)
        let values: [String: StoreValue] = [
            "s": .string("é✓"), "i": .integer(-7), "d": .double(2.5), "b": .boolean(true), "t": .date(1.5),
            "x": .binary([0, 255]), "n": .null,
        ]
        try store.context.insert("Thing", values: values)
        try store.context.save()
        store.context.reset()
        let thing = try #require(try store.context.fetch(FetchRequest("Thing")).first)
        for (key, value) in values { #expect(try thing.value(forKey: key) == value) }
    }

    @Test func settingAToOneMaintainsTheInverseToMany() throws {
        let context = try StoreFixtures.memoryStore().context
        let first = try StoreFixtures.entry(context, "First", 1)
        let second = try StoreFixtures.entry(context, "Second", 2)
        let photo = try context.insert("Medium", values: ["kind": .string("photo")])
        try photo.setObject(first, forKey: "entry")
        #expect(try first.objects(forKey: "medias") == [photo])
        try photo.setObject(second, forKey: "entry")
        #expect(try first.objects(forKey: "medias").isEmpty && second.objects(forKey: "medias") == [photo])
        try second.remove(photo, fromKey: "medias")
        #expect(try photo.object(forKey: "entry") == nil)
        try first.add(photo, toKey: "medias")
        #expect(try photo.object(forKey: "entry") === first)
        #expect(throws: StoreError.typeMismatch(place: "Medium.entry", expected: "DiaryEntry", got: "Medium")) {
            try photo.setObject(photo, forKey: "entry")
        }
    }

    @Test func toManysLoadFromTheFileAndMergeUnsavedMembers() throws {
        let context = try StoreFixtures.memoryStore().context
        let entry = try StoreFixtures.entry(context, "Hello", 1)
        for kind in ["a", "b"] {
            try context.insert("Medium", values: ["kind": .string(kind)]).setObject(entry, forKey: "entry")
        }
        try context.save()
        context.reset()
        let again = try #require(try context.fetch(FetchRequest("DiaryEntry")).first)
        let extra = try context.insert("Medium", values: ["kind": .string("c")])
        try extra.setObject(again, forKey: "entry")
        let kinds = try again.objects(forKey: "medias").map { try $0.value(forKey: "kind") }
        #expect(kinds == [.string("a"), .string("b"), .string("c")])
        let medium = try #require(try context.fetch(FetchRequest("Medium", sortedBy: [SortKey("kind")])).first)
        #expect(try medium.object(forKey: "entry") === again)
    }

    @Test func oneToOneInversesStayPaired() throws {
        let model = try Model([
            Entity("Person", relationships: [Relationship("desk", destination: "Desk", inverse: "owner")]),
            Entity("Desk", relationships: [Relationship("owner", destination: "Person", inverse: "desk")]),
        ])
        let context = try StoreFixtures.memoryStore(model).context
        let (ann, bob, desk) = (try context.insert("Person"), try context.insert("Person"), try context.insert("Desk"))
        try ann.setObject(desk, forKey: "desk")
        #expect(try desk.object(forKey: "owner") === ann)
        try bob.setObject(desk, forKey: "desk")
        #expect(try desk.object(forKey: "owner") === bob && ann.object(forKey: "desk") == nil)
    }

    @Test func aDeletedObjectCannotChange() throws {
        let context = try StoreFixtures.memoryStore().context
        let entry = try StoreFixtures.entry(context, "Hello", 1)
        try context.save()
        try context.delete(entry)
        #expect(throws: StoreError.invalidObject("DiaryEntry #1 is deleted and cannot change")) {
            try entry.setValue(.string("x"), forKey: "text")
        }
    }
}
