/// One section of a fetched results controller: the objects sharing a value of the section key.
public final class FetchedSectionInfo {
    /// The section key's value as text (`""` for nil, or when the controller has no section key).
    public let name: String
    /// The section key's value, which orders the sections.
    let value: StoreValue
    var items: SortedChunks

    init(name: String, value: StoreValue, items: SortedChunks) {
        self.name = name
        self.value = value
        self.items = items
    }

    public var numberOfObjects: Int { items.count }
    /// The objects in order (built on each call: use ``numberOfObjects`` and
    /// ``FetchedResultsController/object(at:)`` for large sections).
    public var objects: [ManagedObject] { items.all }

    /// The text a section shows for a value of its key.
    static func name(for value: StoreValue) -> String {
        switch value {
        case .null: ""
        case .string(let text): text
        case .integer(let v): String(v)
        case .double(let v), .date(let v): String(v)
        case .boolean(let v): String(v)
        case .binary(let bytes): "<\(bytes.count) bytes>"
        }
    }
}

/// Told by a fetched results controller how its results change, in Apple's order:
/// `willChangeContent`, section changes, object changes, `didChangeContent`. Every method
/// has an empty default.
public protocol FetchedResultsControllerDelegate: AnyObject {
    func controllerWillChangeContent(_ controller: FetchedResultsController)
    /// A section appeared (index in the new sections) or disappeared (index in the old ones).
    func controller(
        _ controller: FetchedResultsController, didChange section: FetchedSectionInfo, atSectionIndex index: Int,
        for type: FetchedResultsChange)
    /// An object was inserted (`newIndexPath`), deleted (`indexPath`, before the change), moved
    /// (both) or updated in place (`indexPath`).
    func controller(
        _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: FetchedIndexPath?,
        for type: FetchedResultsChange, newIndexPath: FetchedIndexPath?)
    func controllerDidChangeContent(_ controller: FetchedResultsController)
}

extension FetchedResultsControllerDelegate {
    public func controllerWillChangeContent(_ controller: FetchedResultsController) {}
    public func controller(
        _ controller: FetchedResultsController, didChange section: FetchedSectionInfo, atSectionIndex index: Int,
        for type: FetchedResultsChange
    ) {}
    public func controller(
        _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: FetchedIndexPath?,
        for type: FetchedResultsChange, newIndexPath: FetchedIndexPath?
    ) {}
    public func controllerDidChangeContent(_ controller: FetchedResultsController) {}
}
