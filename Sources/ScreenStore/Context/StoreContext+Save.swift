import GRDB

// MARK: - Processing, saving, rolling back

extension StoreContext {
    /// Posts one `store.objectsDidChange` with the objects inserted, updated and deleted since
    /// the last post; does nothing when there are none.
    ///
    /// Fetched results controllers update themselves from this notification.
    public func processPendingChanges() {
        guard !pendingInserted.isEmpty || !pendingUpdated.isEmpty || !pendingDeleted.isEmpty else { return }
        let userInfo: [String: Any] = [
            "inserted": pendingInserted.elements, "updated": Array(pendingUpdated), "deleted": Array(pendingDeleted),
        ]
        for object in pendingInserted.elements { object.isPendingInsert = false }
        pendingInserted.removeAll()
        pendingUpdated.removeAll()
        pendingDeleted.removeAll()
        let posted = processedObjects
        let postedGeneration = generation
        processedObjects.removeAll()
        // Changes observers make during the post are recorded for the next one.
        generation += 1
        notifications.post(Self.objectsDidChangeNotification, object: self, userInfo: userInfo)
        for object in posted where object.processedGeneration == postedGeneration {
            object.processedState = nil
        }
    }

    /// Writes every insert, change and delete in one transaction, then posts `store.didSave`.
    ///
    /// Validation comes first and nothing is written when it fails: required attributes and
    /// to-ones must hold a value, and a deleted object's deny relationships must be empty.
    ///
    /// - Throws: ``StoreError/validation(object:key:reason:)`` naming the object and attribute,
    ///   ``StoreError/deleteDenied(object:relationship:count:)``, or ``StoreError/database(_:)``
    ///   when SQLite fails (the transaction is rolled back and the changes stay unsaved).
    public func save() throws {
        processPendingChanges()
        guard hasChanges else { return }
        try validateForSave()
        let (saving, changing, removing) = (inserted.elements, updated.elements, deleted.elements)
        do {
            try database.inDatabase { db in
                try db.inTransaction(.immediate) {
                    try assignKeys(to: saving, db)
                    try write(saving, db) { $0.insertSQL }
                    try write(changing, db) { $0.updateSQL }
                    try write(removing, db) { $0.deleteSQL }
                    return .commit
                }
            }
        } catch {
            for object in saving { object.primaryKey = nil }
            throw StoreError.database("save failed, nothing was written: \(StoreError.reason(error))")
        }
        for object in saving {
            object.status = .saved
            registered[object.layout.index][object.primaryKey!] = object
        }
        for object in changing { object.savedState = nil }
        for object in removing {
            registered[object.layout.index][object.primaryKey!] = nil
            object.status = .detached
            object.deletionSaved = true
            object.savedState = nil
        }
        inserted.removeAll()
        updated.removeAll()
        deleted.removeAll()
        notifications.post(
            Self.didSaveNotification, object: self,
            userInfo: ["inserted": saving, "updated": changing, "deleted": removing])
    }

    private func validateForSave() throws {
        for object in inserted.elements + updated.elements {
            let layout = object.layout
            for (index, attribute) in layout.entity.attributes.enumerated()
            where !attribute.isOptional && object.values[index].isNull {
                throw StoreError.validation(object: "\(object)", key: attribute.name, reason: "is required")
            }
            for (index, relationship) in layout.toOnes.enumerated() where !relationship.isOptional {
                let destination = object.toOne[index]
                if destination == nil || destination?.status == .deleted || destination?.status == .detached {
                    throw StoreError.validation(object: "\(object)", key: relationship.name, reason: "is required")
                }
            }
        }
        try checkDenyRules()
    }

    /// Gives inserted objects keys after each table's largest, in insertion order, so that
    /// saving keeps the order of objects sorted by key (see ``ManagedObject/sortTiebreak``).
    private func assignKeys(to objects: [ManagedObject], _ db: Database) throws {
        var next: [Int64?] = Array(repeating: nil, count: schema.layouts.count)
        for object in objects {
            let index = object.layout.index
            if next[index] == nil {
                let max = try Int64.fetchOne(
                    db, sql: "SELECT max(\(SQLName.quote(Entity.primaryKeyColumn))) FROM \(object.layout.table)")
                next[index] = max ?? 0
            }
            guard let last = next[index], last < Int64.max else {
                throw StoreError.database("\(object.entity.name) has no key left for a new row")
            }
            object.primaryKey = last + 1
            next[index] = last + 1
        }
    }

    /// Runs the statement `sql` picks for each object with its columns bound: the key, then
    /// the columns for an insert; the columns, then the key for an update; the key for a delete.
    private func write(_ objects: [ManagedObject], _ db: Database, sql: (EntityLayout) -> String) throws {
        var statement: RawStatement?
        var statementLayout: EntityLayout?
        for object in objects {
            if statementLayout !== object.layout {
                statement = try RawStatement(db, sql: sql(object.layout))
                statementLayout = object.layout
            }
            let row = statement!
            row.reset()
            var index: Int32 = 1
            if object.status == .inserted || object.status == .deleted {
                try row.bind(object.primaryKey, at: 1)
                index = 2
            }
            if object.status != .deleted {
                for value in object.values {
                    try row.bind(value, at: index)
                    index += 1
                }
                for destination in object.toOne {
                    let live = destination.map { $0.status == .saved || $0.status == .inserted } ?? false
                    try row.bind(live ? destination!.primaryKey : nil, at: index)
                    index += 1
                }
            }
            if object.status == .saved { try row.bind(object.primaryKey, at: index) }
            try row.execute()
        }
    }

    /// Drops every unsaved change: inserted objects are detached, changed and deleted ones get
    /// their saved values back. Observers get one `objectsDidChange` for the changes not yet
    /// posted, then one that undoes them (restored objects as inserted, discarded ones as
    /// deleted, reverted ones as updated).
    public func rollback() {
        processPendingChanges()
        guard hasChanges else { return }
        let (discarded, reverted, restored) = (inserted.elements, updated.elements, deleted.elements)
        for object in discarded + reverted + restored { takeProcessedState(object) }
        for object in discarded { object.status = .detached }
        for object in reverted + restored {
            if let state = object.savedState { object.restore(state) }
            object.savedState = nil
            object.status = .saved
        }
        inserted.removeAll()
        updated.removeAll()
        deleted.removeAll()
        unloadToManys()
        for object in restored {
            object.isPendingInsert = true
            pendingInserted.append(object)
        }
        pendingUpdated.append(contentsOf: reverted)
        pendingDeleted.append(contentsOf: discarded)
        processPendingChanges()
    }

    /// Drops the unsaved changes of one object and reads its row again; an inserted object is
    /// left as it is. Observers see it as updated at the next `objectsDidChange`.
    ///
    /// - Parameter object: A saved (or deleted, not yet saved) object of this context.
    /// - Throws: ``StoreError/invalidObject(_:)`` when its row is gone from the database.
    public func refresh(_ object: ManagedObject) throws {
        guard object.context === self, object.status == .saved || object.status == .deleted else { return }
        takeProcessedState(object)
        // Unsaved destinations keep their to-manys loaded, not read from the file (see
        // unloadToManys): they are worked out again without the object.
        let unsavedDestinations = object.toOne.compactMap { $0 }.filter { $0.status == .inserted }
        object.isFault = true
        try fulfill(object)
        if object.status == .deleted {
            deleted.remove(object)
            pendingDeleted.remove(object)
            object.status = .saved
        }
        updated.remove(object)
        object.savedState = nil
        if !object.isPendingInsert { pendingUpdated.append(object) }
        unloadToManys()
        for destination in unsavedDestinations {
            for index in destination.toMany.indices { destination.toMany[index] = nil }
        }
    }
}
