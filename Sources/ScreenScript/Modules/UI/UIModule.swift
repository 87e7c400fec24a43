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

    static func open(_ host: ScriptHost) throws -> LuaTable {
        let lua = host.lua
        for helper in [TouchObject.lua, ScriptCanvas.lua, TargetToken.lua] as [LuaClassDefinition] {
            lua.register(helper)
        }
        let table = lua.newTable()
        let view = ViewBindings.view(host: host)
        table.set("View", lua.register(view))
        for (name, definition) in ControlBindings.all(view: view, host: host) + GestureBindings.all(host: host) {
            table.set(name, lua.register(definition))
        }
        table.set("Window", lua.register(WindowBindings.window(parent: view, host: host)))
        let controllers = ControllerBindings.all(host: host)
        let controller = controllers.first { $0.0 == "Controller" }!.1
        let containers = TabSplitBindings.all(controller: controller, host: host) + PageBindings.all(controller: controller, host: host)
        for (name, definition) in controllers + containers {
            let cls = lua.register(definition)
            table.set(name, cls)
            if name == "NavigationController" { cls.set("__positional", true) }
        }
        try SegueBindings.open(table, host: host)
        let lists = TableBindings.all(view: view, controller: controller, host: host)
        let scrollView = lists.first { $0.0 == "ScrollView" }!.1
        for (name, definition) in lists + CollectionBindings.all(view: view, scrollView: scrollView, controller: controller, host: host) {
            table.set(name, lua.register(definition))
        }
        lua.register(ScriptAttributes.lua)
        table.set("attributes", lua.function(lifetime: .state) { args in try LayoutBindings.attributes(args) })
        lua.register(ScriptIndexPath.lua)
        table.set("indexPath", lua.function(lifetime: .state) { args in try ScriptIndexPath.make(args) })
        try host.callbackCheck.wrapConstructors(in: table)
        return table
    }
}
