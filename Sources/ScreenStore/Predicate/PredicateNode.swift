/// The parsed form of a predicate, shared by the evaluator and the SQL translator.
indirect enum PredicateNode {
    case constant(Bool)
    case not(PredicateNode)
    case and(PredicateNode, PredicateNode)
    case or(PredicateNode, PredicateNode)
    case comparison(Comparison)
}

/// `[ANY] lhs op[options] rhs`.
struct Comparison {
    var quantifier: Quantifier?
    var lhs: Operand
    var op: ComparisonOperator
    var options: StringOptions
    var rhs: Operand
}

enum Quantifier: String {
    case any = "ANY", all = "ALL", none = "NONE"
}

enum Operand {
    /// The keys of a dotted key path, split once at parse time.
    case keyPath([String])
    case value(StoreValue)
    case list([StoreValue])
    case object(any KeyValueReadable)
    /// Objects after `IN`, compared by identity (saved ones by primary key).
    case objects([any KeyValueReadable])
}

nonisolated enum ComparisonOperator: String {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case between = "BETWEEN", `in` = "IN"
    case contains = "CONTAINS", beginsWith = "BEGINSWITH", endsWith = "ENDSWITH", like = "LIKE", matches = "MATCHES"

    var isOrdering: Bool { [.less, .lessOrEqual, .greater, .greaterOrEqual].contains(self) }
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
        case .and(let lhs, let rhs): "\(lhs.nested) AND \(rhs.nested)"
        case .or(let lhs, let rhs): "\(lhs.nested) OR \(rhs.nested)"
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
        switch self {
        case .constant: []
        case .not(let inner): inner.keyPaths
        case .and(let lhs, let rhs), .or(let lhs, let rhs): lhs.keyPaths.union(rhs.keyPaths)
        case .comparison(let comparison):
            Set([comparison.lhs, comparison.rhs].compactMap { operand in
                if case .keyPath(let keys) = operand { return keys[0] }
                return nil
            })
        }
    }
}

extension PredicateNode {
    /// Every key path the predicate reads, whole (`author.name` gives `["author", "name"]`).
    var fullKeyPaths: [[String]] {
        switch self {
        case .constant: []
        case .not(let inner): inner.fullKeyPaths
        case .and(let lhs, let rhs), .or(let lhs, let rhs): lhs.fullKeyPaths + rhs.fullKeyPaths
        case .comparison(let comparison):
            [comparison.lhs, comparison.rhs].compactMap { operand in
                if case .keyPath(let keys) = operand { return keys }
                return nil
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
        case .keyPath(let keys): keys.joined(separator: ".")
        case .value(let value): value.description
        case .list(let values): "{" + values.map(\.description).joined(separator: ", ") + "}"
        case .object(let object): Self.describe(object)
        case .objects(let objects): "{" + objects.map(Self.describe).joined(separator: ", ") + "}"
        }
    }

    private static func describe(_ object: any KeyValueReadable) -> String {
        "<\(object.entity.name) \(object.primaryKey.map(String.init) ?? "unsaved")>"
    }
}
