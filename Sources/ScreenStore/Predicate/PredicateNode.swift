/// The parsed form of a predicate, shared by the evaluator and the SQL translator.
///
/// `AND` and `OR` hold every operand of a chain (`a OR b OR c` is one `.or` of three), so a
/// long chain is a wide node rather than a deep one: the walks over a tree are recursive, and
/// the parser bounds its depth (``PredicateParser/maximumDepth``), not its width.
indirect enum PredicateNode {
    case constant(Bool)
    case not(PredicateNode)
    /// Two or more operands.
    case and([PredicateNode])
    /// Two or more operands.
    case or([PredicateNode])
    case comparison(Comparison)
}

/// `[ANY] lhs op[options] rhs`.
struct Comparison {
    var quantifier: Quantifier?
    var lhs: Operand
    var op: ComparisonOperator
    var options: StringOptions
    var rhs: Operand
    /// For `IN` a long list of values: the index the evaluator looks values up in.
    var membership: ValueMembership?
    /// Where the comparison stands in the format (character offsets), for errors found
    /// when it meets an entity; nil for comparisons not parsed from a format.
    var span: Range<Int>?
}

enum Quantifier: String {
    case any = "ANY", all = "ALL", none = "NONE"
}

enum Operand {
    /// A dotted key path, split once at parse time.
    case keyPath(KeyPathExpression)
    case value(StoreValue)
    case list([StoreValue])
    case object(any KeyValueReadable)
    /// Objects after `IN`, compared by identity (saved ones by primary key).
    case objects([any KeyValueReadable])
    /// `expenses.@count`, `expenses.@sum.amount`, `SUBQUERY(...).@count`.
    case aggregate(AggregateExpression)
}

/// A key path read from the evaluated object, or from a `SUBQUERY` variable (`$e.amount`,
/// or `$e` alone for the element itself).
struct KeyPathExpression: Hashable {
    /// The variable the path starts at; nil for the evaluated object.
    var variable: String?
    var keys: [String]

    init(_ keys: [String], from variable: String? = nil) {
        self.keys = keys
        self.variable = variable
    }
}

nonisolated enum ComparisonOperator: String {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case between = "BETWEEN", `in` = "IN"
    case contains = "CONTAINS", beginsWith = "BEGINSWITH", endsWith = "ENDSWITH", like = "LIKE", matches = "MATCHES"

    var isOrdering: Bool { [.less, .lessOrEqual, .greater, .greaterOrEqual].contains(self) }
    /// Written with symbols (`==`) rather than a word (`IN`).
    var isSymbol: Bool { isOrdering || self == .equal || self == .notEqual }
    var isStringOperator: Bool { [.contains, .beginsWith, .endsWith, .like, .matches].contains(self) }

    /// The operator that gives the same result with its operands swapped (`1 < x` is `x > 1`).
    var mirrored: ComparisonOperator? {
        switch self {
        case .equal, .notEqual: self
        case .less: .greater
        case .lessOrEqual: .greaterOrEqual
        case .greater: .less
        case .greaterOrEqual: .lessOrEqual
        default: nil
        }
    }
}

/// `[c]` and `[d]`: case- and diacritic-insensitive string comparison.
nonisolated struct StringOptions: OptionSet, Hashable, Sendable {
    let rawValue: Int
    static let caseInsensitive = StringOptions(rawValue: 1)
    static let diacriticInsensitive = StringOptions(rawValue: 2)

    var suffix: String {
        switch (contains(.caseInsensitive), contains(.diacriticInsensitive)) {
        case (true, true): "[cd]"
        case (true, false): "[c]"
        case (false, true): "[d]"
        case (false, false): ""
        }
    }
}

// MARK: - Reading back

extension PredicateNode: CustomStringConvertible {
    /// The predicate in format syntax with every compound inside another in parentheses,
    /// which shows how the parser grouped it.
    var description: String {
        switch self {
        case .constant(let value): value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .not(let inner): "NOT \(inner.nested)"
        case .and(let operands): operands.map(\.nested).joined(separator: " AND ")
        case .or(let operands): operands.map(\.nested).joined(separator: " OR ")
        case .comparison(let comparison): comparison.description
        }
    }

    private var nested: String {
        switch self {
        case .and, .or, .not: "(\(description))"
        case .constant, .comparison: description
        }
    }

    /// The first component of every key path the predicate reads.
    var keyPaths: Set<String> {
        Set(fullKeyPaths.map { $0[0] })
    }
}

extension PredicateNode {
    /// How many comparisons the predicate makes, those inside its SUBQUERYs included.
    var comparisonCount: Int {
        switch self {
        case .constant: 0
        case .not(let inner): inner.comparisonCount
        case .and(let operands), .or(let operands): operands.reduce(0) { $0 + $1.comparisonCount }
        case .comparison(let comparison):
            [comparison.lhs, comparison.rhs].reduce(1) { count, operand in
                guard case .aggregate(let aggregate) = operand, case .subquery(let subquery) = aggregate.collection else {
                    return count
                }
                return count + subquery.predicate.comparisonCount
            }
        }
    }

    /// Every key path the predicate reads from the evaluated object, whole (`author.name`
    /// gives `["author", "name"]`), each once, in the order they first appear: a chain of ten
    /// thousand comparisons of one key reads one key path. Aggregates read their collection
    /// and the key of its elements (`expenses.@sum.amount` gives `["expenses", "amount"]`),
    /// and a `SUBQUERY` variable's paths are read through the collection it ranges over.
    var fullKeyPaths: [[String]] {
        var seen = Set<[String]>()
        var paths: [[String]] = []
        collectKeyPaths(into: &paths, seen: &seen, variables: [:])
        return paths
    }

    private func collectKeyPaths(into paths: inout [[String]], seen: inout Set<[String]>, variables: [String: [String]]) {
        func add(_ path: KeyPathExpression, _ tail: [String] = []) {
            let keys = (path.variable.flatMap { variables[$0] } ?? []) + path.keys + tail
            if !keys.isEmpty, seen.insert(keys).inserted { paths.append(keys) }
        }
        switch self {
        case .constant: break
        case .not(let inner): inner.collectKeyPaths(into: &paths, seen: &seen, variables: variables)
        case .and(let operands), .or(let operands):
            for operand in operands { operand.collectKeyPaths(into: &paths, seen: &seen, variables: variables) }
        case .comparison(let comparison):
            for operand in [comparison.lhs, comparison.rhs] {
                switch operand {
                case .keyPath(let path):
                    add(path)
                case .aggregate(let aggregate):
                    add(aggregate.collection.path, aggregate.keys)
                    guard case .subquery(let subquery) = aggregate.collection else { continue }
                    var inner = variables
                    inner[subquery.variable] = (subquery.collection.variable.flatMap { variables[$0] } ?? []) + subquery.collection.keys
                    subquery.predicate.collectKeyPaths(into: &paths, seen: &seen, variables: inner)
                case .value, .list, .object, .objects:
                    break
                }
            }
        }
    }
}

extension Comparison: CustomStringConvertible {
    var description: String {
        let quantified = quantifier.map { "\($0.rawValue) " } ?? ""
        return "\(quantified)\(lhs) \(op.rawValue)\(options.suffix) \(rhs)"
    }
}

extension Operand: CustomStringConvertible {
    var description: String {
        switch self {
        case .keyPath(let path): path.description
        case .value(let value): value.description
        case .list(let values): "{" + values.map(\.description).joined(separator: ", ") + "}"
        case .object(let object): Self.describe(object)
        case .objects(let objects): "{" + objects.map(Self.describe).joined(separator: ", ") + "}"
        case .aggregate(let aggregate): aggregate.description
        }
    }

    /// The operand as an error message names it: a long list by its first values and its
    /// length, a long string by its start.
    var shortDescription: String {
        let shown = 5
        switch self {
        case .value(let value): return value.shortDescription
        case .list(let values) where values.count > shown:
            return "{" + values.prefix(shown).map(\.shortDescription).joined(separator: ", ") + ", … (\(values.count) values)}"
        case .objects(let objects) where objects.count > shown:
            return "{" + objects.prefix(shown).map(Self.describe).joined(separator: ", ") + ", … (\(objects.count) objects)}"
        case .list(let values): return "{" + values.map(\.shortDescription).joined(separator: ", ") + "}"
        default: return description
        }
    }

    private static func describe(_ object: any KeyValueReadable) -> String {
        "<\(object.entity.name) \(object.primaryKey.map(String.init) ?? "unsaved")>"
    }
}
