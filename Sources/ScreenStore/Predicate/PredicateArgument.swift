/// A value substituted for `%@` or `%K` in a predicate format, in order.
public enum PredicateArgument {
    /// For `%@` used as a single value.
    case value(StoreValue)
    /// For `%@` after `IN` or `BETWEEN`.
    case list([StoreValue])
    /// For `%@` compared with a to-one relationship (`entry == %@`).
    case object(any KeyValueReadable)
    /// For `%@` after `IN`, holding objects (`author IN %@`): matches any of them.
    case objects([any KeyValueReadable])
    /// For `%K`: a key or a dotted key path (`author.name`).
    case key(String)
}
