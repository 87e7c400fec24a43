import Foundation
import GRDB

/// The model's values as GRDB binds them (booleans are 0/1 integers, dates and doubles are
/// reals, binary is a blob), for the migrator; the context binds through ``RawStatement``.
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
}
