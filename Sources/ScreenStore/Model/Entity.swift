/// A kind of stored object: its attributes and relationships.
///
/// In SQLite an entity is a table named after it, with the primary key `Z_PK`, one column
/// per attribute and one column per to-one relationship (named after the property, holding
/// the destination's `Z_PK`). A to-many relationship has no column: its objects are the rows
/// of the destination whose inverse to-one column holds this row's key.
public struct Entity: Equatable, Sendable {
    public let name: String
    public let attributes: [Attribute]
    public let relationships: [Relationship]

    public init(_ name: String, attributes: [Attribute] = [], relationships: [Relationship] = []) {
        self.name = name
        self.attributes = attributes
        self.relationships = relationships
    }

    public func attribute(named name: String) -> Attribute? {
        attributes.first { $0.name == name }
    }

    public func relationship(named name: String) -> Relationship? {
        relationships.first { $0.name == name }
    }

    /// The name of the primary-key column of every entity's table.
    public static let primaryKeyColumn = "Z_PK"
}
