/// The value of one key of an object, as predicates and sort descriptors see it.
public enum KeyValue {
    case attribute(StoreValue)
    case toOne((any KeyValueReadable)?)
    case toMany([any KeyValueReadable])
}

/// An object whose keys predicates can evaluate in memory (managed objects, and test doubles).
public protocol KeyValueReadable: AnyObject {
    var entity: Entity { get }
    /// The row's key once the object is saved; nil while it is only inserted.
    var primaryKey: Int64? { get }
    /// The value for an attribute or relationship of ``entity``; nil for an unknown key.
    func keyValue(forKey key: String) -> KeyValue?
}
