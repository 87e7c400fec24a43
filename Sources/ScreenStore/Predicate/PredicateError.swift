/// A predicate that parses but cannot run against an entity: an unknown key, a type
/// mismatch, an invalid regular expression, a to-many key without `ANY`/`ALL`/`NONE`.
public struct PredicateError: Error, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

extension PredicateError {
    static func unknownKey(_ key: String, of entity: Entity) -> PredicateError {
        PredicateError("\(entity.name) has no key '\(key)'")
    }

    static func crossesTwoToMany(_ keys: [String]) -> PredicateError {
        PredicateError("\(keys.joined(separator: ".")) crosses more than one to-many relationship")
    }

    static func needsQuantifier(_ keys: [String]) -> PredicateError {
        PredicateError("\(keys.joined(separator: ".")) goes through a to-many relationship; use ANY, ALL or NONE")
    }

    static func needsToMany(_ quantifier: Quantifier, _ path: String) -> PredicateError {
        PredicateError("\(quantifier.rawValue) needs a to-many key path, but \(path) is not one")
    }

    static func betweenNeedsTwoValues(_ count: Int) -> PredicateError {
        PredicateError("BETWEEN needs two values, got \(count)")
    }
}
