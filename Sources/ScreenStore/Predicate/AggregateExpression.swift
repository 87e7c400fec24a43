/// A value computed over the objects of a to-many relationship: `expenses.@count`,
/// `expenses.@sum.amount`, or over those a `SUBQUERY` keeps: `SUBQUERY(expenses, $e, $e.amount > 10).@count`.
///
/// As NSPredicate gives them: `@count` and `@sum` of no objects are 0, `@avg`, `@min` and
/// `@max` of none are nil (so every comparison with them but `== nil` is false); nil values
/// are left out. A to-one on the way to the collection that is nil makes it empty.
struct AggregateExpression {
    typealias Function = AggregateFunction

    /// The objects aggregated: a to-many key path, or a `SUBQUERY` over one.
    enum Collection {
        case keyPath(KeyPathExpression)
        case subquery(Subquery)

        /// The to-many key path the objects come from.
        var path: KeyPathExpression {
            switch self {
            case .keyPath(let path): path
            case .subquery(let subquery): subquery.collection
            }
        }
    }

    var function: Function
    var collection: Collection
    /// The key read on each element (`["amount"]` for `@sum.amount`); empty for `@count`.
    var keys: [String]
}

/// `SUBQUERY(collection, $variable, predicate)`: the objects of a to-many key path for which
/// the predicate holds, `$variable` standing for each.
struct Subquery {
    var collection: KeyPathExpression
    var variable: String
    var predicate: PredicateNode
}

extension KeyPathExpression: CustomStringConvertible {
    var description: String {
        ((variable.map { ["$" + $0] } ?? []) + keys).joined(separator: ".")
    }
}

extension AggregateExpression: CustomStringConvertible {
    var description: String {
        let collection = switch collection {
        case .keyPath(let path): path.description
        case .subquery(let subquery): "SUBQUERY(\(subquery.collection), $\(subquery.variable), \(subquery.predicate))"
        }
        return ([collection, "@" + function.rawValue] + keys).joined(separator: ".")
    }
}

// MARK: - Against the model

extension AggregateExpression {
    /// The collection's key path resolved from `root`: the to-ones it goes through, then the
    /// to-many whose objects are aggregated: its inverse and its entity.
    /// - Throws: ``PredicateError`` for an unknown key, or a path that does not end at a
    ///   to-many reached through to-ones.
    func collectionSteps(from root: Entity, in model: Model) throws
        -> (toOnes: [KeyPathStep], inverse: String, destination: Entity) {
        let path = collection.path
        let steps = try KeyPathStep.resolve(path.keys, from: root, in: model)
        guard case .toMany(let relationship, let destination)? = steps.last, let inverse = relationship.inverse else {
            throw notToMany(path.description, what: steps.last.map(Self.describe) ?? "an object")
        }
        let toOnes = Array(steps.dropLast())
        if toOnes.contains(where: { if case .toMany = $0 { true } else { false } }) {
            throw PredicateError.crossesTwoToMany(path.keys)
        }
        return (toOnes, inverse, destination)
    }

    /// The key read on each element, resolved from the elements' entity: to-ones, then an
    /// attribute of a type the function takes.
    func keySteps(from element: Entity, in model: Model) throws -> [KeyPathStep] {
        let steps = try KeyPathStep.resolve(keys, from: element, in: model)
        guard case .attribute(let attribute)? = steps.last else {
            throw needsAttribute(what: steps.last.map(Self.describe) ?? "an object")
        }
        if steps.contains(where: { if case .toMany = $0 { true } else { false } }) { throw keyThroughToMany() }
        try check(attribute.type, of: KeyPathStep.owner(of: steps, from: element).name, key: attribute.name)
        return steps
    }

    /// The refusal of a key after the function that does not end at an attribute.
    func needsAttribute(what: String) -> PredicateError {
        PredicateError("@\(function.rawValue) needs an attribute after it, but \(keys.joined(separator: ".")) is \(what)")
    }

    /// The refusal of a key after the function that goes through a to-many.
    func keyThroughToMany() -> PredicateError {
        PredicateError(
            "@\(function.rawValue).\(keys.joined(separator: ".")) goes through a to-many relationship; "
                + "the key after @\(function.rawValue) may go through to-one relationships only")
    }

    /// Refuses an attribute type the function does not take, naming `Entity.key`.
    func check(_ type: AttributeType, of entity: String, key: String) throws {
        if let refusal = function.refusal(of: type, at: "\(entity).\(key)", name: "@" + function.rawValue) {
            throw PredicateError(refusal)
        }
    }

    /// The refusal of a collection that is not a to-many.
    func notToMany(_ path: String, what: String) -> PredicateError {
        PredicateError("@\(function.rawValue) needs a to-many key path, but \(path) is \(what)")
    }

    static func describe(_ step: KeyPathStep) -> String {
        switch step {
        case .attribute: "an attribute"
        case .toOne: "a to-one relationship"
        case .toMany: "a to-many relationship"
        }
    }
}
