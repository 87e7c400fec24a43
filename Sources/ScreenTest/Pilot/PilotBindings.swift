import EventLoop
import LuaBridge
import ScreenKit
import ScreenRender
import ScreenScript

/// `test.launch`, `test.waitFor` and the pilot's members (`test.Pilot`).
///
/// ```lua
/// local app = test.launch("scripts/hello", { device = "iphone" })
/// app:tap("Greet")                       -- by the text shown, or an accessibility label
/// assert.truthy(app:text():find("Hello"))
/// test.waitFor(function() return app:find("Done") end, { timeout = 2 })
/// ```
enum PilotBindings {
    /// The most virtual time one call may run: a week.
    static let maximumSeconds = 604_800.0

    static func install(in table: LuaTable, host: ScriptHost, session: TestSession) {
        let lua = host.lua
        host.registry.register([ScriptClass(pilotClass(), .objects)], in: table)
        let launcher = PilotLauncher(host: host, session: session)
        table.set("launch", lua.function(lifetime: .state) { args -> Pilot in
            // test.launch(), test.launch(path[, options]), test.launch{ options }
            if args.type(at: 1) == .table { return try launcher.launch(nil, options: try PilotLauncher.options(args, 1)) }
            guard args.isNil(1) || args.type(at: 1) == .string else {
                throw args.error(1, "an app's path, a table of options or nothing expected, got \(args.type(at: 1))")
            }
            let path = try args.get(1, as: String?.self)
            if let path, path.isEmpty || path.utf8.count > PilotLauncher.longestPath || path.utf8.contains(0) {
                let nul = path.utf8.contains(0) ? ", got a path with a NUL byte" : ""
                throw args.error(1, "an app's folder or Lua file (a path of 1 to \(PilotLauncher.longestPath) bytes) expected\(nul)")
            }
            return try launcher.launch(path, options: try PilotLauncher.options(args, 2))
        })
        table.set("waitFor", lua.function(lifetime: .state) { [unowned host] args -> LuaValue in
            let condition = try args.get(1, as: LuaFunction.self)
            let timeout = try seconds(args, 2, field: "timeout", default: 10, allowZero: true)
            return try waitFor(condition, timeout: timeout, loop: host.loop)
        })
    }

    /// Calls `condition` at once and then after every frame (1/60 s of virtual time) until
    /// its first result is truthy, and returns that. The message of a timeout shows what it
    /// returned last, every result: a condition can return `false` and what it saw.
    static func waitFor(_ condition: LuaFunction, timeout: Double, loop: EventLoop) throws -> LuaValue {
        let frame = 1.0 / Double(LoopAnimation.framesPerSecond)
        let frames = Int((timeout / frame).rounded(.up))
        var waited = 0
        while true {
            let values = try condition.callReturningAll()
            if let first = values.first, first.isTruthy { return first }
            guard waited < frames else {
                let shown = LuaValueFormat.describe(values: values)
                throw PilotError("test.waitFor: the condition was still not met after \(PilotTarget.number(timeout)) s; "
                        + "it last returned \(shown)")
            }
            waited += 1
            loop.advance(by: frame)
        }
    }

    /// A number of seconds from argument `index`: itself, or a field of the table there.
    static func seconds(
        _ args: LuaArguments, _ index: Int32, field: String? = nil, default fallback: Double, allowZero: Bool = true
    ) throws -> Double {
        let value: Double?
        if let field {
            guard args.isNil(index) || args.type(at: index) == .table else {
                throw args.error(index, "table of options expected, got \(args.type(at: index))")
            }
            value = args.isNil(index) ? nil : try args.field(index, field, as: Double?.self)
        } else {
            value = args.isNil(index) ? nil : try args.get(index, as: Double.self)
        }
        guard let seconds = value else { return fallback }
        let what = field.map { "\($0): " } ?? ""
        guard seconds.isFinite, seconds <= maximumSeconds, allowZero ? seconds >= 0 : seconds > 0 else {
            throw args.error(
                index, "\(what)seconds from 0 to \(Int(maximumSeconds)) (a week) expected, got \(LuaValue.number(seconds))")
        }
        return seconds
    }

    // MARK: - The pilot

    static func pilotClass() -> LuaClass<Pilot> {
        let cls = LuaClass<Pilot>("test.Pilot")
        cls.property("window") { $0.window }
        cls.property("app") { $0.app }
        // Input goes only to a live app: after its test or a later launch, the window is
        // no one's, and what it did would mislead.
        func input(_ name: String, _ body: @escaping @MainActor (Pilot, LuaArguments) throws -> Void) {
            cls.method(name) { pilot, args in
                try pilot.checkLive(doing: name)
                try body(pilot, args)
            }
        }
        input("tap") { pilot, args in try pilot.tap(try PilotTarget(args, 2)) }
        input("doubleTap") { pilot, args in try pilot.doubleTap(try PilotTarget(args, 2)) }
        input("longPress") { pilot, args in
            try pilot.longPress(try PilotTarget(args, 2), seconds: try seconds(args, 3, default: 1))
        }
        input("swipe") { pilot, args in
            let direction = try args.get(2, as: SwipeGestureRecognizer.Direction.self)
            try pilot.swipe(direction, from: args.isNil(3) ? nil : try PilotTarget(args, 3))
        }
        input("drag") { pilot, args in try pilot.drag(from: try PilotTarget(args, 2), to: try PilotTarget(args, 3)) }
        input("scroll") { pilot, args in
            let dy = try args.get(3, as: Double.self)
            guard dy.isFinite, abs(dy) <= 1e6 else {
                throw args.error(3, "points from -1000000 to 1000000 expected, got \(LuaValue.number(dy))")
            }
            try pilot.scroll(try PilotTarget(args, 2), dy: dy)
        }
        input("type") { pilot, args in try pilot.type(try args.get(2, as: String.self)) }
        input("key") { pilot, args in
            let name = try args.get(2, as: String.self)
            try pilot.key(name.count == 1 ? name : try args.option(2, among: Pilot.keys))
        }
        input("rotate") { pilot, args in
            pilot.window.rotate(to: try args.get(2, as: Window.Orientation.self))
            try pilot.settle(after: "the rotation")
        }
        cls.method("advance") { pilot, args in pilot.loop.advance(by: try seconds(args, 2, default: 0)) }
        cls.method("settle") { pilot, args in
            let timeout = try seconds(args, 2, field: "timeout", default: Pilot.defaultSettleTimeout)
            try pilot.settle(timeout: timeout)
        }
        input("memoryWarning") { pilot, _ in
            pilot.window.memoryWarning()
            try pilot.settle(after: "the memory warning")
        }
        cls.method("text") { pilot, _ in pilot.shownText() }
        cls.method("screen") { pilot, _ in
            pilot.window.layoutIfNeeded()
            return TextRenderer().render(pilot.window)
        }
        cls.method("svg") { pilot, _ in
            pilot.window.layoutIfNeeded()
            return SVGRenderer().render(pilot.window)
        }
        cls.method("find") { pilot, args in
            let text = try args.get(2, as: String.self)
            return try pilot.find(text)
        }
        cls.method("controller") { pilot, _ in pilot.topController() }
        cls.method("errors") { pilot, _ in pilot.takeErrors().map(\.luaRecord) }
        cls.method("relaunch") { pilot, _ in
            try pilot.checkLive(doing: "relaunch")
            return try pilot.relaunch()
        }
        cls.method("reload") { pilot, _ in
            try pilot.checkLive(doing: "reload")
            try pilot.reload()
            return pilot.reloadNotes
        }
        return cls
    }
}
