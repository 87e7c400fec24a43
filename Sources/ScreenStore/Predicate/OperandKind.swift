/// What a predicate operand holds, as far as type checking goes. Numbers of every kind
/// (integer, double, boolean, date) compare with each other.
enum OperandKind: String {
    case string, number, binary, object

    init(_ type: AttributeType) {
        switch type {
        case .string: self = .string
        case .integer, .double, .boolean, .date: self = .number
        case .binary: self = .binary
        }
    }

    /// The kind of a literal; nil for nil, which compares with anything.
    init?(_ value: StoreValue) {
        switch value {
        case .null: return nil
        case .string: self = .string
        case .integer, .double, .boolean, .date: self = .number
        case .binary: self = .binary
        }
    }

    var article: String { self == .object ? "an object" : "a \(rawValue)" }

    /// Refuses a comparison whose operands cannot meet, naming both sides.
    /// - Throws: ``PredicateError``, e.g. `text (a string) cannot be compared with < to 5 (a number)`.
    static func check(
        _ lhs: (name: String, kind: OperandKind?), _ op: ComparisonOperator, _ rhs: (name: String, kind: OperandKind?)
    ) throws {
        func refuse(_ reason: String) -> PredicateError {
            PredicateError("\(describe(lhs)) cannot be compared with \(op.rawValue) to \(describe(rhs))\(reason)")
        }
        if op.isStringOperator {
            for side in [lhs, rhs] where side.kind != nil && side.kind != .string {
                throw PredicateError("\(op.rawValue) needs strings, but \(describe(side))")
            }
            return
        }
        guard let left = lhs.kind, let right = rhs.kind else { return }
        if left != right { throw refuse("") }
        if left == .object, op != .equal, op != .notEqual, op != .in { throw refuse(" (objects have no order)") }
    }

    private static func describe(_ side: (name: String, kind: OperandKind?)) -> String {
        side.kind.map { "\(side.name) (\($0.article))" } ?? side.name
    }
}
