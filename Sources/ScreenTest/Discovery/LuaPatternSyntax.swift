/// Checks a Lua pattern as `string.find` takes it, as a whole, with Lua's own words for what
/// is wrong. Lua finds a malformed pattern only when a match reaches the bad part, so a
/// filter that never gets that far would fail some tests' names and pass others: the runner
/// checks the patterns it is given before it runs anything.
enum LuaPatternSyntax {
    /// What Lua would say of `pattern` (`malformed pattern (missing ']')`), or nil when it is
    /// well formed. An unfinished capture, which Lua only reports on a match, counts.
    static func problem(in pattern: String) -> String? {
        let p = Array(pattern.utf8)
        // Without any of these `string.find` looks for the text as it is (`a)` included).
        guard p.contains(where: { Self.specials.contains($0) }) else { return nil }
        var index = p.first == UInt8(ascii: "^") ? 1 : 0
        // For each capture opened, whether it is still open.
        var captures: [Bool] = []
        while index < p.count {
            switch p[index] {
            case UInt8(ascii: "("):
                let isPosition = index + 1 < p.count && p[index + 1] == UInt8(ascii: ")")
                captures.append(!isPosition)
                index += isPosition ? 2 : 1
                continue
            case UInt8(ascii: ")"):
                guard let open = captures.lastIndex(of: true) else { return "invalid pattern capture" }
                captures[open] = false
                index += 1
                continue
            case UInt8(ascii: "%") where index + 1 < p.count:
                let next = p[index + 1]
                if next == UInt8(ascii: "b") {
                    guard index + 3 < p.count else { return "malformed pattern (missing arguments to '%b')" }
                    index += 4
                    continue
                }
                if next == UInt8(ascii: "f") {
                    index += 2
                    guard index < p.count, p[index] == UInt8(ascii: "[") else { return "missing '[' after '%f' in pattern" }
                    switch classEnd(p, index) {
                    case .success(let end): index = end
                    case .failure(let problem): return problem.message
                    }
                    continue
                }
                if next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9") {
                    let capture = Int(next) - Int(UInt8(ascii: "1"))
                    guard capture >= 0, capture < captures.count, !captures[capture] else {
                        return "invalid capture index %\(capture + 1)"
                    }
                    index += 2
                    continue
                }
            default:
                break
            }
            // A single character class, then perhaps `?`, `*`, `+` or `-`.
            switch classEnd(p, index) {
            case .success(let end): index = end
            case .failure(let problem): return problem.message
            }
        }
        return captures.contains(true) ? "unfinished capture" : nil
    }

    private static let specials = Set("^$*+?.([%-".utf8)

    private struct Problem: Error {
        let message: String
    }

    /// Where the single character class at `index` ends, as Lua's `classEnd` finds it.
    private static func classEnd(_ p: [UInt8], _ start: Int) -> Result<Int, Problem> {
        var index = start
        let first = p[index]
        index += 1
        if first == UInt8(ascii: "%") {
            guard index < p.count else { return .failure(Problem(message: "malformed pattern (ends with '%')")) }
            return .success(index + 1)
        }
        if first == UInt8(ascii: "[") {
            if index < p.count, p[index] == UInt8(ascii: "^") { index += 1 }
            // The first character after `[` or `[^` belongs to the set, even `]`.
            repeat {
                guard index < p.count else { return .failure(Problem(message: "malformed pattern (missing ']')")) }
                let byte = p[index]
                index += 1
                if byte == UInt8(ascii: "%"), index < p.count { index += 1 }
            } while index >= p.count || p[index] != UInt8(ascii: "]")
            return .success(index + 1)
        }
        return .success(index)
    }
}
