import LuaBridge
import ScreenStore

extension FetchedResultsController: LuaObject {}
extension FetchedSectionInfo: LuaObject {}

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
/// Sections and items count from 1. The delegate is called as methods, `self` first:
/// `willChangeContent(frc)`, `didChangeSection(frc, info, index, "insert"|"delete")`,
/// `didChangeObject(frc, obj, ip, "insert"|"delete"|"move"|"update", newIp)`, `didChangeContent(frc)`.
enum FetchedResultsBindings {
    /// Keeps a Lua delegate for the controller, which holds its delegate weakly.
    final class ScriptDelegate: FetchedResultsControllerDelegate {
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
            target.call("didChangeSection", controller, section, index + 1, type.rawValue)
        }

        func controller(
            _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: FetchedIndexPath?,
            for type: FetchedResultsChange, newIndexPath: FetchedIndexPath?
        ) {
            target.call("didChangeObject", controller, object, indexPath.map(LuaIndexPath.init), type.rawValue,
                        newIndexPath.map(LuaIndexPath.init))
        }

        func controllerDidChangeContent(_ controller: FetchedResultsController) {
            target.call("didChangeContent", controller)
        }
    }

    /// The delegates of live controllers, by controller.
    private static var delegates: [ObjectIdentifier: (controller: WeakController, delegate: ScriptDelegate)] = [:]

    struct WeakController {
        weak var controller: FetchedResultsController?
    }

    static func make(_ context: StoreContext, _ args: LuaArguments, host: ScriptHost) throws -> FetchedResultsController {
        let options = try args.get(2, as: LuaTable.self)
        let request = try StoreModule.fetchRequest(args, 2, extraOptions: ["sectionKey", "delegate"])
        let controller = try FetchedResultsController(
            request: request, context: context, sectionNameKeyPath: try options.get("sectionKey", as: String?.self))
        setDelegate(options["delegate"], of: controller, host: host)
        return controller
    }

    private static func setDelegate(_ value: LuaValue, of controller: FetchedResultsController, host: ScriptHost) {
        delegates = delegates.filter { $0.value.controller.controller != nil }
        guard let target = LuaDelegate(value, host: host, role: "fetched results delegate") else {
            delegates[ObjectIdentifier(controller)] = nil
            controller.delegate = nil
            return
        }
        let delegate = ScriptDelegate(target)
        delegates[ObjectIdentifier(controller)] = (WeakController(controller: controller), delegate)
        controller.delegate = delegate
    }

    static func controllerClass(host: ScriptHost) -> LuaClass<FetchedResultsController> {
        let cls = LuaClass<FetchedResultsController>("store.FetchedResults")
        cls.method("performFetch") { controller, _ in try controller.performFetch() }
        cls.property("sections") { $0.sections }
        cls.property("fetchedObjects") { $0.fetchedObjects }
        cls.property("sectionKey") { $0.sectionNameKeyPath }
        cls.property("delegate", get: { controller in
            (controller.delegate as? ScriptDelegate)?.target.value ?? .nil
        }, set: { [weak host] (controller, value: LuaValue) in
            guard let host else { return }
            setDelegate(value, of: controller, host: host)
        })
        cls.method("objectAt") { controller, args in
            let path = try args.get(2, as: LuaIndexPath.self)
            return controller.object(at: FetchedIndexPath(section: path.section, item: path.item))
        }
        cls.method("indexPathFor") { controller, args in
            controller.indexPath(for: try args.get(2, as: ManagedObject.self)).map(LuaIndexPath.init)
        }
        cls.method("numberOfSections") { controller, _ in controller.sections.count }
        cls.method("numberOfRows") { controller, args in
            let index = try args.get(2, as: Int.self) - 1
            let sections = controller.sections
            return sections.indices.contains(index) ? sections[index].numberOfObjects : 0
        }
        return cls
    }
}

extension LuaIndexPath {
    init(_ path: FetchedIndexPath) {
        self.init(section: path.section, item: path.item)
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
