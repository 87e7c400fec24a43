// MARK: - Aggregates

extension StoreContext {
    /// What `request`'s function gives over the objects ``fetch(_:)`` would return for its
    /// entity and predicate, computed by SQLite and corrected for unsaved changes as
    /// ``count(for:)`` is.
    ///
    /// ```swift
    /// let spent = try context.aggregate(AggregateRequest("Expense", .sum, of: "amount",
    ///                                                    where: try Predicate(format: "date >= %@", arguments: [.value(.date(start))])))
    /// ```
    ///
    /// - Parameter request: Without `groupBy` (see ``aggregateGroups(_:)`` for one).
    /// - Returns: `count` an integer; `sum` a value of the key's type (0 when there is none);
    ///   `avg` a double; `min` and `max` a value of the key's type; the last three `.null`
    ///   when no object has a value for the key.
    /// - Throws: ``StoreError/unknownEntity(_:)``, ``StoreError/invalidRequest(_:)`` for a
    ///   missing key, a key of a type the function does not take, a key or group through a
    ///   to-many, or a `groupBy`; ``PredicateError`` for an unknown key; the predicate's errors;
    ///   ``StoreError/database(_:)`` (a sum of integers beyond 64 bits among them).
    public func aggregate(_ request: AggregateRequest) throws -> StoreValue {
        guard request.groupBy == nil else {
            throw StoreError.invalidRequest("aggregate with groupBy gives groups: ask aggregateGroups")
        }
        let (plan, groups) = try groupedAggregate(request)
        return try groups.first?.value ?? AggregateTally(plan.function).result(keyType: plan.key?.attribute?.type)
    }

    /// What `request`'s function gives for each value of its `groupBy` key, over the objects
    /// ``fetch(_:)`` would return: one group per value some object has, in the store's order
    /// of the values (objects by key, unsaved ones last).
    ///
    /// - Parameter request: With or without `groupBy` (without, one group of key `.attribute(.null)`,
    ///   none when there are no objects).
    /// - Throws: As ``aggregate(_:)``.
    public func aggregateGroups(_ request: AggregateRequest) throws -> [AggregateGroup] {
        try groupedAggregate(request).groups
    }

    private func groupedAggregate(_ request: AggregateRequest) throws -> (plan: AggregatePlan, groups: [AggregateGroup]) {
        let plan = try AggregatePlan(request, schema: schema)
        let changed = try changedObjects(for: plan.fetch)
        let layout = plan.fetch.layout
        var paths = KeyPathSQL(rootAlias: "k")
        let keySQL = plan.key.map { paths.expression($0.steps[...], alias: "t0") }
        let groupSQL = plan.group.map { paths.expression($0.steps[...], alias: "t0") }
        var conditions = plan.fetch.condition.map { [$0] } ?? []
        let savedKeys = changed.compactMap(\.primaryKey)
        if !savedKeys.isEmpty {
            // Changed rows are counted below as they are in memory, not as saved.
            let keys = "[" + savedKeys.map(String.init).joined(separator: ",") + "]"
            conditions.append(SQLFragment(
                sql: "t0.\(SQLName.quote(Entity.primaryKeyColumn)) NOT IN (SELECT value FROM json_each(?))",
                arguments: [.string(keys)]))
        }
        let columns = changed.isEmpty
            ? [plan.function.finalSQL(keySQL)] : plan.function.partialSQL(keySQL)
        var sql = "SELECT " + (columns + (groupSQL.map { [$0] } ?? [])).joined(separator: ", ")
            + " FROM \(layout.table) AS t0"
        let condition = SQLFragment.join(conditions, " AND ")
        if !conditions.isEmpty { sql += " WHERE " + condition.sql }
        if let groupSQL { sql += " GROUP BY " + groupSQL }
        let keyType = plan.key?.attribute?.type
        var tallies: [(key: PropertyValue, tally: AggregateTally)] = []
        var slots: [GroupIdentity: Int] = [:]
        func slot(for key: PropertyValue) -> Int {
            let identity = GroupIdentity(key)
            if let slot = slots[identity] { return slot }
            tallies.append((key, AggregateTally(plan.function)))
            slots[identity] = tallies.count - 1
            return tallies.count - 1
        }
        let groupColumn = Int32(columns.count)
        let rows: [(PropertyValue, AggregateTally)] = try query(sql, condition.arguments) { row in
            var partial = AggregateTally(plan.function)
            partial.take(row, keyType: keyType, final: changed.isEmpty)
            return (groupValue(row, at: groupColumn, of: plan.group), partial)
        }
        // An ungrouped aggregate of no rows is still one row in SQL: nothing counted yet.
        for (key, partial) in rows where plan.group != nil || partial.count > 0 || changed.isEmpty {
            tallies[slot(for: key)].tally.merge(partial)
        }
        for object in changed where try plan.fetch.matches(object) {
            let key = plan.group?.value(of: object) ?? .attribute(.null)
            try tallies[slot(for: key)].tally.add(plan.key.map { $0.value(of: object) })
        }
        let groups = try tallies.map { AggregateGroup(key: $0.key, value: try $0.tally.result(keyType: keyType)) }
        return (plan, groups.sorted { GroupIdentity.order($0.key, $1.key) })
    }

    /// The group key in column `index` of the current row: an attribute's value, or the
    /// to-one's destination.
    private func groupValue(_ row: RawStatement, at index: Int32, of group: AggregatePlan.Key?) -> PropertyValue {
        guard let group else { return .attribute(.null) }
        if let attribute = group.attribute { return .attribute(row.value(at: index, as: attribute.type)) }
        guard let key = row.key(at: index), let destination = group.destination,
              let layout = schema.layout(named: destination.name)
        else { return .object(nil) }
        return .object(objectOrFault(layout, key))
    }
}

/// Telling groups apart: by value, or by the destination object's identity.
private enum GroupIdentity: Hashable {
    case value(StoreValue)
    case object(ObjectIdentifier?)

    init(_ key: PropertyValue) {
        switch key {
        case .attribute(let value): self = .value(value)
        case .object(let object): self = .object(object.map(ObjectIdentifier.init))
        case .objects: self = .value(.null)
        }
    }

    /// Whether group `a` comes before `b`: values in the store's order, objects as a fetch
    /// orders them (nil first, then saved ones by key, then unsaved ones).
    static func order(_ a: PropertyValue, _ b: PropertyValue) -> Bool {
        switch (a, b) {
        case (.attribute(let x), .attribute(let y)): ValueOrder.compare(x, y) < 0
        case (.object(let x), .object(let y)): (x?.sortTiebreak ?? .min) < (y?.sortTiebreak ?? .min)
        default: false
        }
    }
}
