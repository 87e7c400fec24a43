/// The place of a row or item in a list: its section and its position in that section, both
/// counted from 0 (the Lua API counts from 1 and converts at the binding), as `IndexPath`
/// in UIKit's table and collection views.
public nonisolated struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    public init(item: Int, section: Int) {
        self.section = section
        self.item = item
    }

    public init(row: Int, section: Int) {
        self.init(item: row, section: section)
    }

    /// The same as ``item``, as table views call it.
    public var row: Int {
        get { item }
        set { item = newValue }
    }

    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    public var description: String { "[\(section), \(item)]" }
}
