import LuaBridge
import ScreenKit

extension ViewController: LuaObject {}

// The controllers Lua classes extend: each callback asks the Lua class for an override
// before running the Swift implementation. An override that raises is reported as
// "viewDidLoad of Diary" with its traceback, and the controller goes on with the Swift
// behaviour, so its container stays consistent.

extension LuaExtensible where Self: ViewController {
    /// Runs the Lua override `name`; false when there is none.
    func luaCallback<each Argument: LuaPushable>(_ name: String, _ arguments: repeat each Argument) -> Bool {
        luaPeer?.callOverride(name, on: self, repeat each arguments).ran ?? false
    }

    /// The Lua class name, for messages (`Diary 'Entries'`).
    var luaClassName: String? { luaPeer?.luaClassName }

    /// The answer of the Lua `shouldAutomaticallyForwardAppearanceMethods()`, if defined.
    var luaForwardsAppearance: Bool? {
        luaPeer?.callOverride("shouldAutomaticallyForwardAppearanceMethods", on: self).value.map(\.isTruthy)
    }

    /// A segue registered with `ui.segue{ from = Class }` for the object's Lua class chain.
    func luaSegueTemplate(_ identifier: String, host: ScriptHost?) -> SegueTemplate? {
        guard let host, let cls = luaPeer?.luaClass else { return nil }
        return SegueBindings.template(for: cls, identifier: identifier, host: host)
    }
}

/// Declares the overridable callbacks of a controller class for Lua. Every script-extensible
/// controller class (`ui.Controller`, `ui.NavigationController`, ...) repeats these lines:
/// Swift has no mixins, and each line only forwards.
final class ScriptController: ViewController, LuaExtensible {
    var luaPeer: LuaPeer?
    weak var host: ScriptHost?
    init(host: ScriptHost?) {
        self.host = host
        super.init()
    }
    override var className: String { luaClassName ?? super.className }
    override func loadView() { if !luaCallback("loadView") { super.loadView() } }
    override func viewDidLoad() { if !luaCallback("viewDidLoad") { super.viewDidLoad() } }
    override func viewWillAppear(_ animated: Bool) { if !luaCallback("viewWillAppear", animated) { super.viewWillAppear(animated) } }
    override func viewDidAppear(_ animated: Bool) { if !luaCallback("viewDidAppear", animated) { super.viewDidAppear(animated) } }
    override func viewWillDisappear(_ animated: Bool) { if !luaCallback("viewWillDisappear", animated) { super.viewWillDisappear(animated) } }
    override func viewDidDisappear(_ animated: Bool) { if !luaCallback("viewDidDisappear", animated) { super.viewDidDisappear(animated) } }
    override func viewWillLayoutSubviews() { if !luaCallback("viewWillLayoutSubviews") { super.viewWillLayoutSubviews() } }
    override func viewDidLayoutSubviews() { if !luaCallback("viewDidLayoutSubviews") { super.viewDidLayoutSubviews() } }
    override func didReceiveMemoryWarning() { if !luaCallback("didReceiveMemoryWarning") { super.didReceiveMemoryWarning() } }
    override func viewWillTransition(to size: Size) { if !luaCallback("viewWillTransition", size) { super.viewWillTransition(to: size) } }
    override func willMove(toParent parent: ViewController?) { if !luaCallback("willMoveToParent", parent) { super.willMove(toParent: parent) } }
    override func didMove(toParent parent: ViewController?) { if !luaCallback("didMoveToParent", parent) { super.didMove(toParent: parent) } }
    override var shouldAutomaticallyForwardAppearanceMethods: Bool { luaForwardsAppearance ?? super.shouldAutomaticallyForwardAppearanceMethods }
    override func prepare(for segue: Segue, sender: Any?) {
        if !luaCallback("prepareForSegue", segue, sender as? LuaValue ?? .nil) { super.prepare(for: segue, sender: sender) }
    }
    override func segueTemplate(withIdentifier identifier: String) -> SegueTemplate? {
        super.segueTemplate(withIdentifier: identifier) ?? luaSegueTemplate(identifier, host: host)
    }
}

final class ScriptNavigationController: NavigationController, LuaExtensible, ScriptDelegateHolder {
    var luaPeer: LuaPeer?
    var scriptDelegates: [String: AnyObject] = [:]
    weak var host: ScriptHost?
    init(root: ViewController?, host: ScriptHost?) throws(ControllerError) {
        self.host = host
        try super.init(root: root)
    }
    override var className: String { luaClassName ?? super.className }
    override func viewDidLoad() { if !luaCallback("viewDidLoad") { super.viewDidLoad() } }
    override func viewWillAppear(_ animated: Bool) { if !luaCallback("viewWillAppear", animated) { super.viewWillAppear(animated) } }
    override func viewDidAppear(_ animated: Bool) { if !luaCallback("viewDidAppear", animated) { super.viewDidAppear(animated) } }
    override func viewWillDisappear(_ animated: Bool) { if !luaCallback("viewWillDisappear", animated) { super.viewWillDisappear(animated) } }
    override func viewDidDisappear(_ animated: Bool) { if !luaCallback("viewDidDisappear", animated) { super.viewDidDisappear(animated) } }
    override func viewDidLayoutSubviews() { if !luaCallback("viewDidLayoutSubviews") { super.viewDidLayoutSubviews() } }
    override func didReceiveMemoryWarning() { if !luaCallback("didReceiveMemoryWarning") { super.didReceiveMemoryWarning() } }
    override func viewWillTransition(to size: Size) { if !luaCallback("viewWillTransition", size) { super.viewWillTransition(to: size) } }
    override func willMove(toParent parent: ViewController?) { if !luaCallback("willMoveToParent", parent) { super.willMove(toParent: parent) } }
    override func didMove(toParent parent: ViewController?) { if !luaCallback("didMoveToParent", parent) { super.didMove(toParent: parent) } }
    override func prepare(for segue: Segue, sender: Any?) {
        if !luaCallback("prepareForSegue", segue, sender as? LuaValue ?? .nil) { super.prepare(for: segue, sender: sender) }
    }
    override func segueTemplate(withIdentifier identifier: String) -> SegueTemplate? {
        super.segueTemplate(withIdentifier: identifier) ?? luaSegueTemplate(identifier, host: host)
    }
}
