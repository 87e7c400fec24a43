import LuaBridge
import ScreenKit
import ScreenStore

/// The data source `frc:bind(tableView, options)` gives a table view: its sections and rows
/// are the results controller's, its cells come from the script's `cellForRow(tv, ip, obj)`,
/// its header titles from `titleForHeader(tv, section)` or else the sections' names, and its
/// rows can be deleted when there is a `commitDelete(tv, ip, obj)`.
///
/// It hears of the controller's changes before the controller's own Lua delegate and makes
/// each change set one batch update of the table, as a delegate written by hand does between
/// `beginUpdates` and `endUpdates`: sections deleted and inserted, rows deleted, inserted and
/// reloaded (updated objects); a moved object is deleted at its old place and inserted at its
/// new one, so that its row shows its new values. A change set the table refuses (its data
/// source was changed by hand in between) is reported, and the table reloads.
final class FetchedResultsTableSource: TableViewDataSource {
    static let options = ["cellForRow", "commitDelete", "titleForHeader"]

    let controller: FetchedResultsController
    private weak var table: TableView?
    private let cellForRow: LuaFunction
    private let commitDelete: LuaFunction?
    private let titleForHeader: LuaFunction?
    private weak var host: ScriptHost?
    /// Where the script bound it ("frc:bind called at main.lua:12"), for reports.
    private let place: String
    /// The changes heard since `willChangeContent`.
    private var pending: ListUpdate?

    init(
        controller: FetchedResultsController, table: TableView, cellForRow: LuaFunction, commitDelete: LuaFunction?,
        titleForHeader: LuaFunction?, host: ScriptHost, place: String
    ) {
        self.controller = controller
        self.table = table
        self.cellForRow = cellForRow
        self.commitDelete = commitDelete
        self.titleForHeader = titleForHeader
        self.host = host
        self.place = place
    }

    // MARK: - Data source

    func numberOfSections(in tableView: TableView) -> Int { controller.sections.count }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        let sections = controller.sections
        return sections.indices.contains(section) ? sections[section].numberOfObjects : 0
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell? {
        guard let host, let object = object(at: indexPath) else { return nil }
        let report = { (message: String) in host.report(message, in: self.context("cellForRow")) }
        return TableCallbacks.cell(call(cellForRow, "cellForRow", tableView, indexPath, object), from: "cellForRow", host: host, report: report)
    }

    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        guard let titleForHeader else {
            let sections = controller.sections
            guard controller.sectionNameKeyPath != nil || controller.sectionsAreNamedByFunction,
                  sections.indices.contains(section) else { return nil }
            return sections[section].name
        }
        guard let host, let value = call(titleForHeader, "titleForHeader", tableView, section + 1)?.first, !value.isNil else {
            return nil
        }
        return ScriptCallbackTarget.read(value, as: String.self, from: "titleForHeader", host: host) {
            host.report($0, in: context("titleForHeader"))
        }
    }

    func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { commitDelete != nil }

    func tableView(_ tableView: TableView, commitDeleteForRowAt indexPath: IndexPath) {
        guard let commitDelete, let object = object(at: indexPath) else { return }
        call(commitDelete, "commitDelete", tableView, indexPath, object)
    }

    func tableView(_ tableView: TableView, refusedAnswer error: ListError) {
        TableCallbacks.report(error) { message, name in host?.report(message, in: context(name)) }
    }

    private func object(at path: IndexPath) -> ManagedObject? {
        controller.object(at: FetchedIndexPath(section: path.section, item: path.item))
    }

    /// The results of one of the script's functions, or nil when it raised (reported).
    @discardableResult
    private func call<each Argument: LuaPushable>(_ function: LuaFunction, _ name: String, _ arguments: repeat each Argument) -> [LuaValue]? {
        guard let host else { return nil }
        do {
            return try function.callReturningAll(repeat each arguments)
        } catch {
            host.lua.report(error, in: context(name))
            return nil
        }
    }

    /// "cellForRow of frc:bind called at main.lua:12".
    private func context(_ name: String) -> String { "\(name) of \(place)" }

    // MARK: - Changes of the results

    func controllerWillChangeContent(_ controller: FetchedResultsController) {
        pending = ListUpdate()
    }

    func controller(
        _ controller: FetchedResultsController, didChange section: FetchedSectionInfo, atSectionIndex index: Int,
        for type: FetchedResultsChange
    ) {
        switch type {
        case .insert: pending?.insertedSections.append(index)
        case .delete: pending?.deletedSections.append(index)
        case .move, .update: break
        }
    }

    func controller(
        _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: FetchedIndexPath?,
        for type: FetchedResultsChange, newIndexPath: FetchedIndexPath?
    ) {
        let old = indexPath.map { IndexPath(item: $0.item, section: $0.section) }
        let new = newIndexPath.map { IndexPath(item: $0.item, section: $0.section) }
        switch type {
        case .insert: if let new { pending?.insertedItems.append(new) }
        case .delete: if let old { pending?.deletedItems.append(old) }
        case .update: if let old { pending?.reloadedItems.append(old) }
        case .move:
            if let old { pending?.deletedItems.append(old) }
            if let new { pending?.insertedItems.append(new) }
        }
    }

    func controllerDidChangeContent(_ controller: FetchedResultsController) {
        guard let update = pending else { return }
        pending = nil
        guard let table, table.dataSource === self, !update.isEmpty else { return }
        do {
            try table.performBatchUpdates {
                try? table.deleteSections(update.deletedSections)
                try? table.insertSections(update.insertedSections)
                try? table.deleteRows(at: update.deletedItems)
                try? table.insertRows(at: update.insertedItems)
                try? table.reloadRows(at: update.reloadedItems)
            }
        } catch {
            host?.report(error.message(countingFrom: 1), in: "the changes of the results bound by \(place)")
            table.reloadData()
        }
    }
}
