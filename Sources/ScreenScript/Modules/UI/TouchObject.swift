import LuaBridge
import ScreenKit

/// The touches a responder method gets, as a list of `ui.Touch` in `view`'s coordinates,
/// made only when an override is there to get them.
struct TouchList: LuaPushable {
    let touches: [Touch]
    /// Not retained: made for a call the view is making, and used only during it.
    unowned(unsafe) let view: View?

    init(_ touches: [Touch], in view: View?) {
        self.touches = touches
        self.view = view
    }

    func push(to stack: LuaStack) -> Int32 {
        touches.map { TouchObject($0, in: view) }.push(to: stack)
    }
}

/// The touch a tracking override or an action gets, as a `ui.Touch` whose `location`, `x`
/// and `y` are in `view`'s coordinates (the control's).
struct ScriptTouch: LuaPushable {
    let touch: Touch
    /// Not retained: made for a call the control is making, and used only during it.
    unowned(unsafe) let view: View?

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

    /// The touches a responder method is called with, a list of `ui.Touch`, at `index` of a
    /// call (a Lua override's `super` call passes them on).
    static func touches(_ args: LuaArguments, at index: Int32) throws(LuaArgumentError) -> [Touch] {
        try args.get(index, as: [TouchObject].self).map(\.touch)
    }

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
