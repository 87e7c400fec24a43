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
/// One per host: two hosts never see each other's classes.
public final class ScriptRegistry {
    /// The classes, in the order their modules declared them.
    public private(set) var classes: [ScriptClass] = []
    /// The names of the modules whose classes were registered, in the order they opened.
    public private(set) var modules: [String] = []
    private unowned let lua: LuaState

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
            let cls = lua.register(entry.definition)
            if entry.visibility == .module { table.set(entry.key, cls) }
            if let index = classes.firstIndex(where: { $0.name == entry.name }) {
                classes[index] = entry
            } else {
                classes.append(entry)
            }
            if !modules.contains(entry.module) { modules.append(entry.module) }
        }
    }

    /// The class named `name` (`ui.Switch`).
    public func entry(named name: String) -> ScriptClass? {
        classes.first { $0.name == name }
    }
}
