/// A recursive-descent parser for NSPredicate's format.
///
/// Precedence, loosest first: `OR`, `AND`, `NOT`, then one comparison; a chain of one
/// operator (`a OR b OR c`) is one node with all its operands. Arguments are substituted
/// while parsing, so the tree holds values, lists, objects and key paths only.
///
/// Each parenthesis, `NOT` and `SUBQUERY` is one level of recursion here and in every walk over
/// the tree, so their nesting is limited to ``maximumDepth``; chains of any length are flat.
struct PredicateParser {
    /// How deeply parentheses, `NOT`s and `SUBQUERY`s may nest. Far more than a predicate written by
    /// hand needs, and far less than would exhaust a thread's stack.
    static let maximumDepth = 100

    private let text: [Character]
    private let tokens: [PredicateToken]
    private var arguments: [PredicateArgument]
    private var position = 0
    private var argumentIndex = 0
    private var depth = 0
    /// The end of the last token consumed, where a comparison's span ends.
    private var previousEnd = 0
    /// The variables of the SUBQUERYs around the current token, innermost last.
    private var variables: [String] = []

    private static let keywords: Set<String> = [
        "AND", "OR", "NOT", "ANY", "SOME", "ALL", "NONE", "IN", "BETWEEN", "CONTAINS", "BEGINSWITH", "ENDSWITH",
        "LIKE", "MATCHES", "TRUE", "YES", "FALSE", "NO", "NIL", "NULL", "TRUEPREDICATE", "FALSEPREDICATE", "SUBQUERY",
    ]

    static func parse(_ text: [Character], arguments: [PredicateArgument]) throws(PredicateSyntaxError) -> PredicateNode {
        var parser = PredicateParser(text: text, tokens: try PredicateLexer.tokens(of: text), arguments: arguments)
        let node = try parser.parseOr()
        guard parser.current.kind == .end else { throw parser.error("expected AND, OR or the end of the predicate") }
        guard parser.argumentIndex == arguments.count else {
            throw PredicateSyntaxError(
                "\(arguments.count) arguments given but the format uses \(parser.argumentIndex)",
                at: text.count, tokenEnd: text.count, in: text)
        }
        return node
    }

    private init(text: [Character], tokens: [PredicateToken], arguments: [PredicateArgument]) {
        self.text = text
        self.tokens = tokens
        self.arguments = arguments
    }

    // MARK: - Compound predicates

    private mutating func parseOr() throws(PredicateSyntaxError) -> PredicateNode {
        var operands = [try parseAnd()]
        while accept(keyword: "OR", symbol: "||") {
            operands.append(try parseAnd())
        }
        return operands.count == 1 ? operands[0] : .or(operands)
    }

    private mutating func parseAnd() throws(PredicateSyntaxError) -> PredicateNode {
        var operands = [try parseNot()]
        while accept(keyword: "AND", symbol: "&&") {
            operands.append(try parseNot())
        }
        return operands.count == 1 ? operands[0] : .and(operands)
    }

    private mutating func parseNot() throws(PredicateSyntaxError) -> PredicateNode {
        if current.isKeyword("NOT") || current.kind == .symbol("!") {
            try enterLevel()
            advance()
            defer { depth -= 1 }
            return .not(try parseNot())
        }
        return try parsePrimary()
    }

    private mutating func parsePrimary() throws(PredicateSyntaxError) -> PredicateNode {
        if current.kind == .symbol("(") {
            try enterLevel()
            advance()
            defer { depth -= 1 }
            let node = try parseOr()
            guard accept(symbol: ")") else { throw error("expected ')'") }
            return node
        }
        if accept(keyword: "TRUEPREDICATE") { return .constant(true) }
        if accept(keyword: "FALSEPREDICATE") { return .constant(false) }
        return .comparison(try parseComparison())
    }

    // MARK: - Comparisons

    private mutating func parseComparison() throws(PredicateSyntaxError) -> Comparison {
        let start = current.start
        var quantifier: Quantifier?
        if accept(keyword: "ANY", symbol: nil) || accept(keyword: "SOME") {
            quantifier = .any
        } else if accept(keyword: "ALL") {
            quantifier = .all
        } else if accept(keyword: "NONE") {
            quantifier = Quantifier.none
        }
        let lhs: Operand
        if let quantifier {
            let pathStart = current
            switch try parsePath() {
            case .keyPath(let path)?: lhs = .keyPath(path)
            case .aggregate?: throw error("\(quantifier.rawValue) needs a to-many key path, not an aggregate", at: pathStart)
            default: throw error("expected a key path")
            }
        } else {
            lhs = try parseOperand()
        }
        let op = try parseOperator()
        let options = try parseOptions()
        let rhs = op == .in || op == .between ? try parseList() : try parseOperand()
        var membership: ValueMembership?
        if op == .in, case .list(let values) = rhs, values.count > ValueMembership.minimumCount {
            membership = ValueMembership(values, options: options)
        }
        return Comparison(
            quantifier: quantifier, lhs: lhs, op: op, options: options, rhs: rhs, membership: membership,
            span: start..<max(start, previousEnd))
    }

    private static let operatorSymbols: [String: ComparisonOperator] = [
        "=": .equal, "==": .equal, "!=": .notEqual, "<>": .notEqual, "<": .less, "<=": .lessOrEqual,
        "=<": .lessOrEqual, ">": .greater, ">=": .greaterOrEqual, "=>": .greaterOrEqual,
    ]

    private mutating func parseOperator() throws(PredicateSyntaxError) -> ComparisonOperator {
        if case .symbol(let symbol) = current.kind, let op = Self.operatorSymbols[symbol] {
            advance()
            return op
        }
        if let word = current.upper, let op = ComparisonOperator(rawValue: word), !op.isSymbol {
            advance()
            return op
        }
        throw error("expected a comparison operator")
    }

    private mutating func parseOptions() throws(PredicateSyntaxError) -> StringOptions {
        guard accept(symbol: "[") else { return [] }
        var options: StringOptions = []
        if case .word(let word) = current.kind, !word.isEmpty, word.lowercased().allSatisfy({ $0 == "c" || $0 == "d" }) {
            for flag in word.lowercased() {
                options.insert(flag == "c" ? .caseInsensitive : .diacriticInsensitive)
            }
            advance()
        } else {
            throw error("expected options c, d or cd")
        }
        guard accept(symbol: "]") else { throw error("expected ']'") }
        return options
    }

    /// A key path, an aggregate, a literal, `%@` or `%K`.
    private mutating func parseOperand() throws(PredicateSyntaxError) -> Operand {
        if let path = try parsePath() { return path }
        if let value = try parseValue() { return .value(value) }
        if case .format("@") = current.kind {
            let operand: Operand
            switch try nextArgument() {
            case .value(let value): operand = .value(value)
            case .object(let object): operand = .object(object)
            case .list, .objects: throw error("expected a single value for %@, got a list")
            case .key: throw error("expected a value for %@, got a key (use %K)")
            }
            advance()
            return operand
        }
        throw error("expected a value")
    }

    /// `{a, b}` or `%@` holding a list, after IN and BETWEEN. A list holds values or
    /// objects, not both.
    private mutating func parseList() throws(PredicateSyntaxError) -> Operand {
        if case .format("@") = current.kind {
            let operand: Operand
            switch try nextArgument() {
            case .list(let values): operand = .list(values)
            case .objects(let objects): operand = .objects(objects)
            default: throw error("expected a list for %@")
            }
            advance()
            return operand
        }
        guard accept(symbol: "{") else { throw error("expected a list like {1, 2} or %@") }
        var values: [StoreValue] = []
        var objects: [any KeyValueReadable] = []
        if accept(symbol: "}") { return .list(values) }
        repeat {
            if let value = try parseValue() {
                values.append(value)
            } else if case .format("@") = current.kind {
                switch try nextArgument() {
                case .value(let value): values.append(value)
                case .object(let object): objects.append(object)
                default: throw error("expected a value or an object for %@ in a list")
                }
                advance()
            } else {
                throw error("expected a value")
            }
            if !values.isEmpty && !objects.isEmpty { throw error("a list holds values or objects, not both") }
        } while accept(symbol: ",")
        guard accept(symbol: "}") else { throw error("expected ',' or '}'") }
        return objects.isEmpty ? .list(values) : .objects(objects)
    }

    // MARK: - Key paths, aggregates and SUBQUERY

    /// A key path (`author.name`, `%K`, `$e.amount`, `$e`), an aggregate over one
    /// (`expenses.@count`, `expenses.@sum.amount`) or over a `SUBQUERY(...)`; nil when the
    /// current token starts none of them.
    private mutating func parsePath() throws(PredicateSyntaxError) -> Operand? {
        if current.isKeyword("SUBQUERY") {
            let subquery = try parseSubquery()
            guard current.kind == .symbol("."), case .collectionOperator = tokens[position + 1].kind else {
                throw error("expected .@count (or @sum, @avg, @min, @max) after SUBQUERY(...): it is a collection")
            }
            advance()
            return .aggregate(try parseAggregate(of: .subquery(subquery)))
        }
        let start = current
        var variable: String?
        if case .variable(let name) = current.kind {
            guard variables.contains(name) else {
                throw error(
                    variables.isEmpty
                        ? "$\(name) is not a variable here: variables are SUBQUERY's (use %@ for a value)"
                        : "unknown variable $\(name) (in scope: \(variables.map { "$" + $0 }.joined(separator: ", ")))")
            }
            variable = name
            advance()
            guard accept(symbol: ".") else { return .keyPath(KeyPathExpression([], from: name)) }
        }
        var keys: [String] = []
        repeat {
            if case .collectionOperator(let name) = current.kind {
                guard variable != nil || !keys.isEmpty else { throw error("expected a to-many key path before @\(name)") }
                return .aggregate(try parseAggregate(of: .keyPath(KeyPathExpression(keys, from: variable))))
            }
            guard try parseKey(into: &keys) else {
                if keys.isEmpty && variable == nil { return nil }
                throw error("expected a key after '.'")
            }
        } while accept(symbol: ".")
        if variable == nil, let innermost = variables.last {
            throw error(
                "inside SUBQUERY, a key path starts with a variable: $\(innermost).\(keys.joined(separator: "."))", at: start)
        }
        return .keyPath(KeyPathExpression(keys, from: variable))
    }

    /// `@count`, or `@sum`/`@avg`/`@min`/`@max` and the key read on each element, after the
    /// collection's `.`.
    private mutating func parseAggregate(
        of collection: AggregateExpression.Collection
    ) throws(PredicateSyntaxError) -> AggregateExpression {
        guard case .collectionOperator(let name) = current.kind else { throw error("expected @count, @sum, @avg, @min or @max") }
        guard let function = AggregateExpression.Function(rawValue: name) else {
            let known = AggregateExpression.Function.allCases.map { "@" + $0.rawValue }
            throw error("unknown collection operator @\(name) (expected \(known.dropLast().joined(separator: ", ")) or \(known.last!))")
        }
        advance()
        guard function.readsKey else {
            if current.kind == .symbol(".") { throw error("@count takes no key after it") }
            return AggregateExpression(function: function, collection: collection, keys: [])
        }
        var keys: [String] = []
        guard accept(symbol: "."), try parseKey(into: &keys) else {
            throw error("expected the key to \(name) after @\(name), as in expenses.@\(name).amount")
        }
        while accept(symbol: ".") {
            guard try parseKey(into: &keys) else { throw error("expected a key after '.'") }
        }
        return AggregateExpression(function: function, collection: collection, keys: keys)
    }

    /// `SUBQUERY(collection, $variable, predicate)`, the variable in scope in the predicate.
    private mutating func parseSubquery() throws(PredicateSyntaxError) -> Subquery {
        try enterLevel()
        defer { depth -= 1 }
        advance()
        guard accept(symbol: "(") else { throw error("expected '(' after SUBQUERY") }
        let collectionStart = current
        guard case .keyPath(let collection)? = try parsePath() else {
            throw error("expected a to-many key path as SUBQUERY's collection", at: collectionStart)
        }
        guard accept(symbol: ",") else { throw error("expected ',' after SUBQUERY's collection") }
        guard case .variable(let variable) = current.kind else { throw error("expected a variable such as $e") }
        guard !variables.contains(variable) else { throw error("$\(variable) is already the variable of an enclosing SUBQUERY") }
        advance()
        guard accept(symbol: ",") else { throw error("expected ',' after SUBQUERY's variable") }
        variables.append(variable)
        defer { variables.removeLast() }
        let predicate = try parseOr()
        guard accept(symbol: ")") else { throw error("expected ')' to close SUBQUERY") }
        return Subquery(collection: collection, variable: variable, predicate: predicate)
    }

    /// Appends the key at the current token (a word, `#word`, or `%K` with its key path) and
    /// consumes it; false when the current token is not a key.
    private mutating func parseKey(into keys: inout [String]) throws(PredicateSyntaxError) -> Bool {
        switch current.kind {
        case .word(let word) where !Self.keywords.contains(current.upper ?? ""):
            keys.append(word)
        case .escapedWord(let word):
            keys.append(word)
        case .format("K"):
            // A key path, or a string argument standing for one (as NSPredicate takes
            // an NSString for %K); `author.name` is two keys, as Apple's %K reads it.
            switch try nextArgument() {
            case .key(let path), .value(.string(let path)):
                let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                guard !parts.contains(where: \.isEmpty) else { throw error("'\(path)' is not a key path for %K") }
                keys += parts
            default:
                throw error("expected a key for %K")
            }
        default:
            return false
        }
        if keys.count > KeyPathStep.maximumCount {
            throw error("a key path of more than \(KeyPathStep.maximumCount) keys")
        }
        advance()
        return true
    }

    private mutating func parseValue() throws(PredicateSyntaxError) -> StoreValue? {
        let value: StoreValue
        switch current.kind {
        case .string(let string): value = .string(string)
        case .integer(let integer): value = .integer(integer)
        case .double(let double): value = .double(double)
        case .word where current.isKeyword("TRUE", "YES"): value = .boolean(true)
        case .word where current.isKeyword("FALSE", "NO"): value = .boolean(false)
        case .word where current.isKeyword("NIL", "NULL"): value = .null
        case .invalid("-"):
            return try parseNegative()
        default: return nil
        }
        advance()
        return value
    }

    private mutating func parseNegative() throws(PredicateSyntaxError) -> StoreValue {
        advance()
        let value: StoreValue
        switch current.kind {
        case .integer(let integer): value = .integer(-integer)
        case .double(let double): value = .double(-double)
        default: throw error("expected a number after '-'")
        }
        advance()
        return value
    }

    // MARK: - Tokens and arguments

    private var current: PredicateToken { tokens[position] }

    private mutating func advance() {
        previousEnd = current.end
        if position < tokens.count - 1 { position += 1 }
    }

    private mutating func accept(keyword: String, symbol: String? = nil) -> Bool {
        if current.isKeyword(keyword) || (symbol != nil && current.kind == .symbol(symbol!)) {
            advance()
            return true
        }
        return false
    }

    private mutating func accept(symbol: String) -> Bool {
        guard current.kind == .symbol(symbol) else { return false }
        advance()
        return true
    }

    /// The argument for the `%@`/`%K` at the current token, which the caller consumes once
    /// the argument's kind fits.
    private mutating func nextArgument() throws(PredicateSyntaxError) -> PredicateArgument {
        guard argumentIndex < arguments.count else {
            throw error("missing argument #\(argumentIndex + 1)")
        }
        argumentIndex += 1
        let argument = arguments[argumentIndex - 1]
        // SQLite binds NaN as NULL, so `x == %@` would match nil there and nothing in memory.
        switch argument {
        case .value(let value) where value.isNaN:
            throw error("argument #\(argumentIndex) is NaN, which is not a number a predicate can compare")
        case .list(let values) where values.contains(where: \.isNaN):
            throw error("argument #\(argumentIndex) holds NaN, which is not a number a predicate can compare")
        default:
            return argument
        }
    }

    /// Counts a level of nesting at the current token (a parenthesis or a `NOT`).
    private mutating func enterLevel() throws(PredicateSyntaxError) {
        guard depth < Self.maximumDepth else {
            throw error("parentheses, NOT and SUBQUERY nested more than \(Self.maximumDepth) levels deep")
        }
        depth += 1
    }

    private func error(_ message: String, at token: PredicateToken? = nil) -> PredicateSyntaxError {
        let token = token ?? current
        return PredicateSyntaxError(message, at: token.start, tokenEnd: token.end, in: text)
    }
}
