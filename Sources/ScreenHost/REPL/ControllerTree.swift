import LuaBridge
import ScreenKit
import ScreenScript

/// The controllers of a window as the REPL's `:tree` prints them, and as `screens serve`
/// shows them beside the screen: one line per controller, indented two spaces per level,
/// with its class, its title, where a script's class was made (`at main.lua:12`), then the
/// controllers it holds and the one it presents (`presents Editor`).
///
/// ```swift
/// ControllerTree.lines(of: window.rootViewController!)
/// // ["ui.NavigationController", "  Home \"Home\" at main.lua:12", "  Detail \"Detail\" at main.lua:3"]
/// ```
public enum ControllerTree {
    /// How deep the tree is followed; deeper controllers are left out.
    static let depthLimit = 50

    /// The lines of `controller`'s tree.
    public static func lines(of controller: ViewController) -> [String] {
        var lines: [String] = []
        append(controller, depth: 0, role: "", to: &lines)
        return lines
    }

    private static func append(_ controller: ViewController, depth: Int, role: String, to lines: inout [String]) {
        guard depth < depthLimit else { return }
        var line = String(repeating: "  ", count: depth) + role + (ReplPrinter.describe(object: controller) ?? controller.className)
        if let place = classPlace(of: controller) { line += " at " + place }
        lines.append(line)
        for child in controller.children {
            append(child, depth: depth + 1, role: "", to: &lines)
        }
        if let presented = controller.presentedViewController {
            append(presented, depth: depth + 1, role: "presents ", to: &lines)
        }
    }

    /// The file:line where the script class of `controller` was made with `extend`, if it
    /// is one's.
    static func classPlace(of controller: ViewController) -> String? {
        controller.luaPeer?.luaClass?["__where"].stringValue
    }
}
