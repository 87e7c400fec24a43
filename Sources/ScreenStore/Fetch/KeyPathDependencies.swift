/// The objects of other entities a fetch's result reads through its key paths, and the way
/// back from them to the fetched objects.
///
/// A request for books with `author.name == 'Ann'`, or sorted by `author.name`, depends on
/// authors: renaming one changes which books match and where they sort, though no book
/// changed. Fetches merging unsaved changes and fetched results controllers ask
/// ``dependents(of:in:since:)`` which fetched objects such a change reaches, and evaluate those
/// again as if they had changed themselves.
struct KeyPathDependencies {
    /// One step from the objects of one level of a path to those of the next.
    enum Hop {
        /// Through a to-one: the slot on the object before the step.
        case toOne(slot: Int)
        /// Through a to-many: the inverse to-one's slot on the objects after the step.
        case toMany(inverse: Int)
    }

    /// A key path that crosses at least one relationship.
    struct Path {
        /// The entity at each level, the fetched one first; one more than there are hops.
        let layouts: [EntityLayout]
        let hops: [Hop]
        /// What each level reads on its object: the next hop's relationship, or the key at the end.
        let reads: [PropertySlot]
    }

    let paths: [Path]

    /// - Parameter keyPaths: The key paths of a predicate and of sort keys; those naming no
    ///   relationship, and any the model does not resolve (the fetch refuses those itself), add
    ///   nothing, and a path given twice counts once.
    init(keyPaths: [[String]], root: EntityLayout, schema: ModelSchema) {
        var paths: [Path] = []
        var seen = Set<[String]>()
        for keys in keyPaths where seen.insert(keys).inserted {
            var layouts = [root]
            var hops: [Hop] = []
            var reads: [PropertySlot] = []
            resolving: for (position, key) in keys.enumerated() {
                let layout = layouts[layouts.count - 1]
                guard let slot = layout.slots[key] else { break }
                reads.append(slot)
                guard position < keys.count - 1 else { break }
                switch slot {
                case .attribute:
                    break resolving
                case .toOne(let index):
                    hops.append(.toOne(slot: index))
                    layouts.append(schema.layouts[layout.toOneDestination[index]])
                case .toMany(let index):
                    hops.append(.toMany(inverse: layout.toManyInverse[index]))
                    layouts.append(schema.layouts[layout.toManyDestination[index]])
                }
            }
            if !hops.isEmpty && reads.count == keys.count && layouts.count == reads.count {
                paths.append(Path(layouts: layouts, hops: hops, reads: reads))
            }
        }
        self.paths = paths
    }

    var isEmpty: Bool { paths.isEmpty }

    /// The live objects of the fetched entity whose key paths reach an object of `changed`
    /// through a property that object changed since `since` gives its earlier values.
    ///
    /// Objects changed without an earlier state (inserted ones) are skipped: whatever points
    /// at them changed itself to do so, and is found as a changed object in turn.
    /// - Throws: ``StoreError/database(_:)`` when the rows pointing at a changed object cannot be read.
    func dependents(
        of changed: [ManagedObject], in context: StoreContext, since: (ManagedObject) -> ManagedObject.Snapshot?
    ) throws -> [ManagedObject] {
        var result: [ManagedObject] = []
        var seen = Set<ObjectIdentifier>()
        for path in paths {
            for level in 1..<path.layouts.count {
                var objects = changed.filter { object in
                    guard object.layout === path.layouts[level], let before = since(object) else { return false }
                    return Self.changes(path.reads[level], of: object, since: before)
                }
                var step = level
                while step > 0, !objects.isEmpty {
                    step -= 1
                    objects = try predecessors(of: objects, via: path.hops[step], in: path.layouts[step], context, since)
                }
                for object in objects where seen.insert(ObjectIdentifier(object)).inserted { result.append(object) }
            }
        }
        return result
    }

    /// Whether `object` reads differently through `slot` now than in `before`; a to-many's
    /// members change through their own to-ones, so any change of its owner counts.
    private static func changes(_ slot: PropertySlot, of object: ManagedObject, since before: ManagedObject.Snapshot) -> Bool {
        switch slot {
        case .attribute(let index): before.values[index] != object.values[index]
        case .toOne(let index): before.toOne[index] !== object.toOne[index]
        case .toMany: true
        }
    }

    /// The live objects of `layout` that reach one of `targets` through `hop`, as they are in
    /// memory now (and, through a to-many, as the targets' inverses were before).
    private func predecessors(
        of targets: [ManagedObject], via hop: Hop, in layout: EntityLayout, _ context: StoreContext,
        _ since: (ManagedObject) -> ManagedObject.Snapshot?
    ) throws -> [ManagedObject] {
        var found: [ManagedObject] = []
        var seen = Set<ObjectIdentifier>()
        func add(_ object: ManagedObject?) {
            guard let object, object.status == .saved || object.status == .inserted else { return }
            if seen.insert(ObjectIdentifier(object)).inserted { found.append(object) }
        }
        switch hop {
        case .toMany(let inverse):
            for target in targets {
                try context.fulfill(target)
                add(target.toOne[inverse])
                add(since(target)?.toOne[inverse])
            }
        case .toOne(let slot):
            let ids = Set(targets.map(ObjectIdentifier.init))
            let pointsAtTarget = { (object: ManagedObject) in object.toOne[slot].map { ids.contains(ObjectIdentifier($0)) } ?? false }
            // Saved rows by the keys they hold; the identity map gives their in-memory values.
            let keys = targets.compactMap(\.primaryKey)
            if !keys.isEmpty {
                let column = SQLName.quote(layout.toOnes[slot].name)
                let sql = layout.selectSQL + " WHERE \(column) IN (SELECT value FROM json_each(?))"
                let list = "[" + keys.map(String.init).joined(separator: ",") + "]"
                for object in try context.query(sql, [.string(list)], { context.materialize(layout, $0) })
                where pointsAtTarget(object) {
                    add(object)
                }
            }
            // Objects pointing at a target only in memory have changed, so they are among these.
            for object in context.inserted.elements + context.updated.elements
            where object.layout === layout && pointsAtTarget(object) {
                add(object)
            }
        }
        return found
    }
}
