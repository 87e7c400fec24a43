/// The values of a long `IN` list, hashed on first use, so that testing an object in memory
/// costs a lookup rather than a comparison with each of (say) a million values.
///
/// A value is in the list exactly when the evaluator's equality finds it there: integers
/// and booleans equal exactly, numbers with a double or a date equal as doubles, strings by
/// their Unicode scalars after the comparison's `[c]`/`[d]` folding, binary by bytes, and
/// nil equals nil.
final class ValueMembership {
    /// Lists longer than this get a membership index.
    static let minimumCount = 32

    private let values: [StoreValue]
    private let options: StringOptions
    private lazy var index = Index(values, options)

    private struct Index {
        var hasNull = false
        var integers = Set<Int64>()
        /// Doubles and dates.
        var numbers = Set<Double>()
        /// The integers as doubles, for doubles compared with them.
        var integersAsNumbers = Set<Double>()
        var texts = Set<[UInt8]>()
        var bytes = Set<[UInt8]>()

        init(_ values: [StoreValue], _ options: StringOptions) {
            for value in values {
                switch value {
                case .null: hasNull = true
                case .integer(let integer): integers.insert(integer); integersAsNumbers.insert(Double(integer))
                case .boolean(let flag): integers.insert(flag ? 1 : 0); integersAsNumbers.insert(flag ? 1 : 0)
                case .double(let number), .date(let number): numbers.insert(number)
                case .string(let text): texts.insert(Array(StringMatching.fold(text, options).utf8))
                case .binary(let data): bytes.insert(data)
                }
            }
        }
    }

    init(_ values: [StoreValue], options: StringOptions) {
        self.values = values
        self.options = options
    }

    func contains(_ value: StoreValue) -> Bool {
        switch value {
        case .null: index.hasNull
        case .integer(let integer): index.integers.contains(integer) || index.numbers.contains(Double(integer))
        case .boolean(let flag): index.integers.contains(flag ? 1 : 0) || index.numbers.contains(flag ? 1 : 0)
        case .double(let number), .date(let number): index.numbers.contains(number) || index.integersAsNumbers.contains(number)
        case .string(let text): index.texts.contains(Array(StringMatching.fold(text, options).utf8))
        case .binary(let data): index.bytes.contains(data)
        }
    }
}
