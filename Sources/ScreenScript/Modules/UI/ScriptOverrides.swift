import LuaBridge
import ScreenKit

// The Swift subclasses that Lua classes extend: each asks its Lua class for an override
// before running the Swift implementation (the seed's ClockControl overrides pointInside and
// the tracking methods; a clock face overrides draw). An override that raises is reported
// with its name and traceback, and the view goes on with the Swift behaviour.

extension LuaExtensible where Self: View {
    /// The Lua `pointInside(point)`, or nil when there is none (or it failed).
    func luaPointInside(_ point: Point) -> Bool? {
        guard case .returned(let values)? = luaPeer?.callOverride("pointInside", on: self, point) else { return nil }
        return values.first?.isTruthy ?? false
    }

    /// Runs the Lua `layoutSubviews()`; false when there is none.
    func luaLayoutSubviews() -> Bool {
        luaPeer?.callOverride("layoutSubviews", on: self).ran ?? false
    }

    /// Runs the Lua `draw(canvas)`; false when there is none.
    func luaDraw(_ canvas: Canvas) -> Bool {
        luaPeer?.callOverride("draw", on: self, ScriptCanvas(canvas)).ran ?? false
    }

    /// Runs the Lua responder method `name` (`touchesBegan`, ...) with the touches as a list of
    /// `ui.Touch` in this view's coordinates; false when there is none. Without one, or with
    /// one that calls `super`, the touches go on up the responder chain.
    func luaTouches(_ name: String, _ touches: [Touch]) -> Bool {
        luaPeer?.callOverride(name, on: self, touches.map { TouchObject($0, in: self) }).ran ?? false
    }
}

extension LuaExtensible where Self: Control {
    func luaBeginTracking(_ touch: Touch) -> Bool? {
        guard case .returned(let values)? = luaPeer?.callOverride("beginTracking", on: self, ScriptTouch(touch, in: self)) else {
            return nil
        }
        return values.first.map { $0.isNil || $0.isTruthy } ?? true
    }

    func luaContinueTracking(_ touch: Touch) -> Bool? {
        guard case .returned(let values)? = luaPeer?.callOverride("continueTracking", on: self, ScriptTouch(touch, in: self)) else {
            return nil
        }
        return values.first.map { $0.isNil || $0.isTruthy } ?? true
    }

    func luaEndTracking(_ touch: Touch) -> Bool {
        luaPeer?.callOverride("endTracking", on: self, ScriptTouch(touch, in: self)).ran ?? false
    }

    func luaCancelTracking() -> Bool {
        luaPeer?.callOverride("cancelTracking", on: self).ran ?? false
    }
}

// Plain views and labels also take the responder methods, for touch handling of their own
// (the seed's way before gesture recognizers); controls track touches instead.

final class ScriptView: View, LuaExtensible {
    var luaPeer: LuaPeer?
    override func point(inside point: Point) -> Bool { luaPointInside(point) ?? super.point(inside: point) }
    override func layoutSubviews() { if !luaLayoutSubviews() { super.layoutSubviews() } }
    override func draw(_ canvas: Canvas) { if !luaDraw(canvas) { super.draw(canvas) } }
    override func touchesBegan(_ t: [Touch]) { if !luaTouches("touchesBegan", t) { super.touchesBegan(t) } }
    override func touchesMoved(_ t: [Touch]) { if !luaTouches("touchesMoved", t) { super.touchesMoved(t) } }
    override func touchesEnded(_ t: [Touch]) { if !luaTouches("touchesEnded", t) { super.touchesEnded(t) } }
    override func touchesCancelled(_ t: [Touch]) { if !luaTouches("touchesCancelled", t) { super.touchesCancelled(t) } }
}

final class ScriptLabel: Label, LuaExtensible {
    var luaPeer: LuaPeer?
    override func point(inside point: Point) -> Bool { luaPointInside(point) ?? super.point(inside: point) }
    override func layoutSubviews() { if !luaLayoutSubviews() { super.layoutSubviews() } }
    override func draw(_ canvas: Canvas) { if !luaDraw(canvas) { super.draw(canvas) } }
    override func touchesBegan(_ t: [Touch]) { if !luaTouches("touchesBegan", t) { super.touchesBegan(t) } }
    override func touchesMoved(_ t: [Touch]) { if !luaTouches("touchesMoved", t) { super.touchesMoved(t) } }
    override func touchesEnded(_ t: [Touch]) { if !luaTouches("touchesEnded", t) { super.touchesEnded(t) } }
    override func touchesCancelled(_ t: [Touch]) { if !luaTouches("touchesCancelled", t) { super.touchesCancelled(t) } }
}

// Every control class Lua can extend takes the view overrides and the four tracking ones.
// Swift has no mixins for overrides, so each repeats the same eight lines.

final class ScriptControl: Control, LuaExtensible {
    var luaPeer: LuaPeer?
    override func point(inside point: Point) -> Bool { luaPointInside(point) ?? super.point(inside: point) }
    override func layoutSubviews() { if !luaLayoutSubviews() { super.layoutSubviews() } }
    override func draw(_ canvas: Canvas) { if !luaDraw(canvas) { super.draw(canvas) } }
    override func beginTracking(_ touch: Touch) -> Bool { luaBeginTracking(touch) ?? super.beginTracking(touch) }
    override func continueTracking(_ touch: Touch) -> Bool { luaContinueTracking(touch) ?? super.continueTracking(touch) }
    override func endTracking(_ touch: Touch) { if !luaEndTracking(touch) { super.endTracking(touch) } }
    override func cancelTracking() { if !luaCancelTracking() { super.cancelTracking() } }
}

final class ScriptButton: Button, LuaExtensible {
    var luaPeer: LuaPeer?
    override func point(inside point: Point) -> Bool { luaPointInside(point) ?? super.point(inside: point) }
    override func layoutSubviews() { if !luaLayoutSubviews() { super.layoutSubviews() } }
    override func draw(_ canvas: Canvas) { if !luaDraw(canvas) { super.draw(canvas) } }
    override func beginTracking(_ touch: Touch) -> Bool { luaBeginTracking(touch) ?? super.beginTracking(touch) }
    override func continueTracking(_ touch: Touch) -> Bool { luaContinueTracking(touch) ?? super.continueTracking(touch) }
    override func endTracking(_ touch: Touch) { if !luaEndTracking(touch) { super.endTracking(touch) } }
    override func cancelTracking() { if !luaCancelTracking() { super.cancelTracking() } }
}

final class ScriptSwitch: Switch, LuaExtensible {
    var luaPeer: LuaPeer?
    override func point(inside point: Point) -> Bool { luaPointInside(point) ?? super.point(inside: point) }
    override func layoutSubviews() { if !luaLayoutSubviews() { super.layoutSubviews() } }
    override func draw(_ canvas: Canvas) { if !luaDraw(canvas) { super.draw(canvas) } }
    override func beginTracking(_ touch: Touch) -> Bool { luaBeginTracking(touch) ?? super.beginTracking(touch) }
    override func continueTracking(_ touch: Touch) -> Bool { luaContinueTracking(touch) ?? super.continueTracking(touch) }
    override func endTracking(_ touch: Touch) { if !luaEndTracking(touch) { super.endTracking(touch) } }
    override func cancelTracking() { if !luaCancelTracking() { super.cancelTracking() } }
}

final class ScriptSlider: Slider, LuaExtensible {
    var luaPeer: LuaPeer?
    override func point(inside point: Point) -> Bool { luaPointInside(point) ?? super.point(inside: point) }
    override func layoutSubviews() { if !luaLayoutSubviews() { super.layoutSubviews() } }
    override func draw(_ canvas: Canvas) { if !luaDraw(canvas) { super.draw(canvas) } }
    override func beginTracking(_ touch: Touch) -> Bool { luaBeginTracking(touch) ?? super.beginTracking(touch) }
    override func continueTracking(_ touch: Touch) -> Bool { luaContinueTracking(touch) ?? super.continueTracking(touch) }
    override func endTracking(_ touch: Touch) { if !luaEndTracking(touch) { super.endTracking(touch) } }
    override func cancelTracking() { if !luaCancelTracking() { super.cancelTracking() } }
}

final class ScriptSegmentedControl: SegmentedControl, LuaExtensible {
    var luaPeer: LuaPeer?
    override func point(inside point: Point) -> Bool { luaPointInside(point) ?? super.point(inside: point) }
    override func layoutSubviews() { if !luaLayoutSubviews() { super.layoutSubviews() } }
    override func draw(_ canvas: Canvas) { if !luaDraw(canvas) { super.draw(canvas) } }
    override func beginTracking(_ touch: Touch) -> Bool { luaBeginTracking(touch) ?? super.beginTracking(touch) }
    override func continueTracking(_ touch: Touch) -> Bool { luaContinueTracking(touch) ?? super.continueTracking(touch) }
    override func endTracking(_ touch: Touch) { if !luaEndTracking(touch) { super.endTracking(touch) } }
    override func cancelTracking() { if !luaCancelTracking() { super.cancelTracking() } }
}

final class ScriptStepper: Stepper, LuaExtensible {
    var luaPeer: LuaPeer?
    override func point(inside point: Point) -> Bool { luaPointInside(point) ?? super.point(inside: point) }
    override func layoutSubviews() { if !luaLayoutSubviews() { super.layoutSubviews() } }
    override func draw(_ canvas: Canvas) { if !luaDraw(canvas) { super.draw(canvas) } }
    override func beginTracking(_ touch: Touch) -> Bool { luaBeginTracking(touch) ?? super.beginTracking(touch) }
    override func continueTracking(_ touch: Touch) -> Bool { luaContinueTracking(touch) ?? super.continueTracking(touch) }
    override func endTracking(_ touch: Touch) { if !luaEndTracking(touch) { super.endTracking(touch) } }
    override func cancelTracking() { if !luaCancelTracking() { super.cancelTracking() } }
}

final class ScriptPageControl: PageControl, LuaExtensible {
    var luaPeer: LuaPeer?
    override func point(inside point: Point) -> Bool { luaPointInside(point) ?? super.point(inside: point) }
    override func layoutSubviews() { if !luaLayoutSubviews() { super.layoutSubviews() } }
    override func draw(_ canvas: Canvas) { if !luaDraw(canvas) { super.draw(canvas) } }
    override func beginTracking(_ touch: Touch) -> Bool { luaBeginTracking(touch) ?? super.beginTracking(touch) }
    override func continueTracking(_ touch: Touch) -> Bool { luaContinueTracking(touch) ?? super.continueTracking(touch) }
    override func endTracking(_ touch: Touch) { if !luaEndTracking(touch) { super.endTracking(touch) } }
    override func cancelTracking() { if !luaCancelTracking() { super.cancelTracking() } }
}

final class ScriptTextField: TextField, LuaExtensible {
    var luaPeer: LuaPeer?
    override func point(inside point: Point) -> Bool { luaPointInside(point) ?? super.point(inside: point) }
    override func layoutSubviews() { if !luaLayoutSubviews() { super.layoutSubviews() } }
    override func draw(_ canvas: Canvas) { if !luaDraw(canvas) { super.draw(canvas) } }
    override func beginTracking(_ touch: Touch) -> Bool { luaBeginTracking(touch) ?? super.beginTracking(touch) }
    override func continueTracking(_ touch: Touch) -> Bool { luaContinueTracking(touch) ?? super.continueTracking(touch) }
    override func endTracking(_ touch: Touch) { if !luaEndTracking(touch) { super.endTracking(touch) } }
    override func cancelTracking() { if !luaCancelTracking() { super.cancelTracking() } }
}

/// The touch a tracking override or an action gets, as a `ui.Touch` whose `location`, `x`
/// and `y` are in `view`'s coordinates (the control's).
struct ScriptTouch: LuaPushable {
    let touch: Touch
    let view: View?

    init(_ touch: Touch, in view: View?) {
        self.touch = touch
        self.view = view
    }

    func push(to stack: LuaStack) -> Int32 {
        TouchObject(touch, in: view).push(to: stack)
    }
}

/// A touch as Lua sees it (`ui.Touch`), UIKit's `UITouch`: `tapCount`, `phase`, `timestamp`,
/// `location` and its `x` and `y` in the coordinates of the control that got it,
/// `windowLocation`, `view` (the view it began on), `locationIn(view)` and
/// `previousLocationIn(view)`. Like a `UITouch` it is live: read later, it tells where the
/// finger is then.
final class TouchObject: LuaObject {
    let touch: Touch
    /// The view whose coordinates `location`, `x` and `y` are in; weak, so that a kept
    /// touch does not keep the control alive. The touch's own view once it is gone.
    private weak var reference: View?

    init(_ touch: Touch, in view: View?) {
        self.touch = touch
        self.reference = view
    }

    var location: Point { touch.location(in: reference ?? touch.view) }

    static let lua: LuaClass<TouchObject> = {
        let cls = LuaClass<TouchObject>("ui.Touch")
        cls.property("phase") { $0.touch.phase.rawValue }
        cls.property("tapCount") { $0.touch.tapCount }
        cls.property("timestamp") { $0.touch.timestamp }
        cls.property("location") { $0.location }
        cls.property("x") { $0.location.x }
        cls.property("y") { $0.location.y }
        cls.property("windowLocation") { $0.touch.locationInWindow }
        cls.property("view") { $0.touch.view }
        cls.method("locationIn") { touch, args in
            touch.touch.location(in: try args.get(2, as: View?.self))
        }
        cls.method("previousLocationIn") { touch, args in
            touch.touch.previousLocation(in: try args.get(2, as: View?.self))
        }
        return cls
    }()
}
