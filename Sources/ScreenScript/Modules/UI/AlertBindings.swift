import LuaBridge
import ScreenKit

extension AlertAction: LuaObject {}
extension AlertAction.Style: LuaEnumeration {}
extension AlertController.Style: LuaEnumeration {}

/// `ui.AlertController` and `ui.AlertAction`.
///
/// ```lua
/// local sheet = ui.AlertController:new{ title = "Delete the photo?", style = "actionSheet" }
/// sheet:addAction(ui.AlertAction:new{ title = "Delete", style = "destructive",
///   handler = function(action) diary:removePhoto() end })
/// sheet:addAction(ui.AlertAction:new{ title = "Cancel", style = "cancel" })
/// self:present(sheet, true)
/// ```
enum AlertBindings {
    // MARK: - ui.AlertController

    /// As UIKit's, the class is used as it is: Lua cannot extend it.
    static func alertController(parent: LuaClassDefinition, host: ScriptHost) -> LuaClass<AlertController> {
        let cls = LuaClass<AlertController>("ui.AlertController", parent: parent, extensible: false)
        cls.scriptConstructor(keys: ["style"], host: host) { args in
            let style = try args.field(2, "style", as: AlertController.Style?.self) ?? .alert
            return AlertController(title: nil, message: nil, style: style)
        }
        cls.property("message", get: { $0.message }, set: { $0.message = $1 })
        cls.property("style") { $0.preferredStyle }
        cls.property("actions") { $0.actions }
        cls.property("textFields") { $0.textFields }
        cls.property("preferredAction", get: { $0.preferredAction }, set: { (alert, action: AlertAction?) in
            try alert.setPreferredAction(action)
        })
        cls.method("addAction") { alert, args in try alert.addAction(try args.get(2, as: AlertAction.self)) }
        // `addTextField(fn(field))`: the function sets up the new field, at once; an error in
        // it is the caller's, and the field stays.
        cls.method("addTextField") { alert, args in
            let configure = try args.get(2, as: LuaFunction?.self)
            let field = try alert.addTextField()
            try configure?.call(field)
            return field
        }
        return cls
    }

    // MARK: - ui.AlertAction

    static func alertAction(host: ScriptHost) -> LuaClass<AlertAction> {
        let cls = LuaClass<AlertAction>("ui.AlertAction")
        cls.scriptConstructor(keys: ["title", "style", "handler"], host: host) { [weak host] args in
            let title = try args.field(2, "title", as: String?.self)
            let style = try args.field(2, "style", as: AlertAction.Style?.self) ?? .default
            let action = AlertAction(title: title, style: style)
            if let handler = try args.field(2, "handler", as: LuaFunction?.self) {
                let context = "handler of alert action '\(title ?? "")' made at \(args.callerLocation ?? "?")"
                action.handler = { [weak host] action in host?.callback(handler, action, context: context) }
            }
            return action
        }
        cls.property("title") { $0.title }
        cls.property("style") { $0.style }
        cls.property("enabled", get: { $0.isEnabled }, set: { $0.isEnabled = $1 })
        return cls
    }
}
