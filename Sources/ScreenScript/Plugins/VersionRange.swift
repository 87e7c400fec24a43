import Version

/// A range of versions written as npm writes them: `^1.2`, `~1.2.3`, `>=1 <2`, `1.x`,
/// `1.2.*`, `*`, `""` (any), `1.2 - 2.3`, alternatives joined by `||`.
///
/// A version with a prerelease tag (`1.3.0-beta.1`) matches only when one comparator of
/// the alternative it matches names a prerelease of the same `MAJOR.MINOR.PATCH`, as npm
/// has it: `>=1.3.0-beta` admits `1.3.0-beta.2` but not `1.4.0-alpha`, and `^1.2` admits
/// no prerelease at all.
///
/// ```swift
/// let range = try VersionRange("^0.2 || >=1.0.0-rc.1 <1.1")
/// range.contains(Version(0, 2, 5))   // true
/// ```
public struct VersionRange: Equatable, Sendable, CustomStringConvertible {
    /// The range as written.
    public let text: String
    /// The alternatives (`||`), each a list of comparators that must all hold.
    let alternatives: [[Comparator]]

    /// Parses `text`.
    ///
    /// - Throws: ``VersionRangeError`` naming the part that is not a range.
    public init(_ text: String) throws(VersionRangeError) {
        guard text.utf8.count <= 1024 else {
            throw VersionRangeError(range: String(text.prefix(40)) + "…", problem: "is longer than 1024 characters")
        }
        self.text = text
        var alternatives: [[Comparator]] = []
        for alternative in text.components(separatedBy: "||") {
            alternatives.append(try Self.parseAlternative(alternative, in: text))
        }
        self.alternatives = alternatives
    }

    /// Any version without a prerelease tag.
    public static let any = try! VersionRange("*")

    public var description: String { text }

    /// Whether `version` is in the range (build metadata is ignored).
    public func contains(_ version: Version) -> Bool {
        let version = version.withoutBuild
        return alternatives.contains { comparators in
            guard comparators.allSatisfy({ $0.admits(version) }) else { return false }
            guard !version.prereleaseIdentifiers.isEmpty else { return true }
            return comparators.contains { !$0.version.prereleaseIdentifiers.isEmpty && $0.version.hasSameCore(as: version) }
        }
    }

    // MARK: - Comparators

    /// One condition on a version: `>=1.2.0`, `<2.0.0-0`, `=1.2.3`.
    struct Comparator: Equatable, Sendable {
        enum Operator: String, Sendable {
            case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=", equal = "="
        }
        let op: Operator
        let version: Version

        func admits(_ candidate: Version) -> Bool {
            switch op {
            case .less: candidate < version
            case .lessOrEqual: candidate <= version
            case .greater: candidate > version
            case .greaterOrEqual: candidate >= version
            case .equal: candidate == version
            }
        }

        /// A comparator no version passes.
        static let nothing = Comparator(op: .less, version: Version(0, 0, 0, pre: ["0"]))
    }

    // MARK: - Parsing

    /// A version as a range writes it: `1`, `1.2`, `1.x`, `1.2.*`, `1.2.3-beta`.
    struct Partial {
        /// The numbers given before the first wildcard or the end.
        var numbers: [Int]
        var prerelease: [String]

        var isAny: Bool { numbers.isEmpty }

        /// The lowest version it stands for (wildcards as zero).
        var lowest: Version {
            Version(numbers.count > 0 ? numbers[0] : 0, numbers.count > 1 ? numbers[1] : 0, numbers.count > 2 ? numbers[2] : 0, pre: prerelease)
        }

        /// The first version above every version it stands for, with `-0` so that no
        /// prerelease of it matches; nil for `*`.
        var above: Version? {
            switch numbers.count {
            case 0: nil
            case 1: Version(numbers[0] + 1, 0, 0, pre: ["0"])
            case 2: Version(numbers[0], numbers[1] + 1, 0, pre: ["0"])
            default: nil
            }
        }

        var isFull: Bool { numbers.count == 3 }
    }

    private static func parseAlternative(_ alternative: String, in whole: String) throws(VersionRangeError) -> [Comparator] {
        var tokens = alternative.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        // An operator written apart from its version (`>= 1.2`) belongs to the next token.
        var joined: [String] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if ["<", "<=", ">", ">=", "=", "~", "^", "~>"].contains(token) {
                guard index + 1 < tokens.count, tokens[index + 1] != "-" else {
                    throw VersionRangeError(range: whole, problem: "has '\(token)' without a version after it")
                }
                joined.append(token + tokens[index + 1])
                index += 2
            } else {
                joined.append(token)
                index += 1
            }
        }
        tokens = joined
        if tokens.isEmpty { return [] }
        if tokens.count == 3 && tokens[1] == "-" {
            let low = try parsePartial(tokens[0], in: whole)
            let high = try parsePartial(tokens[2], in: whole)
            var comparators: [Comparator] = []
            if !low.isAny { comparators.append(Comparator(op: .greaterOrEqual, version: low.lowest)) }
            if high.isFull {
                comparators.append(Comparator(op: .lessOrEqual, version: high.lowest))
            } else if let above = high.above {
                comparators.append(Comparator(op: .less, version: above))
            }
            return comparators
        }
        if tokens.contains("-") {
            throw VersionRangeError(range: whole, problem: "has a '-' that is not between two versions (write '1.2 - 2.3')")
        }
        var comparators: [Comparator] = []
        for token in tokens {
            comparators.append(contentsOf: try parseSimple(token, in: whole))
        }
        return comparators
    }

    /// One comparator, caret, tilde or partial version.
    private static func parseSimple(_ token: String, in whole: String) throws(VersionRangeError) -> [Comparator] {
        for prefix in ["~>", "~", "^", ">=", "<=", ">", "<", "="] where token.hasPrefix(prefix) {
            let partial = try parsePartial(String(token.dropFirst(prefix.count)), in: whole)
            switch prefix {
            case "~", "~>": return tilde(partial)
            case "^": return caret(partial)
            case "=": return exactly(partial)
            default: return compare(Comparator.Operator(rawValue: prefix)!, partial)
            }
        }
        return exactly(try parsePartial(token, in: whole))
    }

    /// `1.2.3` is `=1.2.3`; `1.2` is `>=1.2.0 <1.3.0-0`; `*` is any.
    private static func exactly(_ partial: Partial) -> [Comparator] {
        if partial.isFull { return [Comparator(op: .equal, version: partial.lowest)] }
        guard let above = partial.above else { return [] }
        return [Comparator(op: .greaterOrEqual, version: partial.lowest), Comparator(op: .less, version: above)]
    }

    /// `~1.2.3` is `>=1.2.3 <1.3.0-0`; `~1.2` the same from 1.2.0; `~1` is `1.x`.
    private static func tilde(_ partial: Partial) -> [Comparator] {
        let numbers = partial.numbers
        switch numbers.count {
        case 0: return []
        case 1: return exactly(partial)
        default:
            return [Comparator(op: .greaterOrEqual, version: partial.lowest),
                    Comparator(op: .less, version: Version(numbers[0], numbers[1] + 1, 0, pre: ["0"]))]
        }
    }

    /// `^` allows changes that keep the first non-zero number given: `^1.2.3` is
    /// `>=1.2.3 <2.0.0-0`, `^0.2.3` is `<0.3.0-0`, `^0.0.3` is `<0.0.4-0`, `^0.x` is `<1.0.0-0`,
    /// `^0.0` is `<0.1.0-0`.
    private static func caret(_ partial: Partial) -> [Comparator] {
        let n = partial.numbers
        let above: Version
        switch n.count {
        case 0: return []
        case 1: above = Version(n[0] + 1, 0, 0, pre: ["0"])
        case 2: above = n[0] > 0 ? Version(n[0] + 1, 0, 0, pre: ["0"]) : Version(0, n[1] + 1, 0, pre: ["0"])
        default:
            if n[0] > 0 {
                above = Version(n[0] + 1, 0, 0, pre: ["0"])
            } else if n[1] > 0 {
                above = Version(0, n[1] + 1, 0, pre: ["0"])
            } else {
                above = Version(0, 0, n[2] + 1, pre: ["0"])
            }
        }
        return [Comparator(op: .greaterOrEqual, version: partial.lowest), Comparator(op: .less, version: above)]
    }

    /// `>1.2` is `>=1.3.0`, `<=1.2` is `<1.3.0-0`, `<1.2` is `<1.2.0-0`, `>=1.2` is `>=1.2.0`;
    /// against `*`, `>` and `<` match nothing and `>=`, `<=` anything.
    private static func compare(_ op: Comparator.Operator, _ partial: Partial) -> [Comparator] {
        if partial.isFull { return [Comparator(op: op, version: partial.lowest)] }
        guard let above = partial.above else {
            return op == .greater || op == .less ? [.nothing] : []
        }
        switch op {
        case .greater: return [Comparator(op: .greaterOrEqual, version: Version(above.major, above.minor, above.patch))]
        case .greaterOrEqual: return [Comparator(op: .greaterOrEqual, version: partial.lowest)]
        case .less: return [Comparator(op: .less, version: Version(partial.lowest.major, partial.lowest.minor, 0, pre: ["0"]))]
        case .lessOrEqual: return [Comparator(op: .less, version: above)]
        case .equal: return exactly(partial)
        }
    }

    /// Parses `1`, `1.2`, `1.x`, `1.2.*`, `v1.2.3-beta+build`; full versions through
    /// ``Version/init(semantic:)``.
    private static func parsePartial(_ token: String, in whole: String) throws(VersionRangeError) -> Partial {
        var text = Substring(token)
        if text.first == "v" || text.first == "=" { text = text.dropFirst() }
        if let version = Version(semantic: String(text)) {
            return Partial(numbers: [version.major, version.minor, version.patch], prerelease: version.prereleaseIdentifiers)
        }
        let bad = VersionRangeError(range: whole, problem: "has '\(token.prefix(40))', which is not a version")
        let core = text.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false)[0]
        if core.contains("-") {
            // A prerelease only goes with three numbers.
            throw bad
        }
        let pieces = core.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(pieces.count) else { throw bad }
        var numbers: [Int] = []
        var sawWildcard = false
        for piece in pieces {
            if piece == "x" || piece == "X" || piece == "*" {
                sawWildcard = true
                continue
            }
            guard !sawWildcard else {
                throw VersionRangeError(range: whole, problem: "has '\(token.prefix(40))', a number after a wildcard")
            }
            guard !piece.isEmpty, piece.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  piece == "0" || !piece.hasPrefix("0") else { throw bad }
            guard piece.count <= 10, let number = Int(piece), number <= Version.largestComponent else {
                throw VersionRangeError(range: whole, problem: "has '\(token.prefix(40))', whose numbers are too large")
            }
            numbers.append(number)
        }
        return Partial(numbers: numbers, prerelease: [])
    }
}

/// A version range that does not parse.
public struct VersionRangeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The range as written.
    public let range: String
    /// What is wrong, as a phrase that follows the range ("has '1.2.3.4', which is not a version").
    public let problem: String

    public var description: String { "\"\(range)\" is not a version range: it \(problem)" }
}
