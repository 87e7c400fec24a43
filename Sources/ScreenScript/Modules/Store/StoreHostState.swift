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
    /// The Lua delegates of results controllers, which hold their delegates weakly.
    private var delegates: [ObjectIdentifier: (controller: WeakController, delegate: FetchedResultsBindings.ScriptDelegate)] = [:]

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

    /// Makes `delegate` (nil for none) the controller's delegate, and keeps it as long as
    /// the controller lives.
    func setDelegate(_ delegate: FetchedResultsBindings.ScriptDelegate?, of controller: FetchedResultsController) {
        delegates = delegates.filter { $0.value.controller.controller != nil }
        delegates[ObjectIdentifier(controller)] = delegate.map { (WeakController(controller: controller), $0) }
        controller.delegate = delegate
    }

    private struct WeakContext {
        weak var context: StoreContext?
    }

    private struct WeakController {
        weak var controller: FetchedResultsController?
    }
}
