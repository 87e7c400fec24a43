import LuaBridge
import ScreenKit

/// The gesture recognizers of `ui`: `ui.TapGesture:new{ action = fn(g), ... }` and the
/// rest, added with `view:addGestureRecognizer(g)`.
enum GestureBindings {
    static func all(host: ScriptHost) -> [(String, LuaClassDefinition)] {
        let base = recognizer(host: host)
        return [
            ("GestureRecognizer", base),
            ("TapGesture", make("ui.TapGesture", { TapGestureRecognizer() }, parent: base, host: host) { cls in
                cls.countProperty("numberOfTapsRequired", get: { $0.numberOfTapsRequired }, set: { $0.numberOfTapsRequired = $1 })
                cls.countProperty("numberOfTouchesRequired", get: { $0.numberOfTouchesRequired }, set: { $0.numberOfTouchesRequired = $1 })
            }),
            ("LongPressGesture", make("ui.LongPressGesture", { LongPressGestureRecognizer() }, parent: base, host: host) { cls in
                cls.finiteProperty("minimumPressDuration", get: { $0.minimumPressDuration }, set: { $0.minimumPressDuration = $1 })
                cls.finiteProperty("allowableMovement", get: { $0.allowableMovement }, set: { $0.allowableMovement = $1 })
                cls.countProperty("numberOfTouchesRequired", get: { $0.numberOfTouchesRequired }, set: { $0.numberOfTouchesRequired = $1 })
            }),
            ("SwipeGesture", make("ui.SwipeGesture", { SwipeGestureRecognizer() }, parent: base, host: host) { cls in
                cls.property("direction", get: { swipe in
                    OptionList(SwipeGestureRecognizer.Direction.allCases.filter(swipe.directions.contains))
                }, set: { swipe, list in
                    swipe.directions = Set(list.options)
                })
                cls.property("swipedDirection") { $0.direction?.rawValue }
                cls.finiteProperty("minimumDistance", get: { $0.minimumDistance }, set: { $0.minimumDistance = $1 })
                cls.countProperty("numberOfTouchesRequired", get: { $0.numberOfTouchesRequired }, set: { $0.numberOfTouchesRequired = $1 })
            }),
            ("PanGesture", make("ui.PanGesture", { PanGestureRecognizer() }, parent: base, host: host) { cls in
                cls.method("translationIn") { pan, args in pan.translation(in: try args.get(2, as: View?.self)) }
                cls.method("setTranslation") { pan, args in
                    pan.setTranslation(try args.get(2, as: Point.self), in: try args.get(3, as: View?.self))
                }
                cls.property("translation") { $0.translation(in: $0.view) }
                cls.property("velocity") { $0.velocity }
                cls.countProperty("minimumNumberOfTouches", get: { $0.minimumNumberOfTouches }, set: { $0.minimumNumberOfTouches = $1 })
            }),
            ("PinchGesture", make("ui.PinchGesture", { PinchGestureRecognizer() }, parent: base, host: host) { cls in
                cls.property("scale") { $0.scale }
            }),
            ("RotationGesture", make("ui.RotationGesture", { RotationGestureRecognizer() }, parent: base, host: host) { cls in
                cls.property("rotation") { $0.rotation }
                cls.property("angle") { $0.rotation }
            }),
        ]
    }

    private static func recognizer(host: ScriptHost) -> LuaClass<GestureRecognizer> {
        let cls = LuaClass<GestureRecognizer>("ui.GestureRecognizer")
        cls.property("state") { $0.state.rawValue }
        cls.property("enabled", get: { $0.isEnabled }, set: { $0.isEnabled = $1 })
        cls.property("cancelsTouchesInView", get: { $0.cancelsTouchesInView }, set: { $0.cancelsTouchesInView = $1 })
        cls.property("numberOfTouches") { $0.numberOfTouches }
        cls.property("view") { $0.view }
        cls.method("locationIn") { recognizer, args in recognizer.location(in: try args.get(2, as: View?.self)) }
        // `addTarget(fn)`, or UIKit's `addTarget(target, "method")` with the target held weakly.
        cls.method("addTarget") { [weak host] recognizer, args in
            guard let host else { throw args.error(2, "the script host is gone") }
            addAction(try ScriptAction.parse(args, at: 2, host: host).0, to: recognizer, at: args.callerLocation)
        }
        return cls
    }

    /// A recognizer class whose `new{ action = fn, ... }` takes the action from the fields.
    private static func make<T: GestureRecognizer>(
        _ name: String, _ create: @escaping @MainActor () -> T, parent: LuaClassDefinition, host: ScriptHost,
        members: (LuaClass<T>) -> Void
    ) -> LuaClass<T> {
        let cls = LuaClass<T>(name, parent: parent)
        members(cls)
        cls.scriptConstructor(keys: ["action", "target"], host: host) { [weak host] args in
            let recognizer = create()
            if let host, let action = try ScriptAction.fromFields(try args.get(2, as: LuaTable?.self), args, host: host) {
                addAction(action, to: recognizer, at: args.callerLocation)
            }
            return recognizer
        }
        return cls
    }

    private static func addAction(_ action: ScriptAction, to recognizer: GestureRecognizer, at location: String?) {
        let context = "gesture action added at \(location ?? "?")"
        recognizer.addTarget { recognizer in action.perform(recognizer, context: context) }
    }
}
