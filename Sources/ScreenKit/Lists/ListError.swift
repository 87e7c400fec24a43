/// A list operation that cannot be done — a dequeue of an identifier nobody registered, a
/// batch update that does not add up, an index path that names no row — in UIKit's words;
/// or an answer of a data source that a list could not use and went on without.
///
/// Sections and rows are kept as numbers, counted from 0; ``message(countingFrom:)`` says
/// them counted from another base (the Lua API counts from 1).
public nonisolated enum ListError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the list holds: a table view's rows or a collection view's items.
    public enum Unit: String, Sendable {
        case rows, items

        var singular: String { self == .rows ? "row" : "item" }
        var container: String { self == .rows ? "table view" : "collection view" }
    }

    /// One change of a batch update.
    public enum Change: String, Sendable {
        case insert, delete, reload
        /// The place a move takes the row or section from (before the update).
        case moveFrom
        /// The place a move takes the row or section to (after the update).
        case moveTo

        /// Whether the change names a place before the update (else after it).
        var isBefore: Bool { self == .delete || self == .reload || self == .moveFrom }

        var verb: String {
            switch self {
            case .insert: "insert"
            case .delete: "delete"
            case .reload: "reload"
            case .moveFrom: "move from"
            case .moveTo: "move to"
            }
        }
    }

    /// A table view was asked for a cell of an identifier with no class registered.
    case unregisteredCell(identifier: String)
    /// A collection view (or a table view's header and footer queue) was asked for a view of
    /// `kind` with an identifier no class is registered for.
    case unregisteredView(kind: String, identifier: String)
    /// The sections the data source counts after the update are not those before, plus those
    /// inserted, minus those deleted.
    case invalidSectionCount(Unit, before: Int, after: Int, inserted: Int, deleted: Int)
    /// The rows (items) the data source counts in `section` (after the update) are not those
    /// before, plus and minus those inserted, deleted and moved in and out.
    case invalidItemCount(
        Unit, section: Int, before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
    /// A section index past the sections there are (before the update for deletes, reloads
    /// and moves from; after it for inserts and moves to).
    case sectionOutOfRange(Change, section: Int, count: Int)
    /// A row in a section that does not exist (`count` is the number of sections).
    case sectionOfItemOutOfRange(Unit, Change, IndexPath, count: Int)
    /// A row past the rows of its section (`count` is the number of rows there).
    case itemOutOfRange(Unit, Change, IndexPath, count: Int)
    /// The same section named by two changes that exclude each other (or twice by one).
    case sectionChangedTwice(Change, Change, section: Int)
    /// The same row named by two changes that exclude each other (or twice by one).
    case itemChangedTwice(Unit, Change, Change, IndexPath)
    /// A row moved out of a section that is deleted or reloaded, or into one that is
    /// inserted or reloaded: its rows are not there to move.
    case moveWithChangedSection(Unit, Change, IndexPath, sectionChange: Change)
    /// An index path that names no row, given to `action` ("scroll to", "select").
    case invalidIndexPath(Unit, IndexPath, action: String)
    /// An update or reload asked for while the list asks its data source for counts or
    /// heights (from inside one of those callbacks).
    case updateWhileCounting(Unit)

    // MARK: Answers a list could not use

    /// The data source counted fewer than no rows in `section` (or sections, when nil); the
    /// list counts 0.
    case negativeCount(Unit, section: Int?, count: Int)
    /// The data source counted more rows (or sections, when `section` is nil) than a list
    /// holds (`limit` rows in all, or sections); the list takes the first `taken`.
    case countOverLimit(Unit, section: Int?, count: Int, limit: Int, taken: Int)
    /// The cell the data source gave for `path` is shown at another place or in another
    /// list; the list shows an empty cell there.
    case cellInUse(Unit, IndexPath)

    public var description: String { message(countingFrom: 0) }

    /// The message, with sections and rows counted from `base`.
    public func message(countingFrom base: Int) -> String {
        func n(_ index: Int) -> String { ListError.number(index, from: base) }
        func place(_ unit: Unit, _ path: IndexPath) -> String { "\(unit.singular) \(n(path.item)) of section \(n(path.section))" }
        switch self {
        case .unregisteredCell(let identifier):
            return "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier"
        case .unregisteredView(let kind, let identifier):
            return "could not dequeue a view of kind: \(kind) with identifier \(identifier) - must register a nib or a class for the identifier"
        case .invalidSectionCount(let unit, let before, let after, let inserted, let deleted):
            let container = unit.container
            return "invalid number of sections. The number of sections contained in the \(container) after the update "
                + "(\(after)) must be equal to the number of sections contained in the \(container) before the update "
                + "(\(before)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
        case .invalidItemCount(let unit, let section, let before, let after, let inserted, let deleted, let movedIn, let movedOut):
            let units = unit.rawValue
            return "invalid number of \(units) in section \(n(section)). The number of \(units) contained in an existing "
                + "section after the update (\(after)) must be equal to the number of \(units) contained in that section "
                + "before the update (\(before)), plus or minus the number of \(units) inserted or deleted from that section "
                + "(\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(units) moved into or out of "
                + "that section (\(movedIn) moved in, \(movedOut) moved out)."
        case .sectionOutOfRange(let change, let section, let count):
            return "attempt to \(change.verb) section \(n(section)), but there are only \(count) sections "
                + "\(change.isBefore ? "before" : "after") the update"
        case .sectionOfItemOutOfRange(let unit, let change, let path, let count):
            return "attempt to \(change.verb) \(place(unit, path)), but there are only \(count) sections "
                + "\(change.isBefore ? "before" : "after") the update"
        case .itemOutOfRange(let unit, let change, let path, let count):
            return "attempt to \(change.verb) \(place(unit, path)), but there are only \(count) \(unit.rawValue) in "
                + "section \(n(path.section)) \(change.isBefore ? "before" : "after") the update"
        case .sectionChangedTwice(let first, let second, let section):
            if first == second { return "attempt to \(first.verb) section \(n(section)) twice in the same update" }
            return "attempt to \(first.verb) and \(second.verb) section \(n(section)) in the same update"
        case .itemChangedTwice(let unit, let first, let second, let path):
            if first == second { return "attempt to \(first.verb) \(place(unit, path)) twice in the same update" }
            return "attempt to \(first.verb) and \(second.verb) \(place(unit, path)) in the same update"
        case .moveWithChangedSection(let unit, let change, let path, let sectionChange):
            let state = sectionChange == .insert ? "inserted" : sectionChange == .delete ? "deleted" : "reloaded"
            return "attempt to \(change.verb) \(place(unit, path)), a section that is being \(state)"
        case .invalidIndexPath(let unit, let path, let action):
            return "attempt to \(action) an invalid index path: \(place(unit, path))"
        case .updateWhileCounting(let unit):
            return "attempt to update the \(unit.container) while it asks its data source for counts or heights"
        case .negativeCount(let unit, let section, let count):
            let what = section.map { "\(unit.rawValue) in section \(n($0))" } ?? "sections"
            return "the data source counted \(count) \(what); the \(unit.container) counts 0"
        case .countOverLimit(let unit, let section, let count, let limit, let taken):
            let what = section.map { "\(unit.rawValue) in section \(n($0))" } ?? "sections"
            let kind = section == nil ? "sections" : "\(unit.rawValue) in all"
            return "the data source counted \(count) \(what), more than a \(unit.container) holds (\(limit) \(kind)); "
                + "it takes \(taken)"
        case .cellInUse(let unit, let path):
            return "the cell given for \(place(unit, path)) is shown elsewhere already; the \(unit.container) shows an "
                + "empty cell there"
        }
    }

    /// `index + base` written out, without overflowing at the ends of `Int`.
    static func number(_ index: Int, from base: Int) -> String {
        let (sum, overflow) = index.addingReportingOverflow(base)
        guard overflow else { return String(sum) }
        // Both have the same sign when the sum overflows; their magnitudes add in `UInt`
        // unless both are near `Int.min`, which no base is.
        let (magnitude, tooLarge) = index.magnitude.addingReportingOverflow(base.magnitude)
        guard !tooLarge else { return "\(index) + \(base)" }
        return index < 0 ? "-\(magnitude)" : String(magnitude)
    }
}
