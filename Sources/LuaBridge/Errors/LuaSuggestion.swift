/// The name a script most likely meant when it wrote one that does not exist: the
/// "did you mean 'alignment'?" of a misspelt property, option or callback.
///
/// A candidate is close when it differs by a few edits, ignoring case (`txt` → `text`,
/// `touchUpInsde` → `touchUpInside`, `numberOfRow` → `numberOfRows`), or when one name ends
/// with the other (`textAlignment` → `alignment`).
///
/// ```swift
/// LuaSuggestion.closest(to: "viewDidLod", among: ["viewDidLoad", "viewWillAppear"])  // "viewDidLoad"
/// ```
public enum LuaSuggestion {
    /// The closest of `candidates` to `name`, or nil when none is close enough to suggest.
    public static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let wanted = Array(name.lowercased().utf8)
        guard !wanted.isEmpty, wanted.count <= 64 else { return nil }
        let allowed = wanted.count <= 4 ? 1 : wanted.count <= 8 ? 2 : 3
        var best: (name: String, score: Int)?
        for candidate in candidates where candidate != name {
            let other = Array(candidate.lowercased().utf8)
            guard !other.isEmpty, other.count <= 64 else { continue }
            var score: Int?
            if other == wanted {
                score = 0
            } else if let distance = editDistance(wanted, other, limit: allowed) {
                score = distance
            } else if min(wanted.count, other.count) >= 4 && (wanted.ends(with: other) || other.ends(with: wanted)) {
                score = allowed + 1
            }
            if let score, score < (best?.score ?? .max) || (score == best?.score && candidate < best!.name) {
                best = (candidate, score)
            }
        }
        return best?.name
    }

    /// The end of a message that names what was meant: ` (did you mean 'x'?)`, or "" when
    /// nothing is close (`ui.Label has no property 'txt' (did you mean 'text'?)`).
    public static func hint(for name: String, among candidates: some Sequence<String>) -> String {
        closest(to: name, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The optimal-string-alignment distance (Levenshtein with adjacent transpositions), or
    /// nil when it exceeds `limit`.
    static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...max(1, b.count) where !b.isEmpty {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return nil }
            (previous2, previous, current) = (previous, current, previous2)
        }
        let distance = previous[b.count]
        return distance <= limit ? distance : nil
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
