/// The place of an object in a fetched results controller: section and item, both counted
/// from 0 (the Lua binding adds 1, as Lua arrays count).
public struct FetchedIndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    public static func < (a: FetchedIndexPath, b: FetchedIndexPath) -> Bool {
        (a.section, a.item) < (b.section, b.item)
    }

    public var description: String { "[\(section), \(item)]" }
}

/// What happened to an object or a section, as the delegate is told.
public enum FetchedResultsChange: String, CaseIterable, Sendable {
    case insert, delete, move, update
}
