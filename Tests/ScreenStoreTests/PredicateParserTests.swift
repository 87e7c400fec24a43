import Testing
@testable import ScreenStore

@Suite struct PredicateParserTests {
    private func parsed(_ format: String, _ arguments: [PredicateArgument] = []) throws -> String {
        try Predicate(format: format, arguments: arguments).description
    }

    private func syntaxError(_ format: String, _ arguments: [PredicateArgument] = []) -> String? {
        do {
            _ = try Predicate(format: format, arguments: arguments)
            return nil
        } catch {
            return (error as? PredicateSyntaxError)?.description
        }
    }

    // MARK: - Precedence

    // Apple's "BNF Definition of Cocoa Predicates" (Predicate Programming Guide, pBNF.html)
    // lists `NSPredicate "AND" NSPredicate | NSPredicate "OR" NSPredicate | "NOT" NSPredicate`
    // without any precedence, and "Predicate Format String Syntax" (pSyntax.html) only says
    // the parser "supports nested parenthetical expressions". We follow the C convention
    // that NSPredicate's `&&`/`||`/`!` spellings invite: NOT binds tightest, then AND, then OR,
    // and a chain of one operator is one compound. GNUstep's and Cappuccino's clones of the parser do the opposite
    // (their parseAnd calls parseOr), so write parentheses in portable predicates.
    @Test func andBindsTighterThanOr() throws {
        #expect(try parsed("a == 1 OR b == 2 AND c == 3") == "a == 1 OR (b == 2 AND c == 3)")
        #expect(try parsed("a == 1 AND b == 2 OR c == 3") == "(a == 1 AND b == 2) OR c == 3")
        #expect(try parsed("a == 1 || b == 2 && c == 3") == "a == 1 OR (b == 2 AND c == 3)")
    }

    @Test func notBindsTighterThanAnd() throws {
        #expect(try parsed("NOT a == 1 AND b == 2") == "(NOT a == 1) AND b == 2")
        #expect(try parsed("!a == 1 OR b == 2") == "(NOT a == 1) OR b == 2")
        #expect(try parsed("NOT (a == 1 AND b == 2)") == "NOT (a == 1 AND b == 2)")
        #expect(try parsed("NOT NOT a == 1") == "NOT (NOT a == 1)")
    }

    @Test func aChainOfOneOperatorIsOneCompoundAndParenthesesGroup() throws {
        #expect(try parsed("a == 1 OR b == 2 OR c == 3") == "a == 1 OR b == 2 OR c == 3")
        #expect(try parsed("(a == 1 OR b == 2) OR c == 3") == "(a == 1 OR b == 2) OR c == 3")
        #expect(try parsed("(a == 1 OR b == 2) AND c == 3") == "(a == 1 OR b == 2) AND c == 3")
    }

    @Test func precedenceDecidesWhichObjectsMatch() throws {
        let entry = PredicateDiary().entry(["count": .integer(1), "score": .double(0)])
        // With OR binding tighter this would be (count == 1 OR count == 2) AND score == 5: false.
        #expect(try Predicate(format: "count == 1 OR count == 2 AND score == 5").evaluate(with: entry))
        #expect(try !Predicate(format: "(count == 1 OR count == 2) AND score == 5").evaluate(with: entry))
    }

    // MARK: - Constructs

    @Test func everyComparisonOperatorSpelling() throws {
        #expect(try parsed("a = 1") == "a == 1")
        #expect(try parsed("a <> 1") == "a != 1")
        #expect(try parsed("a =< 1") == "a <= 1")
        #expect(try parsed("a => 1") == "a >= 1")
        #expect(try parsed("a < 1 AND a > 1 AND a != 1") == "a < 1 AND a > 1 AND a != 1")
        #expect(try parsed("a between {1, 2}") == "a BETWEEN {1, 2}")
        #expect(try parsed("a in %@", [.list([.integer(1), .string("x")])]) == "a IN {1, \"x\"}")
        #expect(try parsed("a contains[c] 'x' AND a beginswith[d] 'y' AND a endswith[cd] 'z'")
            == "a CONTAINS[c] \"x\" AND a BEGINSWITH[d] \"y\" AND a ENDSWITH[cd] \"z\"")
        #expect(try parsed("a LIKE[CD] 'x*' OR a MATCHES 'y.*'") == "a LIKE[cd] \"x*\" OR a MATCHES \"y.*\"")
    }

    @Test func literals() throws {
        #expect(try parsed("a == 'it\\'s' OR a == \"say \\\"hi\\\"\\n\"") == "a == \"it's\" OR a == \"say \"hi\"\n\"")
        #expect(try parsed("a == '\\u00e9'") == "a == \"é\"")
        #expect(try parsed("a == -3 OR a == 2.5 OR a == 1e3") == "a == -3 OR a == 2.5 OR a == 1000.0")
        #expect(try parsed("a == TRUE OR a == yes OR a == False OR a == NO")
            == "a == true OR a == true OR a == false OR a == false")
        #expect(try parsed("a == nil OR a == NULL") == "a == nil OR a == nil")
        #expect(try parsed("TRUEPREDICATE OR falsepredicate") == "TRUEPREDICATE OR FALSEPREDICATE")
    }

    @Test func quantifiersAndKeyPaths() throws {
        #expect(try parsed("ANY medias.kind == 'photo'") == "ANY medias.kind == \"photo\"")
        #expect(try parsed("some medias.kind == 'photo'") == "ANY medias.kind == \"photo\"")
        #expect(try parsed("ALL medias.size > 1 AND NONE medias.kind == 'x'")
            == "ALL medias.size > 1 AND NONE medias.kind == \"x\"")
        #expect(try parsed("entry.text BEGINSWITH 'a'") == "entry.text BEGINSWITH \"a\"")
        #expect(try parsed("#in == 1") == "in == 1")
    }

    @Test func substitution() throws {
        #expect(try parsed("%K == %@", [.key("text"), .value(.string("x"))]) == "text == \"x\"")
        #expect(try parsed("entry.%K == %@", [.key("text"), .value(.null)]) == "entry.text == nil")
        #expect(try parsed("a BETWEEN %@", [.list([.integer(1), .integer(2)])]) == "a BETWEEN {1, 2}")
        #expect(try parsed("a IN {%@, 2}", [.value(.integer(1))]) == "a IN {1, 2}")
        // Quoted, %@ is text, as in NSPredicate.
        #expect(try parsed("a == '%@'") == "a == \"%@\"")
    }

    @Test func percentKTakesAKeyPath() throws {
        // Apple: "%K is a var arg substitution for a key path".
        let predicate = try Predicate(format: "%K == %@", arguments: [.key("author.name"), .value(.string("Ada"))])
        #expect(predicate.keyPaths == ["author"] && predicate.node.fullKeyPaths == [["author", "name"]])
        let quantified = try Predicate(format: "ANY %K == 'x'", arguments: [.value(.string("medias.kind"))])
        #expect(quantified.node.fullKeyPaths == [["medias", "kind"]])
        #expect(try Predicate(format: "entry.%K == 1", arguments: [.key("author.age")]).node.fullKeyPaths
            == [["entry", "author", "age"]])
        for bad in ["author..name", ".name", "author.", ""] {
            #expect(throws: PredicateSyntaxError.self) { try Predicate(format: "%K == 1", arguments: [.key(bad)]) }
        }
    }

    @Test func listsHoldObjects() throws {
        let diary = PredicateDiary()
        let (ann, bob) = (diary.person(name: "Ann", age: 1), diary.person(name: "Bob", age: 2))
        #expect(try parsed("author IN %@", [.objects([ann, bob])]) == "author IN {<Person 1>, <Person 2>}")
        #expect(try parsed("author IN {%@, %@}", [.object(ann), .object(bob)]) == "author IN {<Person 1>, <Person 2>}")
        #expect(throws: PredicateSyntaxError.self) { try Predicate(format: "author IN {%@, 2}", arguments: [.object(ann)]) }
    }

    @Test func keyPathsAreTheFirstKeys() throws {
        let predicate = try Predicate(format: "text == 'a' AND entry.text == 'b' OR ANY medias.kind == 'c' OR 1 == count")
        #expect(predicate.keyPaths == ["text", "entry", "medias", "count"])
        #expect(Predicate.truePredicate.keyPaths.isEmpty)
    }

    // MARK: - Errors

    @Test func errorsShowTheTextUpToTheOffendingToken() {
        #expect(syntaxError("text CONTAINS[c] @") == "text CONTAINS[c] @ <- expected a value at column 18")
        #expect(syntaxError("text CONTAINS[c]") == "text CONTAINS[c] <- expected a value at column 17")
        #expect(syntaxError("text ~= 'a'") == "text ~ <- expected a comparison operator at column 6")
        #expect(syntaxError("(a == 1") == "(a == 1 <- expected ')' at column 8")
        #expect(syntaxError("a == 1 b == 2") == "a == 1 b <- expected AND, OR or the end of the predicate at column 8")
        #expect(syntaxError("a CONTAINS[x] 'b'") == "a CONTAINS[x <- expected options c, d or cd at column 12")
        #expect(syntaxError("a == 'open") == "a == 'open <- unterminated string at column 6")
        #expect(syntaxError("a == '\\q'") == "a == '\\q <- unknown escape \\q at column 7")
        #expect(syntaxError("a IN 3") == "a IN 3 <- expected a list like {1, 2} or %@ at column 6")
        #expect(syntaxError("ANY 3 == 1") == "ANY 3 <- expected a key path at column 5")
        #expect(syntaxError("a == AND") == "a == AND <- expected a value at column 6")
        #expect(syntaxError("a.") == "a. <- expected a key after '.' at column 3")
    }

    @Test func longPrefixesAreCutWithAnEllipsis() {
        let format = "someVeryLongAttributeName == 'x' AND anotherLongName == 'y' AND text CONTAINS[c] @"
        #expect(syntaxError(format) == "…erLongName == 'y' AND text CONTAINS[c] @ <- expected a value at column 82")
    }

    // MARK: - Size

    @Test func nestingDeeperThanTheLimitIsAnErrorNamingTheLimitAndTheColumn() throws {
        let limit = PredicateParser.maximumDepth
        let deepest = String(repeating: "(", count: limit) + "a == 1" + String(repeating: ")", count: limit)
        #expect(try parsed(deepest) == "a == 1")
        let tooDeep = String(repeating: "(", count: limit + 1) + "a == 1" + String(repeating: ")", count: limit + 1)
        #expect(syntaxError(tooDeep)
            == "…" + String(repeating: "(", count: 40) + " <- parentheses, NOT and SUBQUERY nested more than 100 levels deep at column 101")
        // Far past the limit, the parser stops at the limit rather than running out of stack.
        let hostile = String(repeating: "(", count: 10_000) + "a == 1" + String(repeating: ")", count: 10_000)
        #expect(syntaxError(hostile)?.hasSuffix("nested more than 100 levels deep at column 101") == true)
        let nots = String(repeating: "NOT ", count: 50_000) + "a == 1"
        #expect(syntaxError(nots)?.hasSuffix("nested more than 100 levels deep at column 401") == true)
        #expect(syntaxError(String(repeating: "!", count: 50_000) + "a == 1")?.hasSuffix("at column 101") == true)
        #expect(try parsed(String(repeating: "NOT ", count: limit) + "a == 1").hasPrefix("NOT (NOT (NOT "))
    }

    @Test func aLongChainIsOneWideCompound() throws {
        let terms = (0..<10_000).map { "a == \($0)" }
        let predicate = try Predicate(format: terms.joined(separator: " OR "))
        guard case .or(let operands) = predicate.node else {
            Issue.record("not an OR")
            return
        }
        #expect(operands.count == 10_000)
        #expect(predicate.node.fullKeyPaths == [["a"]])
        let mixed = try Predicate(format: terms.joined(separator: " AND ") + " OR b == 1")
        guard case .or(let alternatives) = mixed.node, case .and(let conjuncts) = alternatives[0] else {
            Issue.record("not (… AND …) OR b == 1")
            return
        }
        #expect(alternatives.count == 2 && conjuncts.count == 10_000)
    }

    @Test func nanArgumentsAreRefusedWithTheirPlace() {
        #expect(syntaxError("a == 1 OR a == %@", [.value(.double(.nan))])
            == "a == 1 OR a == %@ <- argument #1 is NaN, which is not a number a predicate can compare at column 16")
        #expect(syntaxError("a IN %@", [.list([.integer(1), .date(.nan)])])
            == "a IN %@ <- argument #1 holds NaN, which is not a number a predicate can compare at column 6")
        #expect(syntaxError("a == %@", [.value(.double(.infinity))]) == nil)
    }

    @Test func argumentsMustMatchTheFormat() {
        #expect(syntaxError("a == %@") == "a == %@ <- missing argument #1 at column 6")
        #expect(syntaxError("a == %@", [.key("b")]) == "a == %@ <- expected a value for %@, got a key (use %K) at column 6")
        #expect(syntaxError("%K == 1", [.value(.integer(1))]) == "%K <- expected a key for %K at column 1")
        #expect(syntaxError("a == 1", [.value(.integer(1))]) == "a == 1 <- 1 arguments given but the format uses 0 at column 7")
        #expect(syntaxError("a IN %@", [.value(.integer(1))]) == "a IN %@ <- expected a list for %@ at column 6")
    }
}
