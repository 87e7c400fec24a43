/// One object of an entity, living in a ``StoreContext``: its attributes are read and written
/// by name with type checks, its relationships keep their inverses in step.
///
/// ```swift
/// let entry = try context.insert("DiaryEntry", values: ["text": .string("Hello")])
/// try entry.setValue(.date(loop.wallTime), forKey: "creationTime")
/// try medium.setObject(entry, forKey: "entry")   // entry's "medias" now holds medium
/// ```
///
/// There is one object per row per context (see ``StoreContext``); objects compare by identity.
public final class ManagedObject: KeyValueReadable, Hashable, CustomStringConvertible {
    /// Where an object is in its life.
    enum Status {
        /// Inserted and not saved yet.
        case inserted
        /// A row of the database (possibly with unsaved changes).
        case saved
        /// Deleted, and the delete is not saved yet.
        case deleted
        /// No longer managed: deleted and saved, inserted and deleted, rolled back, or reset.
        case detached
    }

    /// The values an object held at one moment, to roll back to or to find where it was sorted.
    struct Snapshot {
        var values: [StoreValue]
        var toOne: [ManagedObject?]
    }

    let layout: EntityLayout
    public internal(set) var primaryKey: Int64?
    /// The context that manages the object; nil once that context is gone.
    public internal(set) weak var context: StoreContext?

    var values: [StoreValue]
    var toOne: [ManagedObject?]
    /// The members of each to-many, loaded on first use and then kept in step with inverses.
    var toMany: [[ManagedObject]?]
    /// Whether the values are still to be read from the row.
    var isFault: Bool
    var status: Status
    /// The values at the last save, while the object has unsaved changes (for rollback).
    var savedState: Snapshot?
    /// The values when the context last processed pending changes, while it has changes since.
    var processedState: Snapshot?
    var processedGeneration = 0
    /// Whether the object is inserted and the next `objectsDidChange` has not told it yet.
    var isPendingInsert = false
    /// Set when the save that deleted the object returned.
    var deletionSaved = false
    /// The order of objects not yet saved, after every saved one (see ``sortTiebreak``).
    let sequence: Int64

    init(layout: EntityLayout, context: StoreContext, primaryKey: Int64?, status: Status, isFault: Bool, sequence: Int64) {
        self.layout = layout
        self.context = context
        self.primaryKey = primaryKey
        self.status = status
        self.isFault = isFault
        self.sequence = sequence
        values = layout.defaultValues
        toOne = Array(repeating: nil, count: layout.toOnes.count)
        // A new object has no rows pointing at it yet: its to-manys start loaded and empty.
        toMany = Array(repeating: status == .inserted ? [] : nil, count: layout.toManys.count)
    }

    public var entity: Entity { layout.entity }

    /// Whether the object was inserted and the insert is not saved yet.
    public var isInserted: Bool { status == .inserted }
    /// Whether the object is deleted (the delete saved or not).
    public var isDeleted: Bool { status == .deleted || deletionSaved }
    /// Whether the object has changes its context has not saved.
    public var isUpdated: Bool { status == .saved && savedState != nil }
    /// Whether the object is inserted, deleted or changed and not saved.
    public var hasChanges: Bool { status == .inserted || status == .deleted || isUpdated }

    /// The ID that names the object: `luascreens://<store>/<Entity>/<key>` once saved, which
    /// lasts as long as the row does, also across launches; before, a temporary one
    /// (`luascreens://<store>/<Entity>/t<tag>-<n>`) that only this context knows, until the
    /// save that gives the lasting one. ``StoreContext/object(withID:)`` finds it again.
    public var objectID: String {
        primaryKey.map { layout.objectIDPrefix + String($0) } ?? layout.temporaryIDPrefix + String(sequence)
    }

    /// Whether ``objectID`` is still the temporary one (the object is not saved).
    public var hasTemporaryID: Bool { primaryKey == nil }

    /// The order of equal sort keys: saved objects by key, then unsaved ones in insertion order.
    /// Keys are given in insertion order when saved, so saving does not reorder anything.
    var sortTiebreak: Int64 { primaryKey ?? (1 << 62) + sequence }

    public var description: String {
        primaryKey.map { "\(entity.name) #\($0)" } ?? "new \(entity.name)"
    }

    public static func == (a: ManagedObject, b: ManagedObject) -> Bool { a === b }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    func snapshot() -> Snapshot {
        Snapshot(values: values, toOne: toOne)
    }

    func restore(_ snapshot: Snapshot) {
        values = snapshot.values
        toOne = snapshot.toOne
    }

    // MARK: - Attributes

    /// The value of an attribute.
    ///
    /// - Parameter key: An attribute of ``entity``.
    /// - Returns: The value, `.null` when there is none.
    /// - Throws: ``StoreError/unknownKey(entity:key:kind:)`` when `key` is not an attribute.
    public func value(forKey key: String) throws -> StoreValue {
        guard case .attribute(let index)? = layout.slots[key] else { throw unknown(key, "attribute") }
        try context?.fulfill(self)
        return values[index]
    }

    /// Sets an attribute, checking the value's type (an integer is accepted for a double or a
    /// date, a double for a date).
    ///
    /// - Parameters:
    ///   - value: The new value; `.null` is accepted here, and refused at save time when required.
    ///   - key: An attribute of ``entity``.
    /// - Throws: ``StoreError/typeMismatch(place:expected:got:)`` naming `Entity.key`, or
    ///   ``StoreError/invalidObject(_:)`` when the object is deleted or detached.
    public func setValue(_ value: StoreValue, forKey key: String) throws {
        guard case .attribute(let index)? = layout.slots[key] else { throw unknown(key, "attribute") }
        let normalized = try Self.normalize(value, for: entity.attributes[index], of: entity)
        try managingContext().setAttribute(self, index, normalized)
    }

    /// `value` as an attribute of `entity` keeps it, or the type error naming `Entity.attribute`.
    static func normalize(_ value: StoreValue, for attribute: Attribute, of entity: Entity) throws -> StoreValue {
        // SQLite would store NaN as NULL, which a required attribute must never hold.
        if value.isNaN {
            throw StoreError.typeMismatch(place: "\(entity.name).\(attribute.name)", expected: "a number", got: "NaN")
        }
        guard attribute.type.accepts(value) else {
            throw StoreError.typeMismatch(
                place: "\(entity.name).\(attribute.name)", expected: attribute.type.rawValue, got: value.typeName)
        }
        switch (attribute.type, value) {
        case (.double, .integer(let v)): return .double(Double(v))
        case (.date, .integer(let v)): return .date(Double(v))
        case (.date, .double(let v)): return .date(v)
        default: return value
        }
    }

    // MARK: - Relationships

    /// The object a to-one relationship points at.
    ///
    /// - Parameter key: A to-one relationship of ``entity``.
    /// - Throws: ``StoreError/unknownKey(entity:key:kind:)`` when `key` is not a to-one.
    public func object(forKey key: String) throws -> ManagedObject? {
        guard case .toOne(let index)? = layout.slots[key] else { throw unknown(key, "to-one relationship") }
        try context?.fulfill(self)
        return toOne[index]
    }

    /// Points a to-one relationship at `object` (or at nothing), updating the inverse: the
    /// object leaves its old destination's to-many and joins the new one's.
    ///
    /// - Parameters:
    ///   - object: An object of the destination entity in the same context, or nil.
    ///   - key: A to-one relationship of ``entity``.
    /// - Throws: ``StoreError/typeMismatch(place:expected:got:)`` for an object of another entity.
    public func setObject(_ object: ManagedObject?, forKey key: String) throws {
        guard case .toOne(let index)? = layout.slots[key] else { throw unknown(key, "to-one relationship") }
        try managingContext().setToOne(self, index, object)
    }

    /// The objects of a to-many relationship, saved and unsaved, in key order then insertion order.
    ///
    /// - Parameter key: A to-many relationship of ``entity``.
    /// - Throws: ``StoreError/unknownKey(entity:key:kind:)``, or ``StoreError/database(_:)``
    ///   when they cannot be read.
    public func objects(forKey key: String) throws -> [ManagedObject] {
        guard case .toMany(let index)? = layout.slots[key] else { throw unknown(key, "to-many relationship") }
        guard let context else { return toMany[index] ?? [] }
        return try context.members(of: self, index)
    }

    /// Adds `object` to a to-many relationship by pointing its inverse to-one at this object.
    ///
    /// - Parameters:
    ///   - object: An object of the destination entity in the same context.
    ///   - key: A to-many relationship of ``entity``.
    public func add(_ object: ManagedObject, toKey key: String) throws {
        guard case .toMany(let index)? = layout.slots[key] else { throw unknown(key, "to-many relationship") }
        let context = try managingContext()
        try context.checkDestination(object, of: self, entity.relationships.first { $0.name == key }!)
        try context.setToOne(object, layout.toManyInverse[index], self)
    }

    /// Makes `objects` the members of a to-many relationship: members not among them leave,
    /// the others join. Every object is checked first, so a refused one changes nothing.
    ///
    /// - Parameters:
    ///   - objects: Objects of the destination entity in the same context.
    ///   - key: A to-many relationship of ``entity``.
    /// - Throws: ``StoreError/unknownKey(entity:key:kind:)``, ``StoreError/typeMismatch(place:expected:got:)``
    ///   or ``StoreError/invalidObject(_:)``.
    public func setObjects(_ objects: [ManagedObject], forKey key: String) throws {
        guard case .toMany? = layout.slots[key] else { throw unknown(key, "to-many relationship") }
        let context = try managingContext()
        let relationship = entity.relationships.first { $0.name == key }!
        for object in objects {
            try context.checkDestination(object, of: self, relationship)
            try context.fulfill(object)
        }
        let wanted = Set(objects.map(ObjectIdentifier.init))
        for member in try self.objects(forKey: key) where !wanted.contains(ObjectIdentifier(member)) {
            try remove(member, fromKey: key)
        }
        for object in objects { try add(object, toKey: key) }
    }

    /// Removes `object` from a to-many relationship by clearing its inverse to-one; does
    /// nothing when it is not a member.
    ///
    /// - Parameters:
    ///   - object: An object of the destination entity in the same context.
    ///   - key: A to-many relationship of ``entity``.
    public func remove(_ object: ManagedObject, fromKey key: String) throws {
        guard case .toMany(let index)? = layout.slots[key] else { throw unknown(key, "to-many relationship") }
        let context = try managingContext()
        try context.checkDestination(object, of: self, entity.relationships.first { $0.name == key }!)
        let inverse = layout.toManyInverse[index]
        try context.fulfill(object)
        if object.toOne[inverse] === self {
            try context.setToOne(object, inverse, nil)
        }
    }

    // MARK: - KeyValueReadable

    public func keyValue(forKey key: String) -> KeyValue? {
        guard let slot = layout.slots[key] else { return nil }
        try? context?.fulfill(self)
        switch slot {
        case .attribute(let index): return .attribute(values[index])
        case .toOne(let index): return .toOne(toOne[index])
        case .toMany(let index): return .toMany((try? objects(forKey: key)) ?? toMany[index] ?? [])
        }
    }

    // MARK: - Helpers

    private func unknown(_ key: String, _ kind: String) -> StoreError {
        StoreError.unknownKey(entity: entity.name, key: key, kind: kind)
    }

    /// The context, for a change; an object that is no longer managed cannot change.
    private func managingContext() throws -> StoreContext {
        guard let context, status == .inserted || status == .saved else {
            throw StoreError.invalidObject("\(self) is \(status == .deleted ? "deleted" : "no longer in a context") and cannot change")
        }
        return context
    }
}
