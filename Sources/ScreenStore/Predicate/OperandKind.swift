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

    /// Refuses a comparison whose operands cannot meet, naming both sides; nil kinds (nil
    /// literals) meet anything.
    /// - Throws: ``PredicateError``, e.g. `text (a string) cannot be compared with < to 5 (a number)`.
    static func check(
        _ left: OperandKind?, _ op: ComparisonOperator, _ right: OperandKind?, names: @autoclosure () -> (String, String)
    ) throws {
        func describe(_ name: String, _ kind: OperandKind?) -> String {
            kind.map { "\(name) (\($0.article))" } ?? name
        }
        if op.isStringOperator {
            for (name, kind) in [(names().0, left), (names().1, right)] where kind != nil && kind != .string {
                throw PredicateError("\(op.rawValue) needs strings, but \(describe(name, kind))")
            }
            return
        }
        guard let left, let right else { return }
        guard left == right, left != .object || [.equal, .notEqual, .in].contains(op) else {
            let reason = left == right ? " (objects have no order)" : ""
            throw PredicateError("\(describe(names().0, left)) cannot be compared with \(op.rawValue) to \(describe(names().1, right))\(reason)")
        }
    }
}
