import LuaBridge
import ScreenKit

/// What a pilot action is aimed at: text seen on screen (or an accessibility label), or a
/// point in window coordinates.
enum PilotTarget: CustomStringConvertible {
    case text(String)
    case point(Point)

    /// Reads argument `index`: a string, or a table `{x=, y=}` (or `{x, y}`) of finite numbers.
    init(_ args: LuaArguments, _ index: Int32) throws {
        switch args.type(at: index) {
        case .string:
            let text = try args.get(index, as: String.self)
            guard !text.isEmpty else { throw args.error(index, "a non-empty text expected") }
            self = .text(text)
        case .table:
            let point = try args.get(index, as: Point.self)
            guard point.x.isFinite, point.y.isFinite else {
                throw args.error(index, "a point with finite coordinates expected, got (\(point.x), \(point.y))")
            }
            self = .point(point)
        default:
            throw args.error(
                index, "text on screen, an accessibility label or a point {x=, y=} expected, got \(args.type(at: index))")
        }
    }

    var description: String {
        switch self {
        case .text(let text): "\"\(text)\""
        case .point(let point): "(\(PilotTarget.number(point.x)), \(PilotTarget.number(point.y)))"
        }
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
