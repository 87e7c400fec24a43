import LuaBridge
import ScreenKit

/// `ui.ScrollView`, `ui.TableView`, `ui.TableViewCell`, `ui.TableViewController` and
/// `ui.SearchBar`. Sections, rows and index paths count from 1 (`ui.indexPath(section, row)`);
/// an update that does not add up raises UIKit's message, counted from 1, at the Lua call
/// that asked for it, and changes nothing.
///
/// ```lua
/// local EntryCell = ui.TableViewCell:extend("EntryCell")
/// local table = ui.TableView:new{ style = "grouped", frame = { 0, 0, 320, 480 } }
/// table:register("Entry", EntryCell, "subtitle")
/// table.dataSource = {
///   numberOfRows = function(self, tv, section) return #entries end,
///   cellForRow = function(self, tv, ip)
///     local cell = tv:dequeue("Entry", ip)
///     cell.textLabel.text = entries[ip.row].title
///     return cell
///   end,
/// }
/// ```
enum TableBindings {
    // MARK: - ui.ScrollView

    static func scrollView(parent: LuaClassDefinition, host: ScriptHost) -> LuaClass<ScrollView> {
        let cls = LuaClass<ScrollView>("ui.ScrollView", parent: parent, extensible: true)
        // The frame and the content size first, so that the offset is clamped to them.
        cls.scriptConstructor(keys: ["frame", "contentSize", "contentOffset"], callbacks: CallbackCheck.viewCallbacks, host: host) {
            args in
            let view = ScrollView(frame: try args.field(2, "frame", as: Rect?.self) ?? .zero)
            if let size = try args.field(2, "contentSize", as: Size?.self) { view.contentSize = size }
            if let offset = try args.field(2, "contentOffset", as: Point?.self) { view.contentOffset = offset }
            return view
        }
        cls.property("contentSize", get: { $0.contentSize }, set: { $0.contentSize = $1 })
        cls.property("contentOffset", get: { $0.contentOffset }, set: { $0.contentOffset = $1 })
        cls.property("visibleRect") { $0.visibleRect }
        cls.property("scrollEnabled", get: { $0.isScrollEnabled }, set: { $0.isScrollEnabled = $1 })
        cls.delegateProperty("delegate", ScriptScrollDelegate.self, host: host, get: { $0.delegate }, set: { $0.delegate = $1 })
        cls.method("scrollTo") { view, args in view.scrollTo(try args.get(2, as: Rect.self), animated: try args.get(3, default: false)) }
        cls.method("setContentOffset") { view, args in
            view.setContentOffset(try args.get(2, as: Point.self), animated: try args.get(3, default: false))
        }
        cls.method("scrollBy") { view, args in view.scroll(by: try args.get(2, as: Point.self)) }
        return cls
    }

    // MARK: - ui.TableView

    static func tableView(parent: LuaClassDefinition, host: ScriptHost, isCellClass: LuaFunction?) -> LuaClass<TableView> {
        let cls = LuaClass<TableView>("ui.TableView", parent: parent, extensible: true)
        cls.scriptConstructor(keys: ["style", "frame"], callbacks: CallbackCheck.viewCallbacks, host: host) { args in
            TableView(
                frame: try args.field(2, "frame", as: Rect?.self) ?? .zero,
                style: try args.field(2, "style", as: TableView.Style?.self) ?? .plain)
        }
        cls.property("style") { $0.style }
        cls.delegateProperty("dataSource", ScriptTableDataSource.self, host: host, get: { $0.dataSource }, set: { $0.dataSource = $1 })
        cls.delegateProperty("delegate", ScriptTableDelegate.self, host: host, get: { $0.delegate }, set: { $0.delegate = $1 })
        cls.finiteProperty("rowHeight", get: { $0.rowHeight }, set: { $0.rowHeight = $1 })
        cls.finiteProperty("sectionHeaderHeight", get: { $0.sectionHeaderHeight }, set: { $0.sectionHeaderHeight = $1 })
        cls.finiteProperty("sectionFooterHeight", get: { $0.sectionFooterHeight }, set: { $0.sectionFooterHeight = $1 })
        cls.property("allowsSelection", get: { $0.allowsSelection }, set: { $0.allowsSelection = $1 })
        cls.property("editing", get: { $0.isEditing }, set: { $0.isEditing = $1 })
        cls.property("tableHeaderView", get: { $0.tableHeaderView }, set: { try $0.setTableHeaderView($1) })
        cls.property("tableFooterView", get: { $0.tableFooterView }, set: { try $0.setTableFooterView($1) })
        cls.property("numberOfSections") { $0.numberOfSections }
        cls.property("visibleCells") { $0.visibleCells }
        cls.property("indexPathsForVisibleRows") { $0.indexPathsForVisibleRows }
        cls.property("indexPathForSelectedRow") { $0.indexPathForSelectedRow }

        cls.method("register") { [weak host] table, args in try register(table, args, host: host, isCellClass: isCellClass) }
        cls.method("dequeue") { table, args in try dequeue(table, args) }
        cls.method("reloadData") { table, _ in table.reloadData() }
        cls.method("insertRows") { table, args in try listChange { try table.insertRows(at: try indexPaths(args, 2)) } }
        cls.method("deleteRows") { table, args in try listChange { try table.deleteRows(at: try indexPaths(args, 2)) } }
        cls.method("reloadRows") { table, args in try listChange { try table.reloadRows(at: try indexPaths(args, 2)) } }
        cls.method("moveRow") { table, args in
            let from = try args.get(2, as: IndexPath.self), to = try args.get(3, as: IndexPath.self)
            try listChange { try table.moveRow(at: from, to: to) }
        }
        cls.method("insertSections") { table, args in try listChange { try table.insertSections(try sections(args, 2)) } }
        cls.method("deleteSections") { table, args in try listChange { try table.deleteSections(try sections(args, 2)) } }
        cls.method("reloadSections") { table, args in try listChange { try table.reloadSections(try sections(args, 2)) } }
        cls.method("moveSection") { table, args in
            let from = try args.get(2, as: SectionNumber.self), to = try args.get(3, as: SectionNumber.self)
            try listChange { try table.moveSection(from.index, toSection: to.index) }
        }
        cls.method("performBatchUpdates") { table, args in
            let updates = try args.get(2, as: LuaFunction.self)
            table.beginUpdates()
            do {
                try updates.call()
            } catch {
                // The data may have changed part way: the table asks for all of it again.
                table.reloadData()
                try? table.endUpdates()
                throw error
            }
            try listChange { try table.endUpdates() }
        }
        cls.method("beginUpdates") { table, _ in table.beginUpdates() }
        cls.method("endUpdates") { table, _ in try listChange { try table.endUpdates() } }
        cls.method("numberOfRows") { table, args in table.numberOfRows(inSection: try args.get(2, as: SectionNumber.self).index) }
        cls.method("cellAt") { table, args in table.cellForRow(at: try args.get(2, as: IndexPath.self)) }
        cls.method("indexPathFor") { table, args in table.indexPath(for: try args.get(2, as: TableViewCell.self)) }
        cls.method("indexPathAt") { table, args in table.indexPathForRow(at: try args.get(2, as: Point.self)) }
        cls.method("rectForRow") { table, args in table.rectForRow(at: try args.get(2, as: IndexPath.self)) }
        // An index path scrolls to its row; a rect, as any scroll view does.
        cls.method("scrollTo") { table, args in
            guard isIndexPath(args[2]) else {
                table.scrollTo(try args.get(2, as: Rect.self), animated: try args.get(3, default: false))
                return
            }
            let path = try args.get(2, as: IndexPath.self)
            let position = try args.get(3, default: TableView.ScrollPosition.none)
            let animated = try args.get(4, default: false)
            try listChange { try table.scrollToRow(at: path, at: position, animated: animated) }
        }
        cls.method("selectRow") { table, args in
            let path = try args.get(2, as: IndexPath?.self)
            let position = try args.get(3, default: TableView.ScrollPosition.none)
            try listChange { try table.selectRow(at: path, scrollPosition: position) }
        }
        cls.method("deselectRow") { table, args in table.deselectRow(at: try args.get(2, as: IndexPath.self)) }
        cls.method("setEditing") { table, args in
            table.setEditing(try args.get(2, as: Bool.self), animated: try args.get(3, default: false))
        }
        return cls
    }

    /// Runs a change of a list, raising its refusal in the words scripts read, counted from 1.
    static func listChange<T>(_ change: () throws -> T) throws -> T {
        do {
            return try change()
        } catch let error as ListError {
            throw BindingError(error.message(countingFrom: 1))
        }
    }

    /// A list of index paths at `index`; one index path alone is refused, not read as an
    /// empty list.
    static func indexPaths(_ args: LuaArguments, _ index: Int32) throws -> [IndexPath] {
        if isIndexPath(args[index]) { throw args.error(index, "list of index paths expected, got an index path") }
        return try args.get(index, as: [IndexPath].self)
    }

    /// A list of section numbers at `index`, counted from 0.
    static func sections(_ args: LuaArguments, _ index: Int32) throws -> [Int] {
        try args.get(index, as: [SectionNumber].self).map(\.index)
    }

    /// Whether `value` is an index path: a `ui.indexPath` or a table with a section.
    static func isIndexPath(_ value: LuaValue) -> Bool {
        switch value {
        case .userdata(let userdata): return userdata.object(as: ScriptIndexPath.self) != nil
        case .table(let table): return !table["section"].isNil
        default: return false
        }
    }

    // MARK: - Cells

    /// `register(id, CellClass, style)`: cells for `id` are made with `CellClass:new{ style = style }`.
    private static func register(_ table: TableView, _ args: LuaArguments, host: ScriptHost?, isCellClass: LuaFunction?) throws {
        let identifier = try args.get(2, as: String.self)
        let value = args[3]
        guard case .table(let cellClass) = value, let name = ScriptValues.className(of: value) else {
            throw args.error(3, "cell class expected (ui.TableViewCell or a class extending it), got \(ScriptValues.describe(value, in: args.state))")
        }
        guard (try? isCellClass?.call(cellClass, returning: Bool.self)) == true else {
            throw args.error(3, "\(name) does not extend ui.TableViewCell")
        }
        let style = try args.get(4, default: TableViewCell.Style.default)
        table.register({ [weak host, weak table] in
            makeCell(of: cellClass, named: name, style: style, host: host, for: table)
        }, forCellReuseIdentifier: identifier)
    }

    /// A new cell of a registered class. When its `new` fails (its `init` raised) the table
    /// keeps the error for the `dequeue` that asked, and gets a plain cell it will not reuse.
    private static func makeCell(
        of cellClass: LuaTable, named name: String, style: TableViewCell.Style, host: ScriptHost?, for table: TableView?
    ) -> TableViewCell {
        guard let host else { return TableViewCell(style: style) }
        let fields = host.lua.newTable()
        fields.set("style", style.rawValue)
        let failure: any Error
        do {
            let made = try host.callMethod("new", on: cellClass, fields)?.first ?? .nil
            if let cell = try? ScriptValues.read(made, as: TableViewCell.self, in: host.lua) { return cell }
            failure = BindingError("\(name):new() gave \(ScriptValues.describe(made, in: host.lua)), not a ui.TableViewCell")
        } catch {
            failure = error
        }
        ScriptHook.of(table)?.cellFailure = failure
        return TableViewCell(style: style)
    }

    /// `dequeue(id, ip)`: a cell that scrolled away, after its `prepareForReuse()`, or a new one.
    private static func dequeue(_ table: TableView, _ args: LuaArguments) throws -> TableViewCell {
        let identifier = try args.get(2, as: String.self)
        let path = try args.get(3, as: IndexPath?.self) ?? IndexPath(item: 0, section: 0)
        let cell = try listChange { try table.dequeueReusableCell(withIdentifier: identifier, for: path) }
        if let hook = ScriptHook.of(table), let failure = hook.cellFailure {
            hook.cellFailure = nil
            cell.reuseIdentifier = nil
            throw failure
        }
        return cell
    }

    /// `isCellClass(cls)`: whether a class table is ui.TableViewCell or extends it (at most
    /// 100 classes up, should a script make a cycle of metatables).
    static func cellClassCheck(cell: LuaClassDefinition, host: ScriptHost) -> LuaFunction? {
        let base = host.lua.register(cell)
        return try? host.loadOwnChunk(cellClassChunk).call(base, returning: LuaFunction.self)
    }

    private static let cellClassChunk = LuaResourceChunk("tableview.lua", name: "=ui.TableView", in: .screenScript)

    static func tableViewCell(parent: LuaClassDefinition, host: ScriptHost) -> LuaClass<TableViewCell> {
        let cls = LuaClass<TableViewCell>("ui.TableViewCell", parent: parent, extensible: true)
        cls.scriptConstructor(keys: ["style"], callbacks: CallbackCheck.cellCallbacks, host: host) { args in
            TableViewCell(style: try args.field(2, "style", as: TableViewCell.Style?.self) ?? .default)
        }
        cls.property("style") { $0.style }
        cls.property("reuseIdentifier") { $0.reuseIdentifier }
        cls.property("contentView") { $0.contentView }
        cls.property("textLabel") { $0.textLabel }
        cls.property("detailTextLabel") { $0.detailTextLabel }
        cls.property("imageView") { $0.imageView }
        cls.property("accessoryType", get: { $0.accessoryType }, set: { $0.accessoryType = $1 })
        cls.property("selected", get: { $0.isSelected }, set: { $0.isSelected = $1 })
        cls.property("highlighted", get: { $0.isHighlighted }, set: { $0.isHighlighted = $1 })
        cls.property("showsEditingControl") { $0.showsEditingControl }
        cls.property("showsDeleteButton") { $0.showsDeleteButton }
        cls.property("deleteButton") { $0.deleteButton }
        // The Swift implementation, which Lua overrides reach through `super`.
        cls.method("prepareForReuse") { cell, _ in cell.prepareForReuse() }
        return cls
    }

    // MARK: - ui.TableViewController and ui.SearchBar

    static func tableViewController(parent: LuaClassDefinition, host: ScriptHost) -> LuaClass<TableViewController> {
        let cls = LuaClass<TableViewController>("ui.TableViewController", parent: parent, extensible: true)
        cls.scriptConstructor(keys: ["style"], callbacks: CallbackCheck.tableControllerCallbacks, host: host) { args in
            ScriptTableViewController(style: try args.field(2, "style", as: TableView.Style?.self) ?? .plain)
        }
        cls.property("tableView") { $0.tableView }
        cls.property("editButtonItem") { $0.editButtonItem }
        cls.property("clearsSelectionOnViewWillAppear", get: { $0.clearsSelectionOnViewWillAppear }, set: {
            $0.clearsSelectionOnViewWillAppear = $1
        })
        cls.property("editing", get: { $0.isEditing }, set: { $0.isEditing = $1 })
        cls.method("setEditing") { controller, args in
            controller.setEditing(try args.get(2, as: Bool.self), animated: try args.get(3, default: false))
        }
        return cls
    }

    static func searchBar(parent: LuaClassDefinition, host: ScriptHost) -> LuaClass<SearchBar> {
        let cls = LuaClass<SearchBar>("ui.SearchBar", parent: parent, extensible: true)
        cls.scriptConstructor(callbacks: CallbackCheck.viewCallbacks, host: host) { _ in SearchBar() }
        cls.property("text", get: { $0.text }, set: { $0.text = $1 })
        cls.property("placeholder", get: { $0.placeholder }, set: { $0.placeholder = $1 })
        cls.property("showsCancelButton", get: { $0.showsCancelButton }, set: { $0.showsCancelButton = $1 })
        cls.property("textField") { $0.textField }
        cls.property("cancelButton") { $0.cancelButton }
        cls.delegateProperty("delegate", ScriptSearchBarDelegate.self, host: host, get: { $0.delegate }, set: { $0.delegate = $1 })
        return cls
    }
}

/// The table view controller Lua classes extend: the data source and delegate of its own
/// table, whose questions its Lua class's methods answer (`numberOfRows(tv, section)`,
/// `cellForRow(tv, ip)`, ...), as ``TableCallbacks`` asks them. Its controller overrides are
/// its `ScriptHook`'s, as every controller's.
final class ScriptTableViewController: TableViewController {
    private lazy var calls = TableCallbacks(target: .controller(WeakObject(self)))

    override init(style: TableView.Style) {
        super.init(tableView: TableView(frame: Rect(origin: .zero, size: Window.Device.iphone.portraitSize), style: style))
    }

    override func numberOfSections(in tableView: TableView) -> Int { calls.numberOfSections(tableView) }
    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        calls.numberOfRows(tableView, section)
    }
    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell? {
        calls.cellForRow(tableView, indexPath)
    }
    override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        calls.title("titleForHeader", tableView, section)
    }
    override func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        calls.title("titleForFooter", tableView, section)
    }
    override func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
        calls.canEditRow(tableView, indexPath)
    }
    override func tableView(_ tableView: TableView, commitDeleteForRowAt indexPath: IndexPath) {
        calls.commitDelete(tableView, indexPath)
    }
    override func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
        calls.prefetchRows(tableView, indexPaths)
    }
    override func tableView(_ tableView: TableView, refusedAnswer error: ListError) { calls.refused(error) }
    override var givesRowHeights: Bool { calls.givesRowHeights }
    override func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double? {
        calls.heightForRow(tableView, indexPath)
    }
    override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        calls.tell("didSelectRow", tableView, indexPath)
    }
    override func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
        calls.tell("didDeselectRow", tableView, indexPath)
    }
    override func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
        calls.tell("willDisplay", tableView, cell, indexPath)
    }
    override func scrollViewDidScroll(_ scrollView: ScrollView) { calls.tell("didScroll", scrollView) }
    override var givesHeaderViews: Bool { calls.givesHeaderViews }
    override var givesFooterViews: Bool { calls.givesFooterViews }
    override func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? {
        calls.sectionView("viewForHeader", tableView, section)
    }
    override func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View? {
        calls.sectionView("viewForFooter", tableView, section)
    }
    override func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double? {
        calls.sectionHeight("heightForHeader", tableView, section)
    }
    override func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double? {
        calls.sectionHeight("heightForFooter", tableView, section)
    }
}
