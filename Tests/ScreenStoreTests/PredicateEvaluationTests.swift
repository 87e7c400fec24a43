import Testing
@testable import ScreenStore

@Suite struct PredicateEvaluationTests {
    private let diary = PredicateDiary()

    private func matches(_ format: String, _ arguments: [PredicateArgument], _ object: PredicateTestObject) throws -> Bool {
        try Predicate(format: format, arguments: arguments).evaluate(with: object)
    }

    private func matches(_ format: String, _ object: PredicateTestObject) throws -> Bool {
        try matches(format, [], object)
    }


    @Test func objectsInAListMatchByIdentityOrKey() throws {
        let (ann, bob, cy) = (diary.person(name: "Ann", age: 1), diary.person(name: "Bob", age: 2), diary.person(name: "Cy", age: 3))
        let entry = diary.entry([:], author: bob)
        #expect(try matches("author IN %@", [.objects([ann, bob])], entry))
        #expect(try !matches("author IN %@", [.objects([ann, cy])], entry))
        #expect(try matches("NOT (author IN {%@})", [.object(cy)], entry))
        // Another object with the same key and entity is the same row.
        let bobAgain = PredicateTestObject(bob.entity, primaryKey: bob.primaryKey)
        #expect(try matches("author IN %@", [.objects([bobAgain])], entry))
        let sameKeyOtherEntity = PredicateTestObject(diary.model.entity(named: "Medium")!, primaryKey: bob.primaryKey)
        #expect(try !matches("author IN %@", [.objects([sameKeyOtherEntity])], entry))
        #expect(try !matches("author IN %@", [.objects([ann])], diary.entry([:])))
        #expect(try matches("%K == %@", [.key("author.name"), .value(.string("Bob"))], entry))
    }

    @Test func comparesNumbersAcrossIntegerDoubleAndDate() throws {
        let entry = diary.entry(["count": .integer(3), "score": .double(2.5), "creationTime": .date(100)])
        #expect(try matches("count == 3.0", entry))
        #expect(try matches("score > 2", entry))
        #expect(try matches("creationTime >= 100 AND creationTime < %@", [.value(.date(100.5))], entry))
        #expect(try matches("count BETWEEN {1, 3}", entry))
        #expect(try !matches("count BETWEEN {4, 9}", entry))
        #expect(try matches("count IN {1, 3, 5}", entry))
        #expect(try matches("5 > count", entry))
    }

    @Test func booleansAreTrueYesFalseNo() throws {
        let entry = diary.entry(["done": .boolean(true)])
        #expect(try matches("done == TRUE", entry))
        #expect(try matches("done == yes", entry))
        #expect(try matches("done != NO", entry))
        #expect(try matches("done == 1", entry))
    }

    @Test func containsTakesLinearTime() throws {
        // Comparing at every start would take 10^10 steps here: minutes, not milliseconds.
        let text = String(repeating: "a", count: 200_000)
        let entry = diary.entry(["text": .string(text)])
        let pattern = String(repeating: "a", count: 100_000)
        #expect(try !matches("text CONTAINS %@", [.value(.string(pattern + "b"))], entry))
        #expect(try matches("text CONTAINS %@", [.value(.string(pattern))], entry))
        for (haystack, needle, found) in [("abcabd", "abd", 3), ("aabaaab", "aab", 0), ("abababc", "ababc", 2), ("ab", "abc", nil),
                                           ("xyz", "z", 2), ("aaa", "b", nil)] {
            #expect(StringMatching.firstIndex(of: Array(needle.unicodeScalars), in: Array(haystack.unicodeScalars)) == found)
        }
    }

    @Test func stringOperatorsAreCaseSensitiveWithoutOptions() throws {
        let entry = diary.entry(["text": .string("Héllo World")])
        #expect(try matches("text CONTAINS 'llo'", entry))
        #expect(try !matches("text CONTAINS 'world'", entry))
        #expect(try matches("text CONTAINS[c] 'world'", entry))
        #expect(try !matches("text BEGINSWITH[c] 'hel'", entry))
        #expect(try matches("text BEGINSWITH[cd] 'HEL'", entry))
        #expect(try matches("text ENDSWITH 'ld'", entry))
        #expect(try matches("text ==[cd] 'hello world'", entry))
        #expect(try !matches("text == 'hello world'", entry))
    }

    @Test func diacriticFoldingUsesUnicodeDecomposition() throws {
        let entry = diary.entry(["text": .string("Äpfel é e\u{301}")])
        #expect(try matches("text BEGINSWITH[cd] 'apfel'", entry))
        #expect(try matches("text BEGINSWITH[d] 'Apfel'", entry))
        #expect(try !matches("text BEGINSWITH[d] 'apfel'", entry))
        #expect(try matches("text ENDSWITH[d] 'e e'", entry))
    }

    @Test func anEmptyPatternIsNeverContainedAsInNSString() throws {
        let entry = diary.entry(["text": .string("abc")])
        #expect(try !matches("text CONTAINS ''", entry))
        #expect(try !matches("text BEGINSWITH ''", entry))
        #expect(try matches("text LIKE '*'", entry))
    }

    @Test func likeUsesStarAndQuestionMarkOverTheWholeString() throws {
        let entry = diary.entry(["text": .string("Paper Plane")])
        #expect(try matches("text LIKE '???er*'", entry))
        #expect(try !matches("text LIKE '???er'", entry))
        #expect(try matches("text LIKE[c] '*PLANE'", entry))
        #expect(try !matches("text LIKE 'Paper_Plane'", entry))
        #expect(try matches("text LIKE 'P*e*e'", entry))
    }

    @Test func matchesNeedsTheWholeString() throws {
        let entry = diary.entry(["text": .string("ab")])
        #expect(try matches("text MATCHES 'a|ab'", entry))
        #expect(try !matches("text MATCHES 'a'", entry))
        #expect(try matches("text MATCHES[c] 'A.'", entry))
        #expect(predicateMessage { try matches("text MATCHES '('", entry) } == "invalid regular expression '(' for MATCHES")
    }

    @Test func nilComparisonsFollowNSPredicate() throws {
        let entry = diary.entry([:])
        #expect(try matches("text == nil", entry))
        #expect(try matches("text != 'a'", entry))
        #expect(try !matches("text == 'a'", entry))
        #expect(try matches("NOT (text == 'a')", entry))
        #expect(try !matches("count < 5", entry))
        #expect(try matches("NOT (count < 5)", entry))
        #expect(try !matches("text CONTAINS 'a'", entry))
        #expect(try !matches("count BETWEEN {0, 10}", entry))
        #expect(try matches("count IN {1, nil}", entry))
        #expect(try !matches("count > nil", diary.entry(["count": .integer(1)])))
    }

    @Test func keyPathsGoThroughToOneRelationships() throws {
        let ana = diary.person(name: "Ana", age: 30)
        let entry = diary.entry(["text": .string("x")], author: ana)
        #expect(try matches("author.name BEGINSWITH 'A'", entry))
        #expect(try matches("author.age > 18", entry))
        #expect(try matches("author == %@", [.object(ana)], entry))
        #expect(try !matches("author == nil", entry))
        #expect(try !matches("author.name == 'Ana'", diary.entry([:])))
        #expect(try matches("author.name == nil", diary.entry([:])))
    }

    @Test func quantifiersRangeOverToManyRelationships() throws {
        let entry = diary.entry([:])
        diary.medium(kind: "photo", size: 10, entry: entry)
        diary.medium(kind: "video", size: 20, entry: entry)
        let empty = diary.entry([:])
        #expect(try matches("ANY medias.kind == 'photo'", entry))
        #expect(try matches("SOME medias.size > 15", entry))
        #expect(try !matches("ALL medias.kind == 'photo'", entry))
        #expect(try matches("ALL medias.size >= 10", entry))
        #expect(try matches("NONE medias.kind == 'audio'", entry))
        #expect(try !matches("ANY medias.kind == 'photo'", empty))
        #expect(try matches("ALL medias.kind == 'photo'", empty))
        #expect(try matches("ANY medias.entry.text == nil", entry))
    }

    @Test func unknownKeysNameTheEntity() throws {
        let entry = diary.entry([:], author: diary.person(name: "A", age: 1))
        #expect(predicateError { try matches("txt == 'a'", entry) }?.description
            == "txt == 'a' <- DiaryEntry has no key 'txt' (its keys: author, count, creationTime, done, medias, score, text) at column 1")
        #expect(predicateError { try matches("count > 1 OR author.nme == 'a'", entry) }?.description
            == "count > 1 OR author.nme == 'a' <- Person has no key 'nme' (its keys: age, entries, name) at column 14")
        #expect(predicateMessage { try matches("text.length == 1", entry) }
            == "DiaryEntry.text is an attribute; it has no key 'length'")
        #expect(predicateError { try matches("txt == 'a'", entry) }?.unknownKey
            == PredicateError.UnknownKey(entity: "DiaryEntry", key: "txt", keys: ["author", "count", "creationTime", "done", "medias", "score", "text"]))
    }

    @Test func typeMismatchesAreErrors() throws {
        let entry = diary.entry(["text": .string("a"), "count": .integer(1)])
        #expect(predicateMessage { try matches("text < 5", entry) } == "text (a string) cannot be compared with < to 5 (a number)")
        #expect(predicateMessage { try matches("count CONTAINS 'a'", entry) } == "CONTAINS needs strings, but count (a number)")
        #expect(predicateMessage { try matches("medias.kind == 'a'", entry) }
            == "medias.kind goes through a to-many relationship; use ANY, ALL or NONE")
        let authored = diary.entry([:], author: diary.person(name: "A", age: 1))
        #expect(predicateMessage { try matches("ANY author.name == 'a'", authored) }
            == "ANY needs a to-many key path, but author.name is not one")
    }
}

// MARK: - Test doubles

/// An object with the diary model's keys, read the way managed objects are.
final class PredicateTestObject: KeyValueReadable {
    let entity: Entity
    var primaryKey: Int64?
    var attributes: [String: StoreValue]
    var toOne: [String: PredicateTestObject] = [:]
    var toMany: [String: [PredicateTestObject]] = [:]

    init(_ entity: Entity, primaryKey: Int64?, attributes: [String: StoreValue] = [:]) {
        self.entity = entity
        self.primaryKey = primaryKey
        self.attributes = attributes
    }

    func keyValue(forKey key: String) -> KeyValue? {
        if entity.attribute(named: key) != nil { return .attribute(attributes[key] ?? .null) }
        guard let relationship = entity.relationship(named: key) else { return nil }
        return relationship.isToMany ? .toMany(toMany[key] ?? []) : .toOne(toOne[key])
    }
}

/// DiaryEntry (every attribute type, optional) → author: Person, medias: [Medium].
final class PredicateDiary {
    let model: Model
    private var nextKey: Int64 = 1
    private(set) var objects: [PredicateTestObject] = []

    init() {
        model = try! Model([
            Entity(
                "DiaryEntry",
                attributes: [
                    Attribute("text", .string, optional: true), Attribute("count", .integer, optional: true),
                    Attribute("score", .double, optional: true), Attribute("done", .boolean, optional: true),
                    Attribute("creationTime", .date, optional: true),
                ],
                relationships: [
                    Relationship("author", destination: "Person", inverse: "entries"),
                    Relationship("medias", destination: "Medium", toMany: true, inverse: "entry"),
                ]),
            Entity(
                "Person", attributes: [Attribute("name", .string), Attribute("age", .integer)],
                relationships: [Relationship("entries", destination: "DiaryEntry", toMany: true, inverse: "author")]),
            Entity(
                "Medium", attributes: [Attribute("kind", .string), Attribute("size", .integer)],
                relationships: [Relationship("entry", destination: "DiaryEntry", inverse: "medias")]),
        ])
    }

    private func make(_ entity: String, _ attributes: [String: StoreValue]) -> PredicateTestObject {
        let object = PredicateTestObject(model.entity(named: entity)!, primaryKey: nextKey, attributes: attributes)
        nextKey += 1
        objects.append(object)
        return object
    }

    func entry(_ attributes: [String: StoreValue], author: PredicateTestObject? = nil) -> PredicateTestObject {
        let entry = make("DiaryEntry", attributes)
        if let author {
            entry.toOne["author"] = author
            author.toMany["entries", default: []].append(entry)
        }
        return entry
    }

    func person(name: String, age: Int64) -> PredicateTestObject {
        make("Person", ["name": .string(name), "age": .integer(age)])
    }

    @discardableResult
    func medium(kind: String, size: Int64, entry: PredicateTestObject?) -> PredicateTestObject {
        let medium = make("Medium", ["kind": .string(kind), "size": .integer(size)])
        if let entry {
            medium.toOne["entry"] = entry
            entry.toMany["medias", default: []].append(medium)
        }
        return medium
    }
}
