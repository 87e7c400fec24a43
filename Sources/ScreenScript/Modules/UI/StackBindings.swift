import LuaBridge
import ScreenKit

extension LayoutAxis: LuaEnumeration {}
extension StackView.Distribution: LuaEnumeration {}
extension StackView.Alignment: LuaEnumeration {}

/// `ui.StackView`: a row or a column of arranged views, laid out from their intrinsic
/// sizes. Positions in the arrangement count from 1, as Lua arrays do.
enum StackBindings {
    static func stackView(parent view: LuaClassDefinition, host: ScriptHost) -> LuaClass<StackView> {
        LuaClass.view("ui.StackView", parent: view, host: host, { StackView() }) { cls in
            cls.property("axis", get: { $0.axis }, set: { $0.axis = $1 })
            cls.property("distribution", get: { $0.distribution }, set: { $0.distribution = $1 })
            cls.property("alignment", get: { $0.alignment }, set: { $0.alignment = $1 })
            // Negative spacing overlaps the views, as UIKit's does.
            cls.finiteProperty("spacing", get: { $0.spacing }, set: { $0.spacing = $1 })
            // Setting the list arranges those views in its order; those arranged before and
            // not listed leave the stack.
            cls.property("arrangedSubviews", get: { $0.arrangedSubviews }, set: { try $0.setArrangedSubviews($1) })
            cls.method("addArrangedSubview") { stack, args in try stack.addArrangedSubview(try args.get(2, as: View.self)) }
            cls.method("insertArrangedSubview") { stack, args in
                let view = try args.get(2, as: View.self)
                // From 1 to one past the last of the other arranged views, as table.insert.
                let others = stack.arrangedSubviews.count - (stack.isArranged(view) ? 1 : 0)
                try stack.insertArrangedSubview(view, at: try args.index(3, among: others + 1))
            }
            // A view that is not arranged is left alone, as UIKit does.
            cls.method("removeArrangedSubview") { stack, args in stack.removeArrangedSubview(try args.get(2, as: View.self)) }
        }
    }
}
