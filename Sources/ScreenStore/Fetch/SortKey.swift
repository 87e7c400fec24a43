/// One key of a fetch's order: a key path (through to-one relationships allowed), a direction
/// and whether strings compare ignoring case.
///
/// ```swift
/// let newestFirst = SortKey("creationTime", ascending: false)
/// let byTitle = SortKey("entry.title", caseInsensitive: true)
/// let parsed = SortKey(parsing: "-creationTime")   // descending
/// ```
///
/// Strings sort by Unicode scalar values (SQLite's BINARY collation); case-insensitive order
/// compares them lowercased. See ``ValueOrder`` for the order across kinds of values.
public struct SortKey: Equatable, Sendable {
    public var keyPath: String
    public var ascending: Bool
    public var caseInsensitive: Bool

    public init(_ keyPath: String, ascending: Bool = true, caseInsensitive: Bool = false) {
        self.keyPath = keyPath
        self.ascending = ascending
        self.caseInsensitive = caseInsensitive
    }

    /// A key written as scripts write it: `"name"` ascending, `"-name"` descending.
    public init(parsing text: String, caseInsensitive: Bool = false) {
        if text.hasPrefix("-") {
            self.init(String(text.dropFirst()), ascending: false, caseInsensitive: caseInsensitive)
        } else {
            self.init(text, caseInsensitive: caseInsensitive)
        }
    }
}

/// A sort key resolved against the model: the to-ones to follow and the attribute to read.
struct CompiledSortKey {
    let key: SortKey
    /// The key path's keys (`author.name` gives `["author", "name"]`).
    let keys: [String]
    /// The to-one slots followed from the fetched object, with the layout each leads to.
    let hops: [(slot: Int, layout: EntityLayout)]
    let attribute: Int

    init(_ key: SortKey, root: EntityLayout, schema: ModelSchema) throws {
        self.key = key
        var layout = root
        var hops: [(Int, EntityLayout)] = []
        let names = key.keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard names.count <= KeyPathStep.maximumCount else {
            throw StoreError.invalidRequest(
                "sort key '\(key.keyPath.prefix(40))…': a key path of more than \(KeyPathStep.maximumCount) keys")
        }
        keys = names
        for (position, name) in names.enumerated() {
            let last = position == names.count - 1
            switch layout.slots[name] {
            case .attribute(let index)? where last:
                self.hops = hops
                attribute = index
                return
            case .toOne(let slot)? where !last:
                let next = schema.layouts[layout.toOneDestination[slot]]
                hops.append((slot, next))
                layout = next
            default:
                throw StoreError.invalidRequest(
                    "sort key '\(key.keyPath)': \(layout.entity.name).\(name) is not "
                        + (last ? "an attribute" : "a to-one relationship"))
            }
        }
        throw StoreError.invalidRequest("sort key '\(key.keyPath)' is empty")
    }

    /// The value the key reads on `object`; with `processed`, as it was when changes were last
    /// processed (for finding where an object was sorted before it changed): every object on
    /// the way is read as it was then, so a change to a destination is seen too.
    func value(of object: ManagedObject, processed: Bool = false) -> StoreValue {
        var current = object
        for hop in hops {
            if processed, let state = current.processedState {
                guard let next = state.toOne[hop.slot] else { return .null }
                current = next
            } else {
                try? current.context?.fulfill(current)
                guard let next = current.toOne[hop.slot] else { return .null }
                current = next
            }
        }
        if processed, let state = current.processedState { return state.values[attribute] }
        try? current.context?.fulfill(current)
        return current.values[attribute]
    }

    /// The SQL expression of the key on the row aliased `t0`: a column, or nested scalar
    /// subqueries through the to-ones, with the case-insensitive collation when asked.
    func sql(index: Int, root: EntityLayout) -> String {
        let pk = SQLName.quote(Entity.primaryKeyColumn)
        let owner = hops.last?.layout ?? root
        var expression = "\(hops.isEmpty ? "t0" : "s\(index)_\(hops.count - 1)").\(SQLName.quote(owner.entity.attributes[attribute].name))"
        for position in hops.indices.reversed() {
            let alias = "s\(index)_\(position)"
            let from = position == 0 ? "t0" : "s\(index)_\(position - 1)"
            let fromLayout = position == 0 ? root : hops[position - 1].layout
            let column = SQLName.quote(fromLayout.toOnes[hops[position].slot].name)
            expression = "(SELECT \(expression) FROM \(hops[position].layout.table) AS \(alias) WHERE \(alias).\(pk) = \(from).\(column))"
        }
        let collated = key.caseInsensitive ? "\(expression) COLLATE \(ValueOrder.caseInsensitiveCollationName)" : expression
        return collated + (key.ascending ? " ASC" : " DESC")
    }
}
