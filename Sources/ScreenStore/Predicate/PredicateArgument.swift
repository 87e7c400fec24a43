/// A value substituted for `%@` or `%K` in a predicate format, in order.
public enum PredicateArgument {
    /// For `%@` used as a single value.
    case value(StoreValue)
    /// For `%@` after `IN` or `BETWEEN`.
    case list([StoreValue])
    /// For `%@` compared with a to-one relationship (`entry == %@`).
    case object(any KeyValueReadable)
    /// For `%K`: a key path.
    case key(String)
}
