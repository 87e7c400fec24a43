/// The value of one property of an object, attribute or relationship, as
/// ``StoreContext/insert(_:properties:)`` and ``ManagedObject/setObjects(_:forKey:)`` take them.
public enum PropertyValue {
    /// An attribute's value.
    case attribute(StoreValue)
    /// A to-one relationship's destination, or nil.
    case object(ManagedObject?)
    /// A to-many relationship's members.
    case objects([ManagedObject])

    /// What the value is, as error messages show it.
    var kindName: String {
        switch self {
        case .attribute(let value): value.typeName
        case .object(let object): object.map { "an object (\($0.entity.name))" } ?? "nil"
        case .objects: "an array of objects"
        }
    }
}
