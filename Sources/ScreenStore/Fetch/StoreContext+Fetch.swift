// MARK: - Fetching

extension StoreContext {
    /// The objects matching a request: rows of the database merged with this context's unsaved
    /// changes — inserted objects that match, changed objects as they are now, no deleted ones.
    ///
    /// Rows go through the identity map, so an object the context holds keeps its unsaved values.
    ///
    /// - Parameter request: The entity, predicate, order and page.
    /// - Returns: The objects in the request's order.
    /// - Throws: ``StoreError/unknownEntity(_:)``, ``StoreError/invalidRequest(_:)`` for a
    ///   bad sort key, the predicate's errors, or ``StoreError/database(_:)``.
    public func fetch(_ request: FetchRequest) throws -> [ManagedObject] {
        let plan = try FetchPlan(request, schema: schema)
        let changed = try changedObjects(for: plan)
        var (sql, arguments) = plan.selectSQL()
        // Saturating: a script may ask for `offset = math.maxinteger` with a limit.
        let window = request.effectiveLimit.map { request.offset.addingSaturated($0) }
        if changed.isEmpty {
            if let limit = request.effectiveLimit {
                sql += " LIMIT \(max(0, limit)) OFFSET \(max(0, request.offset))"
            } else if request.offset > 0 {
                sql += " LIMIT -1 OFFSET \(request.offset)"
            }
            return try rows(plan.layout, sql, arguments)
        }
        // Changed rows may drop out, so read enough more of the order to fill the window.
        let savedChanged = changed.filter { $0.primaryKey != nil }.count
        if let window { sql += " LIMIT \(window.addingSaturated(savedChanged))" }
        let changedIDs = Set(changed.map(ObjectIdentifier.init))
        var result = try rows(plan.layout, sql, arguments).filter { !changedIDs.contains(ObjectIdentifier($0)) }
        result += try changed.filter { try plan.matches($0) }
        result.sort { plan.order.compare($0, $1) < 0 }
        let start = min(request.offset, result.count)
        let end = window.map { min($0, result.count) } ?? result.count
        return Array(result[start..<max(start, end)])
    }

    /// How many objects ``fetch(_:)`` would return, counted in SQL and corrected for unsaved changes.
    ///
    /// - Parameter request: The entity, predicate and page (the order does not matter).
    /// - Throws: As ``fetch(_:)``.
    public func count(for request: FetchRequest) throws -> Int {
        var unordered = request
        unordered.sortKeys = []
        let plan = try FetchPlan(unordered, schema: schema)
        let changed = try changedObjects(for: plan)
        let whereSQL = plan.condition.map { " WHERE " + $0.sql } ?? ""
        let arguments = plan.condition?.arguments ?? []
        let countSQL = "SELECT count(*) FROM \(plan.layout.table) AS t0"
        var total = try query(countSQL + whereSQL, arguments) { Int($0.key(at: 0) ?? 0) }[0]
        let savedKeys = changed.compactMap(\.primaryKey)
        if !savedKeys.isEmpty {
            // The changed rows that SQL counted: they are counted again below as they are now.
            let keys = "[" + savedKeys.map(String.init).joined(separator: ",") + "]"
            let pk = "t0.\(SQLName.quote(Entity.primaryKeyColumn))"
            let restricted = (whereSQL.isEmpty ? " WHERE " : whereSQL + " AND ") + "\(pk) IN (SELECT value FROM json_each(?))"
            total -= try query(countSQL + restricted, arguments + [.string(keys)]) { Int($0.key(at: 0) ?? 0) }[0]
        }
        total += try changed.filter { try plan.matches($0) }.count
        let afterOffset = max(0, total - max(0, request.offset))
        return request.effectiveLimit.map { min($0, afterOffset) } ?? afterOffset
    }

    /// The objects of the fetched entity whose saved rows may not say whether or where they
    /// belong: those inserted, updated or deleted, and those whose key paths reach an object
    /// changed since it was saved.
    func changedObjects(for plan: FetchPlan) throws -> [ManagedObject] {
        guard hasChanges else { return [] }
        let all = inserted.elements + updated.elements + deleted.elements
        var result = all.filter { $0.layout === plan.layout }
        guard !plan.dependencies.isEmpty else { return result }
        var seen = Set(result.map(ObjectIdentifier.init))
        for object in try plan.dependencies.dependents(of: all, in: self, since: { $0.savedState })
        where seen.insert(ObjectIdentifier(object)).inserted {
            result.append(object)
        }
        return result
    }

    /// The objects of the rows an aliased select returns.
    func rows(_ layout: EntityLayout, _ sql: String, _ arguments: [StoreValue]) throws -> [ManagedObject] {
        try query(sql, arguments) { materialize(layout, $0) }
    }
}

private extension Int {
    /// The sum, or the largest (smallest) Int when it would overflow.
    func addingSaturated(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
