import LuaBridge

/// A Lua value in a message: strings quoted and escaped, tables with their first entries.
enum LuaValueFormat {
    static func describe(_ value: LuaValue, depth: Int = 0) -> String {
        switch value {
        case .nil: return "nil"
        case .string(let string):
            let text = string.description
            return quoted(text.count > 60 ? text.prefix(60) + "…" : text)
        case .table(let table):
            guard depth < 2 else { return "{…}" }
            var parts: [String] = []
            var count = 0
            for (key, entry) in table.pairs {
                count += 1
                guard count <= 8 else { continue }
                let name = key.stringValue.map { $0.wholeMatch(of: /[A-Za-z_][A-Za-z0-9_]*/) != nil ? $0 : "[\(quoted($0))]" }
                    ?? "[\(describe(key, depth: 2))]"
                parts.append("\(name) = \(describe(entry, depth: depth + 1))")
            }
            if count > 8 { parts.append("… (\(count) entries)") }
            return parts.isEmpty ? "{}" : "{ " + parts.joined(separator: ", ") + " }"
        case .integer, .number, .boolean: return "\(value)"
        default: return "a \(value.type)"
        }
    }

    /// How many values ``describe(values:)`` shows.
    static let valuesShown = 8

    /// Values a function returned, the first ``valuesShown`` of them.
    static func describe(values: [LuaValue]) -> String {
        guard !values.isEmpty else { return "nothing" }
        var parts = values.prefix(valuesShown).map { describe($0) }
        if values.count > valuesShown { parts.append("… (\(values.count) values)") }
        return parts.joined(separator: ", ")
    }

    /// `text` in double quotes, with `\"` and `\\`, and its control characters escaped as
    /// the reports escape them (`\n`, `\x1B`): a message must not carry them (an escape
    /// sequence would drive the terminal it is shown on).
    static func quoted(_ text: some StringProtocol) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"" + escaped.escapingControlCharacters(keepingTabs: false) + "\""
    }
}
