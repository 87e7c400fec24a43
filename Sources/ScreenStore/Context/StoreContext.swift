import Collections
import EventLoop
import GRDB

/// Where objects are inserted, fetched, changed and deleted, and their changes saved in one
/// transaction or rolled back — Core Data's managed object context, on the main actor.
///
/// ```swift
/// let context = store.context
/// let entry = try context.insert("DiaryEntry", values: ["text": .string("Hello"), "creationTime": .date(now)])
/// try context.save()
/// let recent = try context.fetch(FetchRequest("DiaryEntry", sortedBy: [SortKey("creationTime", ascending: false)]))
/// ```
///
/// **Identity.** A context holds one object per row: fetching a row it already holds returns
/// that object with its unsaved values. The map holds objects *strongly* until ``reset()``:
/// everything runs on one thread, so there is no race to guard against, identity stays
/// stable while a script holds only a row's key, no per-object weak reference (a side table
/// allocation each) is paid on large fetches, and memory is bounded by what the app touched.
///
/// **Notifications.** Changes are collected and posted as one `store.objectsDidChange`
/// (``objectsDidChangeNotification``) when ``processPendingChanges()`` is called — which
/// ``save()`` and ``rollback()`` do first — rather than after each change: Core Data
/// coalesces at the end of the event, and the binding calls ``processPendingChanges()`` once
/// per loop step to the same effect. A save then posts `store.didSave`
/// (``didSaveNotification``). Both have the context as object and the keys `inserted`,
/// `updated`, `deleted`, each an array of ``ManagedObject``.
public final class StoreContext {
    /// Posted by ``processPendingChanges()`` with the objects changed since the last post.
    public static let objectsDidChangeNotification = "store.objectsDidChange"
    /// Posted after a save returned, with the objects it wrote.
    public static let didSaveNotification = "store.didSave"

    /// The hub notifications are posted on.
    public let notifications: NotificationHub
    let schema: ModelSchema
    let database: DatabaseQueue

    /// The identity map: per entity, the objects by key.
    var registered: [[Int64: ManagedObject]]
    var inserted = FlaggedList { $0.status == .inserted }
    var updated: OrderedSet<ManagedObject> = []
    var deleted: OrderedSet<ManagedObject> = []
    /// The changes not yet posted in `objectsDidChange`.
    var pendingInserted = FlaggedList { $0.isPendingInsert }
    var pendingUpdated: OrderedSet<ManagedObject> = []
    var pendingDeleted: OrderedSet<ManagedObject> = []
    /// The objects holding a ``ManagedObject/processedState`` of ``generation``.
    var processedObjects: [ManagedObject] = []
    var generation = 0
    /// How many reads the context has run: tests check with it that work stays in memory.
    private(set) var readCount = 0
    private var nextSequence: Int64 = 0

    init(schema: ModelSchema, database: DatabaseQueue, notifications: NotificationHub) {
        self.schema = schema
        self.database = database
        self.notifications = notifications
        registered = Array(repeating: [:], count: schema.layouts.count)
    }

    /// The model of the store.
    public var model: Model { schema.model }

    /// Whether any object is inserted, changed or deleted and not saved.
    public var hasChanges: Bool { !inserted.isEmpty || !updated.isEmpty || !deleted.isEmpty }
    /// The objects inserted since the last save, in insertion order.
    public var insertedObjects: [ManagedObject] { inserted.elements }
    /// The saved objects changed since the last save, in the order of their first change.
    public var updatedObjects: [ManagedObject] { Array(updated) }
    /// The saved objects deleted since the last save, in deletion order.
    public var deletedObjects: [ManagedObject] { Array(deleted) }

    // MARK: - Inserting

    /// Inserts a new object; it is written by the next ``save()``.
    ///
    /// - Parameters:
    ///   - entityName: An entity of the model.
    ///   - values: Attribute values by name; attributes not given start with their default.
    /// - Returns: The new object.
    /// - Throws: ``StoreError/unknownEntity(_:)``, ``StoreError/unknownKey(entity:key:kind:)``
    ///   or ``StoreError/typeMismatch(place:expected:got:)``; nothing is inserted then.
    @discardableResult
    public func insert(_ entityName: String, values: [String: StoreValue] = [:]) throws -> ManagedObject {
        let layout = try schema.layout(for: entityName)
        let object = ManagedObject(
            layout: layout, context: self, primaryKey: nil, status: .inserted, isFault: false, sequence: takeSequence())
        for (key, value) in values {
            guard case .attribute(let index)? = layout.slots[key] else {
                throw StoreError.unknownKey(entity: entityName, key: key, kind: "attribute")
            }
            object.values[index] = try ManagedObject.normalize(value, for: layout.entity.attributes[index], of: layout.entity)
        }
        inserted.append(object)
        object.isPendingInsert = true
        pendingInserted.append(object)
        return object
    }

    /// Inserts a new object with attributes and relationships set, all or nothing: every value
    /// is checked before the object is made, so a refused value leaves the context as it was.
    ///
    /// ```swift
    /// let medium = try context.insert("Medium", properties: ["kind": .attribute(.string("photo")), "entry": .object(entry)])
    /// ```
    ///
    /// - Parameters:
    ///   - entityName: An entity of the model.
    ///   - properties: Values by property name: `.attribute` for attributes, `.object` for
    ///     to-ones, `.objects` for to-manys; properties not given start empty or with their default.
    /// - Returns: The new object.
    /// - Throws: ``StoreError/unknownEntity(_:)``, ``StoreError/unknownKey(entity:key:kind:)``,
    ///   ``StoreError/typeMismatch(place:expected:got:)`` or ``StoreError/invalidObject(_:)``
    ///   (a destination deleted or of another context); nothing is inserted then.
    @discardableResult
    public func insert(_ entityName: String, properties: [String: PropertyValue]) throws -> ManagedObject {
        let layout = try schema.layout(for: entityName)
        let entity = layout.entity
        var values: [String: StoreValue] = [:]
        var toOnes: [(Int, ManagedObject?)] = []
        var toManys: [(Int, [ManagedObject])] = []
        for (key, property) in properties.sorted(by: { $0.key < $1.key }) {
            let place = "\(entityName).\(key)"
            switch (layout.slots[key], property) {
            case (.attribute(let index)?, .attribute(let value)):
                values[key] = try ManagedObject.normalize(value, for: entity.attributes[index], of: entity)
            case (.toOne(let index)?, .object(let destination)):
                if let destination { try checkDestination(destination, place: place, layout.toOnes[index]) }
                toOnes.append((index, destination))
            case (.toMany(let index)?, .objects(let members)):
                let relationship = entity.relationships.first { $0.name == key }!
                for member in members { try checkDestination(member, place: place, relationship) }
                toManys.append((index, members))
            case (nil, _):
                throw StoreError.unknownKey(entity: entityName, key: key, kind: "attribute or relationship")
            case (let slot?, _):
                let expected = switch slot {
                case .attribute(let index): entity.attributes[index].type.rawValue
                case .toOne(let index): "\(layout.toOnes[index].destination) or nil"
                case .toMany(let index): "an array of \(schema.layouts[layout.toManyDestination[index]].entity.name)"
                }
                throw StoreError.typeMismatch(place: place, expected: expected, got: property.kindName)
            }
        }
        // Faults are read now, so that linking below does not read (and fail) half way.
        for destination in toOnes.compactMap(\.1) + toManys.flatMap(\.1) { try fulfill(destination) }
        let object = try insert(entityName, values: values)
        do {
            for (index, destination) in toOnes { try setToOne(object, index, destination) }
            for (index, members) in toManys {
                for member in members { try setToOne(member, layout.toManyInverse[index], object) }
            }
        } catch {
            try? delete(object)
            throw error
        }
        return object
    }

    /// The object for a saved row, from the identity map or read from the database.
    ///
    /// - Parameters:
    ///   - entityName: An entity of the model.
    ///   - primaryKey: The row's key (``ManagedObject/primaryKey``).
    /// - Returns: The object, or nil when there is no such row (or it is deleted in this context).
    public func object(_ entityName: String, primaryKey: Int64) throws -> ManagedObject? {
        let layout = try schema.layout(for: entityName)
        if let object = registered[layout.index][primaryKey] {
            guard object.status == .saved else { return nil }
            if object.isFault {
                do { try fulfill(object) } catch { return nil }
            }
            return object
        }
        return try query(layout.selectByKeySQL, [.integer(primaryKey)]) { materialize(layout, $0) }.first
    }

    /// The object an ``ManagedObject/objectID`` names.
    ///
    /// A lasting ID gives the saved object (read from the file when the context does not hold
    /// it), also in a later launch on the same file; a temporary ID gives the inserted object
    /// while it is unsaved, in this context only.
    ///
    /// - Parameter id: An ID as ``ManagedObject/objectID`` gives it.
    /// - Returns: The object, or nil when there is none: deleted (saved or not), never saved
    ///   under that key, a temporary ID after its object was saved or of another context, an
    ///   entity the model does not have, or an ID of another store.
    /// - Throws: ``StoreError/invalidRequest(_:)`` for a string that is not an object ID at
    ///   all; ``StoreError/database(_:)`` when the row cannot be read.
    public func object(withID id: String) throws -> ManagedObject? {
        guard let parts = StoreIdentity.Parts(id) else {
            let shown = id.count > 60 ? id.prefix(60) + "…" : Substring(id)
            throw StoreError.invalidRequest(
                "'\(shown)' is not an object ID (they read \(StoreIdentity.scheme)<store>/<Entity>/<key>)")
        }
        guard parts.store == schema.identity.store, let layout = schema.layout(named: parts.entity) else { return nil }
        switch parts.key {
        case .saved(let key):
            return try object(layout.entity.name, primaryKey: key)
        case .temporary(let tag, let sequence):
            guard tag == schema.identity.temporaryTag else { return nil }
            return inserted.elements.first { $0.layout === layout && $0.sequence == sequence }
        }
    }

    /// Forgets every object: unsaved changes are dropped, objects are detached, and later
    /// fetches make new objects. Releases the memory the identity map held.
    public func reset() {
        for object in allObjects() {
            object.status = .detached
            object.context = nil
            // Objects point at each other; clearing the links lets them be freed.
            object.toOne = object.toOne.map { _ in nil }
            object.toMany = object.toMany.map { _ in nil }
        }
        registered = Array(repeating: [:], count: schema.layouts.count)
        inserted.removeAll()
        pendingInserted.removeAll()
        for set in [\StoreContext.updated, \.deleted, \.pendingUpdated, \.pendingDeleted] {
            self[keyPath: set].removeAll()
        }
        processedObjects.removeAll()
    }

    // MARK: - Change tracking

    /// Records that `object` is about to change: keeps its values for rollback and for the
    /// observers of the next `objectsDidChange`, and marks it updated.
    func willChange(_ object: ManagedObject) {
        guard object.status == .inserted || object.status == .saved else { return }
        takeProcessedState(object)
        if object.status == .saved {
            if object.savedState == nil { object.savedState = object.snapshot() }
            updated.append(object)
        }
        if !object.isPendingInsert { pendingUpdated.append(object) }
    }

    /// Keeps the values `object` had when changes were last processed.
    func takeProcessedState(_ object: ManagedObject) {
        guard object.processedState == nil || object.processedGeneration != generation else { return }
        object.processedState = object.snapshot()
        object.processedGeneration = generation
        processedObjects.append(object)
    }

    func setAttribute(_ object: ManagedObject, _ index: Int, _ value: StoreValue) throws {
        try fulfill(object)
        guard object.values[index] != value else { return }
        willChange(object)
        object.values[index] = value
    }

    // MARK: - Rows and objects

    func takeSequence() -> Int64 {
        nextSequence += 1
        return nextSequence
    }

    /// Every object the context manages or tracks as changed.
    func allObjects() -> [ManagedObject] {
        registered.flatMap(\.values) + inserted.elements
    }

    /// The object of the current row (key, then the layout's columns), from the identity map
    /// when there: an object already loaded keeps its values, unsaved or not.
    func materialize(_ layout: EntityLayout, _ row: RawStatement) -> ManagedObject {
        let key = row.key(at: 0) ?? 0
        if let existing = registered[layout.index][key] {
            if existing.isFault { fill(existing, from: row) }
            return existing
        }
        let object = ManagedObject(
            layout: layout, context: self, primaryKey: key, status: .saved, isFault: false, sequence: takeSequence())
        registered[layout.index][key] = object
        fill(object, from: row)
        return object
    }

    /// The object for `key`, unread (a fault) when the context does not hold it yet.
    func objectOrFault(_ layout: EntityLayout, _ key: Int64) -> ManagedObject {
        if let existing = registered[layout.index][key] { return existing }
        let object = ManagedObject(
            layout: layout, context: self, primaryKey: key, status: .saved, isFault: true, sequence: takeSequence())
        registered[layout.index][key] = object
        return object
    }

    func fill(_ object: ManagedObject, from row: RawStatement) {
        let layout = object.layout
        var column: Int32 = 1
        // Built apart and stored once: writing into the object's copy of the defaults would
        // copy them first and check uniqueness on every write.
        var values: [StoreValue] = []
        values.reserveCapacity(layout.attributeTypes.count)
        for type in layout.attributeTypes {
            values.append(row.value(at: column, as: type))
            column += 1
        }
        object.values = values
        for index in layout.toOnes.indices {
            object.toOne[index] = row.key(at: column).map { objectOrFault(schema.layouts[layout.toOneDestination[index]], $0) }
            column += 1
        }
        object.isFault = false
    }

    /// Reads a fault's row.
    /// - Throws: ``StoreError/invalidObject(_:)`` when the row is gone.
    func fulfill(_ object: ManagedObject) throws {
        guard object.isFault, let key = object.primaryKey else { return }
        let found: [Void] = try query(object.layout.selectByKeySQL, [.integer(key)]) { fill(object, from: $0) }
        if found.isEmpty {
            object.isFault = false
            throw StoreError.invalidObject("\(object) is no longer in the store")
        }
    }

    /// Runs `sql` with `arguments` and calls `each` on every row, collecting what it returns.
    func query<T>(_ sql: String, _ arguments: [StoreValue], _ each: (RawStatement) throws -> T) throws -> [T] {
        try read { db in
            let statement = try RawStatement(db, sql: sql)
            statement.reset()
            for (index, argument) in arguments.enumerated() { try statement.bind(argument, at: Int32(clamping: index + 1)) }
            var results: [T] = []
            while try statement.step() { results.append(try each(statement)) }
            return results
        }
    }

    /// Runs a read, turning SQLite's errors into ``StoreError/database(_:)``.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        readCount += 1
        do {
            return try database.inDatabase(body)
        } catch let error as DatabaseError {
            throw StoreError.database(StoreError.reason(error))
        }
    }
}
