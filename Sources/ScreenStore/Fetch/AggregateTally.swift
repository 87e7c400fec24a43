/// One group's aggregate as it is put together: SQLite's result for the rows it read, and
/// the values of the changed objects read in memory.
struct AggregateTally {
    let function: AggregateFunction
    /// How many values were taken (objects, for a count without a key).
    private(set) var count: Int64 = 0
    /// For `sum`, `min` and `max`: SQLite's partial result and the values from memory.
    private var values: [StoreValue] = []
    /// For `avg`: the total of the values.
    private var total = 0.0
    /// SQLite's result when it read every row, taken as it is.
    private var final: StoreValue?

    init(_ function: AggregateFunction) {
        self.function = function
    }

    /// Reads the row's columns, as ``AggregateFunction/finalSQL(_:)`` or
    /// ``AggregateFunction/partialSQL(_:)`` selected them.
    mutating func take(_ row: RawStatement, keyType: AttributeType?, final isFinal: Bool) {
        let type = keyType ?? .integer
        if isFinal {
            final = switch function {
            case .count: .integer(row.key(at: 0) ?? 0)
            case .avg: row.value(at: 0, as: .double)
            case .sum, .min, .max: row.value(at: 0, as: type)
            }
            return
        }
        count = row.key(at: 0) ?? 0
        guard function != .count else { return }
        let partial = row.value(at: 1, as: function == .avg ? .double : type)
        if function == .avg {
            total += partial.numericValue ?? 0
        } else if !partial.isNull {
            values.append(partial)
        }
    }

    mutating func merge(_ other: AggregateTally) {
        count += other.count
        values += other.values
        total += other.total
        final = other.final ?? final
    }

    /// Adds one object: `key` is what the request's key reads on it, nil without a key.
    mutating func add(_ key: PropertyValue?) throws {
        switch key {
        case nil:
            count += 1
        case .object(let destination)?:
            if destination != nil { count += 1 }
        case .attribute(let value)?:
            guard !value.isNull else { return }
            count += 1
            if function == .avg { total += value.numericValue ?? 0 } else { values.append(value) }
        case .objects?:
            break
        }
    }

    /// The aggregate, in the key's type where the function keeps it.
    func result(keyType: AttributeType?) throws -> StoreValue {
        if let final { return final }
        switch function {
        case .count:
            return .integer(count)
        case .avg:
            return count == 0 ? .null : .double(total / Double(count))
        case .sum:
            let sum = try function.combine(values)
            if keyType == .double, case .integer(let value) = sum { return .double(Double(value)) }
            return sum
        case .min, .max:
            return try function.combine(values)
        }
    }
}

extension AggregateFunction {
    /// The column that is the function's result over the rows read, of `key` (nil: the rows).
    func finalSQL(_ key: String?) -> String {
        let key = key ?? "*"
        return switch self {
        case .count: "count(\(key))"
        case .sum: "COALESCE(SUM(\(key)), 0)"
        case .avg: "AVG(\(key))"
        case .min: "MIN(\(key))"
        case .max: "MAX(\(key))"
        }
    }

    /// The columns ``AggregateTally`` merges with values from memory: how many values, and
    /// (but for `count`) the sum, total, minimum or maximum of them.
    func partialSQL(_ key: String?) -> [String] {
        let counted = "count(\(key ?? "*"))"
        guard let key else { return [counted] }
        return switch self {
        case .count: [counted]
        case .sum: [counted, "SUM(\(key))"]
        case .avg: [counted, "TOTAL(\(key))"]
        case .min: [counted, "MIN(\(key))"]
        case .max: [counted, "MAX(\(key))"]
        }
    }
}
