/// A piece of SQL with its bound arguments, in the order of its `?` placeholders.
///
/// Arguments are normalized to what the columns hold: booleans become `.integer(0/1)`,
/// dates `.double(seconds)`.
public struct SQLFragment: Equatable {
    public var sql: String
    public var arguments: [StoreValue]

    public init(sql: String, arguments: [StoreValue] = []) {
        self.sql = sql
        self.arguments = arguments
    }
}
