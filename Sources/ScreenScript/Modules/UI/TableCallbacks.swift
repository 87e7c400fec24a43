import LuaBridge
import ScreenKit

/// What a table view asks of its data source and delegate in Lua (see ``ScriptCallbackTarget``
/// for who answers): a data source or delegate a script set (a table or an object), or a Lua
/// subclass of `ui.TableViewController`, whose own methods answer. Sections and index paths
/// reach Lua counted from 1.
///
/// A method that raises is reported with its name and traceback ("cellForRow of table data
/// source set at main.lua:12", "cellForRow of Entries") and counts as missing; an answer the
/// table cannot use is reported too (`bad result from 'cellForRow' (ui.TableViewCell
/// expected, got nil)`). The table then goes on with what it does without one: an empty
/// cell, no rows, the default height.
struct TableCallbacks {
    let target: ScriptCallbackTarget

    /// The data source names a misspelling is checked against.
    static let dataSourceNames = [
        "numberOfSections", "numberOfRows", "cellForRow", "titleForHeader", "titleForFooter", "canEditRow",
        "commitDelete", "prefetchRows",
    ]
    /// The delegate names, the scroll view's among them.
    static let delegateNames = [
        "heightForRow", "didSelectRow", "didDeselectRow", "willDisplay", "didScroll",
        "viewForHeader", "viewForFooter", "heightForHeader", "heightForFooter",
    ]

    /// The cell a `cellForRow` gave: nil (reported) when it gave none or something else.
    static func cell(_ results: [LuaValue]?, from name: String, host: ScriptHost, report: (String) -> Void) -> TableViewCell? {
        guard let results else { return nil }
        return ScriptCallbackTarget.read(results.first ?? .nil, as: TableViewCell.self, from: name, host: host, report: report)
    }

    // MARK: - Data source

    func numberOfSections(_ table: TableView) -> Int {
        guard target.has("numberOfSections") else { return 1 }
        return target.answer(Int.self, of: "numberOfSections", table) ?? 0
    }

    func numberOfRows(_ table: TableView, _ section: Int) -> Int {
        target.answer(Int.self, of: "numberOfRows", table, section + 1) ?? 0
    }

    func cellForRow(_ table: TableView, _ path: IndexPath) -> TableViewCell? {
        guard let host = target.host else { return nil }
        return TableCallbacks.cell(target.call("cellForRow", table, path), from: "cellForRow", host: host) {
            target.report($0, from: "cellForRow")
        }
    }

    func title(_ name: String, _ table: TableView, _ section: Int) -> String? {
        target.answer(String.self, of: name, table, section + 1)
    }

    /// A row can be edited when `canEditRow` says so; without one, when the data source can
    /// commit a delete.
    func canEditRow(_ table: TableView, _ path: IndexPath) -> Bool {
        guard target.has("canEditRow") else { return target.has("commitDelete") }
        return target.call("canEditRow", table, path)?.first?.isTruthy ?? false
    }

    func commitDelete(_ table: TableView, _ path: IndexPath) {
        target.call("commitDelete", table, path)
    }

    /// Asked first: a table asks on every scroll, and a list of index paths made for a
    /// data source without the method would be garbage for the collector.
    func prefetchRows(_ table: TableView, _ paths: [IndexPath]) {
        guard target.has("prefetchRows") else { return }
        target.call("prefetchRows", table, paths)
    }

    /// Reports an answer the table refused, naming the callback that gave it.
    func refused(_ error: ListError) {
        TableCallbacks.report(error) { target.report($0, from: $1) }
    }

    /// Tells `report` of an answer a table refused, with the callback that gave it.
    static func report(_ error: ListError, to report: (_ message: String, _ name: String) -> Void) {
        let name: String
        switch error {
        case .negativeCount(_, let section, _), .countOverLimit(_, let section, _, _, _):
            name = section == nil ? "numberOfSections" : "numberOfRows"
        default:
            name = "cellForRow"
        }
        report(error.message(countingFrom: 1), name)
    }

    // MARK: - Delegate

    var givesRowHeights: Bool { target.has("heightForRow") }

    func heightForRow(_ table: TableView, _ path: IndexPath) -> Double? {
        target.answer(Double.self, of: "heightForRow", table, path)
    }

    var givesHeaderViews: Bool { target.has("viewForHeader") || target.has("heightForHeader") }
    var givesFooterViews: Bool { target.has("viewForFooter") || target.has("heightForFooter") }

    /// The view `viewForHeader` or `viewForFooter` gave for a section (counted from 1 in Lua).
    func sectionView(_ name: String, _ table: TableView, _ section: Int) -> View? {
        guard target.has(name) else { return nil }
        return target.answer(View.self, of: name, table, section + 1)
    }

    /// The height `heightForHeader` or `heightForFooter` gave for a section.
    func sectionHeight(_ name: String, _ table: TableView, _ section: Int) -> Double? {
        guard target.has(name) else { return nil }
        return target.answer(Double.self, of: name, table, section + 1)
    }

    func tell<each Argument: LuaPushable>(_ name: String, _ arguments: repeat each Argument) {
        target.call(name, repeat each arguments)
    }
}

/// A Lua table data source: `numberOfSections(tv)` (1 without it), `numberOfRows(tv, section)`,
/// `cellForRow(tv, ip)`, `titleForHeader(tv, section)`, `titleForFooter(tv, section)`,
/// `canEditRow(tv, ip)` (without it, rows can be edited when there is a `commitDelete`),
/// `commitDelete(tv, ip)`, `prefetchRows(tv, ips)`.
final class ScriptTableDataSource: LuaDelegate, TableViewDataSource {
    override class var role: String { "table data source" }
    override class var callbacks: [String] { TableCallbacks.dataSourceNames }
    private var calls: TableCallbacks { TableCallbacks(target: .delegate(self)) }

    func numberOfSections(in tableView: TableView) -> Int { calls.numberOfSections(tableView) }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { calls.numberOfRows(tableView, section) }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell? {
        calls.cellForRow(tableView, indexPath)
    }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        calls.title("titleForHeader", tableView, section)
    }
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        calls.title("titleForFooter", tableView, section)
    }
    func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { calls.canEditRow(tableView, indexPath) }
    func tableView(_ tableView: TableView, commitDeleteForRowAt indexPath: IndexPath) { calls.commitDelete(tableView, indexPath) }
    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) { calls.prefetchRows(tableView, indexPaths) }
    func tableView(_ tableView: TableView, refusedAnswer error: ListError) { calls.refused(error) }
}

/// A Lua table delegate: `heightForRow(tv, ip)` (asked only when there is one),
/// `didSelectRow(tv, ip)`, `didDeselectRow(tv, ip)`, `willDisplay(tv, cell, ip)`, and the
/// scroll view's `didScroll(tv)`.
final class ScriptTableDelegate: LuaDelegate, TableViewDelegate {
    override class var role: String { "table delegate" }
    override class var callbacks: [String] { TableCallbacks.delegateNames }
    private var calls: TableCallbacks { TableCallbacks(target: .delegate(self)) }

    var givesRowHeights: Bool { calls.givesRowHeights }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double? { calls.heightForRow(tableView, indexPath) }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { calls.tell("didSelectRow", tableView, indexPath) }
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) { calls.tell("didDeselectRow", tableView, indexPath) }
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
        calls.tell("willDisplay", tableView, cell, indexPath)
    }
    func scrollViewDidScroll(_ scrollView: ScrollView) { calls.tell("didScroll", scrollView) }
    var givesHeaderViews: Bool { calls.givesHeaderViews }
    var givesFooterViews: Bool { calls.givesFooterViews }
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? {
        calls.sectionView("viewForHeader", tableView, section)
    }
    func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View? {
        calls.sectionView("viewForFooter", tableView, section)
    }
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double? {
        calls.sectionHeight("heightForHeader", tableView, section)
    }
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double? {
        calls.sectionHeight("heightForFooter", tableView, section)
    }
}

/// A Lua scroll view delegate: `didScroll(sv)`.
final class ScriptScrollDelegate: LuaDelegate, ScrollViewDelegate {
    override class var role: String { "scroll view delegate" }
    override class var callbacks: [String] { ["didScroll"] }

    func scrollViewDidScroll(_ scrollView: ScrollView) { call("didScroll", scrollView) }
}

/// A Lua search bar delegate: `textDidChange(bar, text)`, `searchButtonClicked(bar)`,
/// `cancelButtonClicked(bar)`.
final class ScriptSearchBarDelegate: LuaDelegate, SearchBarDelegate {
    override class var role: String { "search bar delegate" }
    override class var callbacks: [String] { ["textDidChange", "searchButtonClicked", "cancelButtonClicked"] }

    func searchBar(_ searchBar: SearchBar, textDidChange searchText: String) { call("textDidChange", searchBar, searchText) }
    func searchBarSearchButtonClicked(_ searchBar: SearchBar) { call("searchButtonClicked", searchBar) }
    func searchBarCancelButtonClicked(_ searchBar: SearchBar) { call("cancelButtonClicked", searchBar) }
}
