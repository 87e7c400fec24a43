/// A predicate that parses but cannot run against an entity: an unknown key, a type
/// mismatch, an invalid regular expression, a to-many key without `ANY`/`ALL`/`NONE`, an
/// aggregate of something that is not a to-many.
///
/// Found while a comparison meets the entity, it names that comparison's place as a
/// ``PredicateSyntaxError`` does (`titel == %@ <- Expense has no key 'titel' (its keys:
/// amount, category, title) at column 1`).
public struct PredicateError: Error, Equatable, CustomStringConvertible {
    /// A key the entity does not have, with the keys it has, so that a caller can say which
    /// one was likely meant.
    public struct UnknownKey: Equatable, Sendable {
        public let entity: String
        public let key: String
        /// The entity's attributes and relationships, sorted.
        public let keys: [String]
    }

    /// What is wrong, without the place.
    public let message: String
    /// Set when the problem is a key the entity does not have.
    public let unknownKey: UnknownKey?
    /// The 1-based column (in characters) of the comparison the problem is in; nil when the
    /// predicate was not parsed from a format.
    public private(set) var position: Int?
    /// The format up to the end of that comparison, cut as ``PredicateSyntaxError/context`` is.
    public private(set) var context: String?

    public init(_ message: String) {
        self.init(message, unknownKey: nil)
    }

    init(_ message: String, unknownKey: UnknownKey?) {
        self.message = message
        self.unknownKey = unknownKey
    }

    public var description: String {
        guard let position, let context else { return message }
        return PredicateSyntaxError.describe(message, position: position, context: context)
    }

    /// The same error with another message at the same place (a caller's better wording
    /// of an unknown key, say).
    public func rephrased(_ message: String) -> PredicateError {
        var error = PredicateError(message, unknownKey: unknownKey)
        error.position = position
        error.context = context
        return error
    }

    /// The error placed at the comparison spanning `span` of `text`, unless it has a place
    /// already (from a comparison inside a SUBQUERY of that one).
    func located(_ span: Range<Int>?, in text: [Character]) -> PredicateError {
        guard position == nil, let span else { return self }
        var error = self
        error.position = span.lowerBound + 1
        error.context = PredicateSyntaxError.excerpt(of: text, upTo: span.upperBound)
        return error
    }
}

extension PredicateError {
    static func unknownKey(_ key: String, of entity: Entity) -> PredicateError {
        let keys = (entity.attributes.map(\.name) + entity.relationships.map(\.name)).sorted()
        let listed = keys.isEmpty ? "it has no keys" : "its keys: \(keys.joined(separator: ", "))"
        return PredicateError(
            "\(entity.name) has no key '\(key.prefix(40))' (\(listed))",
            unknownKey: UnknownKey(entity: entity.name, key: key, keys: keys))
    }

    static func attributeHasNoKey(_ entity: String, _ attribute: String, _ next: String) -> PredicateError {
        PredicateError("\(entity).\(attribute) is an attribute; it has no key '\(next)'")
    }

    static func crossesTwoToMany(_ keys: [String]) -> PredicateError {
        PredicateError("\(keys.joined(separator: ".")) crosses more than one to-many relationship")
    }

    static func needsQuantifier(_ path: String) -> PredicateError {
        PredicateError("\(path) goes through a to-many relationship; use ANY, ALL or NONE")
    }

    static func needsToMany(_ quantifier: Quantifier, _ path: String) -> PredicateError {
        PredicateError("\(quantifier.rawValue) needs a to-many key path, but \(path) is not one")
    }

    static func betweenNeedsTwoValues(_ count: Int) -> PredicateError {
        PredicateError("BETWEEN needs two values, got \(count)")
    }
}
