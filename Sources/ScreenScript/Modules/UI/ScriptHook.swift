import LuaBridge
import ScreenKit

// How Lua classes extend ScreenKit's: every view, controller, collection view layout and
// gesture recognizer stores its Lua side in its `overrideHook`, a `ScriptHook`, so any
// ScreenKit class bound in `ui` can be extended from Lua without a Swift subclass of its own.
// ScreenKit asks the hook at every point where it calls an overridable method; the hook
// finds the Lua override by the method's name (a name the Lua class does not define costs no
// call into Lua: the peer's miss cache) and calls it with the arguments as Lua sees them. An
// override that raises is reported as "layoutSubviews of Clock" with its traceback, and the
// object goes on as after an override that returned (for an answer: with its own answer).

extension OverrideHookHolder {
    /// The object's Lua side, kept by its hook.
    public var luaPeer: LuaPeer? {
        get { (overrideHook as? ScriptHook)?.peer }
        set { overrideHook = newValue.map(ScriptHook.init) }
    }
}

extension View: LuaExtensible {}
extension ViewController: LuaExtensible {}
extension CollectionViewLayout: LuaExtensible {}
extension GestureRecognizer: LuaExtensible {}

/// The Lua side of one ScreenKit object: its field table and Lua class (``peer``), and what
/// the bindings keep for it. The one ``OverrideHook`` of ScreenScript.
final class ScriptHook: OverrideHook {
    let peer: LuaPeer
    /// The wrappers of the object's Lua delegates and data sources, by property: its
    /// containers hold their delegates weakly, as UIKit's do (see ``LuaDelegate``).
    var delegates: [String: AnyObject] = [:]
    /// Why the last cell a registered class made for this table could not be made, for the
    /// `dequeue` that asked.
    var cellFailure: (any Error)?

    init(_ peer: LuaPeer) {
        self.peer = peer
    }

    /// The hook of `object`, when Lua has given it its Lua side.
    static func of(_ object: AnyObject?) -> ScriptHook? {
        (object as? any OverrideHookHolder)?.overrideHook as? ScriptHook
    }

    /// The host whose state the object's Lua side lives in; nil once it is gone (see
    /// ``ScriptHost/gone``).
    var host: ScriptHost? { peer.luaState.flatMap(ScriptHost.owning) }

    var className: String? { peer.luaClassName }

    func callOverride<Method: OverridableMethod>(_ method: Method, on object: AnyObject) -> Method.Answer? {
        // A method the Lua class lacks costs the peer's miss cache alone: no cast, no call.
        guard peer.mayOverride(method.name), let scripted = method as? any ScriptedMethod,
              let answer = scripted.callScript(through: self, on: object) else { return nil }
        return answer as? Method.Answer
    }

    /// Calls the Lua override `name` with the object and `arguments` (see
    /// ``LuaPeer/callOverride(_:on:_:)``).
    /// None is called once the host is gone (see ``ScriptHost/gone``): the object goes on
    /// with its own method. A name the Lua class lacks costs the peer's miss cache alone.
    func call<each Argument: LuaPushable>(_ name: String, on object: AnyObject, _ arguments: repeat each Argument) -> LuaOverrideResult {
        guard peer.mayOverride(name), host != nil else { return .notOverridden }
        return peer.callOverride(name, on: object, repeat each arguments)
    }

    /// What the Lua override `name` returned; nil when there is none or it raised (reported).
    func answer<each Argument: LuaPushable>(_ name: String, on object: AnyObject, _ arguments: repeat each Argument) -> [LuaValue]? {
        guard case .returned(let values) = call(name, on: object, repeat each arguments) else { return nil }
        return values
    }

    /// Reports a mistake of the override `name` that Swift found in what it gave back.
    func report(_ message: String, from name: String) {
        host?.report(message, in: "\(name) of \(className ?? "the object")")
    }
}

/// An overridable method of ScreenKit as Lua overrides it: the arguments Lua gets and how
/// its answer reads.
protocol ScriptedMethod: OverridableMethod {
    /// Calls the Lua override through `hook`; nil when the Lua class has none (or the call
    /// gave no usable answer), and the object's own method runs.
    func callScript(through hook: ScriptHook, on object: AnyObject) -> Answer?
}

// MARK: - Views

extension View.Callback: @MainActor ScriptedMethod {
    func callScript(through hook: ScriptHook, on object: AnyObject) -> Void? {
        let view = object as? View
        let result: LuaOverrideResult
        switch self {
        case .layoutSubviews, .cancelTracking, .prepareForReuse:
            result = hook.call(name, on: object)
        case .draw(let canvas):
            result = hook.call(name, on: object, ScriptCanvas(canvas))
        case .touches(_, let touches):
            // The touches as a list of `ui.Touch` in this view's coordinates. Without an
            // override, or with one that calls `super`, they go on up the responder chain.
            result = hook.call(name, on: object, TouchList(touches, in: view))
        case .endTracking(let touch):
            result = hook.call(name, on: object, ScriptTouch(touch, in: view))
        }
        return result.ran ? () : nil
    }
}

extension View.Question: @MainActor ScriptedMethod {
    func callScript(through hook: ScriptHook, on object: AnyObject) -> Bool? {
        switch self {
        case .pointInside(let point):
            return hook.answer(name, on: object, point).map { $0.first?.isTruthy ?? false }
        case .beginTracking(let touch), .continueTracking(let touch):
            // Returning nothing goes on tracking, as returning true does.
            return hook.answer(name, on: object, ScriptTouch(touch, in: object as? View)).map { values in
                values.first.map { $0.isNil || $0.isTruthy } ?? true
            }
        }
    }
}

extension View.IntrinsicSizeQuestion: @MainActor ScriptedMethod {
    /// The size the override returns; one that is not a size is reported
    /// (`bad result from 'intrinsicContentSize' (...)`) and the view's own is used.
    func callScript(through hook: ScriptHook, on object: AnyObject) -> Size? {
        guard let values = hook.answer(name, on: object), let host = hook.host else { return nil }
        do {
            return try ScriptValues.read(values.first ?? .nil, as: Size.self, in: host.lua)
        } catch {
            hook.report("bad result from '\(name)' (\(error.message))", from: name)
            return nil
        }
    }
}

// MARK: - Controllers

extension ViewController.Callback: @MainActor ScriptedMethod {
    func callScript(through hook: ScriptHook, on object: AnyObject) -> Void? {
        let result: LuaOverrideResult
        switch self {
        case .loadView, .viewDidLoad, .viewWillLayoutSubviews, .viewDidLayoutSubviews, .didReceiveMemoryWarning:
            result = hook.call(name, on: object)
        case .viewWillAppear(let animated), .viewDidAppear(let animated), .viewWillDisappear(let animated),
             .viewDidDisappear(let animated):
            result = hook.call(name, on: object, animated)
        case .viewWillTransition(let size): result = hook.call(name, on: object, size)
        case .willMoveToParent(let parent), .didMoveToParent(let parent): result = hook.call(name, on: object, parent)
        case .prepareForSegue(let segue, let sender): result = hook.call(name, on: object, segue, sender as? LuaValue ?? .nil)
        case .touches(_, let touches):
            // In the coordinates of the controller's view, which passed them up.
            result = hook.call(name, on: object, TouchList(touches, in: (object as? ViewController)?.viewIfLoaded))
        }
        return result.ran ? () : nil
    }
}

extension ViewController.Question: @MainActor ScriptedMethod {
    func callScript(through hook: ScriptHook, on object: AnyObject) -> Bool? {
        hook.call(name, on: object).value.map(\.isTruthy)
    }
}

extension ViewController.SegueLookup: @MainActor ScriptedMethod {
    /// A segue registered with `ui.segue{ from = Class }` for the object's Lua class chain.
    func callScript(through hook: ScriptHook, on object: AnyObject) -> SegueTemplate? {
        guard let host = hook.host, let cls = hook.peer.luaClass else { return nil }
        return SegueBindings.template(for: cls, identifier: identifier, host: host)
    }
}

// MARK: - Gesture recognizers

extension GestureRecognizer.Callback: @MainActor ScriptedMethod {
    /// The touches are a list of `ui.Touch` in the coordinates of the recognizer's view.
    func callScript(through hook: ScriptHook, on object: AnyObject) -> Void? {
        let result: LuaOverrideResult
        switch self {
        case .touches(_, let touches): result = hook.call(name, on: object, TouchList(touches, in: (object as? GestureRecognizer)?.view))
        case .reset: result = hook.call(name, on: object)
        }
        return result.ran ? () : nil
    }
}
