import LuaBridge
import ScreenKit

/// The controls of `ui`: `Control`, `Label`, `Button`, `Switch`, `Slider`,
/// `SegmentedControl`, `Stepper`, `PageControl`, `TextField`. Indexes (segments, pages)
/// count from 1, as Lua arrays do.
enum ControlBindings {
    /// A control class Lua can extend: its objects ask their Lua class for the view and
    /// tracking overrides (see `ScriptHook`), a control Swift made (a search bar's field)
    /// as well as one `make` made.
    private static func controlClass<T: Control>(
        _ name: String, _ make: @escaping @MainActor () -> T, parent: LuaClassDefinition, host: ScriptHost,
        members: (LuaClass<T>) -> Void
    ) -> LuaClass<T> {
        LuaClass<T>.view(name, parent: parent, host: host, make, members: members)
    }

    static func switchControl(parent control: LuaClassDefinition, host: ScriptHost) -> LuaClass<Switch> {
        controlClass("ui.Switch", { Switch() }, parent: control, host: host) { cls in
            cls.property("on", get: { $0.isOn }, set: { $0.isOn = $1 })
        }
    }

    static func slider(parent control: LuaClassDefinition, host: ScriptHost) -> LuaClass<Slider> {
        controlClass("ui.Slider", { Slider() }, parent: control, host: host) { cls in
            cls.appliedFirst = ["minimumValue", "maximumValue"]
            cls.finiteProperty("value", get: { $0.value }, set: { $0.value = $1 })
            cls.finiteProperty("minimumValue", get: { $0.minimumValue }, set: { $0.minimumValue = $1 })
            cls.finiteProperty("maximumValue", get: { $0.maximumValue }, set: { $0.maximumValue = $1 })
        }
    }

    static func segmentedControl(parent control: LuaClassDefinition, host: ScriptHost) -> LuaClass<SegmentedControl> {
        controlClass("ui.SegmentedControl", { SegmentedControl() }, parent: control, host: host) { cls in
            cls.appliedFirst = ["segments"]
            cls.property("segments", get: { $0.segments }, set: { $0.segments = $1 })
            cls.property("selectedIndex", get: { control in control.selectedSegmentIndex.map { $0 + 1 } }, set: { control, index in
                guard let index else { return control.selectedSegmentIndex = nil }
                guard index >= 1, index <= control.segments.count else {
                    throw LuaConversionError.outOfRange(index, count: control.segments.count)
                }
                control.selectedSegmentIndex = index - 1
            })
        }
    }

    static func stepper(parent control: LuaClassDefinition, host: ScriptHost) -> LuaClass<Stepper> {
        controlClass("ui.Stepper", { Stepper() }, parent: control, host: host) { cls in
            cls.appliedFirst = ["minimumValue", "maximumValue", "stepValue"]
            cls.finiteProperty("value", get: { $0.value }, set: { $0.value = $1 })
            cls.finiteProperty("minimumValue", get: { $0.minimumValue }, set: { $0.minimumValue = $1 })
            cls.finiteProperty("maximumValue", get: { $0.maximumValue }, set: { $0.maximumValue = $1 })
            cls.property("stepValue", get: { Positive($0.stepValue) }, set: { $0.stepValue = $1.value })
            cls.property("wraps", get: { $0.wraps }, set: { $0.wraps = $1 })
        }
    }

    static func pageControl(parent control: LuaClassDefinition, host: ScriptHost) -> LuaClass<PageControl> {
        controlClass("ui.PageControl", { PageControl() }, parent: control, host: host) { cls in
            cls.appliedFirst = ["numberOfPages"]
            cls.property("numberOfPages", get: { $0.numberOfPages }, set: { $0.numberOfPages = $1 })
            // From 1 to the number of pages (1 when there are none, as it reads then).
            cls.property("currentPage", get: { $0.currentPage + 1 }, set: { control, page in
                guard page >= 1, page <= max(control.numberOfPages, 1) else {
                    throw LuaConversionError.outOfRange(page, count: max(control.numberOfPages, 1))
                }
                control.currentPage = page - 1
            })
        }
    }

    static func textField(parent control: LuaClassDefinition, host: ScriptHost) -> LuaClass<TextField> {
        controlClass("ui.TextField", { TextField() }, parent: control, host: host) { cls in
            cls.property("text", get: { $0.text }, set: { $0.text = $1 })
            cls.property("placeholder", get: { $0.placeholder }, set: { $0.placeholder = $1 })
            cls.property("textColor", get: { $0.textColor }, set: { $0.textColor = $1 })
            cls.property("editing") { $0.isEditing }
            cls.method("beginEditing") { field, _ in field.beginEditing() }
            cls.method("endEditing") { field, _ in field.endEditing() }
        }
    }

    static func control(parent: LuaClassDefinition, host: ScriptHost) -> LuaClass<Control> {
        let cls = LuaClass<Control>("ui.Control", parent: parent, extensible: true)
        cls.property("enabled", get: { $0.isEnabled }, set: { $0.isEnabled = $1 })
        cls.property("highlighted", get: { $0.isHighlighted }, set: { $0.isHighlighted = $1 })
        cls.property("selected", get: { $0.isSelected }, set: { $0.isSelected = $1 })
        cls.property("state") { $0.state }
        cls.property("tracking") { $0.isTracking }
        cls.property("touchInside") { $0.isTouchInside }
        // `addTarget(fn, events)`, or UIKit's `addTarget(target, "method", events)` with the
        // target held weakly (see ScriptAction). Either is called with the sender, the event's
        // name and the touch (a `ui.Touch` in the sender's coordinates; nil when code sent it).
        cls.method("addTarget") { [weak host] control, args in
            guard let host else { throw ScriptHost.gone }
            let (action, next) = try ScriptAction.parse(args, at: 2, host: host)
            let events = try eventNames(args, next)
            let context = "action for \(events.map(\.rawValue).sorted().joined(separator: ", ")) added at \(args.callerLocation ?? "?")"
            // A function that declares no third parameter gets no touch: making one costs
            // about as much as the rest of the call.
            return TargetToken(control.addTarget({ sender, event, touch in
                let touch = action.takesArgument(at: 3) ? touch.map { ScriptTouch($0, in: sender) } : nil
                action.perform(sender, event.rawValue, touch, context: context)
            }, for: events))
        }
        cls.method("removeTarget") { control, args in control.removeTarget(try args.get(2, as: TargetToken.self).target) }
        cls.method("sendActions") { control, args in
            for event in try eventNames(args, 2) { control.sendActions(for: event) }
        }
        // The Swift tracking, which Lua overrides reach through `super`.
        cls.method("beginTracking") { control, args in control.beginTracking(try args.get(2, as: TouchObject.self).touch) }
        cls.method("continueTracking") { control, args in control.continueTracking(try args.get(2, as: TouchObject.self).touch) }
        cls.method("endTracking") { control, args in control.endTracking(try args.get(2, as: TouchObject.self).touch) }
        cls.method("cancelTracking") { control, _ in control.cancelTracking() }
        cls.scriptConstructor(callbacks: CallbackCheck.controlCallbacks, host: host) { _ in Control() }
        return cls
    }

    static func label(parent: LuaClassDefinition, host: ScriptHost) -> LuaClass<Label> {
        let cls = LuaClass<Label>("ui.Label", parent: parent, extensible: true)
        cls.property("text", get: { $0.text }, set: { $0.text = $1 })
        cls.property("lines", get: { $0.lines }, set: { label, lines in
            guard lines >= 0 else {
                throw LuaConversionError(message: "0 (as many as needed) or more expected, got \(lines)")
            }
            label.lines = lines
        })
        cls.property("lineBreakMode", get: { $0.lineBreakMode }, set: { $0.lineBreakMode = $1 })
        cls.property("textColor", get: { $0.textColor }, set: { $0.textColor = $1 })
        cls.property("alignment", get: { $0.alignment }, set: { $0.alignment = $1 })
        cls.property("displayedLines") { $0.layout.lines }
        cls.scriptConstructor(callbacks: CallbackCheck.viewCallbacks, host: host) { _ in Label() }
        return cls
    }

    static func button(parent: LuaClassDefinition, host: ScriptHost) -> LuaClass<Button> {
        let cls = LuaClass<Button>("ui.Button", parent: parent, extensible: true)
        cls.method("setTitle") { button, args in
            button.setTitle(try args.get(2, as: String?.self), for: try state(args, 3))
        }
        cls.method("titleFor") { button, args in button.title(for: try state(args, 2)) }
        cls.property("currentTitle") { $0.currentTitle }
        cls.property("title", get: { $0.title(for: .normal) }, set: { $0.setTitle($1, for: .normal) })
        cls.method("setImage") { button, args in
            button.setImage(try args.get(2, as: Image?.self), for: try state(args, 3))
        }
        cls.method("imageFor") { button, args in button.image(for: try state(args, 2)) }
        cls.property("currentImage") { $0.currentImage }
        cls.property("image", get: { $0.image(for: .normal) }, set: { $0.setImage($1, for: .normal) })
        cls.scriptConstructor(callbacks: CallbackCheck.controlCallbacks, host: host) { _ in Button() }
        return cls
    }

    private static func state(_ args: LuaArguments, _ index: Int32) throws -> ControlState {
        try args.get(index, default: .normal)
    }

    /// One event name or a list of them.
    private static func eventNames(_ args: LuaArguments, _ index: Int32) throws -> Set<ControlEvent> {
        Set(try args.get(index, as: OptionList<ControlEvent>.self).options)
    }
}

/// What `addTarget` returns, for `removeTarget`.
final class TargetToken: LuaObject {
    let target: Control.Target
    init(_ target: Control.Target) { self.target = target }
    static let lua = LuaClass<TargetToken>("ui.Target")
}
