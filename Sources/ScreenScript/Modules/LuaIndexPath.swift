import LuaBridge
import ScreenKit
import ScreenStore

/// An index path as scripts give and get it: counted from 1, as Lua arrays are. Lists and
/// fetched results give `ui.indexPath(section, item)` values (``ScriptIndexPath``); they
/// take those or plain tables `{ section =, item = }` (or `row =`), read as the script wrote
/// them: any integer, the function using one says when it is out of range.
struct LuaIndexPath: Hashable, LuaPushable, LuaReadable {
    let section: Int64
    let item: Int64

    init(section: Int64, item: Int64) {
        self.section = section
        self.item = item
    }

    /// The path of a list's row, counted from 1.
    init(_ path: IndexPath) {
        self.init(section: LuaIndexPath.counted(path.section), item: LuaIndexPath.counted(path.item))
    }

    /// The path of a fetched result, counted from 1.
    init(_ path: FetchedIndexPath) {
        self.init(section: LuaIndexPath.counted(path.section), item: LuaIndexPath.counted(path.item))
    }

    /// `index + 1`, which no list or result is large enough to overflow.
    private static func counted(_ index: Int) -> Int64 {
        Int64(index).addingReportingOverflow(1).overflow ? .max : Int64(index) + 1
    }

    func push(to stack: LuaStack) -> Int32 {
        ScriptIndexPath(self).push(to: stack)
    }

    static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> LuaIndexPath {
        if let value = stack.object(at: index, as: ScriptIndexPath.self) { return value.path }
        guard stack.type(at: index) == .table else { throw stack.typeError("index path", at: index) }
        let table = try LuaTable.read(from: stack, at: index)
        let section = try table.get("section", as: Int64.self)
        if let item = try table.get("item", as: Int64?.self) { return LuaIndexPath(section: section, item: item) }
        return LuaIndexPath(section: section, item: try table.get("row", as: Int64.self))
    }

    /// The same place counted from 0, as lists take it.
    /// - Throws: `section of at least 1 expected, got 0` (or the item's).
    func zeroBased() throws(LuaConversionError) -> IndexPath {
        IndexPath(item: Int(try LuaIndexPath.index(item, of: "item")), section: Int(try LuaIndexPath.index(section, of: "section")))
    }

    /// A section or item number from a script, counted from 0.
    /// - Throws: `section of at least 1 expected, got 0` for a number below 1.
    static func index(_ number: Int64, of what: String) throws(LuaConversionError) -> Int64 {
        guard number >= 1 else { throw LuaConversionError(message: "\(what) of at least 1 expected, got \(number)") }
        return number - 1
    }
}

// A list's index path reads as an index path of at least 1 in both parts, and is pushed
// counted from 1.
extension IndexPath: LuaConvertible {
    public func push(to stack: LuaStack) -> Int32 {
        LuaIndexPath(self).push(to: stack)
    }

    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> IndexPath {
        try LuaIndexPath.read(from: stack, at: index).zeroBased()
    }
}

/// A section number from a script, counted from 1 (`insertSections{ 2, 3 }`), read as the
/// section counted from 0.
struct SectionNumber: LuaReadable {
    let index: Int

    static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> SectionNumber {
        SectionNumber(index: Int(try LuaIndexPath.index(try Int64.read(from: stack, at: index), of: "section")))
    }
}

/// `ui.indexPath(section, item)`: the place of a row or item, counted from 1, with
/// `section`, `item` and `row` (the same as `item`); equal to and ordered against other
/// index paths by value, and written as it is made (`ui.indexPath(1, 3)`).
final class ScriptIndexPath: LuaObject {
    let path: LuaIndexPath

    init(_ path: LuaIndexPath) {
        self.path = path
    }

    static let lua: LuaClass<ScriptIndexPath> = {
        let cls = LuaClass<ScriptIndexPath>("ui.IndexPath")
        cls.property("section") { $0.path.section }
        cls.property("item") { $0.path.item }
        cls.property("row") { $0.path.item }
        cls.metamethod("__tostring") { args in
            let path = try args.get(1, as: ScriptIndexPath.self).path
            return "ui.indexPath(\(path.section), \(path.item))"
        }
        // Lua asks `__eq` of two userdata only, which may be of another class.
        cls.metamethod("__eq") { args in
            guard let a = args.stack.object(at: 1, as: ScriptIndexPath.self), let b = args.stack.object(at: 2, as: ScriptIndexPath.self) else {
                return false
            }
            return a.path == b.path
        }
        cls.metamethod("__lt") { args in try ordered(args) { $0 < $1 } }
        cls.metamethod("__le") { args in try ordered(args) { $0 <= $1 } }
        return cls
    }()

    /// `ui.indexPath(section, item)`.
    static func make(_ args: LuaArguments) throws -> ScriptIndexPath {
        let section = try args.get(1, as: Int64.self), item = try args.get(2, as: Int64.self)
        do {
            _ = try LuaIndexPath.index(section, of: "section")
        } catch {
            throw args.error(1, error.message)
        }
        do {
            _ = try LuaIndexPath.index(item, of: "item")
        } catch {
            throw args.error(2, error.message)
        }
        return ScriptIndexPath(LuaIndexPath(section: section, item: item))
    }

    /// Compares two index paths by section, then item.
    private static func ordered(_ args: LuaArguments, _ compare: ((Int64, Int64), (Int64, Int64)) -> Bool) throws -> Bool {
        let a = try args.get(1, as: ScriptIndexPath.self).path, b = try args.get(2, as: ScriptIndexPath.self).path
        return compare((a.section, a.item), (b.section, b.item))
    }
}
