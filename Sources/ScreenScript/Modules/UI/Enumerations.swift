import EventLoop
import LuaBridge
import ScreenKit

// The string options scripts write, read through the bridge's one option reader: a name
// that is not one of them is `invalid option 'x'` with the likely intended name or the list.

extension LineBreakMode: LuaEnumeration {}
extension Label.Alignment: LuaEnumeration {}
extension Window.Device: LuaEnumeration {}
extension Window.Orientation: LuaEnumeration {}
extension TouchPhase: LuaEnumeration {}
extension SwipeGestureRecognizer.Direction: LuaEnumeration {}
extension ControlEvent: LuaEnumeration {}
extension BarButtonItem.SystemItem: LuaEnumeration {}
extension PageViewController.TransitionStyle: LuaEnumeration {}
extension PageViewController.NavigationOrientation: LuaEnumeration {}
extension PageViewController.SpineLocation: LuaEnumeration {}
extension PageViewController.NavigationDirection: LuaEnumeration {}
extension Segue.Kind: LuaEnumeration {}
extension TableView.Style: LuaEnumeration {}
extension TableView.ScrollPosition: LuaEnumeration {}
extension TableViewCell.Style: LuaEnumeration {}
extension TableViewCell.AccessoryType: LuaEnumeration {}

/// One option or a list of them (`"left"` or `{ "left", "up" }`); pushed as a list.
///
/// The type itself asks nothing of `Option`, its conversions do: a type's requirements
/// are checked by the runtime each time it builds the type for an `Option` (once a run for
/// each, as a class registers its properties), a search of every protocol conformance in
/// the program.
struct OptionList<Option> {
    let options: [Option]

    init(_ options: [Option]) { self.options = options }
}

extension OptionList: LuaConvertible where Option: LuaEnumeration {
    func push(to stack: LuaStack) -> Int32 {
        stack.push(options.map(\.rawValue))
    }

    static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> OptionList {
        switch stack.type(at: index) {
        case .string: return OptionList([try Option.read(from: stack, at: index)])
        case .table: return OptionList(try [Option].read(from: stack, at: index))
        default: throw stack.typeError("string or list of strings", at: index)
        }
    }
}

/// The names of a view's autoresizing parts (`autoresizing = { "flexibleWidth" }`).
enum AutoresizingName: String, LuaEnumeration {
    case flexibleLeftMargin, flexibleWidth, flexibleRightMargin, flexibleTopMargin, flexibleHeight, flexibleBottomMargin

    var mask: AutoresizingMask {
        switch self {
        case .flexibleLeftMargin: .flexibleLeftMargin
        case .flexibleWidth: .flexibleWidth
        case .flexibleRightMargin: .flexibleRightMargin
        case .flexibleTopMargin: .flexibleTopMargin
        case .flexibleHeight: .flexibleHeight
        case .flexibleBottomMargin: .flexibleBottomMargin
        }
    }
}

extension ControlState: LuaConvertible {
    /// The states a script names, alone or joined by `+` in any order ("selected+highlighted").
    static let names = ["normal", "highlighted", "disabled", "selected"]

    public func push(to stack: LuaStack) -> Int32 {
        description.push(to: stack)
    }

    /// Reads `"normal"`, `"highlighted"`, `"selected+highlighted"`...; a part that is not a
    /// state is an invalid option, with the state it most likely meant.
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> ControlState {
        guard stack.type(at: index) == .string else { throw stack.typeError("string", at: index) }
        let name = try String.read(from: stack, at: index)
        for part in name.split(separator: "+") {
            _ = try LuaOption.check(String(part.filter { $0 != " " }), among: names)
        }
        guard let state = ControlState(name: name) else { throw LuaOption.invalid(name, among: names) }
        return state
    }
}
