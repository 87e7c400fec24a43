/// What ``StoreContext/aggregate(_:)`` computes over the objects of one entity that match a
/// predicate: how many there are, or the sum, average, minimum or maximum of a key, for all
/// of them or for each value of another key.
///
/// ```swift
/// let total = try context.aggregate(AggregateRequest("Expense", .sum, of: "amount"))
/// let perCategory = try context.aggregateGroups(AggregateRequest("Expense", .sum, of: "amount", groupedBy: "category"))
/// ```
public struct AggregateRequest {
    public var entityName: String
    public var function: AggregateFunction
    /// The key path whose values are aggregated, through to-one relationships to an
    /// attribute (for `count`, also to a to-one, whose destinations are counted); nil values
    /// are left out. Without one, `count` counts the objects; the others need one.
    public var keyPath: String?
    /// nil aggregates every object of the entity.
    public var predicate: Predicate?
    /// A key path through to-one relationships to an attribute or a to-one: one result for
    /// each value it takes (nil being one of them).
    public var groupBy: String?

    public init(
        _ entityName: String, _ function: AggregateFunction, of keyPath: String? = nil, where predicate: Predicate? = nil,
        groupedBy groupBy: String? = nil
    ) {
        self.entityName = entityName
        self.function = function
        self.keyPath = keyPath
        self.predicate = predicate
        self.groupBy = groupBy
    }
}

/// One group of ``StoreContext/aggregateGroups(_:)``: the value its objects share and what
/// the function gives over them.
public struct AggregateGroup {
    /// The `groupBy` key's value: `.attribute` for an attribute (`.null` included), `.object`
    /// for a to-one (nil included).
    public let key: PropertyValue
    public let value: StoreValue
}

/// A request resolved against the model: the fetch plan of its predicate, and its key and
/// group key as key paths through to-ones.
struct AggregatePlan {
    /// A key path through to-ones, resolved.
    struct Key {
        let keys: [String]
        let steps: [KeyPathStep]

        /// The attribute at its end; nil when it ends at a to-one.
        var attribute: Attribute? {
            if case .attribute(let attribute)? = steps.last { return attribute }
            return nil
        }

        /// The destination's entity when it ends at a to-one.
        var destination: Entity? { KeyPathStep.destination(of: steps) }

        /// What the key reads on `object` in memory: an attribute's value or a to-one's
        /// destination, nil through a nil to-one.
        func value(of object: ManagedObject) -> PropertyValue {
            var current: any KeyValueReadable = object
            for (index, key) in keys.enumerated() {
                switch current.keyValue(forKey: key) {
                case .attribute(let value)?: return .attribute(value)
                case .toOne(let destination)?:
                    guard index < keys.count - 1 else { return .object(destination as? ManagedObject) }
                    guard let destination else { return attribute == nil ? .object(nil) : .attribute(.null) }
                    current = destination
                case .toMany?, nil:
                    return .attribute(.null)
                }
            }
            return .attribute(.null)
        }
    }

    let fetch: FetchPlan
    let function: AggregateFunction
    let key: Key?
    let group: Key?

    init(_ request: AggregateRequest, schema: ModelSchema) throws {
        let layout = try schema.layout(for: request.entityName)
        let entity = layout.entity
        let name = request.function.rawValue
        func resolve(_ path: String, role: String, endsAtToOne: Bool) throws -> Key {
            let keys = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard !keys.contains(where: \.isEmpty), keys.count <= KeyPathStep.maximumCount else {
                throw StoreError.invalidRequest("\(role) '\(path.prefix(40))' is not a key path")
            }
            let steps = try KeyPathStep.resolve(keys, from: entity, in: schema.model)
            for (index, step) in steps.enumerated() {
                if case .toMany(let relationship, let destination) = step {
                    let owner = KeyPathStep.owner(of: Array(steps[...index]), from: entity)
                    let instead = role == "key"
                        ? "aggregate over \(destination.name) instead, or use a key through to-one relationships"
                        : "group by an attribute or a to-one relationship"
                    throw StoreError.invalidRequest(
                        "\(role) '\(path)' goes through the to-many relationship \(owner.name).\(relationship.name): \(instead)")
                }
            }
            if case .toOne = steps.last, !endsAtToOne {
                throw StoreError.invalidRequest("\(role) '\(path)' is a relationship; \(name) needs an attribute")
            }
            return Key(keys: keys, steps: steps)
        }
        key = try request.keyPath.map { try resolve($0, role: "key", endsAtToOne: request.function == .count) }
        if let key, let attribute = key.attribute,
           let refusal = request.function.refusal(
               of: attribute.type, at: "\(KeyPathStep.owner(of: key.steps, from: entity).name).\(attribute.name)", name: name) {
            throw StoreError.invalidRequest(refusal)
        }
        if key == nil && request.function.readsKey {
            throw StoreError.invalidRequest("\(name) of \(entity.name) needs a key to \(name)")
        }
        group = try request.groupBy.map { try resolve($0, role: "groupBy", endsAtToOne: true) }
        fetch = try FetchPlan(
            FetchRequest(request.entityName, predicate: request.predicate), schema: schema,
            reading: [key?.keys, group?.keys].compactMap { $0 })
        function = request.function
    }
}
