import EventLoop
import LuaBridge

/// `loop`: the clocks, timers, deferred calls and quitting, on the host's event loop.
///
/// ```lua
/// local started = loop.now()    -- monotonic seconds since the loop started, for intervals
/// local stamp = loop.time()     -- wall-clock seconds since 1970 UTC, for dates
/// local t = loop.after(0.5, function() print("later") end)
/// loop.every(1, function(timer) if done then timer:cancel() end end)
/// loop.defer(function() print("before any timer") end)
/// ```
///
/// The functions hold the host weakly: the host owns the state that holds them.
enum LoopModule {
    static let module = ScriptModule(name: "loop") { host in .table(open(host)) }

    static func open(_ host: ScriptHost) -> LuaTable {
        let lua = host.lua
        let loop = host.loop
        let table = lua.newTable()
        host.registry.register([ScriptClass(ScriptTimer.lua, .objects)], in: table)
        table.set("now", lua.function(lifetime: .state) { [unowned loop] _ in loop.now })
        table.set("time", lua.function(lifetime: .state) { [unowned loop] _ in loop.wallTime })
        table.set("after", lua.function(lifetime: .state) { [weak host] args in try schedule(args, host: host, repeating: false) })
        table.set("every", lua.function(lifetime: .state) { [weak host] args in try schedule(args, host: host, repeating: true) })
        table.set("defer", lua.function(lifetime: .state) { [weak host] args -> Void in
            let body = try args.get(1, as: LuaFunction.self)
            let context = "deferred call made at \(args.callerLocation ?? "?")"
            guard let host else { throw ScriptHost.gone }
            let stillWanted = host.schedule.deferredCallCheck()
            host.loop.defer { [weak host] in
                if stillWanted() { host?.callback(body, context: context) }
            }
        })
        table.set("quit", lua.function(lifetime: .state) { [unowned loop] _ in loop.quit() })
        return table
    }

    /// The shortest interval of a repeating timer, as `NSTimer` takes 0.1 ms for an interval
    /// of zero or less: a shorter one would keep the loop firing it and never idle.
    static let minimumInterval = 0.0001

    /// `loop.after(seconds, fn)` and `loop.every(seconds, fn)`: the callback gets the timer.
    private static func schedule(_ args: LuaArguments, host: ScriptHost?, repeating: Bool) throws -> ScriptTimer {
        var seconds = try args.get(1, as: Finite.self).value
        let body = try args.get(2, as: LuaFunction.self)
        if repeating { seconds = max(seconds, minimumInterval) }
        let handle = ScriptTimer()
        guard let host else { throw ScriptHost.gone }
        let context = "timer callback scheduled at \(args.callerLocation ?? "?")"
        // The loop holds the callback, and the callback the handle it passes to the script,
        // until the timer is done or cancelled.
        let fire: (LoopTimer) -> Void = { [weak host] _ in
            host?.callback(body, handle, context: context)
        }
        let timer = repeating ? host.loop.every(seconds, fire) : host.loop.after(seconds, fire)
        handle.timer = timer
        host.schedule.record(timer, context: context)
        return handle
    }
}

/// A timer as scripts see it (`loop.Timer`): `cancel()`, `active`, `repeating`, `nextFireTime`.
final class ScriptTimer: LuaObject {
    var timer: LoopTimer?

    static let lua: LuaClass<ScriptTimer> = {
        let cls = LuaClass<ScriptTimer>("loop.Timer")
        cls.method("cancel") { handle, _ in handle.timer?.cancel() }
        cls.property("active") { $0.timer?.isActive ?? false }
        cls.property("repeating") { $0.timer?.isRepeating ?? false }
        cls.property("nextFireTime") { $0.timer?.nextFireTime }
        return cls
    }()
}
