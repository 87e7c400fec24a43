import LuaBridge
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
/// ```
///
/// Sections and items count from 1; one that is not there is an argument error. The
/// delegate is called as methods, `self` first: `willChangeContent(frc)`,
/// `didChangeSection(frc, info, index, "insert"|"delete")`,
/// `didChangeObject(frc, obj, ip, "insert"|"delete"|"move"|"update", newIp)`, `didChangeContent(frc)`.
enum FetchedResultsBindings {
    /// Keeps a Lua delegate for the controller, which holds its delegate weakly.
    final class ScriptDelegate: FetchedResultsControllerDelegate, ScriptDelegateWrapper {
        static let role = "fetched results delegate"
        static let callbacks = ["willChangeContent", "didChangeSection", "didChangeObject", "didChangeContent"]
        let target: LuaDelegate

        init(_ target: LuaDelegate) {
            self.target = target
        }

        func controllerWillChangeContent(_ controller: FetchedResultsController) {
            target.call("willChangeContent", controller)
        }

        func controller(
            _ controller: FetchedResultsController, didChange section: FetchedSectionInfo, atSectionIndex index: Int,
            for type: FetchedResultsChange
        ) {
            target.call("didChangeSection", controller, section, index + 1, type)
        }

        func controller(
            _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: FetchedIndexPath?,
            for type: FetchedResultsChange, newIndexPath: FetchedIndexPath?
        ) {
            target.call("didChangeObject", controller, object, indexPath.map(LuaIndexPath.init), type,
                        newIndexPath.map(LuaIndexPath.init))
        }

        func controllerDidChangeContent(_ controller: FetchedResultsController) {
            target.call("didChangeContent", controller)
        }
    }

    /// The controller `ctx:fetchedResults{...}` makes, its delegate set.
    static func make(_ context: StoreContext, _ args: LuaArguments, state: StoreHostState) throws -> FetchedResultsController {
        guard let host = state.host else { throw BindingError("the script host is gone") }
        let request = try StoreModule.fetchRequest(args, 2, of: context, extraOptions: ["sectionKey", "delegate"])
        let value = try args.field(2, "delegate", as: DelegateValue.self)
        let delegate: ScriptDelegate?
        do throws(LuaConversionError) {
            delegate = try ScriptDelegate.make(value, host: host)
        } catch {
            throw args.error(2, "\(error.message) in field 'delegate'")
        }
        let controller = try FetchedResultsController(
            request: request, context: context, sectionNameKeyPath: try args.field(2, "sectionKey", as: String?.self))
        state.setDelegate(delegate, of: controller)
        return controller
    }

    static func controllerClass(state: StoreHostState, host: ScriptHost) -> LuaClass<FetchedResultsController> {
        let cls = LuaClass<FetchedResultsController>("store.FetchedResults")
        cls.method("performFetch") { controller, _ in try controller.performFetch() }
        cls.property("sections") { $0.sections }
        cls.property("fetchedObjects") { $0.fetchedObjects }
        cls.property("sectionKey") { $0.sectionNameKeyPath }
        // The controller holds its delegate weakly; the host's store state keeps the wrapper.
        cls.delegateProperty("delegate", ScriptDelegate.self, host: host, get: { $0.delegate }, set: { controller, delegate in
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
        return cls
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
}

extension LuaIndexPath {
    init(_ path: FetchedIndexPath) {
        self.init(section: Int64(path.section) + 1, item: Int64(path.item) + 1)
    }
}

extension FetchedResultsBindings {
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
