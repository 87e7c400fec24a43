/// Every module a host installs, in one list, as `linit.c` keeps Lua's libraries.
///
/// Later issues add the built-in modules here (`loop`, `notify`, `ui`, `store`); test hosts
/// and plugins add theirs with ``adding(_:)``.
public struct ModuleRegistry {
    public private(set) var modules: [ScriptModule]

    public init(_ modules: [ScriptModule] = []) {
        self.modules = modules
    }

    /// The modules every script sees.
    public static var builtins: ModuleRegistry { ModuleRegistry([LoopModule.module, NotifyModule.module, UIModule.module, StoreModule.module]) }

    /// This registry with `module` added; a module of the same name is replaced.
    public func adding(_ module: ScriptModule) -> ModuleRegistry {
        adding(contentsOf: [module])
    }

    /// This registry with `modules` added; modules of the same names are replaced.
    public func adding(contentsOf added: [ScriptModule]) -> ModuleRegistry {
        var copy = self
        let names = Set(added.map(\.name))
        copy.modules.removeAll { names.contains($0.name) }
        copy.modules.append(contentsOf: added)
        return copy
    }
}
