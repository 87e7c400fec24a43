import Testing
@testable import ScreenStore

/// SQL and memory agree: for random objects and random predicates from the grammar, the
/// rows SQL selects are exactly the objects `evaluate` accepts.
@Suite struct PredicatePropertyTests {
    @Test func sqlAndMemorySelectTheSameObjects() throws {
        var random = SeededRandom(seed: 0x5EED_CAFE)
        let diary = PredicateDiary()
        let people = (0..<6).map { _ in
            diary.person(name: random.pick(Self.strings.filter { !$0.isEmpty }), age: Int64(random.int(0..<60)))
        }
        var entries: [PredicateTestObject] = []
        for _ in 0..<30 {
            var attributes: [String: StoreValue] = [:]
            if random.chance(0.8) { attributes["text"] = .string(random.pick(Self.strings)) }
            if random.chance(0.8) { attributes["count"] = .integer(random.pick(Self.integers)) }
            if random.chance(0.8) { attributes["score"] = .double(random.pick(Self.doubles)) }
            if random.chance(0.8) { attributes["done"] = .boolean(random.chance(0.5)) }
            if random.chance(0.8) { attributes["creationTime"] = .date(random.pick(Self.doubles) * 100) }
            entries.append(diary.entry(attributes, author: random.chance(0.75) ? random.pick(people) : nil))
        }
        for _ in 0..<50 {
            diary.medium(kind: random.pick(Self.strings), size: random.pick(Self.integers),
                         entry: random.chance(0.85) ? random.pick(entries) : nil)
        }
        let database = try PredicateDatabase(diary)
        let entity = diary.model.entity(named: "DiaryEntry")!
        // An object of another entity whose key is a person's: it must match no author.
        let impostor = PredicateTestObject(diary.model.entity(named: "Medium")!, primaryKey: people[0].primaryKey)
        let unsaved = PredicateTestObject(diary.model.entity(named: "Person")!, primaryKey: nil)
        var generator = PredicateGenerator(random: random, people: people + [impostor, unsaved])

        for _ in 0..<2000 {
            let (format, arguments) = generator.predicate(depth: 3)
            let predicate = try Predicate(format: format, arguments: arguments)
            let bySQL = try database.keys(predicate, entity: entity, model: diary.model)
            let inMemory = Set(try entries.filter { try predicate.evaluate(with: $0) }.map { $0.primaryKey! })
            if bySQL != inMemory {
                Issue.record("\(format) \(arguments): SQL only \(bySQL.subtracting(inMemory)), memory only \(inMemory.subtracting(bySQL))")
                return
            }
        }
    }

    static let strings = [
        "", "a", "A", "e", "é", "É", "e\u{301}", "Ä", "ä", "abc", "ABC", "Äbc", "ábc", "a*c", "a?c", "a.c", "x%y",
        "under_score", "hello world", "Hello", "HÉLLO", "naïve", "naive", "ß", "(a", "[x]", "\\", "'; DROP TABLE x; --",
    ]
    static let integers: [Int64] = [-2, 0, 1, 2, 3, 5, 10]
    static let doubles = [-1.5, 0, 0.5, 1, 2, 2.5, 10]
}

/// Random predicate formats over the diary model, well typed, with `%@` arguments.
struct PredicateGenerator {
    var random: SeededRandom
    let people: [PredicateTestObject]
    private var arguments: [PredicateArgument] = []

    init(random: SeededRandom, people: [PredicateTestObject]) {
        self.random = random
        self.people = people
    }

    private static let likePatterns = ["*", "a*", "*c", "a?c", "?", "*é*", "A*", "h*o*", "*\\*", "*.*", ""]
    private static let regexPatterns = ["a.*", ".*", "[a-c]+", "h.llo.*", "a|ab", "\\w+", "é.*", "A.C", "(a|ä)bc", ""]

    mutating func predicate(depth: Int) -> (String, [PredicateArgument]) {
        arguments = []
        return (compound(depth: depth), arguments)
    }

    private mutating func compound(depth: Int) -> String {
        guard depth > 0, random.chance(0.6) else { return comparison() }
        if random.chance(0.05) {
            // Longer than a group of SQL's chains.
            let terms = (0..<random.int(17..<40)).map { _ in comparison() }
            return "(" + terms.joined(separator: random.pick([" AND ", " OR "])) + ")"
        }
        switch random.int(0..<5) {
        case 0: return "\(compound(depth: depth - 1)) AND \(compound(depth: depth - 1))"
        case 1: return "\(compound(depth: depth - 1)) OR \(compound(depth: depth - 1))"
        case 2: return "(\(compound(depth: depth - 1)) || \(compound(depth: depth - 1))) && \(compound(depth: depth - 1))"
        case 3: return "NOT \(compound(depth: depth - 1))"
        default: return "!(\(compound(depth: depth - 1)))"
        }
    }

    private mutating func bind(_ value: StoreValue) -> String {
        arguments.append(.value(value))
        return "%@"
    }

    /// A list longer than SQL binds one value at a time (it goes as JSON) and than memory
    /// compares one value at a time (it is hashed).
    private mutating func longList(_ value: (inout SeededRandom) -> StoreValue) -> String {
        var values: [StoreValue] = []
        for _ in 0..<random.int(33..<48) { values.append(value(&random)) }
        if random.chance(0.2) { values.append(.null) }
        arguments.append(.list(values))
        return "%@"
    }

    private mutating func stringValue() -> String {
        random.chance(0.1) ? "nil" : bind(.string(random.pick(PredicatePropertyTests.strings)))
    }

    private mutating func numberValue(_ key: String) -> String {
        if random.chance(0.08) { return "nil" }
        switch key {
        case "done": return random.pick(["TRUE", "NO", "1", "0"])
        case "creationTime": return bind(.date(random.pick(PredicatePropertyTests.doubles) * 100))
        case "score": return random.chance(0.5) ? String(random.pick(PredicatePropertyTests.doubles))
                                                : bind(.double(random.pick(PredicatePropertyTests.doubles)))
        default: return String(random.pick(PredicatePropertyTests.integers))
        }
    }

    private mutating func options() -> String { random.pick(["", "", "[c]", "[d]", "[cd]"]) }

    /// A test of a string key; `keyFirst` keeps the key on the left, as quantifiers need.
    private mutating func stringTest(_ key: String, keyFirst: Bool = false) -> String {
        switch random.int(0..<9) {
        case 0: return "\(key) LIKE\(options()) \(bind(.string(random.pick(Self.likePatterns))))"
        case 1: return "\(key) MATCHES\(options()) \(bind(.string(random.pick(Self.regexPatterns))))"
        case 2: return "\(key) \(random.pick(["CONTAINS", "BEGINSWITH", "ENDSWITH"]))\(options()) \(stringValue())"
        case 3: return "\(key) \(random.pick(["<", "<=", ">", ">="]))\(options()) \(stringValue())"
        case 4 where random.chance(0.3):
            let list = longList { random in .string(random.pick(PredicatePropertyTests.strings + ["nul\u{0}x"])) }
            return "\(key) IN\(options()) \(list)"
        case 4: return "\(key) IN\(options()) {\(stringValue()), \(stringValue())}"
        case 5: return "\(key) BETWEEN\(options()) {\(stringValue()), \(stringValue())}"
        case 6 where !keyFirst: return "\(stringValue()) \(random.pick(["==", "!="]))\(options()) \(key)"
        default: return "\(key) \(random.pick(["==", "!=", "=", "<>"]))\(options()) \(stringValue())"
        }
    }

    private mutating func numberTest(_ key: String, keyFirst: Bool = false) -> String {
        switch random.int(0..<5) {
        case 0: return "\(key) BETWEEN {\(numberValue(key)), \(numberValue(key))}"
        case 1 where random.chance(0.3):
            let list = longList { random in
                random.chance(0.5) ? .integer(random.pick(PredicatePropertyTests.integers))
                                   : .double(random.pick(PredicatePropertyTests.doubles))
            }
            return "\(key) IN \(list)"
        case 1: return "\(key) IN {\(numberValue(key)), \(numberValue(key)), \(numberValue(key))}"
        case 2 where !keyFirst: return "\(numberValue(key)) \(random.pick(["<", ">=", "=="])) \(key)"
        default: return "\(key) \(random.pick(["==", "!=", "<", "<=", ">", ">=", "=<", "=>"])) \(numberValue(key))"
        }
    }

    private mutating func comparison() -> String {
        switch random.int(0..<19) {
        case 0, 1, 2: return stringTest("text")
        case 3, 4, 5: return numberTest(random.pick(["count", "score", "done", "creationTime"]))
        case 6: return stringTest("author.name")
        case 7: return numberTest("author.age")
        case 8:
            if random.chance(0.3) { return "author \(random.pick(["==", "!="])) nil" }
            arguments.append(.object(random.pick(people)))
            return "author \(random.pick(["==", "!="])) %@"
        case 9: return "\(random.pick(["ANY", "SOME", "ALL", "NONE"])) \(stringTest("medias.kind", keyFirst: true))"
        case 10: return "\(random.pick(["ANY", "ALL", "NONE"])) \(numberTest("medias.size", keyFirst: true))"
        case 11: return "\(random.pick(["ANY", "ALL", "NONE"])) medias.entry.text \(random.pick(["==", "!="])) \(stringValue())"
        case 12: return random.pick(["count == author.age", "text == author.name", "text ==[cd] author.name",
                                     "count < author.age", "text BEGINSWITH[c] author.name", "%K == %K"])
                    .replacingKeys(into: &arguments)
        case 13:
            // Objects in a list: compared by identity, saved ones by key.
            arguments.append(.objects((0..<random.int(1..<4)).map { _ in random.pick(people) }))
            return random.chance(0.3) ? "NOT (author IN %@)" : "author IN %@"
        case 14:
            // %K takes a key path, as NSPredicate's does.
            arguments.append(.key(random.pick(["author.name", "text"])))
            return "%K \(random.pick(["==", "!=", "BEGINSWITH[c]", "<"])) \(stringValue())"
        case 15:
            arguments.append(.key(random.pick(["medias.kind", "medias.entry.text"])))
            return "\(random.pick(["ANY", "ALL", "NONE"])) %K \(random.pick(["==", "CONTAINS[cd]"])) \(stringValue())"
        case 16: return aggregateTest()
        case 17: return subqueryTest()
        default: return random.pick(["TRUEPREDICATE", "FALSEPREDICATE"])
        }
    }

    /// An aggregate of a to-many, straight or through the author, compared with a value.
    private mutating func aggregateTest() -> String {
        let order = random.pick(["==", "!=", "<", "<=", ">", ">="])
        switch random.int(0..<7) {
        case 0: return "medias.@count \(order) \(random.int(0..<4))"
        case 1: return "medias.@sum.size \(order) \(random.pick(PredicatePropertyTests.integers))"
        case 2: return "medias.@avg.size \(order) \(numberValue("score"))"
        case 3: return "medias.@\(random.pick(["min", "max"])).kind \(random.pick(["==", "<", ">="]))\(options()) \(stringValue())"
        case 4: return "author.entries.@\(random.pick(["sum", "avg", "min", "max"])).score \(order) \(numberValue("score"))"
        case 5: return "author.entries.@count \(order) \(random.int(0..<4))"
        default: return "medias.@max.size \(order) medias.@min.size"
        }
    }

    /// A SUBQUERY over the medias, whose predicate reads its variable, the entry through
    /// it, or a nested SUBQUERY that compares with the outer variable.
    private mutating func subqueryTest() -> String {
        var tests: [String] = []
        for _ in 0..<random.int(1..<3) {
            switch random.int(0..<5) {
            case 0: tests.append(stringTest("$m.kind"))
            case 1: tests.append(numberTest("$m.size"))
            case 2: tests.append(stringTest("$m.entry.author.name"))
            case 3: tests.append("SUBQUERY($m.entry.medias, $n, $n.size > $m.size).@count \(random.pick(["==", ">"])) 0")
            default: tests.append("$m.entry.medias.@count > 1")
            }
        }
        let inner = tests.joined(separator: random.pick([" AND ", " OR "]))
        let aggregate = random.pick(["@count", "@count", "@sum.size", "@max.kind"])
        let compared = switch aggregate {
        case "@max.kind": "\(random.pick(["==", "<", ">"])) \(stringValue())"
        case "@sum.size": "\(random.pick(["==", "<", ">"])) \(random.pick(PredicatePropertyTests.integers))"
        default: "\(random.pick(["==", ">", "<"])) \(random.int(0..<3))"
        }
        return "SUBQUERY(medias, $m, \(inner)).\(aggregate) \(compared)"
    }
}

private extension String {
    func replacingKeys(into arguments: inout [PredicateArgument]) -> String {
        if self == "%K == %K" { arguments += [.key("score"), .key("count")] }
        return self
    }
}

/// SplitMix64: the same sequence for the same seed on every platform.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(_ range: Range<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < probability
    }

    mutating func pick<T>(_ values: [T]) -> T {
        values[int(0..<values.count)]
    }
}
