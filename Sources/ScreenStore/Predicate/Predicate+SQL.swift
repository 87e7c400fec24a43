extension Predicate {
    /// The predicate as an SQL condition on the row of `entity` whose table has the alias
    /// `alias`, e.g. `("t0"."text" IS ?)` with `["Hello"]`.
    ///
    /// The expression is always 0 or 1, never NULL, so it may be negated or combined freely.
    /// Key paths through to-one relationships become correlated scalar subqueries, `ANY`/
    /// `ALL`/`NONE` become `EXISTS` subqueries; their tables get aliases `<alias>_1`, `<alias>_2`...
    /// Values are only ever bound arguments. String operators and `[c]`/`[d]` call the
    /// functions that ``registerFunctions(in:)`` adds to each connection.
    /// - Throws: ``PredicateError`` naming the entity and key for an unknown key, or for a
    ///   type mismatch, an invalid regular expression or a misused to-many key path.
    public func sql(for entity: Entity, in model: Model, alias: String) throws -> SQLFragment {
        var translator = SQLTranslator(model: model, rootAlias: alias)
        return try translator.translate(node, entity: entity, alias: alias)
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
}

private struct SQLTranslator {
    let model: Model
    let rootAlias: String
    private var aliasCount = 0

    init(model: Model, rootAlias: String) {
        self.model = model
        self.rootAlias = rootAlias
    }

    mutating func translate(_ node: PredicateNode, entity: Entity, alias: String) throws -> SQLFragment {
        switch node {
        case .constant(let value):
            return SQLFragment(sql: value ? "1" : "0")
        case .not(let inner):
            return try translate(inner, entity: entity, alias: alias).wrapped("(NOT ", ")")
        case .and(let lhs, let rhs):
            return try .join([translate(lhs, entity: entity, alias: alias), translate(rhs, entity: entity, alias: alias)],
                             " AND ").wrapped("(", ")")
        case .or(let lhs, let rhs):
            return try .join([translate(lhs, entity: entity, alias: alias), translate(rhs, entity: entity, alias: alias)],
                             " OR ").wrapped("(", ")")
        case .comparison(let comparison):
            return try translate(comparison, entity: entity, alias: alias)
        }
    }

    private mutating func newAlias() -> String {
        aliasCount += 1
        return "\(rootAlias)_\(aliasCount)"
    }

    // MARK: - Comparisons

    private mutating func translate(_ comparison: Comparison, entity: Entity, alias: String) throws -> SQLFragment {
        let rhs = try operand(comparison.rhs, entity: entity, alias: alias)
        guard let quantifier = comparison.quantifier else {
            let lhs = try operand(comparison.lhs, entity: entity, alias: alias)
            return try condition(comparison, lhs, rhs)
        }
        guard case .keyPath(let keys) = comparison.lhs else {
            throw PredicateError.needsToMany(quantifier, comparison.lhs.description)
        }
        let steps = try KeyPathStep.resolve(keys, from: entity, in: model)
        let path = comparison.lhs.description
        guard let manyIndex = steps.firstIndex(where: { if case .toMany = $0 { true } else { false } }),
              case .toMany(let relationship, let destination) = steps[manyIndex],
              let inverse = relationship.inverse
        else { throw PredicateError.needsToMany(quantifier, path) }
        let owner = manyIndex == 0
            ? column(Entity.primaryKeyColumn, of: alias)
            : expression(steps[..<manyIndex], alias: alias)
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

    private mutating func operand(_ operand: Operand, entity: Entity, alias: String) throws -> SQLOperand {
        switch operand {
        case .value(let value):
            guard !value.isNull else {
                return SQLOperand(fragment: SQLFragment(sql: "NULL"), kind: nil, name: "nil", isNilLiteral: true)
            }
            return SQLOperand(fragment: SQLFragment(sql: "?", arguments: [value.bound]), kind: OperandKind(value),
                              name: value.description)
        case .object(let object):
            guard let key = object.primaryKey else {
                return SQLOperand(fragment: SQLFragment(sql: "NULL"), kind: .object, name: operand.description,
                                  isUnsavedObject: true, entityName: object.entity.name)
            }
            return SQLOperand(fragment: SQLFragment(sql: "?", arguments: [.integer(key)]), kind: .object,
                              name: operand.description, entityName: object.entity.name)
        case .list(let values):
            return SQLOperand(fragment: SQLFragment(sql: ""), kind: values.lazy.compactMap(OperandKind.init).first,
                              name: operand.description)
        case .objects:
            return SQLOperand(fragment: SQLFragment(sql: ""), kind: .object, name: operand.description)
        case .keyPath(let keys):
            let steps = try KeyPathStep.resolve(keys, from: entity, in: model)
            if steps.contains(where: { if case .toMany = $0 { true } else { false } }) {
                throw PredicateError.needsQuantifier(keys)
            }
            return SQLOperand(fragment: SQLFragment(sql: expression(steps[...], alias: alias)),
                              kind: KeyPathStep.kind(of: steps), name: operand.description, isNullable: true,
                              entityName: KeyPathStep.destination(of: steps)?.name)
        }
    }

    /// The value at the end of a to-one key path: a column, or a scalar subquery through
    /// each relationship (NULL when one of them is nil).
    private mutating func expression(_ steps: ArraySlice<KeyPathStep>, alias: String) -> String {
        switch steps.first! {
        case .attribute(let attribute):
            return column(attribute.name, of: alias)
        case .toOne(let relationship, let destination):
            guard steps.count > 1 else { return column(relationship.name, of: alias) }
            let next = newAlias()
            let value = expression(steps.dropFirst(), alias: next)
            return "(SELECT \(value) FROM \(quoted(destination.name)) AS \(next) "
                + "WHERE \(column(Entity.primaryKeyColumn, of: next)) = \(column(relationship.name, of: alias)))"
        case .toMany:
            preconditionFailure("to-many steps are translated as EXISTS subqueries")
        }
    }

    private func column(_ name: String, of alias: String) -> String {
        "\(alias).\(quoted(name))"
    }

    private func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: - Conditions

    /// A 0/1 expression for `lhs op rhs`, with NSPredicate's nil rules.
    private func condition(_ comparison: Comparison, _ lhs: SQLOperand, _ rhs: SQLOperand) throws -> SQLFragment {
        let op = comparison.op
        try OperandKind.check(lhs.kind, op, rhs.kind, names: (lhs.name, rhs.name))
        let folds = !comparison.options.isEmpty && !op.isStringOperator && (lhs.kind == .string || rhs.kind == .string)
        let flags = comparison.options.rawValue
        func folded(_ operand: SQLOperand) -> SQLFragment {
            folds && !operand.isNilLiteral ? operand.fragment.wrapped("ZFOLD(", ", \(flags))") : operand.fragment
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
                let list = SQLFragment(sql: Array(repeating: "?", count: keys.count).joined(separator: ", "),
                                       arguments: keys.map(StoreValue.integer)).wrapped(" IN (", ")")
                return .join(notNull(lhs) + [.join([lhs.fragment, list], "")], " AND ").wrapped("(", ")")
            }
            guard case .list(let values) = comparison.rhs else { return SQLFragment(sql: "0") }
            try checkElements(values, comparison, lhs)
            var alternatives: [SQLFragment] = []
            let present = values.filter { !$0.isNull }
            if !present.isEmpty, !lhs.isNilLiteral {
                let list = SQLFragment.join(present.map { boundValue($0, folds, flags) }, ", ").wrapped(" IN (", ")")
                alternatives.append(.join(notNull(lhs) + [.join([left, list], "")], " AND ").wrapped("(", ")"))
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

    private func checkElements(_ values: [StoreValue], _ comparison: Comparison, _ lhs: SQLOperand) throws {
        for value in values {
            try OperandKind.check(lhs.kind, comparison.op, OperandKind(value), names: (lhs.name, value.description))
        }
    }

    private func boundValue(_ value: StoreValue, _ folds: Bool, _ flags: Int) -> SQLFragment {
        let fragment = SQLFragment(sql: "?", arguments: [value.bound])
        return folds ? fragment.wrapped("ZFOLD(", ", \(flags))") : fragment
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
