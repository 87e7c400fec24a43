import LuaBridge
import ScreenKit

extension ViewController: LuaObject {}

// The controllers Lua classes extend. ScreenKit sends every overridable callback through
// `ViewControllerOverriding`, which `ScriptControllerClass` implements once for all of them:
// each callback asks the Lua class for an override before the Swift method runs. An override
// that raises is reported as "viewDidLoad of Diary" with its traceback, and the controller
// goes on as after an override that returned, so its container stays consistent.

/// A controller class Lua classes extend (`ui.Controller`, `ui.NavigationController`, ...):
/// it stores the Lua side and the host; its overrides are the extension's, shared by all.
protocol ScriptControllerClass: ViewControllerOverriding, LuaExtensible {
    var host: ScriptHost? { get }
}

extension ScriptControllerClass {
    func performOverride(of callback: ViewController.Callback) -> Bool {
        guard let luaPeer else { return false }
        let result: LuaOverrideResult
        switch callback {
        case .loadView: result = luaPeer.callOverride("loadView", on: self)
        case .viewDidLoad: result = luaPeer.callOverride("viewDidLoad", on: self)
        case .viewWillAppear(let animated): result = luaPeer.callOverride("viewWillAppear", on: self, animated)
        case .viewDidAppear(let animated): result = luaPeer.callOverride("viewDidAppear", on: self, animated)
        case .viewWillDisappear(let animated): result = luaPeer.callOverride("viewWillDisappear", on: self, animated)
        case .viewDidDisappear(let animated): result = luaPeer.callOverride("viewDidDisappear", on: self, animated)
        case .viewWillLayoutSubviews: result = luaPeer.callOverride("viewWillLayoutSubviews", on: self)
        case .viewDidLayoutSubviews: result = luaPeer.callOverride("viewDidLayoutSubviews", on: self)
        case .didReceiveMemoryWarning: result = luaPeer.callOverride("didReceiveMemoryWarning", on: self)
        case .viewWillTransition(let size): result = luaPeer.callOverride("viewWillTransition", on: self, size)
        case .willMoveToParent(let parent): result = luaPeer.callOverride("willMoveToParent", on: self, parent)
        case .didMoveToParent(let parent): result = luaPeer.callOverride("didMoveToParent", on: self, parent)
        case .prepareForSegue(let segue, let sender):
            result = luaPeer.callOverride("prepareForSegue", on: self, segue, sender as? LuaValue ?? .nil)
        case .touches(let phase, let touches):
            // In the coordinates of the controller's view, which passed them up.
            result = luaPeer.callOverride(phase.responderMethod, on: self, TouchList(touches, in: viewIfLoaded))
        }
        return result.ran
    }

    /// The answer of the Lua `shouldAutomaticallyForwardAppearanceMethods()`, if defined.
    var overriddenForwardsAppearance: Bool? {
        luaPeer?.callOverride("shouldAutomaticallyForwardAppearanceMethods", on: self).value.map(\.isTruthy)
    }

    /// A segue registered with `ui.segue{ from = Class }` for the object's Lua class chain.
    func overriddenSegueTemplate(withIdentifier identifier: String) -> SegueTemplate? {
        guard let host, let cls = luaPeer?.luaClass else { return nil }
        return SegueBindings.template(for: cls, identifier: identifier, host: host)
    }

    /// The Lua class name, for messages (`Diary 'Entries'`).
    var overriddenClassName: String? { luaPeer?.luaClassName }
}

final class ScriptController: ViewController, ScriptControllerClass {
    var luaPeer: LuaPeer?
    weak var host: ScriptHost?
    init(host: ScriptHost?) {
        self.host = host
        super.init()
    }
}

final class ScriptNavigationController: NavigationController, ScriptControllerClass, ScriptDelegateHolder {
    var luaPeer: LuaPeer?
    var scriptDelegates: [String: AnyObject] = [:]
    weak var host: ScriptHost?
    init(root: ViewController?, host: ScriptHost?) throws(ControllerError) {
        self.host = host
        try super.init(root: root)
    }
}
