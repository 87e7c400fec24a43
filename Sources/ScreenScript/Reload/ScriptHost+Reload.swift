import LuaBridge
import ScreenKit

// What a reload needs from a host: the Lua classes its scripts made, found by name in the
// new state, and a way to retire the old state so that nothing of it runs again.

extension ScriptHost {
    /// Makes `extend` remember every class scripts make from now on by its name (the last
    /// class of a name wins), so that a reload can make controllers of the classes the old
    /// app showed. Called before the app's main chunk runs.
    public func recordClasses() throws(LuaError) {
        guard classRegistry == nil else { return }
        let registry = lua.newTable()
        let wrap = try Self.reloadChunk.function("classRecorder", in: lua).call(registry, returning: LuaFunction.self)
        self.registry.fillDeferredModules()
        guard let ui = lua.globals["ui"].tableValue else { return }
        for (_, value) in ui.pairs {
            guard let cls = value.tableValue, cls["__index"] == value, let extend = cls["extend"].functionValue else { continue }
            cls.set("extend", try wrap.call(extend, returning: LuaFunction.self))
        }
        classRegistry = registry
    }

    /// The Lua a reload needs: the class recorder, and controllers made to be restored.
    static let reloadChunk = LuaResourceChunk("reload.lua", name: "=ui", in: .screenScript)

    /// The class a script made with `extend("name")`, or the `ui` class of that name
    /// (`ui.NavigationController`).
    func luaClass(named name: String) -> LuaTable? {
        registry.fillDeferredModules()
        if name.hasPrefix("ui."), let ui = lua.globals["ui"].tableValue {
            return ui[String(name.dropFirst(3))].tableValue
        }
        return classRegistry?[name].tableValue ?? lua.globals[name].tableValue.flatMap { table in
            table["__index"] == .table(table) && table["__name"].stringValue == name ? table : nil
        }
    }

    /// Retires this host once a reload has replaced it: every timer, local notification
    /// and observer its scripts made is cancelled, the deferred calls they made are taken
    /// back, and its Lua state is stopped for good, so that whatever the old window still
    /// has in flight (a transition's last frame, a delegate's call) runs no Lua and reports
    /// nothing. The state itself is freed with the host.
    public func retire() {
        schedule.cancelAll()
        errorReporter = { _, _ in }
        warningHandler = { _ in }
        lua.interrupter.interrupt("the app was reloaded")
        isRetired = true
    }
}
