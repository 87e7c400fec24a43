/// A validated set of entities: the schema of a store.
///
/// ```swift
/// let model = try Model([
///     Entity("DiaryEntry",
///            attributes: [Attribute("text", .string), Attribute("creationTime", .date)],
///            relationships: [Relationship("medias", destination: "Medium", toMany: true,
///                                         inverse: "entry", deleteRule: .cascade)]),
///     Entity("Medium", relationships: [Relationship("entry", destination: "DiaryEntry", inverse: "medias")]),
/// ])
/// ```
public struct Model: Equatable, Sendable {
    /// The entities, in the order they were given.
    public let entities: [Entity]

    /// - Throws: ``ModelError`` naming the entity and property that is wrong.
    public init(_ entities: [Entity]) throws {
        self.entities = entities
        try validate()
    }

    public func entity(named name: String) -> Entity? {
        entities.first { $0.name == name }
    }

    private func validate() throws {
        var seen = Set<String>()
        for entity in entities {
            guard isIdentifier(entity.name) else { throw ModelError("'\(entity.name)' is not a valid entity name") }
            guard seen.insert(entity.name).inserted else { throw ModelError("entity \(entity.name) is defined twice") }
            var properties = Set<String>()
            for name in entity.attributes.map(\.name) + entity.relationships.map(\.name) {
                let place = "\(entity.name).\(name)"
                guard isIdentifier(name) else { throw ModelError("\(place): not a valid property name") }
                guard name != Entity.primaryKeyColumn else { throw ModelError("\(place): the name is reserved") }
                guard properties.insert(name).inserted else { throw ModelError("\(place) is defined twice") }
            }
            for attribute in entity.attributes where attribute.defaultValue.isNaN {
                throw ModelError("\(entity.name).\(attribute.name): default NaN is not a number the store can keep")
            }
            for attribute in entity.attributes where !attribute.type.accepts(attribute.defaultValue) {
                throw ModelError(
                    "\(entity.name).\(attribute.name): default \(attribute.defaultValue) is not a \(attribute.type.rawValue)")
            }
        }
        for entity in entities {
            for relationship in entity.relationships {
                try validate(relationship, of: entity)
            }
        }
    }

    private func validate(_ relationship: Relationship, of entity: Entity) throws {
        let place = "\(entity.name).\(relationship.name)"
        guard let destination = self.entity(named: relationship.destination) else {
            throw ModelError("\(place): relationship to missing entity '\(relationship.destination)'")
        }
        guard let inverseName = relationship.inverse else {
            if relationship.isToMany {
                throw ModelError("\(place): a to-many relationship needs an inverse to-one on \(destination.name)")
            }
            return
        }
        guard let inverse = destination.relationship(named: inverseName) else {
            throw ModelError("\(place): inverse '\(inverseName)' is not a relationship of \(destination.name)")
        }
        guard inverse.destination == entity.name, inverse.inverse == nil || inverse.inverse == relationship.name else {
            throw ModelError(
                "\(place): inverse \(destination.name).\(inverseName) does not point back to \(entity.name).\(relationship.name)")
        }
        if relationship.isToMany && inverse.isToMany {
            throw ModelError(
                "\(place): many-to-many relationships are not supported (inverse \(destination.name).\(inverseName) is to-many too)")
        }
    }

    private func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }
}
