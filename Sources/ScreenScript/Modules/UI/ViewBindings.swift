import LuaBridge
import ScreenKit

extension View: LuaObject {}
extension GestureRecognizer: LuaObject {}

/// `ui.View`: the members every view has.
enum ViewBindings {
    static func view(host: ScriptHost) -> LuaClass<View> {
        let cls = LuaClass<View>("ui.View", extensible: true)
        cls.rejectsUnknownProperties = true
        cls.appliedFirst = ["frame"]
        addViewMembers(to: cls, host: host)
        cls.scriptConstructor(callbacks: CallbackCheck.viewCallbacks, host: host) { _ in View() }
        return cls
    }

    private static func addViewMembers(to cls: LuaClass<View>, host: ScriptHost) {
        cls.property("frame", get: { $0.frame }, set: { $0.frame = $1 })
        cls.property("bounds", get: { $0.bounds }, set: { $0.bounds = $1 })
        cls.property("center", get: { $0.center }, set: { $0.center = $1 })
        cls.property("tag", get: { $0.tag }, set: { $0.tag = $1 })
        cls.property("accessibilityLabel", get: { $0.accessibilityLabel }, set: { $0.accessibilityLabel = $1 })
        cls.property("hidden", get: { $0.isHidden }, set: { $0.isHidden = $1 })
        cls.finiteProperty("alpha", get: { $0.alpha }, set: { $0.alpha = $1 })
        cls.property("userInteractionEnabled", get: { $0.isUserInteractionEnabled }, set: { $0.isUserInteractionEnabled = $1 })
        cls.property("clipsToBounds", get: { $0.clipsToBounds }, set: { $0.clipsToBounds = $1 })
        cls.property("backgroundColor", get: { $0.backgroundColor }, set: { $0.backgroundColor = $1 })
        cls.property("tintColor", get: { Optional($0.effectiveTintColor) }, set: { $0.tintColor = $1 })
        cls.finiteProperty("borderWidth", get: { $0.borderWidth }, set: { $0.borderWidth = $1 })
        cls.property("borderColor", get: { $0.borderColor }, set: { $0.borderColor = $1 })
        cls.property("autoresizing", get: { view in
            OptionList(AutoresizingName.allCases.filter { view.autoresizingMask.contains($0.mask) })
        }, set: { view, names in
            view.autoresizingMask = AutoresizingMask(names.options.map(\.mask))
        })
        cls.property("superview") { $0.superview }
        cls.property("subviews") { $0.subviews }
        cls.property("window") { $0.window }
        // Settable as UIKit's: a list replaces the view's recognizers (nil removes them all).
        cls.property("gestureRecognizers", get: { Optional($0.gestureRecognizers) }, set: { view, recognizers in
            view.gestureRecognizers = recognizers ?? []
        })
        cls.method("addSubview") { view, args in try view.addSubview(try args.get(2, as: View.self)) }
        cls.method("insertSubview") { view, args in
            let subview = try args.get(2, as: View.self)
            // From 1 (the back) to one past the last subview (the front), as table.insert.
            try view.insertSubview(subview, at: try args.index(3, among: view.subviews.count + 1))
        }
        cls.method("removeFromSuperview") { view, _ in view.removeFromSuperview() }
        cls.method("bringSubviewToFront") { view, args in view.bringSubviewToFront(try args.get(2, as: View.self)) }
        cls.method("sendSubviewToBack") { view, args in view.sendSubviewToBack(try args.get(2, as: View.self)) }
        cls.method("viewWithTag") { view, args in view.viewWithTag(try args.get(2, as: Int.self)) }
        cls.method("isDescendantOf") { view, args in view.isDescendant(of: try args.get(2, as: View.self)) }
        cls.method("hitTest") { view, args in view.hitTest(try args.get(2, as: Point.self)) }
        // The Swift implementation, which Lua overrides of pointInside reach through `super`.
        cls.method("pointInside") { view, args in view.point(inside: try args.get(2, as: Point.self)) }
        cls.method("convertPoint") { view, args in
            view.convert(try args.get(2, as: Point.self), to: try args.get(3, as: View?.self))
        }
        cls.method("convertPointFrom") { view, args in
            view.convert(try args.get(2, as: Point.self), from: try args.get(3, as: View?.self))
        }
        cls.method("setNeedsLayout") { view, _ in view.setNeedsLayout() }
        cls.method("layoutIfNeeded") { view, _ in view.layoutIfNeeded() }
        cls.method("layoutSubviews") { view, _ in view.layoutSubviews() }
        // The responder methods, which Lua overrides reach through `super`: they pass the
        // touches up the responder chain.
        cls.method("touchesBegan") { view, args in view.touchesBegan(try TouchObject.touches(args, at: 2)) }
        cls.method("touchesMoved") { view, args in view.touchesMoved(try TouchObject.touches(args, at: 2)) }
        cls.method("touchesEnded") { view, args in view.touchesEnded(try TouchObject.touches(args, at: 2)) }
        cls.method("touchesCancelled") { view, args in view.touchesCancelled(try TouchObject.touches(args, at: 2)) }
        cls.method("draw") { view, args in view.draw(try args.get(2, as: ScriptCanvas.self).canvas) }
        cls.method("sizeThatFits") { view, args in view.sizeThatFits(try args.get(2, as: Size.self)) }
        // What stacks size the view from; -1 (UIKit's noIntrinsicMetric) for a length it has not.
        cls.property("intrinsicContentSize") { $0.effectiveIntrinsicContentSize }
        cls.method("addGestureRecognizer") { view, args in
            view.addGestureRecognizer(try args.get(2, as: GestureRecognizer.self))
        }
        cls.method("removeGestureRecognizer") { view, args in
            view.removeGestureRecognizer(try args.get(2, as: GestureRecognizer.self))
        }
    }
}

/// A canvas as `draw(canvas)` receives it (`ui.Canvas`).
final class ScriptCanvas: LuaObject, LuaPushable {
    let canvas: Canvas
    init(_ canvas: Canvas) { self.canvas = canvas }

    static let lua: LuaClass<ScriptCanvas> = {
        let cls = LuaClass<ScriptCanvas>("ui.Canvas")
        cls.method("fill") { canvas, args in
            canvas.canvas.fill(try args.get(2, as: Rect.self), color: try args.get(3, default: .black))
        }
        cls.method("stroke") { canvas, args in
            canvas.canvas.stroke(
                try args.get(2, as: Rect.self), color: try args.get(3, default: .black), width: try args.get(4, default: Finite(1)).value)
        }
        cls.method("line") { canvas, args in
            canvas.canvas.line(
                from: try args.get(2, as: Point.self), to: try args.get(3, as: Point.self),
                color: try args.get(4, default: .black), width: try args.get(5, default: Finite(1)).value)
        }
        cls.method("text") { canvas, args in
            canvas.canvas.text(try args.get(2, as: String.self), at: try args.get(3, as: Point.self), color: try args.get(4, default: .black))
        }
        cls.method("clip") { canvas, args in canvas.canvas.clip(to: try args.get(2, as: Rect.self)) }
        cls.property("commands") { $0.canvas.commands.count }
        return cls
    }()
}
