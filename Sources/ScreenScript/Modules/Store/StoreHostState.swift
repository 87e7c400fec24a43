import LuaBridge
import ScreenStore

/// What the `store` module keeps for one host: made when the host opens the module and
/// held by the functions it registers, so it lives as long as the host's Lua state. Two
/// hosts in one process (the test runner and the REPL make several) each have their own.
final class StoreHostState {
    private(set) weak var host: ScriptHost?
    /// Contexts with a `processPendingChanges` waiting in the loop, by identity: a context
    /// freed before its turn cannot make a new one at the same address look scheduled.
    private var scheduled: [ObjectIdentifier: WeakContext] = [:]
    /// What each results controller tells (it holds its delegate weakly): its Lua delegate,
    /// and the table view `frc:bind` feeds from it.
    private var relays: [ObjectIdentifier: (controller: WeakController, relay: Relay)] = [:]
    /// The functions that name the sections of results controllers, as scripts read them back.
    private var sectionKeys: [ObjectIdentifier: (controller: WeakController, function: LuaFunction)] = [:]

    init(host: ScriptHost) {
        self.host = host
    }

    // MARK: - Change processing

    /// Processes the context's changes at the end of the loop step, as Core Data does at the
    /// end of an event: `store.objectsDidChange` is posted once for everything a step
    /// changed, and fetched results controllers follow unsaved changes too.
    func scheduleProcessing(of context: StoreContext?) {
        guard let context, let host else { return }
        let id = ObjectIdentifier(context)
        if scheduled[id]?.context === context { return }
        scheduled[id] = WeakContext(context: context)
        host.loop.defer { [weak self, weak context] in
            if let self, self.scheduled[id]?.context === context { self.scheduled[id] = nil }
            context?.processPendingChanges()
        }
    }

    // MARK: - Delegates

    /// Makes `delegate` (nil for none) the controller's Lua delegate, and keeps it as long as
    /// the controller lives.
    func setDelegate(_ delegate: FetchedResultsBindings.ScriptDelegate?, of controller: FetchedResultsController) {
        if delegate == nil && relays[ObjectIdentifier(controller)]?.controller.controller !== controller { return }
        relay(of: controller).script = delegate
    }

    /// The controller's Lua delegate.
    func delegate(of controller: FetchedResultsController) -> FetchedResultsBindings.ScriptDelegate? {
        relays[ObjectIdentifier(controller)].flatMap { $0.controller.controller === controller ? $0.relay.script : nil }
    }

    /// Makes `source` hear of the controller's changes before its Lua delegate does; held
    /// weakly (its table view keeps it).
    func bind(_ source: FetchedResultsTableSource, to controller: FetchedResultsController) {
        relay(of: controller).source = source
    }

    /// Keeps the function that names the controller's sections, for `frc.sectionKey`.
    func setSectionKey(_ function: LuaFunction, of controller: FetchedResultsController) {
        sectionKeys = sectionKeys.filter { $0.value.controller.controller != nil }
        sectionKeys[ObjectIdentifier(controller)] = (WeakController(controller: controller), function)
    }

    /// The function that names the controller's sections, if one does.
    func sectionKey(of controller: FetchedResultsController) -> LuaFunction? {
        sectionKeys[ObjectIdentifier(controller)].flatMap { $0.controller.controller === controller ? $0.function : nil }
    }

    /// The relay that is the controller's delegate, made on first use.
    private func relay(of controller: FetchedResultsController) -> Relay {
        let id = ObjectIdentifier(controller)
        if let entry = relays[id], entry.controller.controller === controller { return entry.relay }
        relays = relays.filter { $0.value.controller.controller != nil }
        let relay = Relay()
        relays[id] = (WeakController(controller: controller), relay)
        controller.delegate = relay
        return relay
    }

    /// The delegate of a results controller: tells the table view it feeds, if any, then
    /// its Lua delegate, if any.
    private final class Relay: FetchedResultsControllerDelegate {
        var script: FetchedResultsBindings.ScriptDelegate?
        weak var source: FetchedResultsTableSource?

        func controllerWillChangeContent(_ controller: FetchedResultsController) {
            source?.controllerWillChangeContent(controller)
            script?.controllerWillChangeContent(controller)
        }

        func controller(
            _ controller: FetchedResultsController, didChange section: FetchedSectionInfo, atSectionIndex index: Int,
            for type: FetchedResultsChange
        ) {
            source?.controller(controller, didChange: section, atSectionIndex: index, for: type)
            script?.controller(controller, didChange: section, atSectionIndex: index, for: type)
        }

        func controller(
            _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: FetchedIndexPath?,
            for type: FetchedResultsChange, newIndexPath: FetchedIndexPath?
        ) {
            source?.controller(controller, didChange: object, at: indexPath, for: type, newIndexPath: newIndexPath)
            script?.controller(controller, didChange: object, at: indexPath, for: type, newIndexPath: newIndexPath)
        }

        func controllerDidChangeContent(_ controller: FetchedResultsController) {
            source?.controllerDidChangeContent(controller)
            script?.controllerDidChangeContent(controller)
        }
    }

    private struct WeakContext {
        weak var context: StoreContext?
    }

    private struct WeakController {
        weak var controller: FetchedResultsController?
    }
}
