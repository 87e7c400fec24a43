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
    /// - Throws: `DatabaseError` when SQLite refuses the value (`SQLITE_TOOBIG` for text or
    ///   bytes longer than it stores): a value silently left unbound would be written as NULL.
    func bind(_ value: StoreValue, at index: Int32) throws {
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(handle, index)
        case .integer(let v): code = sqlite3_bind_int64(handle, index, v)
        case .double(let v), .date(let v): code = sqlite3_bind_double(handle, index, v)
        case .boolean(let v): code = sqlite3_bind_int64(handle, index, v ? 1 : 0)
        case .string(let v):
            code = sqlite3_bind_text64(handle, index, v, sqlite3_uint64(v.utf8.count), Self.transient, UInt8(SQLITE_UTF8))
        case .binary(let v):
            if v.isEmpty {
                code = sqlite3_bind_zeroblob(handle, index, 0)
            } else {
                code = v.withUnsafeBytes {
                    sqlite3_bind_blob64(handle, index, $0.baseAddress, sqlite3_uint64($0.count), Self.transient)
                }
            }
        }
        try check(code)
    }

    func bind(_ key: Int64?, at index: Int32) throws {
        try check(key.map { sqlite3_bind_int64(handle, index, $0) } ?? sqlite3_bind_null(handle, index))
    }

    private func check(_ code: Int32) throws {
        guard code != SQLITE_OK else { return }
        throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errstr(code)), sql: sql)
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
            case .integer: return .integer(Self.integer(v))
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

    /// A float found in an integer column (a file written by other code) as the nearest
    /// integer toward zero, saturated at the ends; NaN cannot be stored, so it is 0.
    static func integer(_ value: Double) -> Int64 {
        if value.isNaN { return 0 }
        if value >= 0x1p63 { return .max }
        if value < -0x1p63 { return .min }
        return Int64(value)
    }
}
