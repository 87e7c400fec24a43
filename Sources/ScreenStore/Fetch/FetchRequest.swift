/// What to fetch: objects of one entity matching a predicate, in an order, optionally a page.
///
/// ```swift
/// var request = FetchRequest("DiaryEntry",
///                            predicate: try Predicate(format: "text CONTAINS[cd] %@", arguments: [.value(.string("hel"))]),
///                            sortedBy: [SortKey("creationTime", ascending: false)])
/// request.limit = 20
/// let page = try context.fetch(request)
/// ```
public struct FetchRequest {
    public var entityName: String
    /// nil fetches every object of the entity.
    public var predicate: Predicate?
    /// The order, most significant first; objects equal on every key come in key order, then
    /// unsaved ones in insertion order.
    public var sortKeys: [SortKey]
    /// At most this many objects; nil or 0 means no limit, as Core Data's `fetchLimit` 0 does.
    public var limit: Int?
    /// Skip this many objects of the ordered result first.
    public var offset: Int

    public init(
        _ entityName: String, predicate: Predicate? = nil, sortedBy sortKeys: [SortKey] = [], limit: Int? = nil,
        offset: Int = 0
    ) {
        self.entityName = entityName
        self.predicate = predicate
        self.sortKeys = sortKeys
        self.limit = limit
        self.offset = offset
    }

    /// The limit to apply: nil when there is none (nil or 0).
    var effectiveLimit: Int? { limit == 0 ? nil : limit }
}

/// A request resolved against the model: its entity, SQL condition and compiled order.
struct FetchPlan {
    let layout: EntityLayout
    let predicate: Predicate?
    let condition: SQLFragment?
    let order: FetchOrder
    /// What the predicate and the order read on other objects.
    let dependencies: KeyPathDependencies

    /// - Parameter reading: Key paths the caller reads on the results besides the
    ///   predicate's and the order's (an aggregate's key), which changes reach through too.
    init(_ request: FetchRequest, schema: ModelSchema, reading: [[String]] = []) throws {
        let layout = try schema.layout(for: request.entityName)
        if let limit = request.limit, limit < 0 {
            throw StoreError.invalidRequest("fetch request for \(request.entityName): limit \(limit) is negative (0 means no limit)")
        }
        guard request.offset >= 0 else {
            throw StoreError.invalidRequest("fetch request for \(request.entityName): offset \(request.offset) is negative")
        }
        self.layout = layout
        predicate = request.predicate
        condition = try request.predicate.map { try $0.sql(for: layout.entity, in: schema.model, alias: "t0") }
        order = FetchOrder(
            keys: try request.sortKeys.map { try CompiledSortKey($0, root: layout, schema: schema) }, root: layout)
        let keyPaths = (request.predicate?.node.fullKeyPaths ?? []) + order.keys.map(\.keys) + reading
        dependencies = KeyPathDependencies(keyPaths: keyPaths, root: layout, schema: schema)
    }

    /// Whether `object` belongs to the result as it is in memory.
    func matches(_ object: ManagedObject) throws -> Bool {
        guard object.layout === layout, object.status == .inserted || object.status == .saved else { return false }
        return try predicate?.evaluate(with: object) ?? true
    }

    /// `SELECT <columns> FROM table AS t0 [WHERE ...] ORDER BY ..., t0.Z_PK` and its arguments.
    func selectSQL() -> (String, [StoreValue]) {
        var sql = layout.aliasedSelectSQL
        if let condition { sql += " WHERE " + condition.sql }
        sql += " ORDER BY " + order.sql()
        return (sql, condition?.arguments ?? [])
    }
}

/// The total order of a fetch: its sort keys, then ``ManagedObject/sortTiebreak``. SQL and
/// memory apply the same one.
struct FetchOrder {
    let keys: [CompiledSortKey]
    let root: EntityLayout

    /// -1, 0 or 1; `processed` reads each side as it was when changes were last processed.
    func compare(_ a: ManagedObject, _ b: ManagedObject, processedA: Bool = false, processedB: Bool = false) -> Int {
        for key in keys {
            let result = ValueOrder.compare(
                key.value(of: a, processed: processedA), key.value(of: b, processed: processedB),
                caseInsensitive: key.key.caseInsensitive)
            if result != 0 { return key.key.ascending ? result : -result }
        }
        let (x, y) = (a.sortTiebreak, b.sortTiebreak)
        return x < y ? -1 : (x == y ? 0 : 1)
    }

    func sql() -> String {
        (keys.enumerated().map { $1.sql(index: $0, root: root) } + ["t0.\(SQLName.quote(Entity.primaryKeyColumn)) ASC"])
            .joined(separator: ", ")
    }
}
