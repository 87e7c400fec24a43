import LuaBridge
import ScreenKit

/// The gesture recognizers of `ui`: `ui.TapGesture:new{ action = fn(g), ... }` and the
/// rest, added with `view:addGestureRecognizer(g)`.
enum GestureBindings {
    static func tap(parent base: LuaClassDefinition, host: ScriptHost) -> LuaClass<TapGestureRecognizer> {
        make("ui.TapGesture", { TapGestureRecognizer() }, parent: base, host: host) { cls in
            cls.countProperty("numberOfTapsRequired", get: { $0.numberOfTapsRequired }, set: { $0.numberOfTapsRequired = $1 })
            cls.countProperty("numberOfTouchesRequired", get: { $0.numberOfTouchesRequired }, set: { $0.numberOfTouchesRequired = $1 })
        }
    }

    static func longPress(parent base: LuaClassDefinition, host: ScriptHost) -> LuaClass<LongPressGestureRecognizer> {
        make("ui.LongPressGesture", { LongPressGestureRecognizer() }, parent: base, host: host) { cls in
            cls.finiteProperty("minimumPressDuration", get: { $0.minimumPressDuration }, set: { $0.minimumPressDuration = $1 })
            cls.finiteProperty("allowableMovement", get: { $0.allowableMovement }, set: { $0.allowableMovement = $1 })
            cls.countProperty("numberOfTouchesRequired", get: { $0.numberOfTouchesRequired }, set: { $0.numberOfTouchesRequired = $1 })
        }
    }

    static func swipe(parent base: LuaClassDefinition, host: ScriptHost) -> LuaClass<SwipeGestureRecognizer> {
        make("ui.SwipeGesture", { SwipeGestureRecognizer() }, parent: base, host: host) { cls in
            cls.property("direction", get: { swipe in
                OptionList(SwipeGestureRecognizer.Direction.allCases.filter(swipe.directions.contains))
            }, set: { swipe, list in
                swipe.directions = Set(list.options)
            })
            cls.property("swipedDirection") { $0.direction?.rawValue }
            cls.finiteProperty("minimumDistance", get: { $0.minimumDistance }, set: { $0.minimumDistance = $1 })
            cls.countProperty("numberOfTouchesRequired", get: { $0.numberOfTouchesRequired }, set: { $0.numberOfTouchesRequired = $1 })
        }
    }

    static func pan(parent base: LuaClassDefinition, host: ScriptHost) -> LuaClass<PanGestureRecognizer> {
        make("ui.PanGesture", { PanGestureRecognizer() }, parent: base, host: host) { cls in
            cls.method("translationIn") { pan, args in pan.translation(in: try args.get(2, as: View?.self)) }
            cls.method("setTranslation") { pan, args in
                pan.setTranslation(try args.get(2, as: Point.self), in: try args.get(3, as: View?.self))
            }
            cls.property("translation") { $0.translation(in: $0.view) }
            cls.property("velocity") { $0.velocity }
            cls.countProperty("minimumNumberOfTouches", get: { $0.minimumNumberOfTouches }, set: { $0.minimumNumberOfTouches = $1 })
        }
    }

    static func pinch(parent base: LuaClassDefinition, host: ScriptHost) -> LuaClass<PinchGestureRecognizer> {
        make("ui.PinchGesture", { PinchGestureRecognizer() }, parent: base, host: host) { cls in
            cls.property("scale") { $0.scale }
        }
    }

    static func rotation(parent base: LuaClassDefinition, host: ScriptHost) -> LuaClass<RotationGestureRecognizer> {
        make("ui.RotationGesture", { RotationGestureRecognizer() }, parent: base, host: host) { cls in
            cls.property("rotation") { $0.rotation }
            cls.property("angle") { $0.rotation }
        }
    }

    /// `ui.GestureRecognizer`, the class Lua recognizers extend: a subclass overrides the
    /// touches methods and `reset`, and sets `self.state` as its gesture unfolds.
    static func recognizer(host: ScriptHost) -> LuaClass<GestureRecognizer> {
        let cls = LuaClass<GestureRecognizer>("ui.GestureRecognizer", extensible: true)
        cls.property("state", get: { GestureStateName($0.state) }, set: { recognizer, name in try setState(of: recognizer, to: name) })
        cls.property("enabled", get: { $0.isEnabled }, set: { $0.isEnabled = $1 })
        cls.property("cancelsTouchesInView", get: { $0.cancelsTouchesInView }, set: { $0.cancelsTouchesInView = $1 })
        cls.property("numberOfTouches") { $0.numberOfTouches }
        cls.property("view") { $0.view }
        cls.method("locationIn") { recognizer, args in recognizer.location(in: try args.get(2, as: View?.self)) }
        // `addTarget(fn)`, or UIKit's `addTarget(target, "method")` with the target held weakly.
        cls.method("addTarget") { [weak host] recognizer, args in
            guard let host else { throw ScriptHost.gone }
            addAction(try ScriptAction.parse(args, at: 2, host: host).0, to: recognizer, at: args.callerLocation)
        }
        cls.method("removeTarget") { recognizer, args in try removeTargets(of: recognizer, args) }
        // The Swift implementations, which Lua overrides reach through `super`.
        cls.method("touchesBegan") { recognizer, args in recognizer.touchesBegan(try TouchObject.touches(args, at: 2)) }
        cls.method("touchesMoved") { recognizer, args in recognizer.touchesMoved(try TouchObject.touches(args, at: 2)) }
        cls.method("touchesEnded") { recognizer, args in recognizer.touchesEnded(try TouchObject.touches(args, at: 2)) }
        cls.method("touchesCancelled") { recognizer, args in recognizer.touchesCancelled(try TouchObject.touches(args, at: 2)) }
        cls.method("reset") { recognizer, _ in recognizer.reset() }
        cls.scriptConstructor(keys: ["action", "target"], callbacks: CallbackCheck.gestureCallbacks, host: host) { [weak host] args in
            try construct(GestureRecognizer(), args, host: host)
        }
        return cls
    }

    /// Sets the state of a recognizer a script drives: one made from `ui.GestureRecognizer`
    /// or a Lua class that extends it. The built-in recognizers keep their state to themselves.
    private static func setState(of recognizer: GestureRecognizer, to name: GestureStateName) throws(LuaConversionError) {
        guard type(of: recognizer) == GestureRecognizer.self else {
            throw LuaConversionError(message: "only a recognizer of ui.GestureRecognizer or a class that extends it sets its state")
        }
        guard recognizer.allowsTransition(to: name.state) else {
            let from = recognizer.state
            let allowed = GestureStateName.allCases.filter { recognizer.allowsTransition(to: $0.state) }.map { "'\($0.rawValue)'" }
            let hint = allowed.isEmpty
                ? "it goes back to 'possible' by itself once the touches are lifted"
                : "from '\(from.rawValue)' it goes to \(LuaOption.list(allowed))"
            throw LuaConversionError(message: "cannot change from '\(from.rawValue)' to '\(name.rawValue)' (\(hint))")
        }
        recognizer.state = name.state
    }

    /// `removeTarget(fn)`, `removeTarget(target, "method")`, `removeTarget(target)` (all of
    /// its methods) or `removeTarget()` (every action), as UIKit's `removeTarget(_:action:)`.
    private static func removeTargets(of recognizer: GestureRecognizer, _ args: LuaArguments) throws {
        let target = args[2]
        switch target {
        case .nil, .function, .table, .userdata: break
        default: throw args.error(2, "function, target or nil expected, got \(args.stack.typeName(at: 2))")
        }
        let method = try args.get(3, as: String?.self)
        if case .function = target, method != nil {
            throw args.error(3, "a function action has no method name")
        }
        for registered in recognizer.targets {
            let matches = (registered.source as? ScriptAction)?.matches(target, method: method) ?? (target.isNil && method == nil)
            if matches { recognizer.removeTarget(registered) }
        }
    }

    /// Gives a new recognizer the action in the fields of `new` (argument 2).
    private static func construct<T: GestureRecognizer>(_ recognizer: T, _ args: LuaArguments, host: ScriptHost?) throws -> T {
        if let host, let action = try ScriptAction.fromFields(try args.get(2, as: LuaTable?.self), args, host: host) {
            addAction(action, to: recognizer, at: args.callerLocation)
        }
        return recognizer
    }

    /// A recognizer class whose `new{ action = fn, ... }` takes the action from the fields.
    private static func make<T: GestureRecognizer>(
        _ name: String, _ create: @escaping @MainActor () -> T, parent: LuaClassDefinition, host: ScriptHost,
        members: (LuaClass<T>) -> Void
    ) -> LuaClass<T> {
        let cls = LuaClass<T>(name, parent: parent)
        members(cls)
        cls.scriptConstructor(keys: ["action", "target"], callbacks: CallbackCheck.gestureCallbacks, host: host) { [weak host] args in
            try construct(create(), args, host: host)
        }
        return cls
    }

    private static func addAction(_ action: ScriptAction, to recognizer: GestureRecognizer, at location: String?) {
        let context = "gesture action added at \(location ?? "?")"
        recognizer.addTarget({ recognizer in action.perform(recognizer, context: context) }, source: action)
    }
}

/// The states a script sets (`self.state = "began"`), with UIKit's `recognized` for `ended`.
enum GestureStateName: String, LuaEnumeration {
    case possible, began, changed, ended, recognized, cancelled, failed

    init(_ state: GestureRecognizer.State) {
        switch state {
        case .possible: self = .possible
        case .began: self = .began
        case .changed: self = .changed
        case .ended: self = .ended
        case .cancelled: self = .cancelled
        case .failed: self = .failed
        }
    }

    var state: GestureRecognizer.State {
        switch self {
        case .possible: .possible
        case .began: .began
        case .changed: .changed
        case .ended, .recognized: .ended
        case .cancelled: .cancelled
        case .failed: .failed
        }
    }
}
