// MARK: - Relationships and deletion

extension StoreContext {
    /// Refuses an object that cannot be a destination of `relationship` of `owner`.
    func checkDestination(_ object: ManagedObject, of owner: ManagedObject, _ relationship: Relationship) throws {
        try checkDestination(object, place: "\(owner.entity.name).\(relationship.name)", relationship)
    }

    /// Refuses an object that cannot be a destination of `relationship`; `place` names it.
    func checkDestination(_ object: ManagedObject, place: String, _ relationship: Relationship) throws {
        guard object.entity.name == relationship.destination else {
            throw StoreError.typeMismatch(place: place, expected: relationship.destination, got: object.entity.name)
        }
        guard object.context === self, object.status == .inserted || object.status == .saved else {
            throw StoreError.invalidObject("\(place): \(object) is deleted or belongs to another context")
        }
    }

    /// Points to-one `index` of `object` at `destination`, keeping the inverse in step.
    func setToOne(_ object: ManagedObject, _ index: Int, _ destination: ManagedObject?) throws {
        let layout = object.layout
        if let destination { try checkDestination(destination, of: object, layout.toOnes[index]) }
        try fulfill(object)
        let old = object.toOne[index]
        guard old !== destination else { return }
        willChange(object)
        object.toOne[index] = destination
        switch layout.toOneInverse[index] {
        case .toMany(let inverse)?:
            if let old {
                willChange(old)
                old.toMany[inverse]?.removeAll { $0 === object }
            }
            if let destination {
                willChange(destination)
                destination.toMany[inverse]?.append(object)
            }
        case .toOne(let inverse)?:
            if let old, old.toOne[inverse] === object {
                willChange(old)
                old.toOne[inverse] = nil
            }
            if let destination {
                try fulfill(destination)
                if let previous = destination.toOne[inverse], previous !== object {
                    try fulfill(previous)
                    willChange(previous)
                    previous.toOne[index] = nil
                }
                willChange(destination)
                destination.toOne[inverse] = object
            }
        case .attribute?, nil:
            break
        }
    }

    /// The members of to-many `index` of `owner`: its rows in the database, as changed in
    /// memory, plus unsaved objects pointing at it. Loaded once, then kept in step.
    func members(of owner: ManagedObject, _ index: Int) throws -> [ManagedObject] {
        if let loaded = owner.toMany[index] { return loaded }
        let destination = schema.layouts[owner.layout.toManyDestination[index]]
        let inverse = owner.layout.toManyInverse[index]
        var members: [ManagedObject] = []
        var seen = Set<ObjectIdentifier>()
        if let key = owner.primaryKey {
            let column = SQLName.quote(destination.toOnes[inverse].name)
            let sql = destination.selectSQL + " WHERE \(column) = ? ORDER BY \(SQLName.quote(Entity.primaryKeyColumn))"
            for object in try query(sql, [.integer(key)], { materialize(destination, $0) })
            where object.toOne[inverse] === owner && object.status == .saved && seen.insert(ObjectIdentifier(object)).inserted {
                members.append(object)
            }
        }
        for object in inserted.elements + updated.elements
        where object.layout === destination && object.toOne[inverse] === owner && seen.insert(ObjectIdentifier(object)).inserted {
            members.append(object)
        }
        owner.toMany[index] = members
        return members
    }

    /// Forgets the loaded to-manys of saved objects, to be read again from the file on next
    /// use, after changes that may have moved objects between them. An inserted object's
    /// to-manys exist only in memory: they stay (callers that move objects out of one redo it).
    func unloadToManys() {
        for object in allObjects() where object.status != .inserted {
            for index in object.toMany.indices { object.toMany[index] = nil }
        }
    }

    // MARK: - Deleting

    /// Deletes an object and applies its relationships' delete rules: cascade deletes the
    /// destinations, nullify removes the object from their inverses, deny is checked by
    /// ``save()``. The row is deleted by the next save.
    ///
    /// - Parameter object: An object of this context; deleting it again does nothing.
    /// - Throws: ``StoreError/invalidObject(_:)`` for an object of another context, or
    ///   ``StoreError/database(_:)`` when a relationship cannot be read.
    public func delete(_ object: ManagedObject) throws {
        guard object.context === self else { throw StoreError.invalidObject("\(object) belongs to another context") }
        switch object.status {
        case .deleted, .detached:
            return
        case .inserted:
            takeProcessedState(object)
            object.status = .detached
            inserted.removed()
            pendingUpdated.remove(object)
            // An insert never posted is not posted as a delete either.
            if object.isPendingInsert {
                object.isPendingInsert = false
                pendingInserted.removed()
            } else {
                pendingDeleted.append(object)
            }
        case .saved:
            try fulfill(object)
            takeProcessedState(object)
            if object.savedState == nil { object.savedState = object.snapshot() }
            updated.remove(object)
            pendingUpdated.remove(object)
            deleted.append(object)
            pendingDeleted.append(object)
            object.status = .deleted
        }
        try applyDeleteRules(of: object)
    }

    private func applyDeleteRules(of object: ManagedObject) throws {
        let layout = object.layout
        for (index, relationship) in layout.toOnes.enumerated() {
            guard let destination = object.toOne[index] else { continue }
            switch relationship.deleteRule {
            case .cascade:
                try delete(destination)
            case .nullify:
                try fulfill(destination)
                switch layout.toOneInverse[index] {
                case .toMany(let inverse)?:
                    willChange(destination)
                    destination.toMany[inverse]?.removeAll { $0 === object }
                case .toOne(let inverse)? where destination.toOne[inverse] === object:
                    willChange(destination)
                    destination.toOne[inverse] = nil
                default:
                    break
                }
            case .deny:
                break
            }
        }
        for (index, relationship) in layout.toManys.enumerated() where relationship.deleteRule != .deny {
            let inverse = layout.toManyInverse[index]
            for member in try members(of: object, index) {
                if relationship.deleteRule == .cascade {
                    try delete(member)
                } else if member.toOne[inverse] === object {
                    willChange(member)
                    member.toOne[inverse] = nil
                }
            }
        }
    }

    /// The first relationship with the deny rule that still holds objects, for each deleted object.
    func checkDenyRules() throws {
        for object in deleted {
            let layout = object.layout
            for (index, relationship) in layout.toOnes.enumerated() where relationship.deleteRule == .deny {
                if let destination = object.toOne[index], destination.status == .saved || destination.status == .inserted {
                    throw StoreError.deleteDenied(object: "\(object)", relationship: relationship.name, count: 1)
                }
            }
            for (index, relationship) in layout.toManys.enumerated() where relationship.deleteRule == .deny {
                let inverse = layout.toManyInverse[index]
                let live = try members(of: object, index).filter {
                    ($0.status == .saved || $0.status == .inserted) && $0.toOne[inverse] === object
                }
                if !live.isEmpty {
                    throw StoreError.deleteDenied(object: "\(object)", relationship: relationship.name, count: live.count)
                }
            }
        }
    }
}
