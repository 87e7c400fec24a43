/// One key of a key path resolved against the model.
enum KeyPathStep {
    /// The most keys a key path may have, in a predicate or a sort key. Each key after the
    /// first is a nested subquery in SQL, which SQLite's parser takes about sixteen deep,
    /// and finding what a change reaches walks every path back key by key.
    static let maximumCount = 16

    case attribute(Attribute)
    case toOne(Relationship, destination: Entity)
    case toMany(Relationship, destination: Entity)

    /// The steps of `path` read from `entity`.
    /// - Throws: ``PredicateError`` for an unknown key (`DiaryEntry has no key 'txt'`), a key
    ///   after an attribute, or more than one to-many relationship.
    static func resolve(_ keys: [String], from entity: Entity, in model: Model) throws -> [KeyPathStep] {
        var steps: [KeyPathStep] = []
        var current = entity
        var crossedToMany = false
        for (index, key) in keys.enumerated() {
            if let attribute = current.attribute(named: key) {
                if index < keys.count - 1 {
                    throw PredicateError.attributeHasNoKey(current.name, key, keys[index + 1])
                }
                steps.append(.attribute(attribute))
            } else if let relationship = current.relationship(named: key),
                      let destination = model.entity(named: relationship.destination) {
                if relationship.isToMany {
                    if crossedToMany {
                        throw PredicateError.crossesTwoToMany(keys)
                    }
                    crossedToMany = true
                    steps.append(.toMany(relationship, destination: destination))
                } else {
                    steps.append(.toOne(relationship, destination: destination))
                }
                current = destination
            } else {
                throw PredicateError.unknownKey(key, of: current)
            }
        }
        return steps
    }

    /// The entity whose objects the path yields, when it ends at a relationship.
    static func destination(of steps: [KeyPathStep]) -> Entity? {
        switch steps.last {
        case .toOne(_, let destination)?, .toMany(_, let destination)?: destination
        default: nil
        }
    }

    /// What the last step of a path yields when compared.
    static func kind(of steps: [KeyPathStep]) -> OperandKind {
        if case .attribute(let attribute) = steps.last { return OperandKind(attribute.type) }
        return .object
    }
}

extension KeyPathStep {
    /// The entity that holds the last key of `steps`, read from `root`.
    static func owner(of steps: [KeyPathStep], from root: Entity) -> Entity {
        var owner = root
        for step in steps.dropLast() {
            if case .toOne(_, let destination) = step { owner = destination }
            if case .toMany(_, let destination) = step { owner = destination }
        }
        return owner
    }
}
