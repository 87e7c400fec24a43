import LuaBridge
import ScreenKit

/// Prints what a REPL line evaluated to, as `lua` does but more readably: several values
/// tab-separated, strings quoted, tables pretty-printed with their keys sorted to a depth
/// and a width (``maxDepth``, ``maxItems``), a table met again inside itself as
/// `<cycle: t.path>`, and Swift objects as what they are (`ui.Button "Save" {20,130,120,32}`).
///
/// ```swift
/// let printer = try ReplPrinter(lua: host.lua)
/// print(try printer.describe([.integer(1), .string("a")], names: ["_"]))   // 1	"a"
/// ```
public struct ReplPrinter {
    /// How deep tables are printed; deeper ones show as `{...}`.
    public static let maxDepth = 4
    /// How many entries of one table are printed; the rest are counted.
    public static let maxItems = 30
    /// The most characters one result prints; the rest is cut with a note.
    public static let maxLength = 8000

    /// The formatter, in Lua: `format(name, values, count)`.
    private static let formatChunk = LuaResourceChunk("repl.lua", name: "=repl", in: .screenHost)
    private let format: LuaFunction

    public init(lua: LuaState) throws(LuaError) {
        let describeObject = lua.function { args -> String? in
            let value = try args.get(1, as: LuaValue.self)
            guard case .userdata(let userdata) = value else { return nil }
            return Self.describe(object: userdata.object(as: AnyObject.self))
        }
        format = try Self.formatChunk.load(in: lua).call(
            describeObject, Self.maxDepth, Self.maxItems, returning: LuaFunction.self)
    }

    /// The values as one line (or several, for a large table), tab-separated; `name` is
    /// what a cycle back to the first value calls it.
    public func describe(_ values: [LuaValue], name: String = "_") throws(LuaError) -> String {
        var text = try format.call(name, values, values.count, returning: String.self)
        if text.count > Self.maxLength {
            let more = text.count - Self.maxLength
            text = String(text.prefix(Self.maxLength)) + "… (\(more) more characters)"
        }
        return text
    }

    // MARK: - Swift objects

    /// `ui.Button "Save" {20,130,120,32}`, `ui.ViewController "Notes"`; another object's
    /// own description (`Note #3`, which the printer puts after its Lua class:
    /// `store.Object Note #3`); nil for an object without one (its `tostring` is used).
    public static func describe(object: AnyObject?) -> String? {
        switch object {
        case let view as View:
            var text = view.className
            if let shown = shownText(of: view) { text += " " + quoted(shown) }
            let frame = view.frame
            text += " {" + [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height].map(number).joined(separator: ",") + "}"
            return text
        case let controller as ViewController:
            var text = controller.className
            if let title = controller.title { text += " " + quoted(title) }
            return text
        case let object as CustomStringConvertible:
            return object.description
        default:
            return nil
        }
    }

    /// What the view says of itself: its accessibility value (a field's text, a slider's
    /// "50%"), else its accessibility label (a label's text, a button's title).
    static func shownText(of view: View) -> String? {
        let description = view.contentDescription
        return description.accessibilityValue ?? description.accessibilityLabel
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
