import EventLoop
import LuaBridge
import ScreenKit

/// `ui.Window`: a screen for scripts and tests.
///
/// ```lua
/// local window = ui.Window:new{ device = "iphone", orientation = "portrait" }
/// window:makeKeyAndVisible()
/// window:touch("began", { x = 10, y = 10 })
/// ```
enum WindowBindings {
    static func window(parent: LuaClassDefinition, host: ScriptHost) -> LuaClass<Window> {
        let cls = LuaClass<Window>("ui.Window", parent: parent, extensible: false)
        cls.scriptConstructor(keys: ["device", "orientation"], host: host) { [weak host] args in
            let device = try args.field(2, "device", as: Window.Device?.self) ?? .iphone
            let orientation = try args.field(2, "orientation", as: Window.Orientation?.self) ?? .portrait
            return Window(device: device, orientation: orientation, loop: host?.loop)
        }
        cls.property("size") { $0.bounds.size }
        cls.property("device") { $0.device }
        cls.property("orientation") { $0.orientation }
        cls.property("isKeyWindow") { [weak host] window in host?.keyWindow === window }
        cls.method("makeKeyAndVisible") { [weak host] window, _ in
            host?.keyWindow = window
            window.makeKeyAndVisible()
        }
        cls.property("rootViewController", get: { $0.rootViewController }, set: { $0.rootViewController = $1 })
        cls.property("visible") { $0.isVisible }
        cls.property("focusedView") { $0.focusedView }
        cls.method("memoryWarning") { window, _ in window.memoryWarning() }
        cls.method("touch") { window, args in
            let phase = try args.get(2, as: TouchPhase.self)
            window.touch(phase, at: try args.get(3, as: Point.self), id: try args.get(4, default: 0))
        }
        cls.method("tap") { window, args in
            let point = try args.get(2, as: Point.self)
            window.touch(.began, at: point)
            window.touch(.ended, at: point)
        }
        cls.method("type") { window, args in window.type(try args.get(2, as: String.self)) }
        cls.method("key") { window, args in
            let name = try args.get(2, as: String.self)
            window.key(name.count == 1 ? name : try args.option(2, among: Window.keyNames))
        }
        cls.method("rotate") { window, args in
            let orientation = try args.get(2, as: Window.Orientation.self)
            window.rotate(to: orientation)
        }
        cls.method("render") { window, args in
            let kind = try args.option(2, among: ["text", "svg"], default: "text")
            window.layoutIfNeeded()
            return kind == "svg" ? Rendering.svg(window) : Rendering.text(window)
        }
        return cls
    }
}
