/// What deleting the source object does to the objects a relationship points at.
public enum DeleteRule: String, CaseIterable, Sendable {
    /// The destinations stay; their inverse stops pointing at the deleted object.
    case nullify
    /// The destinations are deleted too.
    case cascade
    /// The delete is refused at save time while the relationship holds any object.
    case deny
}

/// A to-one or to-many link from one entity to another.
public struct Relationship: Equatable, Sendable {
    public let name: String
    /// The entity the relationship points at.
    public let destination: String
    public let isToMany: Bool
    /// The relationship on the destination that points back; required for to-many.
    public let inverse: String?
    public let deleteRule: DeleteRule
    /// Whether a to-one may be nil at save time.
    public let isOptional: Bool

    public init(
        _ name: String, destination: String, toMany: Bool = false, inverse: String? = nil,
        deleteRule: DeleteRule = .nullify, optional: Bool = true
    ) {
        self.name = name
        self.destination = destination
        self.isToMany = toMany
        self.inverse = inverse
        self.deleteRule = deleteRule
        self.isOptional = optional
    }
}
