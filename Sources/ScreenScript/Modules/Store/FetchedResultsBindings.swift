import LuaBridge
import ScreenKit
import ScreenStore

extension FetchedResultsController: LuaObject {}
extension FetchedSectionInfo: LuaObject {}
extension FetchedResultsChange: LuaEnumeration {}

/// `ctx:fetchedResults{ entity =, where =, args =, sort =, sectionKey =, delegate = }`: a
/// fetched results controller that keeps a table view's rows in step with the context.
///
/// ```lua
/// local frc = ctx:fetchedResults{ entity = "DiaryEntry", sort = { "day", "-creationTime" },
///                                 sectionKey = "day", delegate = self }
/// frc:performFetch()
/// function self:didChangeObject(frc, entry, ip, change, newIp) ... end
/// frc:bind(tableView, { cellForRow = function(tv, ip, entry) ... end })
/// ```
///
/// `sectionKey` is a key path the request sorts by first, or a function of the object that
/// names its section (the sort must then keep each section together). Sections and items
/// count from 1, and index paths are `ui.indexPath` values; one that is not there is an
/// argument error. The delegate is called as methods, `self` first: `willChangeContent(frc)`,
/// `didChangeSection(frc, info, index, "insert"|"delete")`,
/// `didChangeObject(frc, obj, ip, "insert"|"delete"|"move"|"update", newIp)`, `didChangeContent(frc)`.
enum FetchedResultsBindings {
    /// Keeps a Lua delegate for the controller, which holds its delegate weakly.
    final class ScriptDelegate: LuaDelegate, FetchedResultsControllerDelegate {
        override class var role: String { "fetched results delegate" }
        override class var callbacks: [String] { ["willChangeContent", "didChangeSection", "didChangeObject", "didChangeContent"] }

        func controllerWillChangeContent(_ controller: FetchedResultsController) {
            call("willChangeContent", controller)
        }

        func controller(
            _ controller: FetchedResultsController, didChange section: FetchedSectionInfo, atSectionIndex index: Int,
            for type: FetchedResultsChange
        ) {
            call("didChangeSection", controller, section, index + 1, type)
        }

        func controller(
            _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: FetchedIndexPath?,
            for type: FetchedResultsChange, newIndexPath: FetchedIndexPath?
        ) {
            call("didChangeObject", controller, object, indexPath.map(LuaIndexPath.init), type,
                        newIndexPath.map(LuaIndexPath.init))
        }

        func controllerDidChangeContent(_ controller: FetchedResultsController) {
            call("didChangeContent", controller)
        }
    }

    /// The controller `ctx:fetchedResults{...}` makes, its delegate set.
    static func make(_ context: StoreContext, _ args: LuaArguments, state: StoreHostState) throws -> FetchedResultsController {
        guard let host = state.host else { throw ScriptHost.gone }
        let request = try StoreModule.fetchRequest(args, 2, of: context, extraOptions: ["sectionKey", "delegate"])
        let value = try args.field(2, "delegate", as: DelegateValue.self)
        let delegate: ScriptDelegate?
        do throws(LuaConversionError) {
            delegate = try ScriptDelegate.make(value, host: host)
        } catch {
            throw args.error(2, "\(error.message) in field 'delegate'")
        }
        let controller: FetchedResultsController
        switch try args.field(2, "sectionKey", as: LuaValue.self) {
        case .nil:
            controller = try FetchedResultsController(request: request, context: context)
        case .string(let keyPath):
            controller = try FetchedResultsController(request: request, context: context, sectionNameKeyPath: keyPath.description)
        case .function(let function):
            let place = "sectionKey of fetchedResults called at \(args.callerLocation ?? "?")"
            controller = try FetchedResultsController(request: request, context: context, sectionName: { [weak host] object in
                sectionName(of: object, by: function, host: host, context: place)
            })
            state.setSectionKey(function, of: controller)
        case let other:
            throw args.error(2, "key path or function expected, got \(other.type) in field 'sectionKey'")
        }
        state.setDelegate(delegate, of: controller)
        return controller
    }

    /// The name `function` gives the object's section: a string, or a number as Lua writes
    /// it; "" for nil, and for an error or another value, which is reported.
    private static func sectionName(of object: ManagedObject, by function: LuaFunction, host: ScriptHost?, context: String) -> String {
        guard let host else { return "" }
        do {
            switch try function.callReturningAll(object).first ?? .nil {
            case .nil: return ""
            case .string(let name): return name.description
            case let number where number.numberValue != nil: return number.description
            case let other:
                host.report("bad result from 'sectionKey' (string expected, got \(other.type))", in: context)
                return ""
            }
        } catch {
            host.lua.report(error, in: context)
            return ""
        }
    }

    static func controllerClass(state: StoreHostState, host: ScriptHost) -> LuaClass<FetchedResultsController> {
        let cls = LuaClass<FetchedResultsController>("store.FetchedResults")
        cls.method("performFetch") { controller, _ in try controller.performFetch() }
        cls.property("sections") { $0.sections }
        cls.property("fetchedObjects") { $0.fetchedObjects }
        // The key path, or the function that names the sections.
        cls.property("sectionKey") { controller -> LuaValue in
            if let keyPath = controller.sectionNameKeyPath { return .string(LuaString(keyPath)) }
            return state.sectionKey(of: controller).map(LuaValue.function) ?? .nil
        }
        // The controller holds its delegate weakly; the host's store state keeps the wrapper.
        cls.delegateProperty("delegate", ScriptDelegate.self, host: host, get: { state.delegate(of: $0) }, set: { controller, delegate in
            state.setDelegate(delegate, of: controller)
        })
        cls.method("objectAt") { controller, args in
            let path = try args.get(2, as: LuaIndexPath.self)
            let sections = controller.sections
            let section = try checkSection(path.section, of: sections, args, 2)
            let count = sections[section].numberOfObjects
            guard path.item >= 1, path.item <= count else {
                throw args.error(2, "item \(path.item) out of range (section \(path.section) has \(count) item\(count == 1 ? "" : "s"))")
            }
            return controller.object(at: FetchedIndexPath(section: section, item: Int(path.item - 1)))
        }
        cls.method("indexPathFor") { controller, args in
            controller.indexPath(for: try args.get(2, as: ManagedObject.self)).map(LuaIndexPath.init)
        }
        cls.method("numberOfSections") { controller, _ in controller.sections.count }
        cls.method("numberOfRows") { controller, args in
            let sections = controller.sections
            return sections[try checkSection(try args.get(2, as: Int64.self), of: sections, args, 2)].numberOfObjects
        }
        cls.method("bind") { [weak host] controller, args in
            guard let host else { throw ScriptHost.gone }
            try bind(controller, args, state: state, host: host)
        }
        return cls
    }

    /// `frc:bind(tableView, { cellForRow = fn(tv, ip, obj), commitDelete = fn(tv, ip, obj),
    /// titleForHeader = fn(tv, section) })`: the table's data source becomes one that reads the
    /// results, and every change set of the results reaches the table as one batch update.
    private static func bind(_ controller: FetchedResultsController, _ args: LuaArguments, state: StoreHostState, host: ScriptHost) throws {
        let table = try args.get(2, as: TableView.self)
        let options = try args.get(3, as: LuaTable.self)
        if let problem = StoreModule.unknownKey(options, FetchedResultsTableSource.options) { throw args.error(3, problem) }
        let source = FetchedResultsTableSource(
            controller: controller, table: table,
            cellForRow: try args.field(3, "cellForRow", as: LuaFunction.self),
            commitDelete: try args.field(3, "commitDelete", as: LuaFunction?.self),
            titleForHeader: try args.field(3, "titleForHeader", as: LuaFunction?.self),
            host: host, place: "frc:bind called at \(args.callerLocation ?? "?")")
        guard let hook = ScriptHook.of(table) else { throw args.error(2, "a table view made by a script expected") }
        // The table holds its data source weakly; its hook keeps the source, which keeps the results.
        hook.delegates["dataSource"] = source
        table.dataSource = source
        state.bind(source, to: controller)
    }

    /// The zero-based index of the one-based `section`.
    /// - Throws: an argument error for a section the results do not have.
    private static func checkSection(
        _ section: Int64, of sections: [FetchedSectionInfo], _ args: LuaArguments, _ index: Int32
    ) throws(LuaArgumentError) -> Int {
        guard section >= 1, section <= Int64(sections.count) else {
            let count = sections.count
            throw args.error(index, "section \(section) out of range (the results have \(count) section\(count == 1 ? "" : "s"))")
        }
        return Int(section - 1)
    }

    /// A section as Lua sees it (`store.SectionInfo`): `name`, `numberOfObjects`, and
    /// `objects`, an array built only when read, as Core Data's section info does.
    static func sectionClass() -> LuaClass<FetchedSectionInfo> {
        let cls = LuaClass<FetchedSectionInfo>("store.SectionInfo")
        cls.property("name") { $0.name }
        cls.property("numberOfObjects") { $0.numberOfObjects }
        cls.property("objects") { $0.objects }
        return cls
    }
}
