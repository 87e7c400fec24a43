import GRDB
import GRDBSQLite

/// Binding, stepping and reading a prepared statement through SQLite's C API, for the loops
/// that write or read thousands of rows: GRDB's `StatementArguments` and `Row` cost an
/// allocation and existential conversions per value, which made saves 2.5× slower than the
/// raw inserts they are measured against. The statements still come from GRDB's cache, and
/// errors become GRDB's `DatabaseError`.
struct RawStatement {
    /// SQLite's SQLITE_TRANSIENT, a macro Swift cannot import: SQLite copies the bytes.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    let handle: OpaquePointer
    private let db: Database
    private let sql: String

    init(_ db: Database, sql: String) throws {
        self.db = db
        self.sql = sql
        handle = try db.cachedStatement(sql: sql).sqliteStatement
    }

    /// Forgets the last execution's state and bindings.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds `value` to the parameter at `index` (from 1).
    func bind(_ value: StoreValue, at index: Int32) {
        switch value {
        case .null: sqlite3_bind_null(handle, index)
        case .integer(let v): sqlite3_bind_int64(handle, index, v)
        case .double(let v), .date(let v): sqlite3_bind_double(handle, index, v)
        case .boolean(let v): sqlite3_bind_int64(handle, index, v ? 1 : 0)
        case .string(let v): sqlite3_bind_text(handle, index, v, Int32(v.utf8.count), Self.transient)
        case .binary(let v):
            if v.isEmpty {
                sqlite3_bind_zeroblob(handle, index, 0)
            } else {
                v.withUnsafeBytes { _ = sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), Self.transient) }
            }
        }
    }

    func bind(_ key: Int64?, at index: Int32) {
        if let key { sqlite3_bind_int64(handle, index, key) } else { sqlite3_bind_null(handle, index) }
    }

    /// Runs one step: true when a row is ready to read, false when the statement is done.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            let message = String(cString: sqlite3_errmsg(sqlite3_db_handle(handle)))
            sqlite3_reset(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
        }
    }

    /// Runs the statement to the end (an insert, update or delete).
    func execute() throws {
        while try step() {}
    }

    /// The key in column `index` of the current row, nil for NULL.
    func key(at index: Int32) -> Int64? {
        sqlite3_column_type(handle, index) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, index)
    }

    /// The value in column `index` of the current row, as an attribute of `type` keeps it.
    func value(at index: Int32, as type: AttributeType) -> StoreValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_NULL:
            return .null
        case SQLITE_INTEGER:
            let v = sqlite3_column_int64(handle, index)
            switch type {
            case .double: return .double(Double(v))
            case .date: return .date(Double(v))
            case .boolean: return .boolean(v != 0)
            default: return .integer(v)
            }
        case SQLITE_FLOAT:
            let v = sqlite3_column_double(handle, index)
            switch type {
            case .date: return .date(v)
            case .integer: return .integer(Int64(v))
            case .boolean: return .boolean(v != 0)
            default: return .double(v)
            }
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard let bytes = sqlite3_column_text(handle, index) else { return .string("") }
            return .string(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
        default:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard let bytes = sqlite3_column_blob(handle, index), count > 0 else { return .binary([]) }
            return .binary(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        }
    }
}
