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
