import Testing
@testable import ScreenStore

/// `@count`, `@sum`, `@avg`, `@min`, `@max` of to-manys and `SUBQUERY`: parsed with their
/// places, translated to SQL subqueries, evaluated in memory as NSPredicate does.
@Suite struct PredicateAggregateTests {
    private let diary = PredicateDiary()

    private func sql(_ format: String, _ arguments: [PredicateArgument] = []) throws -> String {
        try Predicate(format: format, arguments: arguments)
            .sql(for: diary.model.entity(named: "DiaryEntry")!, in: diary.model, alias: "t0").sql
    }

    private func matches(_ format: String, _ object: PredicateTestObject) throws -> Bool {
        try Predicate(format: format).evaluate(with: object)
    }

    private func syntaxError(_ format: String) -> String? {
        do {
            _ = try Predicate(format: format)
            return nil
        } catch {
            return (error as? PredicateSyntaxError)?.description
        }
    }

    @Test func aggregatesAndSubqueriesReadBackAsWritten() throws {
        #expect(try Predicate(format: "medias.@count > 2").description == "medias.@count > 2")
        #expect(try Predicate(format: "author.entries.@avg.score >= 1.5").description == "author.entries.@avg.score >= 1.5")
        #expect(try Predicate(format: "SUBQUERY(medias, $m, $m.size > 10 AND $m.kind == 'a').@count == 0").description
            == "SUBQUERY(medias, $m, $m.size > 10 AND $m.kind == \"a\").@count == 0")
        #expect(try Predicate(format: "SUBQUERY(medias, $m, $m.size > 1).@count > 0").keyPaths == ["medias"])
    }

    @Test func theyRunAsSubqueriesOverTheDestinationsRows() throws {
        #expect(try sql("medias.@count > 2")
            == "((SELECT count(*) FROM \"Medium\" AS t0_1 WHERE t0_1.\"entry\" = t0.\"Z_PK\") > ?)")
        #expect(try sql("medias.@sum.size == 0")
            == "((SELECT COALESCE(SUM(t0_1.\"size\"), 0) FROM \"Medium\" AS t0_1 WHERE t0_1.\"entry\" = t0.\"Z_PK\") IS ?)")
        // An average of nothing is NULL: the comparison guards against it.
        #expect(try sql("medias.@avg.size < 3").contains("AVG(t0_1.\"size\") FROM \"Medium\" AS t0_1 WHERE t0_1.\"entry\" = t0.\"Z_PK\") IS NOT NULL AND"))
        // Through a to-one first: the owner is the to-one's key.
        #expect(try sql("author.entries.@max.score > 1").contains("WHERE t0_1.\"author\" = t0.\"author\""))
        // A SUBQUERY's variable is the destination's row.
        #expect(try sql("SUBQUERY(medias, $m, $m.size > 10).@count > 0")
            == "((SELECT count(*) FROM \"Medium\" AS t0_1 WHERE t0_1.\"entry\" = t0.\"Z_PK\" AND "
            + "(t0_1.\"size\" IS NOT NULL AND t0_1.\"size\" > ?)) > ?)")
    }

    @Test func aBigSubqueryBindsItsValuesInSubqueriesAsABigPredicateDoes() throws {
        let inner = (0..<101).map { "$m.size == \($0)" }.joined(separator: " OR ")
        #expect(try sql("SUBQUERY(medias, $m, \(inner)).@count > 0").contains("t0_1.\"size\" IS (SELECT ?)"))
        #expect(try !sql("SUBQUERY(medias, $m, $m.size == 1).@count > 0").contains("(SELECT ?)"))
    }

    @Test func emptyCollectionsGiveWhatNSPredicateGives() throws {
        let empty = diary.entry([:])
        #expect(try matches("medias.@count == 0", empty))
        #expect(try matches("medias.@sum.size == 0", empty))
        #expect(try matches("medias.@avg.size == nil", empty))
        #expect(try !matches("medias.@avg.size > 0", empty))
        #expect(try !matches("medias.@avg.size <= 0", empty))
        #expect(try matches("medias.@max.kind == nil", empty))
        // Through a nil to-one the collection is empty.
        #expect(try matches("author.entries.@count == 0", empty))
        #expect(try matches("SUBQUERY(medias, $m, $m.size > 0).@count == 0", empty))
    }

    @Test func aggregatesReadEveryMemberLeavingNilsOut() throws {
        let author = diary.person(name: "Ann", age: 30)
        let entry = diary.entry(["score": .double(1.5)], author: author)
        diary.entry(["score": .double(2.5)], author: author)
        diary.entry([:], author: author)
        diary.medium(kind: "photo", size: 10, entry: entry)
        diary.medium(kind: "audio", size: 30, entry: entry)
        #expect(try matches("medias.@count == 2", entry))
        #expect(try matches("medias.@sum.size == 40", entry))
        #expect(try matches("medias.@avg.size == 20", entry))
        #expect(try matches("medias.@min.kind == 'audio' AND medias.@max.kind == 'photo'", entry))
        #expect(try matches("author.entries.@count == 3", entry))
        #expect(try matches("author.entries.@avg.score == 2", entry), "the nil score is left out")
        #expect(try matches("author.entries.@sum.score == 4.0", entry))
        #expect(try matches("SUBQUERY(medias, $m, $m.size > 20).@count == 1", entry))
        #expect(try matches("SUBQUERY(medias, $m, $m.size > 5).@sum.size == 40", entry))
        #expect(try matches("SUBQUERY(medias, $m, SUBQUERY($m.entry.medias, $n, $n.size > $m.size).@count > 0).@count == 1", entry))
        #expect(try matches("SUBQUERY(medias, $m, $m == nil).@count == 0", entry))
    }

    @Test func aSumOfIntegersBeyondSixtyFourBitsFailsInMemoryAsInSQL() throws {
        let entry = diary.entry([:])
        diary.medium(kind: "a", size: .max, entry: entry)
        diary.medium(kind: "b", size: 1, entry: entry)
        #expect(throws: StoreError.database(StoreError.sumOverflow)) { try matches("medias.@sum.size > 0", entry) }
        let database = try PredicateDatabase(diary)
        let predicate = try Predicate(format: "medias.@sum.size > 0")
        do {
            _ = try database.keys(predicate, entity: diary.model.entity(named: "DiaryEntry")!, model: diary.model)
            Issue.record("SQLite summed beyond 64 bits")
        } catch {
            #expect(StoreError.reason(error) == StoreError.sumOverflow)
        }
    }

    @Test func misuseIsRefusedWithThePlace() {
        func message(_ format: String) -> String? {
            predicateError { try sql(format) }?.description
        }
        #expect(message("medias.@sum.kind > 1")
            == "medias.@sum.kind > 1 <- @sum needs an integer or double attribute, but Medium.kind is a string at column 1")
        #expect(message("count > 1 AND author.@count > 1")
            == "count > 1 AND author.@count > 1 <- @count needs a to-many key path, but author is a to-one relationship at column 15")
        #expect(message("text.@count > 1") == "text.@count > 1 <- @count needs a to-many key path, but text is an attribute at column 1")
        #expect(message("medias.@max.entry > 1")?.contains("@max needs an attribute after it, but entry is a to-one relationship") == true)
        #expect(message("author.entries.medias.@count > 1")?.contains("crosses more than one to-many relationship") == true)
        #expect(message("medias.@min.sise > 1")?.contains("Medium has no key 'sise' (its keys: entry, kind, size)") == true)
        #expect(message("SUBQUERY(author, $a, $a.age > 1).@count > 0")?.contains("@count needs a to-many key path, but author is a to-one") == true)
        #expect(message("SUBQUERY(medias, $m, $m.kynd == 'a').@count > 0")
            == "SUBQUERY(medias, $m, $m.kynd == 'a' <- Medium has no key 'kynd' (its keys: entry, kind, size) at column 22")
        #expect(message("medias.@count > 'many'")?.contains("medias.@count (a number) cannot be compared with > to \"many\" (a string)") == true)
        #expect(message("ANY medias.@count > 1") == nil && syntaxError("ANY medias.@count > 1")
            == "ANY medias <- ANY needs a to-many key path, not an aggregate at column 5")
    }

    @Test func syntaxErrorsSayWhatWasExpectedAndWhere() {
        #expect(syntaxError("medias.@cnt > 1")
            == "medias.@cnt <- unknown collection operator @cnt (expected @count, @sum, @avg, @min or @max) at column 8")
        #expect(syntaxError("medias.@sum > 1") == "medias.@sum > <- expected the key to sum after @sum, as in expenses.@sum.amount at column 13")
        #expect(syntaxError("medias.@count.size > 1") == "medias.@count. <- @count takes no key after it at column 14")
        #expect(syntaxError("@count > 1") == "@count <- expected a to-many key path before @count at column 1")
        #expect(syntaxError("SUBQUERY(medias, $m, size > 1).@count > 0")
            == "SUBQUERY(medias, $m, size <- inside SUBQUERY, a key path starts with a variable: $m.size at column 22")
        #expect(syntaxError("$m.size > 1") == "$m <- $m is not a variable here: variables are SUBQUERY's (use %@ for a value) at column 1")
        #expect(syntaxError("SUBQUERY(medias, $m, $n.size > 1).@count > 0")
            == "SUBQUERY(medias, $m, $n <- unknown variable $n (in scope: $m) at column 22")
        #expect(syntaxError("SUBQUERY(medias, $m, $m.size > 1) > 0")
            == "SUBQUERY(medias, $m, $m.size > 1) > <- expected .@count (or @sum, @avg, @min, @max) after SUBQUERY(...): it is a collection at column 35")
        #expect(syntaxError("SUBQUERY(medias, m, m.size > 1).@count > 0")
            == "SUBQUERY(medias, m <- expected a variable such as $e at column 18")
        #expect(syntaxError("SUBQUERY(medias, $m, SUBQUERY($m.entry.medias, $m, $m.size > 1).@count > 0).@count > 0")?
            .contains("$m is already the variable of an enclosing SUBQUERY at column 48") == true)
        #expect(syntaxError("SUBQUERY(medias, $m, $m.size > 1 .@count > 0") != nil)
    }
}
