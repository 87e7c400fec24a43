import LuaBridge

/// The registry of a host: every class and module its scripts see, each declared once.
/// A module's `open` hands its classes to ``register(_:in:)``, which registers each in the
/// state and puts the ones scripts reach by name in the module's table under the key the
/// class's name gives (`ui.Switch` under `Switch`). The catalog (``ScriptClassCatalog``),
/// completion, the stubs' check and the tests' lists of classes all read ``classes``.
///
/// ```swift
/// let table = lua.newTable()
/// host.registry.register(UIClasses(host: host).all, in: table)
/// host.registry.classes.filter { $0.kind == .control }   // every control class
/// ```
///
/// A module may make its classes on first use (``fillOnFirstUse(_:with:)``): `ui`'s take a
/// millisecond to make, which a script that never touches `ui` does not pay.
///
/// One per host: two hosts never see each other's classes.
public final class ScriptRegistry {
    /// The classes, in the order their modules declared them; a module that waits for its
    /// first use is filled first.
    public var classes: [ScriptClass] {
        fillDeferredModules()
        return registered
    }
    private var registered: [ScriptClass] = []
    /// The names of the modules whose classes were registered, in the order they opened;
    /// a module that waits for its first use is filled first.
    public var modules: [String] {
        fillDeferredModules()
        return registeredModules
    }
    private var registeredModules: [String] = []
    /// Weak: the host owns both. A registry kept after its host is gone fills nothing more.
    private weak var lua: LuaState?
    /// What fills each module that waits for its first use, from its Lua side.
    private var deferred: [LuaFunction] = []

    /// The metatable that makes a module table fill itself on first use.
    private static let deferredChunk = LuaResourceChunk("deferred.lua", name: "=ui", in: .screenScript)

    init(lua: LuaState) {
        self.lua = lua
    }

    /// Registers `entries` in the state and sets the ones of ``ScriptClass/Visibility/module``
    /// in `table` under their keys. A class registered again (a module opened again) takes
    /// its earlier entry's place.
    ///
    /// - Parameters:
    ///   - entries: the module's classes, each from its name's module.
    ///   - table: the module's table.
    public func register(_ entries: [ScriptClass], in table: LuaTable) {
        for entry in entries {
            guard let lua else { return }
            let cls = lua.register(entry.definition)
            if entry.visibility == .module { table.set(entry.key, cls) }
            if let index = registered.firstIndex(where: { $0.name == entry.name }) {
                registered[index] = entry
            } else {
                registered.append(entry)
            }
            if !registeredModules.contains(entry.module) { registeredModules.append(entry.module) }
        }
    }

    /// Makes `table` a module that `fill` fills on its first use: when a script first reads,
    /// assigns or walks it, when the state pushes an object of a class not registered yet,
    /// or when ``classes`` is asked for. Until then the table is empty; once filled, it is a
    /// plain table with no metatable, as if `fill` had run at once.
    ///
    /// - Parameter fill: registers the module's classes (``register(_:in:)``) and sets its
    ///   other fields; it runs once. An error it throws is the error of the script's access
    ///   (or, filled from Swift's side, reported as a callback's).
    public func fillOnFirstUse(_ table: LuaTable, with fill: @escaping () throws -> Void) throws(LuaError) {
        guard let lua else { return }
        var pending: (() throws -> Void)? = fill
        let filler = lua.function(lifetime: .state) { _ -> Void in
            guard let fill = pending else { return }
            pending = nil
            try fill()
        }
        let ready = try Self.deferredChunk.load(in: lua).call(returning: LuaFunction.self)
            .call(table, filler, returning: LuaFunction.self)
        deferred.append(ready)
        lua.registersDeferredClasses = { [weak self] in self?.fillDeferredModules() }
    }

    /// Fills every module still waiting for its first use.
    func fillDeferredModules() {
        guard !deferred.isEmpty, let lua else { return }
        let waiting = deferred
        deferred = []
        lua.registersDeferredClasses = nil
        for ready in waiting {
            do {
                try ready.call()
            } catch {
                lua.report(error, in: "making a module's classes")
            }
        }
    }

    /// The class named `name` (`ui.Switch`).
    public func entry(named name: String) -> ScriptClass? {
        classes.first { $0.name == name }
    }
}
