import LuaBridge

/// What a controller keeps through a reload with `encodeRestorableState(coder)`: plain data
/// only (strings, numbers, booleans, and tables of them with string or integer keys), so
/// that it can leave one Lua state and enter another.
///
/// ```lua
/// function Detail:encodeRestorableState(coder) coder.video = self.video.id end
/// function Detail:decodeRestorableState(coder) self.video = videos.byId(coder.video) end
/// ```
public enum RestorableValue: Equatable, Sendable {
    case string(LuaString)
    case integer(Int64)
    case number(Double)
    case boolean(Bool)
    case table([Key: RestorableValue])

    /// A table key: a string or an integer, as plain data has them.
    public enum Key: Hashable, Sendable {
        case string(LuaString)
        case integer(Int64)
    }

    /// The most tables one state nests, and the most values it holds: a script's state is
    /// a few fields, and a cycle or a runaway table must not take the host with it.
    static let depthLimit = 32
    static let valueLimit = 10_000

    // MARK: - From Lua

    /// Reads a table a script filled as plain data. What is not plain data (a function, an
    /// object, a cycle, a key that is neither a string nor an integer) is left out, and each
    /// such field is told to `warn` with its path (`coder.video.cover is a userdata`).
    static func read(_ table: LuaTable, named name: String, warn: @escaping (String) -> Void) -> RestorableValue {
        var reader = Reader(warn: warn)
        return reader.table(table, path: name, onPath: [])
    }

    private struct Reader {
        let warn: (String) -> Void
        var values = 0
        var truncated = false

        mutating func table(_ table: LuaTable, path: String, onPath: [LuaTable]) -> RestorableValue {
            var result: [Key: RestorableValue] = [:]
            for (key, value) in table.pairs {
                guard values < RestorableValue.valueLimit else {
                    if !truncated {
                        warn("\(path) holds more than \(RestorableValue.valueLimit) values; the rest is left out")
                        truncated = true
                    }
                    break
                }
                let restorableKey: Key
                switch key {
                case .string(let string): restorableKey = .string(string)
                case .integer(let integer): restorableKey = .integer(integer)
                case .number(let number) where Int64(exactly: number) != nil: restorableKey = .integer(Int64(exactly: number)!)
                default:
                    warn("\(path) has a key that is a \(key.type) (\(key.description.prefix(40))); only string and integer keys are kept")
                    continue
                }
                let fieldPath = path + Self.keyPath(restorableKey)
                if let value = self.value(value, path: fieldPath, onPath: onPath + [table]) {
                    values += 1
                    result[restorableKey] = value
                }
            }
            return .table(result)
        }

        mutating func value(_ value: LuaValue, path: String, onPath: [LuaTable]) -> RestorableValue? {
            switch value {
            case .string(let string): return .string(string)
            case .integer(let integer): return .integer(integer)
            case .number(let number): return .number(number)
            case .boolean(let boolean): return .boolean(boolean)
            case .table(let nested):
                if onPath.contains(where: { LuaValue.table($0) == value }) {
                    warn("\(path) is a table that contains itself (a cycle); left out")
                    return nil
                }
                guard onPath.count < RestorableValue.depthLimit else {
                    warn("\(path) nests tables deeper than \(RestorableValue.depthLimit); left out")
                    return nil
                }
                return table(nested, path: path, onPath: onPath)
            default:
                warn("\(path) is a \(value.type), not plain data (strings, numbers, booleans and tables of them); left out")
                return nil
            }
        }

        static func keyPath(_ key: Key) -> String {
            switch key {
            case .string(let string):
                let text = string.description
                let isName = text.first.map { $0.isLetter || $0 == "_" } == true
                    && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
                return isName ? ".\(text)" : "[\"\(text.prefix(40))\"]"
            case .integer(let integer): return "[\(integer)]"
            }
        }
    }

    // MARK: - To Lua

    /// The value as a fresh Lua value of `lua` (a table for a table).
    func luaValue(in lua: LuaState) -> LuaValue {
        switch self {
        case .string(let string): return .string(string)
        case .integer(let integer): return .integer(integer)
        case .number(let number): return .number(number)
        case .boolean(let boolean): return .boolean(boolean)
        case .table(let fields):
            let table = lua.newTable()
            for (key, value) in fields {
                switch key {
                case .string(let string): table.set(LuaValue.string(string), value.luaValue(in: lua))
                case .integer(let integer): table.set(integer, value.luaValue(in: lua))
                }
            }
            return .table(table)
        }
    }
}
