import CLua

/// The basic types of Lua values.
public enum LuaType: Int32, Sendable, CustomStringConvertible {
    case none = -1
    case `nil` = 0
    case boolean = 1
    case lightUserdata = 2
    case number = 3
    case string = 4
    case table = 5
    case function = 6
    case userdata = 7
    case thread = 8

    /// The name Lua uses in messages (`"nil"`, `"light userdata"`, ...).
    public var description: String {
        switch self {
        case .none: "no value"
        case .nil: "nil"
        case .boolean: "boolean"
        case .lightUserdata: "light userdata"
        case .number: "number"
        case .string: "string"
        case .table: "table"
        case .function: "function"
        case .userdata: "userdata"
        case .thread: "thread"
        }
    }
}
