import Foundation

/// The string operators, written once for both the in-memory evaluator and the SQL
/// functions (``Predicate/registerFunctions(in:)``), so the two cannot disagree.
///
/// Without options strings compare as their Unicode scalars, as SQLite's BINARY collation
/// compares UTF-8 bytes. `[c]` lowercases each scalar, `[d]` decomposes and drops combining
/// marks (`é` → `e`); folded text is then composed (NFC) so spelling variants meet.
nonisolated enum StringMatching {
    static func fold(_ text: String, _ options: StringOptions) -> String {
        guard !options.isEmpty else { return text }
        // Long texts are folded each time: the cache holds up to 1024 entries, which long
        // stored texts would turn into gigabytes.
        guard text.utf8.count <= cachedLength else { return foldUncached(text, options) }
        let key = "\(options.rawValue)\u{0}\(text)"
        if let folded = foldCache.value(for: key) { return folded }
        let folded = foldUncached(text, options)
        foldCache.store(folded, for: key)
        return folded
    }

    private static func foldUncached(_ text: String, _ options: StringOptions) -> String {
        let stripsMarks = options.contains(.diacriticInsensitive)
        let source = stripsMarks ? text.decomposedStringWithCanonicalMapping : text
        var folded = String.UnicodeScalarView()
        for scalar in source.unicodeScalars {
            if stripsMarks, isMark(scalar) { continue }
            if options.contains(.caseInsensitive) {
                folded.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            } else {
                folded.append(scalar)
            }
        }
        return String(folded).precomposedStringWithCanonicalMapping
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// Whether `text` passes `op` (CONTAINS, BEGINSWITH, ENDSWITH, LIKE or MATCHES) with
    /// `pattern`. As with NSString, an empty pattern is never contained, a prefix or a suffix.
    /// An invalid regular expression matches nothing (callers validate it first).
    static func test(_ op: ComparisonOperator, _ text: String, _ pattern: String, _ options: StringOptions) -> Bool {
        if op == .matches {
            let diacritics = options.intersection(.diacriticInsensitive)
            guard let regex = try? regex(fold(pattern, diacritics), caseInsensitive: options.contains(.caseInsensitive))
            else { return false }
            let subject = fold(text, diacritics)
            return regex.firstMatch(in: subject, options: [.anchored], range: NSRange(location: 0, length: subject.utf16.count)) != nil
        }
        let haystack = Array(fold(text, options).unicodeScalars)
        let needle = Array(fold(pattern, options).unicodeScalars)
        switch op {
        case .contains: return !needle.isEmpty && firstIndex(of: needle, in: haystack) != nil
        case .beginsWith: return !needle.isEmpty && haystack.starts(with: needle)
        case .endsWith: return !needle.isEmpty && haystack.reversed().starts(with: needle.reversed())
        case .like: return like(haystack[...], needle[...])
        default: return false
        }
    }

    /// Where `needle` first starts in `haystack`, in time linear in both (Knuth–Morris–Pratt):
    /// comparing at every start costs their product, which a megabyte of text and a
    /// half-megabyte pattern make a hang.
    static func firstIndex(of needle: [Unicode.Scalar], in haystack: [Unicode.Scalar]) -> Int? {
        guard !needle.isEmpty else { return 0 }
        guard needle.count <= haystack.count else { return nil }
        // fallback[i]: the length of the longest proper prefix of needle[...i] that is also its suffix.
        var fallback = [Int](repeating: 0, count: needle.count)
        var length = 0
        for index in 1..<needle.count {
            while length > 0 && needle[index] != needle[length] { length = fallback[length - 1] }
            if needle[index] == needle[length] { length += 1 }
            fallback[index] = length
        }
        var matched = 0
        for (index, scalar) in haystack.enumerated() {
            while matched > 0 && scalar != needle[matched] { matched = fallback[matched - 1] }
            if scalar == needle[matched] { matched += 1 }
            if matched == needle.count { return index - needle.count + 1 }
        }
        return nil
    }

    /// `*` matches any run of characters, `?` exactly one; the whole text must match.
    private static func like(_ text: ArraySlice<Unicode.Scalar>, _ pattern: ArraySlice<Unicode.Scalar>) -> Bool {
        var t = text.startIndex, p = pattern.startIndex
        var star: (pattern: Int, text: Int)?
        while t < text.endIndex {
            if p < pattern.endIndex, pattern[p] == "*" {
                star = (p, t)
                p += 1
            } else if p < pattern.endIndex, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let last = star {
                p = last.pattern + 1
                t = last.text + 1
                star = (last.pattern, last.text + 1)
            } else {
                return false
            }
        }
        return pattern[p...].allSatisfy { $0 == "*" }
    }

    // MARK: - Regular expressions

    /// A regular expression that matches only the whole text, as NSPredicate's MATCHES does.
    /// - Throws: ``PredicateError`` for a pattern ICU does not accept.
    static func regex(_ pattern: String, caseInsensitive: Bool) throws -> NSRegularExpression {
        let key = (caseInsensitive ? "i:" : "s:") + pattern
        if let cached = regexCache.value(for: key) { return cached }
        let options: NSRegularExpression.Options = caseInsensitive ? [.caseInsensitive] : []
        do {
            // Compiling the pattern alone first proves its groups balance, so wrapping it
            // cannot change what it means. ICU refuses an empty pattern, which matches "".
            if !pattern.isEmpty { _ = try NSRegularExpression(pattern: pattern, options: options) }
            let whole = try NSRegularExpression(pattern: "(?:\(pattern))\\z", options: options)
            if pattern.utf8.count <= cachedLength { regexCache.store(whole, for: key) }
            return whole
        } catch {
            throw PredicateError("invalid regular expression '\(pattern)' for MATCHES")
        }
    }

    /// The longest text (in UTF-8 bytes) the caches keep.
    private static let cachedLength = 4096
    private static let regexCache = SharedCache<NSRegularExpression>()
    // Folding decomposes through Foundation, which is slow next to a lookup; SQL calls it
    // once per row for the same few patterns.
    private static let foldCache = SharedCache<String>()
}

/// A small cache shared by the evaluator and every connection's SQL functions, which may
/// run on GRDB's threads.
private final nonisolated class SharedCache<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Value] = [:]

    func value(for key: String) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return values[key]
    }

    func store(_ value: Value, for key: String) {
        lock.lock()
        defer { lock.unlock() }
        if values.count > 1024 { values.removeAll() }
        values[key] = value
    }
}
