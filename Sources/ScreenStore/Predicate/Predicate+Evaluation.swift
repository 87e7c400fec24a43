extension Predicate {
    /// Whether `object` satisfies the predicate, with the semantics of the SQL translation.
    ///
    /// Keys are checked as they are reached: a key behind a nil to-one, or read on the
    /// elements of an empty to-many, is not looked at.
    /// - Throws: ``PredicateError`` for an unknown key, a type mismatch or an invalid
    ///   regular expression, with the place of the comparison in the format;
    ///   ``StoreError/database(_:)`` for an `@sum` of integers beyond 64 bits, as SQLite.
    public func evaluate(with object: any KeyValueReadable) throws -> Bool {
        try node.evaluate(in: EvaluationScope(object: object), text: text)
    }
}

/// The object a predicate is evaluated for, and the element each variable of the
/// SUBQUERYs around stands for.
struct EvaluationScope {
    var object: any KeyValueReadable
    var variables: [String: any KeyValueReadable] = [:]

    /// The object `path` is read from.
    func root(of path: KeyPathExpression) -> any KeyValueReadable {
        path.variable.flatMap { variables[$0] } ?? object
    }
}

/// An operand's value in memory, with the kind its declaration gives it.
private enum Evaluated {
    case value(StoreValue, kind: OperandKind?)
    case object((any KeyValueReadable)?)
    case list([StoreValue])
    case objects([any KeyValueReadable])

    var kind: OperandKind? {
        switch self {
        case .value(_, let kind): kind
        case .object, .objects: .object
        case .list(let values): values.lazy.compactMap(OperandKind.init).first
        }
    }

    var isNull: Bool {
        switch self {
        case .value(let value, _): value.isNull
        case .object(let object): object == nil
        case .list, .objects: false
        }
    }
}

/// What a key path reads: one operand, the operands of every object of a to-many, or
/// nothing because a to-one on the way is nil.
private enum PathValue {
    case single(Evaluated)
    case many([Evaluated])
    case unreached
}

extension PredicateNode {
    func evaluate(in scope: EvaluationScope, text: [Character]) throws -> Bool {
        switch self {
        case .constant(let value): return value
        case .not(let inner): return try !inner.evaluate(in: scope, text: text)
        case .and(let operands): return try operands.allSatisfy { try $0.evaluate(in: scope, text: text) }
        case .or(let operands): return try operands.contains { try $0.evaluate(in: scope, text: text) }
        case .comparison(let comparison):
            do {
                return try comparison.evaluate(in: scope, text: text)
            } catch let error as PredicateError {
                throw error.located(comparison.span, in: text)
            }
        }
    }
}

private extension Comparison {
    func evaluate(in scope: EvaluationScope, text: [Character]) throws -> Bool {
        let right = try operand(rhs, in: scope, text: text)
        guard let quantifier else {
            return try test(operand(lhs, in: scope, text: text), right)
        }
        guard case .keyPath(let path) = lhs, !path.keys.isEmpty else {
            throw PredicateError.needsToMany(quantifier, lhs.description)
        }
        let elements: [Evaluated]
        switch try read(path.keys[...], from: scope.root(of: path), path: path.keys) {
        case .many(let values): elements = values
        case .unreached: elements = []
        case .single: throw PredicateError.needsToMany(quantifier, lhs.description)
        }
        switch quantifier {
        case .any: return try elements.contains { try test($0, right) }
        case .all: return try elements.allSatisfy { try test($0, right) }
        case .none: return try !elements.contains { try test($0, right) }
        }
    }

    private func operand(_ operand: Operand, in scope: EvaluationScope, text: [Character]) throws -> Evaluated {
        switch operand {
        case .value(let value): return .value(value, kind: OperandKind(value))
        case .list(let values): return .list(values)
        case .object(let object): return .object(object)
        case .objects(let objects): return .objects(objects)
        case .keyPath(let path):
            guard !path.keys.isEmpty else { return .object(scope.root(of: path)) }
            switch try read(path.keys[...], from: scope.root(of: path), path: path.keys) {
            case .single(let value): return value
            case .unreached: return .value(.null, kind: nil)
            case .many: throw PredicateError.needsQuantifier(path.description)
            }
        case .aggregate(let aggregate):
            var elements = try collection(of: aggregate, from: scope.root(of: aggregate.collection.path))
            if case .subquery(let subquery) = aggregate.collection {
                var inner = scope
                elements = try elements.filter { element in
                    inner.variables[subquery.variable] = element
                    return try subquery.predicate.evaluate(in: inner, text: text)
                }
            }
            guard aggregate.function.readsKey else { return .value(.integer(Int64(elements.count)), kind: .number) }
            let values = try elements.map { try value(of: aggregate, on: $0) }
            let result = try aggregate.function.combine(values)
            return .value(result, kind: aggregate.function == .avg ? .number : OperandKind(result))
        }
    }

    /// The objects an aggregate's collection holds, read from `root` through to-ones (none
    /// when one of them is nil) to the to-many at the end; refused as SQL refuses it.
    private func collection(of aggregate: AggregateExpression, from root: any KeyValueReadable) throws -> [any KeyValueReadable] {
        let path = aggregate.collection.path
        var current = root
        for (index, key) in path.keys.enumerated() {
            guard let value = current.keyValue(forKey: key) else { throw PredicateError.unknownKey(key, of: current.entity) }
            let isLast = index == path.keys.count - 1
            switch value {
            case .toMany(let objects):
                if isLast { return objects }
                throw aggregate.notToMany(path.description, what: "not a to-many reached through to-one relationships")
            case .toOne(let destination):
                if isLast { throw aggregate.notToMany(path.description, what: "a to-one relationship") }
                guard let destination else { return [] }
                current = destination
            case .attribute:
                if isLast { throw aggregate.notToMany(path.description, what: "an attribute") }
                throw PredicateError.attributeHasNoKey(current.entity.name, key, path.keys[index + 1])
            }
        }
        throw aggregate.notToMany(path.description, what: "an object")
    }

    /// The value an aggregate's key reads on one element: through to-ones (nil when one of
    /// them is nil) to an attribute of a type the function takes.
    private func value(of aggregate: AggregateExpression, on element: any KeyValueReadable) throws -> StoreValue {
        let keys = aggregate.keys
        var current = element
        for (index, key) in keys.enumerated() {
            guard let value = current.keyValue(forKey: key) else { throw PredicateError.unknownKey(key, of: current.entity) }
            let isLast = index == keys.count - 1
            switch value {
            case .attribute(let value):
                guard isLast else { throw PredicateError.attributeHasNoKey(current.entity.name, key, keys[index + 1]) }
                if let attribute = current.entity.attribute(named: key) {
                    try aggregate.check(attribute.type, of: current.entity.name, key: key)
                }
                return value
            case .toOne(let destination):
                if isLast { throw aggregate.needsAttribute(what: "a to-one relationship") }
                guard let destination else { return .null }
                current = destination
            case .toMany:
                throw isLast ? aggregate.needsAttribute(what: "a to-many relationship") : aggregate.keyThroughToMany()
            }
        }
        return .null
    }

    /// Follows `keys` from `object`, one key at a time (a loop, not recursion: a key path may
    /// be as long as a script makes it); `inToMany` for the elements of a to-many crossed.
    private func read(
        _ keys: ArraySlice<String>, from object: any KeyValueReadable, path: [String], inToMany: Bool = false
    ) throws -> PathValue {
        var current = object
        var index = keys.startIndex
        while index < keys.endIndex {
            let key = keys[index]
            let rest = keys[(index + 1)...]
            guard let value = current.keyValue(forKey: key) else { throw PredicateError.unknownKey(key, of: current.entity) }
            switch value {
            case .attribute(let value):
                let entity = current.entity
                if let next = rest.first { throw PredicateError.attributeHasNoKey(entity.name, key, next) }
                return .single(.value(value, kind: entity.attribute(named: key).map { OperandKind($0.type) }))
            case .toOne(let destination):
                guard !rest.isEmpty else { return .single(.object(destination)) }
                guard let destination else { return .unreached }
                current = destination
            case .toMany(let objects):
                if inToMany { throw PredicateError.crossesTwoToMany(path) }
                guard !rest.isEmpty else { return .many(objects.map { .object($0) }) }
                return .many(try objects.map { element in
                    switch try read(rest, from: element, path: path, inToMany: true) {
                    case .single(let value): return value
                    case .unreached: return .value(.null, kind: nil)
                    case .many: throw PredicateError.crossesTwoToMany(path)
                    }
                })
            }
            index += 1
        }
        throw PredicateError("an empty key path")
    }

    private func test(_ left: Evaluated, _ right: Evaluated) throws -> Bool {
        try OperandKind.check(left.kind, op, right.kind, names: (lhs.shortDescription, rhs.shortDescription))
        switch op {
        case .equal: return equal(left, right)
        case .notEqual: return !equal(left, right)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let order = order(left, right) else { return false }
            switch op {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        case .between:
            guard case .list(let bounds) = right else { return false }
            guard bounds.count == 2 else { throw PredicateError.betweenNeedsTwoValues(bounds.count) }
            let low = Evaluated.value(bounds[0], kind: OperandKind(bounds[0]))
            let high = Evaluated.value(bounds[1], kind: OperandKind(bounds[1]))
            guard let fromLow = order(left, low), let toHigh = order(left, high) else { return false }
            return fromLow >= 0 && toHigh <= 0
        case .in:
            switch right {
            case .list(let values):
                if let membership {
                    switch left {
                    case .value(let value, _): return membership.contains(value)
                    case .object(let object): return object == nil && membership.contains(.null)
                    case .list, .objects: return false
                    }
                }
                return values.contains { equal(left, .value($0, kind: OperandKind($0))) }
            case .objects(let objects): return objects.contains { equal(left, .object($0)) }
            default: return false
            }
        case .contains, .beginsWith, .endsWith, .like, .matches:
            guard case .value(.string(let text), _) = left, case .value(.string(let pattern), _) = right else {
                return false
            }
            if op == .matches {
                _ = try StringMatching.regex(
                    StringMatching.fold(pattern, options.intersection(.diacriticInsensitive)),
                    caseInsensitive: options.contains(.caseInsensitive))
            }
            return StringMatching.test(op, text, pattern, options)
        }
    }

    private func equal(_ left: Evaluated, _ right: Evaluated) -> Bool {
        switch (left, right) {
        case (.object(let a), .object(let b)):
            guard let a, let b else { return a == nil && b == nil }
            return a === b || (a.primaryKey != nil && a.primaryKey == b.primaryKey && a.entity.name == b.entity.name)
        case (.object(let a), .value(let value, _)), (.value(let value, _), .object(let a)):
            return a == nil && value.isNull
        case (.value(let a, _), .value(let b, _)):
            if a.isNull || b.isNull { return a.isNull && b.isNull }
            return order(left, right) == 0
        default:
            return false
        }
    }

    /// -1, 0 or 1; nil when either side is nil or they do not compare.
    private func order(_ left: Evaluated, _ right: Evaluated) -> Int? {
        guard case .value(let a, _) = left, case .value(let b, _) = right else { return nil }
        switch (a, b) {
        case (.string(let x), .string(let y)):
            return StoreValue.order(Array(StringMatching.fold(x, options).utf8), Array(StringMatching.fold(y, options).utf8))
        case (.binary(let x), .binary(let y)):
            return StoreValue.order(x, y)
        default:
            return a.numericOrder(b)
        }
    }
}

extension StoreValue {
    /// Numbers compare as SQLite compares them: integers (and booleans) exactly, anything
    /// with a double or a date as doubles.
    func numericOrder(_ other: StoreValue) -> Int? {
        if let x = exactInteger, let y = other.exactInteger { return x < y ? -1 : (x == y ? 0 : 1) }
        guard let x = numericValue, let y = other.numericValue else { return nil }
        return x < y ? -1 : (x == y ? 0 : 1)
    }

    private var exactInteger: Int64? {
        switch self {
        case .integer(let value): value
        case .boolean(let value): value ? 1 : 0
        default: nil
        }
    }

    /// Lexicographic order of bytes, as SQLite's BINARY collation and blob comparison use.
    static func order(_ x: [UInt8], _ y: [UInt8]) -> Int {
        if x == y { return 0 }
        return x.lexicographicallyPrecedes(y) ? -1 : 1
    }
}
