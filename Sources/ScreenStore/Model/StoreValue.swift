import Foundation

/// One attribute value as the store keeps it: what a column holds and what a predicate compares.
///
/// Dates are wall-clock seconds since 1970-01-01 UTC; booleans are kept apart from integers
/// so a model's types survive a round trip through SQLite.
public enum StoreValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case double(Double)
    case string(String)
    case boolean(Bool)
    case date(Double)
    case binary([UInt8])

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Whether the value is a double or a date that is not a number.
    var isNaN: Bool {
        switch self {
        case .double(let value), .date(let value): value.isNaN
        default: false
        }
    }

    /// The value as a number, for comparisons across integers, doubles, booleans and dates.
    public var numericValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .double(let value): value
        case .boolean(let value): value ? 1 : 0
        case .date(let value): value
        default: nil
        }
    }

    /// The name of the value's kind, as error messages show it.
    public var typeName: String {
        switch self {
        case .null: "nil"
        case .integer: "integer"
        case .double: "double"
        case .string: "string"
        case .boolean: "boolean"
        case .date: "date"
        case .binary: "binary"
        }
    }
}

extension StoreValue {
    /// The value as error messages show it: a long string cut to its first 40 characters.
    var shortDescription: String {
        guard case .string(let text) = self, text.count > 40 else { return description }
        return "\"\(text.prefix(40))…\""
    }
}

extension StoreValue: CustomStringConvertible {
    public var description: String {
        switch self {
        case .null: "nil"
        case .integer(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): "\"\(value)\""
        case .boolean(let value): String(value)
        case .date(let value): "date(\(value))"
        case .binary(let bytes): "<\(bytes.count) bytes>"
        }
    }
}
