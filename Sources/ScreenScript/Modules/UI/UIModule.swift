import LuaBridge
import ScreenKit

/// `ui`: views, controls, gestures and windows.
///
/// ```lua
/// local Clock = ui.View:extend("Clock")
/// function Clock:draw(canvas) canvas:stroke(self.bounds, "black") end
/// local button = ui.Button:new{ frame = { 10, 10, 80, 30 }, title = "Save" }
/// button:addTarget(function(sender, event) save() end, "touchUpInside")
/// ```
enum UIModule {
    static let module = ScriptModule(name: "ui") { host in .table(try open(host)) }

    /// The module's table, which makes its classes on first use (see
    /// ``ScriptRegistry/fillOnFirstUse(_:with:)``): a script that never uses `ui` starts a
    /// millisecond sooner.
    static func open(_ host: ScriptHost) throws -> LuaTable {
        let table = host.lua.newTable()
        try host.registry.fillOnFirstUse(table) { [weak host] in
            // A host being freed makes no classes: its state closes with it.
            guard let host else { return }
            try fill(table, host: host)
        }
        return table
    }

    private static func fill(_ table: LuaTable, host: ScriptHost) throws {
        let lua = host.lua
        let classes = UIClasses(host: host)
        host.registry.register(classes.all, in: table)
        // `ui.NavigationController:new(root)` takes its root where others take their fields.
        lua.register(classes.navigationController).set("__positional", true)
        try SegueBindings.open(table, host: host)
        table.set("attributes", lua.function(lifetime: .state) { args in try LayoutBindings.attributes(args) })
        table.set("indexPath", lua.function(lifetime: .state) { args in try ScriptIndexPath.make(args) })
        table.set("image", lua.function(lifetime: .state) { [weak host] args in
            guard let host else { throw ScriptHost.gone }
            return try ImageBindings.load(args, host: host)
        })
        try host.callbackCheck.wrapConstructors(in: table)
    }
}
