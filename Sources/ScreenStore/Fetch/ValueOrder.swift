import Foundation
import GRDB

/// The one order of values that SQL's `ORDER BY` and in-memory sorting share, so that merging
/// saved rows with unsaved objects and a fetched results controller's binary searches agree
/// with the database.
///
/// It is SQLite's: nil first, then numbers (integers, doubles, dates and booleans compared by
/// value), then strings by their UTF-8 bytes (SQLite's BINARY collation, which is the order of
/// Unicode scalar values), then binary by bytes. Case-insensitive order compares the strings
/// lowercased (Unicode lowercasing, not only ASCII); SQL uses the same function through the
/// collation ``caseInsensitiveCollation``.
enum ValueOrder {
    nonisolated static let caseInsensitiveCollationName = "Z_CASEFOLD"

    nonisolated static let caseInsensitiveCollation = DatabaseCollation(caseInsensitiveCollationName) { a, b in
        switch compareBytes(a.lowercased().utf8, b.lowercased().utf8) {
        case ..<0: .orderedAscending
        case 0: .orderedSame
        default: .orderedDescending
        }
    }

    /// -1, 0 or 1 as `a` sorts before, with, or after `b`.
    static func compare(_ a: StoreValue, _ b: StoreValue, caseInsensitive: Bool = false) -> Int {
        let (rankA, rankB) = (rank(a), rank(b))
        if rankA != rankB { return rankA < rankB ? -1 : 1 }
        switch (a, b) {
        case (.null, .null):
            return 0
        case (.string(let x), .string(let y)):
            return caseInsensitive ? compareBytes(x.lowercased().utf8, y.lowercased().utf8) : compareBytes(x.utf8, y.utf8)
        case (.binary(let x), .binary(let y)):
            return compareBytes(x, y)
        case (.integer(let x), .integer(let y)):
            return x < y ? -1 : (x == y ? 0 : 1)
        default:
            let (x, y) = (a.numericValue ?? 0, b.numericValue ?? 0)
            return x < y ? -1 : (x == y ? 0 : 1)
        }
    }

    private static func rank(_ value: StoreValue) -> Int {
        switch value {
        case .null: 0
        case .integer, .double, .boolean, .date: 1
        case .string: 2
        case .binary: 3
        }
    }

    nonisolated static func compareBytes<A: Sequence<UInt8>, B: Sequence<UInt8>>(_ a: A, _ b: B) -> Int {
        var (x, y) = (a.makeIterator(), b.makeIterator())
        while true {
            switch (x.next(), y.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let p?, let q?): if p != q { return p < q ? -1 : 1 }
            }
        }
    }
}
