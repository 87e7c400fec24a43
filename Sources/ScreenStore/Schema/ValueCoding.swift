import Foundation
import GRDB

/// Converts between the model's values and SQLite's storage classes: booleans are 0/1
/// integers, dates and doubles are reals, binary is a blob.
enum ValueCoding {
    static func databaseValue(_ value: StoreValue) -> DatabaseValue {
        switch value {
        case .null: .null
        case .integer(let v): v.databaseValue
        case .double(let v), .date(let v): v.databaseValue
        case .string(let v): v.databaseValue
        case .boolean(let v): (v ? 1 as Int64 : 0).databaseValue
        case .binary(let v): Data(v).databaseValue
        }
    }

    /// The value a column of an attribute of `type` holds.
    static func storeValue(_ value: DatabaseValue, as type: AttributeType) -> StoreValue {
        switch (value.storage, type) {
        case (.null, _): .null
        case (.int64(let v), .integer): .integer(v)
        case (.int64(let v), .double): .double(Double(v))
        case (.int64(let v), .date): .date(Double(v))
        case (.int64(let v), .boolean): .boolean(v != 0)
        case (.double(let v), .double): .double(v)
        case (.double(let v), .date): .date(v)
        case (.double(let v), .integer): .integer(Int64(v))
        case (.double(let v), .boolean): .boolean(v != 0)
        case (.string(let v), .string): .string(v)
        case (.blob(let v), .binary): .binary([UInt8](v))
        // Another tool may have stored any class in any column; keep what is there.
        case (.int64(let v), _): .integer(v)
        case (.double(let v), _): .double(v)
        case (.string(let v), _): .string(v)
        case (.blob(let v), _): .binary([UInt8](v))
        }
    }
}
