extension Predicate {
    /// The predicate as an SQL condition on the row of `entity` whose table has the alias
    /// `alias`, e.g. `("t0"."text" IS ?)` with `["Hello"]`.
    ///
    /// The expression is always 0 or 1, never NULL, so it may be negated or combined freely.
    /// Key paths through to-one relationships become correlated scalar subqueries, `ANY`/
    /// `ALL`/`NONE` become `EXISTS` subqueries, aggregates and `SUBQUERY` scalar subqueries
    /// over the destination's rows; their tables get aliases `<alias>_1`, `<alias>_2`...
    /// Values are only ever bound arguments. String operators and `[c]`/`[d]` call the
    /// functions that ``registerFunctions(in:)`` adds to each connection.
    /// - Throws: ``PredicateError`` naming the entity and key for an unknown key, or for a
    ///   type mismatch, an invalid regular expression or a misused to-many key path, with the
    ///   place of the comparison in the format.
    public func sql(for entity: Entity, in model: Model, alias: String) throws -> SQLFragment {
        var translator = SQLTranslator(
            model: model, rootAlias: alias, wrapsValues: node.comparisonCount > SQLTranslator.plainValueLimit, text: text)
        return try translator.translate(node, scope: SQLScope(entity: entity, alias: alias))
    }
}

/// Where key paths start: the row of the entity filtered, and the row each variable of the
/// SUBQUERYs around stands for.
private struct SQLScope {
    var entity: Entity
    var alias: String
    var variables: [String: (entity: Entity, alias: String)] = [:]

    /// The entity and table alias `path` is read from.
    func root(of path: KeyPathExpression) -> (entity: Entity, alias: String) {
        path.variable.flatMap { variables[$0] } ?? (entity, alias)
    }
}

/// One side of a comparison in SQL.
private struct SQLOperand {
    var fragment: SQLFragment
    var kind: OperandKind?
    var name: String
    /// A literal nil (not a column that may hold NULL).
    var isNilLiteral = false
    /// Whether the expression may be NULL at run time (columns and subqueries may).
    var isNullable = false
    /// An object argument without a primary key: no row can point at it.
    var isUnsavedObject = false
    /// The entity of the objects a relationship key path yields, or of an object argument.
    var entityName: String?
    /// A value or an object argument: the same for every row.
    var isConstant = false
}

private struct SQLTranslator {
    let model: Model
    let rootAlias: String
    /// Whether values stand in the SQL as `(SELECT ?)` rather than `?`. SQLite evaluates
    /// each constant expression of a statement once, and looks for an equal one among those
    /// it has seen first, which makes preparing a statement of ten thousand values take a
    /// second and one of fifty thousand half a minute; a subquery is not such a constant,
    /// and is still evaluated once.
    let wrapsValues: Bool
    /// The format, which errors quote.
    let text: [Character]
    private var paths: KeyPathSQL

    /// Predicates with more comparisons than this wrap their values (see ``wrapsValues``).
    static let plainValueLimit = 100

    init(model: Model, rootAlias: String, wrapsValues: Bool, text: [Character]) {
        self.model = model
        self.rootAlias = rootAlias
        self.wrapsValues = wrapsValues
        self.text = text
        paths = KeyPathSQL(rootAlias: rootAlias)
    }

    mutating func translate(_ node: PredicateNode, scope: SQLScope) throws -> SQLFragment {
        switch node {
        case .constant(let value):
            return SQLFragment(sql: value ? "1" : "0")
        case .not(.not(let inner)):
            // Every condition is 0 or 1, so two negations cancel; SQLite's parser stack then
            // does not grow with a chain of NOTs.
            return try translate(inner, scope: scope)
        case .not(let inner):
            return try translate(inner, scope: scope).wrapped("(NOT ", ")")
        case .and(let operands):
            return try Self.chain(operands.map { try translate($0, scope: scope) }, " AND ")
        case .or(let operands):
            return try Self.chain(operands.map { try translate($0, scope: scope) }, " OR ")
        case .comparison(let comparison):
            do {
                return try translate(comparison, scope: scope)
            } catch let error as PredicateError {
                throw error.located(comparison.span, in: text)
            }
        }
    }

    /// How many operands one parenthesised group of a chain holds.
    static let chainGroupSize = 16

    /// `(a OR b OR ...)` for a chain of any length, as a tree of groups of at most
    /// ``chainGroupSize``: SQLite nests a flat chain one level per operand and refuses
    /// expressions deeper than 1000, and its parser refuses about 30 nested parentheses,
    /// so ten thousand operands become four levels of groups of sixteen.
    static func chain(_ operands: [SQLFragment], _ separator: String) -> SQLFragment {
        var level = operands
        repeat {
            level = stride(from: 0, to: level.count, by: chainGroupSize).map { start in
                let group = Array(level[start..<min(start + chainGroupSize, level.count)])
                return group.count == 1 ? group[0] : SQLFragment.join(group, separator).wrapped("(", ")")
            }
        } while level.count > 1
        return level.first ?? SQLFragment(sql: separator == " AND " ? "1" : "0")
    }

    // MARK: - Comparisons

    private mutating func translate(_ comparison: Comparison, scope: SQLScope) throws -> SQLFragment {
        let rhs = try operand(comparison.rhs, scope: scope)
        guard let quantifier = comparison.quantifier else {
            let lhs = try operand(comparison.lhs, scope: scope)
            return try condition(comparison, lhs, rhs)
        }
        guard case .keyPath(let keyPath) = comparison.lhs else {
            throw PredicateError.needsToMany(quantifier, comparison.lhs.description)
        }
        let root = scope.root(of: keyPath)
        let steps = try KeyPathStep.resolve(keyPath.keys, from: root.entity, in: model)
        let path = keyPath.description
        guard let manyIndex = steps.firstIndex(where: { if case .toMany = $0 { true } else { false } }),
              case .toMany(let relationship, let destination) = steps[manyIndex],
              let inverse = relationship.inverse
        else { throw PredicateError.needsToMany(quantifier, path) }
        let owner = manyIndex == 0
            ? column(Entity.primaryKeyColumn, of: root.alias)
            : expression(steps[..<manyIndex], alias: root.alias)
        let elementAlias = newAlias()
        let suffix = steps[(manyIndex + 1)...]
        let element = SQLOperand(
            fragment: SQLFragment(sql: suffix.isEmpty
                ? column(Entity.primaryKeyColumn, of: elementAlias) : expression(suffix, alias: elementAlias)),
            kind: KeyPathStep.kind(of: steps), name: path, isNullable: !suffix.isEmpty,
            entityName: KeyPathStep.destination(of: steps)?.name)
        let test = try condition(comparison, element, rhs)
        let rows = "SELECT 1 FROM \(quoted(destination.name)) AS \(elementAlias) WHERE \(column(inverse, of: elementAlias)) = \(owner) AND "
        switch quantifier {
        case .any: return test.wrapped("EXISTS (\(rows)", ")")
        case .all: return test.wrapped("NOT EXISTS (\(rows)NOT ", ")")
        case .none: return test.wrapped("NOT EXISTS (\(rows)", ")")
        }
    }

    private mutating func operand(_ operand: Operand, scope: SQLScope) throws -> SQLOperand {
        switch operand {
        case .value(let value):
            guard !value.isNull else {
                return SQLOperand(fragment: SQLFragment(sql: "NULL"), kind: nil, name: "nil", isNilLiteral: true)
            }
            return SQLOperand(fragment: SQLFragment(sql: "?", arguments: [value.bound]), kind: OperandKind(value),
                              name: value.shortDescription, isConstant: true)
        case .object(let object):
            guard let key = object.primaryKey else {
                return SQLOperand(fragment: SQLFragment(sql: "NULL"), kind: .object, name: operand.description,
                                  isUnsavedObject: true, entityName: object.entity.name)
            }
            return SQLOperand(fragment: SQLFragment(sql: "?", arguments: [.integer(key)]), kind: .object,
                              name: operand.description, entityName: object.entity.name, isConstant: true)
        case .list(let values):
            return SQLOperand(fragment: SQLFragment(sql: ""), kind: values.lazy.compactMap(OperandKind.init).first,
                              name: operand.shortDescription)
        case .objects:
            return SQLOperand(fragment: SQLFragment(sql: ""), kind: .object, name: operand.shortDescription)
        case .keyPath(let path):
            let root = scope.root(of: path)
            guard !path.keys.isEmpty else {
                // A SUBQUERY's variable alone: the element itself.
                return SQLOperand(fragment: SQLFragment(sql: column(Entity.primaryKeyColumn, of: root.alias)), kind: .object,
                                  name: path.description, entityName: root.entity.name)
            }
            let steps = try KeyPathStep.resolve(path.keys, from: root.entity, in: model)
            if steps.contains(where: { if case .toMany = $0 { true } else { false } }) {
                throw PredicateError.needsQuantifier(path.description)
            }
            return SQLOperand(fragment: SQLFragment(sql: expression(steps[...], alias: root.alias)),
                              kind: KeyPathStep.kind(of: steps), name: path.description, isNullable: true,
                              entityName: KeyPathStep.destination(of: steps)?.name)
        case .aggregate(let aggregate):
            return try self.aggregate(aggregate, scope: scope)
        }
    }

    /// `(SELECT count(*) | SUM(...) | ... FROM <destination> WHERE <inverse> = <owner> [AND <SUBQUERY's predicate>])`.
    private mutating func aggregate(_ aggregate: AggregateExpression, scope: SQLScope) throws -> SQLOperand {
        let path = aggregate.collection.path
        let root = scope.root(of: path)
        let (toOnes, inverse, destination) = try aggregate.collectionSteps(from: root.entity, in: model)
        let owner = toOnes.isEmpty
            ? column(Entity.primaryKeyColumn, of: root.alias) : expression(toOnes[...], alias: root.alias)
        let elementAlias = newAlias()
        var condition = SQLFragment(sql: "\(column(inverse, of: elementAlias)) = \(owner)")
        if case .subquery(let subquery) = aggregate.collection {
            var inner = scope
            inner.variables[subquery.variable] = (destination, elementAlias)
            condition = .join([condition, try translate(subquery.predicate, scope: inner)], " AND ")
        }
        var value = "count(*)"
        var kind = OperandKind.number
        if aggregate.function.readsKey {
            let steps = try aggregate.keySteps(from: destination, in: model)
            let read = expression(steps[...], alias: elementAlias)
            if case .attribute(let attribute)? = steps.last { kind = aggregate.function == .avg ? .number : OperandKind(attribute.type) }
            value = switch aggregate.function {
            case .sum: "COALESCE(SUM(\(read)), 0)"
            case .avg: "AVG(\(read))"
            case .min: "MIN(\(read))"
            case .max: "MAX(\(read))"
            case .count: value
            }
        }
        let select = condition.wrapped("(SELECT \(value) FROM \(quoted(destination.name)) AS \(elementAlias) WHERE ", ")")
        return SQLOperand(fragment: select, kind: kind, name: aggregate.description,
                          isNullable: [.avg, .min, .max].contains(aggregate.function))
    }

    private mutating func newAlias() -> String {
        paths.newAlias()
    }

    private mutating func expression(_ steps: ArraySlice<KeyPathStep>, alias: String) -> String {
        paths.expression(steps, alias: alias)
    }

    private func column(_ name: String, of alias: String) -> String {
        KeyPathSQL.column(name, of: alias)
    }

    private func quoted(_ identifier: String) -> String {
        SQLName.quote(identifier)
    }

    // MARK: - Conditions

    /// A 0/1 expression for `lhs op rhs`, with NSPredicate's nil rules.
    private func condition(_ comparison: Comparison, _ lhs: SQLOperand, _ rhs: SQLOperand) throws -> SQLFragment {
        let op = comparison.op
        try OperandKind.check(lhs.kind, op, rhs.kind, names: (lhs.name, rhs.name))
        let folds = !comparison.options.isEmpty && !op.isStringOperator && (lhs.kind == .string || rhs.kind == .string)
        let flags = comparison.options.rawValue
        func folded(_ operand: SQLOperand) -> SQLFragment {
            let fragment = folds && !operand.isNilLiteral ? operand.fragment.wrapped("ZFOLD(", ", \(flags))") : operand.fragment
            return wrapsValues && operand.isConstant ? fragment.wrapped("(SELECT ", ")") : fragment
        }
        func notNull(_ operands: SQLOperand...) -> [SQLFragment] {
            operands.filter(\.isNullable).map { folded($0).wrapped("", " IS NOT NULL") }
        }
        let (left, right) = (folded(lhs), folded(rhs))
        switch op {
        case .equal, .notEqual:
            if lhs.isUnsavedObject || rhs.isUnsavedObject { return SQLFragment(sql: op == .equal ? "0" : "1") }
            // As in memory, an object equals only itself: a key of another entity's row is
            // another object, and only two nils are equal then.
            if let a = lhs.entityName, let b = rhs.entityName, a != b {
                let bothNil = lhs.isNullable && rhs.isNullable
                    ? SQLFragment.join([lhs.fragment.wrapped("(", " IS NULL"), rhs.fragment.wrapped("", " IS NULL)")], " AND ")
                    : SQLFragment(sql: "0")
                return op == .equal ? bothNil : bothNil.wrapped("(NOT ", ")")
            }
            return .join([left, right], op == .equal ? " IS " : " IS NOT ").wrapped("(", ")")
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            if lhs.isNilLiteral || rhs.isNilLiteral { return SQLFragment(sql: "0") }
            return .join(notNull(lhs, rhs) + [.join([left, right], " \(op.rawValue) ")], " AND ").wrapped("(", ")")
        case .between:
            guard case .list(let bounds) = comparison.rhs else { return SQLFragment(sql: "0") }
            guard bounds.count == 2 else { throw PredicateError.betweenNeedsTwoValues(bounds.count) }
            try checkElements(bounds, comparison, lhs)
            if lhs.isNilLiteral || bounds.contains(where: \.isNull) { return SQLFragment(sql: "0") }
            let (low, high) = (boundValue(bounds[0], folds, flags), boundValue(bounds[1], folds, flags))
            let range = SQLFragment.join([left, low, high], " BETWEEN ", " AND ")
            return .join(notNull(lhs) + [range], " AND ").wrapped("(", ")")
        case .in:
            if case .objects(let objects) = comparison.rhs {
                // Unsaved objects have no row, so no column points at them: only keys can match.
                let keys = objects.filter { lhs.entityName == nil || $0.entity.name == lhs.entityName }.compactMap(\.primaryKey)
                if keys.isEmpty || lhs.isNilLiteral { return SQLFragment(sql: "0") }
                let membership = Self.membership(lhs.fragment, keys.map(StoreValue.integer), folds: false, flags: flags)
                return .join(notNull(lhs) + [membership], " AND ").wrapped("(", ")")
            }
            guard case .list(let values) = comparison.rhs else { return SQLFragment(sql: "0") }
            try checkElements(values, comparison, lhs)
            var alternatives: [SQLFragment] = []
            let present = values.filter { !$0.isNull }
            if !present.isEmpty, !lhs.isNilLiteral {
                let membership = Self.membership(left, present.map(\.bound), folds: folds, flags: flags)
                alternatives.append(.join(notNull(lhs) + [membership], " AND ").wrapped("(", ")"))
            }
            if present.count < values.count {
                alternatives.append(lhs.fragment.wrapped("", " IS NULL"))
            }
            return alternatives.isEmpty ? SQLFragment(sql: "0") : .join(alternatives, " OR ").wrapped("(", ")")
        case .contains, .beginsWith, .endsWith, .like, .matches:
            if lhs.isNilLiteral || rhs.isNilLiteral { return SQLFragment(sql: "0") }
            if op == .matches, case .value(.string(let pattern)) = comparison.rhs {
                _ = try StringMatching.regex(
                    StringMatching.fold(pattern, comparison.options.intersection(.diacriticInsensitive)),
                    caseInsensitive: comparison.options.contains(.caseInsensitive))
            }
            return SQLFragment.join([left, right], ", ").wrapped("Z\(op.rawValue)(", ", \(flags))")
        }
    }

    /// Lists longer than this go to SQLite as one JSON argument rather than one argument
    /// per value.
    static let boundListLimit = 32

    /// `left IN (...)` for values as the columns hold them. A long list is one JSON array
    /// read by `json_each`, so its length is not bounded by SQLite's limit on arguments (nor
    /// its statement by the list): SQLite reads JSON numbers back exactly (integers as
    /// integers, the shortest decimal form of a double as that double). Values JSON cannot
    /// carry (binary, and text holding U+0000, which `json_each` cuts short) stay arguments.
    static func membership(_ left: SQLFragment, _ values: [StoreValue], folds: Bool, flags: Int) -> SQLFragment {
        func bound(_ values: [StoreValue]) -> SQLFragment {
            let placeholder = folds ? "ZFOLD(?, \(flags))" : "?"
            return SQLFragment(
                sql: " IN (" + Array(repeating: placeholder, count: values.count).joined(separator: ", ") + ")",
                arguments: values)
        }
        guard values.count > boundListLimit else { return .join([left, bound(values)], "") }
        var json: [String] = []
        var others: [StoreValue] = []
        for value in values {
            if let element = value.jsonElement { json.append(element) } else { others.append(value) }
        }
        let element = folds ? "ZFOLD(value, \(flags))" : "value"
        let viaJSON = SQLFragment.join([
            left, SQLFragment(sql: " IN (SELECT \(element) FROM json_each(?))", arguments: [.string("[" + json.joined(separator: ",") + "]")]),
        ], "")
        guard !others.isEmpty else { return viaJSON }
        guard !json.isEmpty else { return .join([left, bound(others)], "") }
        return SQLFragment.join([viaJSON, .join([left, bound(others)], "")], " OR ").wrapped("(", ")")
    }

    /// Checks each kind of value in the list once (a list may hold a million values).
    private func checkElements(_ values: [StoreValue], _ comparison: Comparison, _ lhs: SQLOperand) throws {
        var checked = Set<OperandKind>()
        for value in values {
            guard let kind = OperandKind(value), checked.insert(kind).inserted else { continue }
            try OperandKind.check(lhs.kind, comparison.op, kind, names: (lhs.name, value.shortDescription))
        }
    }

    private func boundValue(_ value: StoreValue, _ folds: Bool, _ flags: Int) -> SQLFragment {
        let fragment = SQLFragment(sql: "?", arguments: [value.bound])
        let value = folds ? fragment.wrapped("ZFOLD(", ", \(flags))") : fragment
        return wrapsValues ? value.wrapped("(SELECT ", ")") : value
    }
}

private extension StoreValue {
    /// The value as the column holds it.
    var bound: StoreValue {
        switch self {
        case .boolean(let value): .integer(value ? 1 : 0)
        case .date(let seconds): .double(seconds)
        default: self
        }
    }

    /// The value (as ``bound`` gives it) as an element of a JSON array that SQLite's JSON
    /// functions read back as the same value; nil for values JSON cannot carry.
    var jsonElement: String? {
        switch bound {
        case .integer(let value):
            return String(value)
        case .double(let value):
            if value.isNaN { return nil }
            // SQLite reads an out-of-range exponent as infinity, as it stores one.
            if value.isInfinite { return value > 0 ? "9e999" : "-9e999" }
            return "\(value)"
        case .string(let text):
            var json = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\u{0}": return nil
                case "\"": json += "\\\""
                case "\\": json += "\\\\"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: json.unicodeScalars.append(scalar)
                }
            }
            return json + "\""
        case .null, .boolean, .date, .binary:
            return nil
        }
    }
}

extension SQLFragment {
    /// `prefix`, this fragment, `suffix`.
    func wrapped(_ prefix: String, _ suffix: String) -> SQLFragment {
        SQLFragment(sql: prefix + sql + suffix, arguments: arguments)
    }

    /// The fragments in order, with `separators[i]` after fragment i (the last separator
    /// repeats).
    static func join(_ fragments: [SQLFragment], _ separators: String...) -> SQLFragment {
        var result = SQLFragment(sql: "")
        for (index, fragment) in fragments.enumerated() {
            if index > 0 { result.sql += separators[min(index - 1, separators.count - 1)] }
            result.sql += fragment.sql
            result.arguments += fragment.arguments
        }
        return result
    }
}
