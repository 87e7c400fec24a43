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
        let cls = LuaClass<Window>("ui.Window", parent: parent)
        cls.constructor(keys: ["device", "orientation"]) { [weak host] args in
            let fields = try args.get(2, as: LuaTable?.self)
            let deviceName = try fields?.get("device", as: String?.self) ?? "iphone"
            let orientationName = try fields?.get("orientation", as: String?.self) ?? "portrait"
            guard let device = Window.Device(rawValue: deviceName) else {
                throw LuaError(kind: .runtime, message: "unknown device '\(deviceName)' (expected iphone or ipad)")
            }
            guard let orientation = Window.Orientation(rawValue: orientationName) else {
                throw LuaError(kind: .runtime, message: "unknown orientation '\(orientationName)' (expected portrait or landscape)")
            }
            return Window(device: device, orientation: orientation, loop: host?.loop)
        }
        cls.property("size") { $0.bounds.size }
        cls.property("device") { $0.device.rawValue }
        cls.property("orientation") { $0.orientation.rawValue }
        cls.property("isKeyWindow") { [weak host] window in host?.keyWindow === window }
        cls.method("makeKeyAndVisible") { [weak host] window, _ in
            host?.keyWindow = window
            window.makeKeyAndVisible()
        }
        cls.property("rootViewController", get: { $0.rootViewController }, set: { $0.rootViewController = $1 })
        cls.property("visible") { $0.isVisible }
        cls.method("memoryWarning") { window, _ in window.memoryWarning() }
        cls.method("touch") { window, args in
            let name = try args.get(2, as: String.self)
            guard let phase = TouchPhase(rawValue: name) else {
                throw args.error(2, "touch phase expected (began, moved, ended or cancelled), got '\(name)'")
            }
            window.touch(phase, at: try args.get(3, as: Point.self), id: try args.get(4, default: 0))
        }
        cls.method("tap") { window, args in
            let point = try args.get(2, as: Point.self)
            window.touch(.began, at: point)
            window.touch(.ended, at: point)
        }
        cls.method("type") { window, args in window.type(try args.get(2, as: String.self)) }
        cls.method("key") { window, args in window.key(try args.get(2, as: String.self)) }
        cls.method("rotate") { window, args in
            let name = try args.get(2, as: String.self)
            guard let orientation = Window.Orientation(rawValue: name) else {
                throw args.error(2, "orientation expected (portrait or landscape), got '\(name)'")
            }
            window.rotate(to: orientation)
        }
        cls.method("render") { window, args in
            let kind = try args.get(2, default: "text")
            window.layoutIfNeeded()
            switch kind {
            case "text": return Rendering.text(window)
            case "svg": return Rendering.svg(window)
            default: throw args.error(2, "render kind expected (\"text\" or \"svg\"), got '\(kind)'")
            }
        }
        return cls
    }
}
