/// What an aggregate computes over a set of objects: how many there are, or the sum,
/// average, minimum or maximum of a key's values (nil values left out), as SQLite's
/// `count`, `SUM`, `AVG`, `MIN` and `MAX` do.
public enum AggregateFunction: String, CaseIterable, Sendable {
    case count, sum, avg, min, max

    /// Whether the function reads a key of each element (`@sum.amount`); `@count` does not.
    var readsKey: Bool { self != .count }

    /// The attribute types the function takes: sums and averages need numbers, the
    /// extremes anything ordered (not binary).
    func accepts(_ type: AttributeType) -> Bool {
        switch self {
        case .count: true
        case .sum: type == .integer || type == .double
        case .avg: type == .integer || type == .double || type == .date
        case .min, .max: type != .binary
        }
    }

    /// The function of `values` (nil ones left out), as SQLite computes it: a sum of
    /// integers is an integer, and 0 for no values; an average a double; the extremes
    /// in the store's order of values; nil for an average or extreme of no values.
    /// - Throws: ``StoreError/database(_:)`` when a sum of integers leaves 64 bits, as
    ///   SQLite refuses it.
    func combine(_ values: [StoreValue]) throws -> StoreValue {
        let present = values.filter { !$0.isNull }
        switch self {
        case .count:
            return .integer(Int64(present.count))
        case .sum:
            var integers: Int64 = 0
            var doubles = 0.0
            var sawDouble = false
            for value in present {
                if case .integer(let integer) = value {
                    let (sum, overflow) = integers.addingReportingOverflow(integer)
                    if overflow { throw StoreError.database(StoreError.sumOverflow) }
                    integers = sum
                } else {
                    sawDouble = true
                    doubles += value.numericValue ?? 0
                }
            }
            return sawDouble ? .double(doubles + Double(integers)) : .integer(integers)
        case .avg:
            guard !present.isEmpty else { return .null }
            return .double(present.reduce(0.0) { $0 + ($1.numericValue ?? 0) } / Double(present.count))
        case .min:
            return present.min { ValueOrder.compare($0, $1) < 0 } ?? .null
        case .max:
            return present.max { ValueOrder.compare($0, $1) < 0 } ?? .null
        }
    }

    /// Why an attribute of `type` at `place` (`Expense.title`) cannot be aggregated by the
    /// function called `name` (`@sum`, `sum`); nil when it can.
    func refusal(of type: AttributeType, at place: String, name: String) -> String? {
        guard !accepts(type) else { return nil }
        func article(_ word: String) -> String { word.hasPrefix("i") ? "an" : "a" }
        return "\(name) needs \(article(acceptedTypes)) \(acceptedTypes) attribute, but \(place) is \(article(type.rawValue)) \(type.rawValue)"
    }

    /// The types ``accepts(_:)`` takes, as a message lists them.
    var acceptedTypes: String {
        let names = AttributeType.allCases.filter(accepts).map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
