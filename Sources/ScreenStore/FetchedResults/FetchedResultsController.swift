import EventLoop

/// The results of a fetch request, in sections, kept up to date as its context changes, with
/// a delegate told what changed — Core Data's `NSFetchedResultsController`, built to feed a
/// table view.
///
/// Sections group the objects by the value of a key path, which the request sorts by first,
/// or by a name a function gives each object (a day made from a date): then the request's
/// sort must keep the objects of each section together.
///
/// ```swift
/// let controller = try FetchedResultsController(
///     request: FetchRequest("DiaryEntry", sortedBy: [SortKey("day"), SortKey("creationTime", ascending: false)]),
///     context: context, sectionNameKeyPath: "day")
/// controller.delegate = self
/// try controller.performFetch()
/// let first = controller.object(at: FetchedIndexPath(section: 0, item: 0))
/// ```
///
/// After ``performFetch()`` it follows its context's `store.objectsDidChange` notifications and
/// updates itself *incrementally*: each changed object is found by binary search where it was
/// sorted (by its values before the change) and placed by binary search where it now sorts;
/// the results are never fetched again. Index paths count from 0.
///
/// An object whose predicate or position reads another object through a key path
/// (`author.name`) is evaluated again when only that other object changes: it is found from
/// the changed object by following the relationships back. The request may not have a limit
/// or an offset.
public final class FetchedResultsController {
    public let request: FetchRequest
    public let context: StoreContext
    /// The key whose values group objects into sections; the request sorts by it first. Nil
    /// without sections, or when a function names them.
    public var sectionNameKeyPath: String? {
        if case .keyPath(let keyPath) = sectioning { keyPath } else { nil }
    }
    /// Whether a function names the sections (``init(request:context:sectionName:)``).
    public var sectionsAreNamedByFunction: Bool {
        if case .function = sectioning { true } else { false }
    }
    /// Told about every change once ``performFetch()`` has run.
    public weak var delegate: (any FetchedResultsControllerDelegate)?

    /// How objects are grouped into sections.
    private enum Sectioning {
        case none
        case keyPath(String)
        /// A name for each object; the sections follow the order of their objects.
        case function((ManagedObject) -> String)
    }

    private let sectioning: Sectioning
    private let plan: FetchPlan
    private var sectionList: [FetchedSectionInfo] = []
    private var members = Set<ObjectIdentifier>()
    private var observer: ObserverToken?
    /// Set while the delegate is told about changes: every member is then placed by its
    /// current values, even those whose processed state is still kept.
    private var placedByCurrentValues = false

    /// - Parameters:
    ///   - request: Must sort by at least one key, and by `sectionNameKeyPath` first when given.
    ///   - context: The context to fetch from and follow.
    ///   - sectionNameKeyPath: An attribute key path to group by, or nil for one section.
    /// - Throws: ``StoreError/invalidRequest(_:)`` saying what is wrong with the request.
    public convenience init(request: FetchRequest, context: StoreContext, sectionNameKeyPath: String? = nil) throws {
        if let sectionNameKeyPath, let first = request.sortKeys.first, first.keyPath != sectionNameKeyPath {
            throw StoreError.invalidRequest(
                "the section key '\(sectionNameKeyPath)' must be the first sort key of the request (it is '\(first.keyPath)')")
        }
        try self.init(request: request, context: context, sectioning: sectionNameKeyPath.map(Sectioning.keyPath) ?? .none)
    }

    /// Results in sections named by `sectionName`, which is asked for each object as it is
    /// fetched or changes.
    ///
    /// ```swift
    /// let controller = try FetchedResultsController(
    ///     request: FetchRequest("DiaryEntry", sortedBy: [SortKey("creationTime", ascending: false)]),
    ///     context: context, sectionName: { entry in day(of: entry) })
    /// ```
    ///
    /// - Parameters:
    ///   - request: Must sort by at least one key, in an order that keeps the objects of each
    ///     section together: ``performFetch()`` refuses results whose sections come back.
    ///   - sectionName: The name of an object's section. An object that changes to sort
    ///     inside a section of another name joins that section.
    /// - Throws: ``StoreError/invalidRequest(_:)`` saying what is wrong with the request.
    public convenience init(
        request: FetchRequest, context: StoreContext, sectionName: @escaping (ManagedObject) -> String
    ) throws {
        try self.init(request: request, context: context, sectioning: .function(sectionName))
    }

    private init(request: FetchRequest, context: StoreContext, sectioning: Sectioning) throws {
        guard !request.sortKeys.isEmpty else {
            throw StoreError.invalidRequest("a fetched results controller needs a request with sort keys (\(request.entityName))")
        }
        guard request.effectiveLimit == nil, request.offset == 0 else {
            throw StoreError.invalidRequest("a fetched results controller does not support a limit or an offset")
        }
        self.request = request
        self.context = context
        self.sectioning = sectioning
        plan = try FetchPlan(request, schema: context.schema)
    }

    // MARK: - Results

    /// Fetches the results and starts following the context's changes. Pending changes of
    /// the context are processed first, so the results start from a posted state.
    ///
    /// - Throws: The fetch's errors (``StoreContext/fetch(_:)``), and
    ///   ``StoreError/invalidRequest(_:)`` when a section named by a function comes back after
    ///   another section; the results are then those of the last fetch.
    public func performFetch() throws {
        context.processPendingChanges()
        let objects = try context.fetch(request)
        // Each object's section value once: a function that names sections is asked once each.
        let values = objects.map { sectionValue($0) }
        var sections: [FetchedSectionInfo] = []
        var start = 0
        while start < objects.count {
            let value = values[start]
            var end = start + 1
            while end < objects.count && sameSection(values[end], value) { end += 1 }
            let section = makeSection(value, SortedChunks(sorted: Array(objects[start..<end])))
            if case .function = sectioning, let earlier = sections.first(where: { $0.name == section.name }), let last = sections.last {
                throw StoreError.invalidRequest(
                    "the section '\(earlier.name)' comes back after the section '\(last.name)': the sort must keep "
                        + "the objects of each section together")
            }
            sections.append(section)
            start = end
        }
        if case .none = sectioning, sections.isEmpty {
            sections = [makeSection(.null, SortedChunks())]
        }
        if let observer {
            observer.remove()
            self.observer = nil
        }
        members = Set(objects.map(ObjectIdentifier.init))
        sectionList = sections
        // The hub keeps observers until removed: a controller that is gone removes its own.
        let registration = Registration()
        registration.token = context.notifications.observe(StoreContext.objectsDidChangeNotification, object: context) {
            [weak self] note in
            guard let self else { return registration.token?.remove() ?? () }
            apply(note.userInfo)
        }
        observer = registration.token
    }

    /// The sections, in order.
    public var sections: [FetchedSectionInfo] { sectionList }

    /// All results in order.
    public var fetchedObjects: [ManagedObject] { sectionList.flatMap(\.objects) }

    /// The object at an index path, or nil when there is none.
    public func object(at indexPath: FetchedIndexPath) -> ManagedObject? {
        guard sectionList.indices.contains(indexPath.section) else { return nil }
        return sectionList[indexPath.section].items.object(at: indexPath.item)
    }

    /// Where an object is in the results, or nil when it is not one of them.
    public func indexPath(for object: ManagedObject) -> FetchedIndexPath? {
        guard members.contains(ObjectIdentifier(object)) else { return nil }
        return locate(object, processed: !placedByCurrentValues)
    }

    // MARK: - Following changes

    private func apply(_ userInfo: [String: Any]) {
        var seen = Set<ObjectIdentifier>()
        var candidates: [ManagedObject] = []
        let changed = ["inserted", "updated", "deleted"].flatMap { userInfo[$0] as? [ManagedObject] ?? [] }
        for object in changed where object.layout === plan.layout {
            if seen.insert(ObjectIdentifier(object)).inserted { candidates.append(object) }
        }
        // Objects reading a changed object through a key path are placed again as if changed.
        if !plan.dependencies.isEmpty {
            let dependents = (try? plan.dependencies.dependents(of: changed, in: context, since: { $0.processedState })) ?? []
            for object in dependents where seen.insert(ObjectIdentifier(object)).inserted { candidates.append(object) }
        }
        guard !candidates.isEmpty else { return }

        // Where the changed objects were, found by their values before the change; then out.
        // Only the sections touched here can appear or disappear, so the section changes are
        // found from them, not by comparing every old section with every new one.
        var oldPaths: [ObjectIdentifier: FetchedIndexPath] = [:]
        var oldSections: [ObjectIdentifier: FetchedSectionInfo] = [:]
        for object in candidates where members.contains(ObjectIdentifier(object)) {
            let path = locate(object, processed: true)
            oldPaths[ObjectIdentifier(object)] = path
            oldSections[ObjectIdentifier(object)] = path.map { sectionList[$0.section] }
        }
        // Descending, so that removing an emptied section moves none still to be visited.
        var emptied: [(index: Int, section: FetchedSectionInfo)] = []
        for (id, path) in oldPaths.sorted(by: { $0.value > $1.value }) {
            let section = sectionList[path.section]
            section.items.remove(at: path.item)
            members.remove(id)
            guard section.items.count == 0 else { continue }
            switch sectioning {
            case .none: break
            case .keyPath: emptied.append((path.section, section))
            case .function:
                // Sections named by a function are found by the objects in them: an empty one
                // goes at once.
                sectionList.remove(at: path.section)
                emptied.append((path.section, section))
            }
        }
        // Where they belong now; a section emptied above may be filled again.
        var created: [FetchedSectionInfo] = []
        for object in candidates where (try? plan.matches(object)) == true {
            if let section = insert(object) { created.append(section) }
            members.insert(ObjectIdentifier(object))
        }
        // Old indexes, ascending; the sections named by a key path are still in the list,
        // empty, until removed here.
        let removedSections = emptied.reversed().filter { $0.section.items.count == 0 }
        if case .keyPath = sectioning {
            for (_, section) in removedSections {
                if let index = sectionIndex(of: section.value), sectionList[index] === section { sectionList.remove(at: index) }
            }
        }
        let addedSections = created.compactMap { section in index(of: section).map { ($0, section) } }
            .sorted { $0.0 < $1.0 }
        placedByCurrentValues = true
        defer { placedByCurrentValues = false }

        var changes: [(type: FetchedResultsChange, object: ManagedObject, old: FetchedIndexPath?, new: FetchedIndexPath?)] = []
        for object in candidates {
            let old = oldPaths[ObjectIdentifier(object)]
            let new = members.contains(ObjectIdentifier(object)) ? locate(object, processed: false) : nil
            switch (old, new) {
            case (let old?, nil): changes.append((.delete, object, old, nil))
            case (nil, let new?): changes.append((.insert, object, nil, new))
            case (let old?, let new?):
                let moved = sortKeysChanged(object) || oldSections[ObjectIdentifier(object)] !== sectionList[new.section]
                changes.append(moved ? (.move, object, old, new) : (.update, object, old, nil))
            case (nil, nil): break
            }
        }
        guard let delegate, !changes.isEmpty || !removedSections.isEmpty || !addedSections.isEmpty else { return }
        let order: [FetchedResultsChange] = [.delete, .insert, .move, .update]
        changes.sort { a, b in
            a.type != b.type ? order.firstIndex(of: a.type)! < order.firstIndex(of: b.type)! : (a.old ?? a.new!) < (b.old ?? b.new!)
        }

        delegate.controllerWillChangeContent(self)
        for (index, section) in removedSections { delegate.controller(self, didChange: section, atSectionIndex: index, for: .delete) }
        for (index, section) in addedSections { delegate.controller(self, didChange: section, atSectionIndex: index, for: .insert) }
        for change in changes {
            delegate.controller(self, didChange: change.object, at: change.old, for: change.type, newIndexPath: change.new)
        }
        delegate.controllerDidChangeContent(self)
    }

    /// Whether a value the results are sorted by changed since changes were last processed:
    /// then the object is reported moved, otherwise updated in place.
    private func sortKeysChanged(_ object: ManagedObject) -> Bool {
        plan.order.keys.contains { $0.value(of: object, processed: true) != $0.value(of: object) }
    }

    /// Places a matching object; returns the section it made for it, if it made one.
    @discardableResult
    private func insert(_ object: ManagedObject) -> FetchedSectionInfo? {
        let value = sectionValue(object)
        let before: (ManagedObject) -> Bool = { [plan] in plan.order.compare($0, object) < 0 }
        if case .function = sectioning { return insertNamed(object, value, before) }
        let low = firstSection { compareSections($0.value, value) < 0 }
        if low < sectionList.count && (sectionNameKeyPath == nil || sameSection(sectionList[low].value, value)) {
            sectionList[low].items.insert(object, before)
            return nil
        }
        return insertSection(of: object, value, at: low)
    }

    /// Places a matching object in the sections a function names, by its place in the sort:
    /// in the section before it or after it when either has its name, else in a new section
    /// between them; inside a section, whatever its name.
    private func insertNamed(_ object: ManagedObject, _ value: StoreValue, _ before: (ManagedObject) -> Bool) -> FetchedSectionInfo? {
        let index = firstSection(notBefore: before)
        if index < sectionList.count, let first = sectionList[index].items.first, before(first) {
            sectionList[index].items.insert(object, before)
            return nil
        }
        for candidate in [index - 1, index] where sectionList.indices.contains(candidate) && sectionList[candidate].value == value {
            sectionList[candidate].items.insert(object, before)
            return nil
        }
        return insertSection(of: object, value, at: index)
    }

    /// Makes a section of `value` holding `object` alone, at `index`.
    private func insertSection(of object: ManagedObject, _ value: StoreValue, at index: Int) -> FetchedSectionInfo {
        var items = SortedChunks()
        items.insert(object) { _ in false }
        let section = makeSection(value, items)
        sectionList.insert(section, at: index)
        return section
    }

    /// The first section whose last object does not sort before the target (`before` says
    /// which do); the sections' count when every one does. Sections named by a function are
    /// never empty.
    private func firstSection(notBefore before: (ManagedObject) -> Bool) -> Int {
        firstSection { section in section.items.last.map(before) ?? false }
    }

    /// The index of the first section not `isBefore` the place searched for, by binary
    /// search (the sections `isBefore` come first); the sections' count when all are.
    private func firstSection(_ isBefore: (FetchedSectionInfo) -> Bool) -> Int {
        var low = 0
        var high = sectionList.count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(sectionList[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Where a member is. With `processed`, by the values it had when it was placed: the last
    /// processed state of the objects its sort keys read (for the other members that is
    /// their current state).
    private func locate(_ object: ManagedObject, processed: Bool) -> FetchedIndexPath? {
        let before: (ManagedObject) -> Bool = { [plan] element in
            plan.order.compare(element, object, processedA: processed, processedB: processed) < 0
        }
        let section: Int?
        switch sectioning {
        case .none: section = sectionList.isEmpty ? nil : 0
        case .keyPath: section = sectionIndex(of: sectionValue(object, processed: processed))
        case .function:
            let index = firstSection(notBefore: before)
            section = index < sectionList.count ? index : nil
        }
        if let section, let item = sectionList[section].items.rank(of: object, before) {
            return FetchedIndexPath(section: section, item: item)
        }
        // Not where its values say: search every section (only if an order was broken).
        for (index, candidate) in sectionList.enumerated() {
            if let item = candidate.items.all.firstIndex(where: { $0 === object }) {
                return FetchedIndexPath(section: index, item: item)
            }
        }
        return nil
    }

    // MARK: - Sections

    /// The index of the section for a value of the section key, by binary search.
    private func sectionIndex(of value: StoreValue) -> Int? {
        let low = firstSection { compareSections($0.value, value) < 0 }
        return low < sectionList.count && sameSection(sectionList[low].value, value) ? low : nil
    }

    /// The index of a section in the list, by identity: of those named by a function, which
    /// their names do not order, or of any.
    private func index(of section: FetchedSectionInfo) -> Int? {
        if case .keyPath = sectioning, let index = sectionIndex(of: section.value), sectionList[index] === section { return index }
        return sectionList.firstIndex { $0 === section }
    }

    private func makeSection(_ value: StoreValue, _ items: SortedChunks) -> FetchedSectionInfo {
        let name: String
        if case .none = sectioning { name = "" } else { name = FetchedSectionInfo.name(for: value) }
        return FetchedSectionInfo(name: name, value: value, items: items)
    }

    /// The value that puts an object in its section: of the key path (as the object was when
    /// its changes were last processed, with `processed`), or the name the function gives it
    /// now.
    private func sectionValue(_ object: ManagedObject, processed: Bool = false) -> StoreValue {
        switch sectioning {
        case .none: .null
        case .keyPath: plan.order.keys[0].value(of: object, processed: processed)
        case .function(let name): .string(name(object))
        }
    }

    private func compareSections(_ a: StoreValue, _ b: StoreValue) -> Int {
        guard let key = plan.order.keys.first, case .keyPath = sectioning else { return 0 }
        let result = ValueOrder.compare(a, b, caseInsensitive: key.key.caseInsensitive)
        return key.key.ascending ? result : -result
    }

    private func sameSection(_ a: StoreValue, _ b: StoreValue) -> Bool {
        if case .function = sectioning { return a == b }
        return compareSections(a, b) == 0
    }
}

/// Lets an observer reach its own token, to remove itself.
private final class Registration {
    var token: ObserverToken?
}
