/// The kinds of value an attribute holds.
public enum AttributeType: String, CaseIterable, Sendable {
    case string, integer, double, boolean, date, binary

    /// The type named `name` in a model definition.
    /// - Throws: ``ModelError`` naming `place` (e.g. `DiaryEntry.text`) for an unknown name.
    public init(parsing name: String, for place: String) throws {
        guard let type = AttributeType(rawValue: name) else {
            let known = AttributeType.allCases.map(\.rawValue).joined(separator: ", ")
            throw ModelError("\(place): unknown attribute type '\(name)' (expected one of \(known))")
        }
        self = type
    }

    /// Whether `value` may be stored in an attribute of this type (nil is checked separately).
    public func accepts(_ value: StoreValue) -> Bool {
        switch (self, value) {
        case (_, .null): true
        case (.string, .string), (.integer, .integer), (.double, .double), (.double, .integer),
             (.boolean, .boolean), (.date, .date), (.date, .double), (.date, .integer), (.binary, .binary):
            true
        default: false
        }
    }
}

/// A typed property of an entity.
public struct Attribute: Equatable, Sendable {
    public let name: String
    public let type: AttributeType
    /// Whether nil is a valid value at save time.
    public let isOptional: Bool
    /// The value a new object starts with; `.null` when there is none.
    public let defaultValue: StoreValue
    /// Whether the store keeps an SQL index on the column, for attributes fetched or sorted by.
    public let isIndexed: Bool

    public init(
        _ name: String, _ type: AttributeType, optional: Bool = false, default defaultValue: StoreValue = .null,
        indexed: Bool = false
    ) {
        self.name = name
        self.type = type
        self.isOptional = optional
        self.defaultValue = defaultValue
        self.isIndexed = indexed
    }
}
