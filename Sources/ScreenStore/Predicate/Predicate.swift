/// A condition on stored objects in NSPredicate's format, run as SQL by fetches and in
/// memory for unsaved objects, with the same result both ways.
///
/// ```swift
/// let search = try Predicate(format: "text CONTAINS[cd] %@ AND ANY medias.kind == 'photo'",
///                            arguments: [.value(.string("hel"))])
/// let matches = try search.evaluate(with: entry)
/// let condition = try search.sql(for: diaryEntry, in: model, alias: "t0")
/// ```
///
/// Grammar: comparisons (`= == != <> < <= > >= =< =>`), `BETWEEN {lo, hi}`, `IN {a, b}`,
/// `CONTAINS`, `BEGINSWITH`, `ENDSWITH`, `LIKE` (`*`, `?`), `MATCHES` (ICU regular expression
/// matching the whole string), options `[c]` `[d]` `[cd]`, `AND`/`&&`, `OR`/`||`, `NOT`/`!`,
/// parentheses, `ANY`/`SOME`/`ALL`/`NONE` over to-many key paths, key paths through to-one
/// relationships, the aggregates `@count`, `@sum`, `@avg`, `@min`, `@max` of a to-many
/// (`expenses.@sum.amount`), `SUBQUERY(expenses, $e, $e.amount > 10).@count`, `%@` and `%K`,
/// quoted strings with `\` escapes, numbers, `TRUE`/`YES`, `FALSE`/`NO`, `nil`/`NULL`,
/// `TRUEPREDICATE`/`FALSEPREDICATE`. Keywords are case-insensitive; `#key` escapes a key
/// named like a keyword. Inside a `SUBQUERY`, key paths start with its variable.
///
/// Precedence, loosest first: `OR`, `AND`, `NOT`, comparison — `a OR b AND c` is
/// `a OR (b AND c)`, `NOT a AND b` is `(NOT a) AND b`.
///
/// Nil: `x == nil` holds when x is nil and `!=` is always the negation of `==`; every other
/// comparison with nil on either side (`<`, `BETWEEN`, `CONTAINS`, ...) is false, so
/// `NOT (x < 5)` holds for a nil x. SQL gets the same two-valued logic (`IS`, `IS NOT NULL`
/// guards), never SQL's NULL propagation.
public struct Predicate {
    let node: PredicateNode
    /// The format parsed, which errors found later quote.
    let text: [Character]

    /// Parses `format`, substituting `arguments` for `%@` and `%K` in order.
    /// - Throws: ``PredicateSyntaxError`` with the column where parsing stopped.
    public init(format: String, arguments: [PredicateArgument] = []) throws {
        text = Array(format)
        node = try PredicateParser.parse(text, arguments: arguments)
    }

    init(node: PredicateNode) {
        self.node = node
        text = []
    }

    public static let truePredicate = Predicate(node: .constant(true))
    public static let falsePredicate = Predicate(node: .constant(false))

    /// The first key of every key path the predicate reads (`entry.text` gives `entry`):
    /// a change to any other key cannot change its result.
    public var keyPaths: Set<String> { node.keyPaths }
}

extension Predicate: CustomStringConvertible {
    /// The predicate in format syntax, nested compounds in parentheses.
    public var description: String { node.description }
}
