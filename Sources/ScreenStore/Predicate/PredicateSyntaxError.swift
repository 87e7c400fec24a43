/// A predicate format that does not parse, with the place where parsing stopped.
///
/// Its description shows the text up to and including the offending token, then what was
/// expected and the token's column:
/// ```
/// text CONTAINS[c] @ <- expected a value at column 18
/// ```
/// A long prefix is cut to its last 40 characters, after a leading `…`.
public struct PredicateSyntaxError: Error, Equatable, CustomStringConvertible {
    /// What was expected or what is wrong, e.g. `expected a value`.
    public let message: String
    /// The 1-based column (in characters) of the offending token's first character.
    public let position: Int
    /// The format text up to and including the offending token.
    public let context: String

    static let contextLength = 40

    init(_ message: String, at offset: Int, tokenEnd: Int, in format: [Character]) {
        self.message = message
        self.position = offset + 1
        let prefix = String(format[..<min(max(tokenEnd, offset), format.count)])
        let trimmed = prefix.hasSuffix(" ") ? String(prefix.reversed().drop { $0 == " " }.reversed()) : prefix
        self.context = trimmed.count > Self.contextLength ? "…" + String(trimmed.suffix(Self.contextLength)) : trimmed
    }

    public var description: String {
        context.isEmpty ? "\(message) at column \(position)" : "\(context) <- \(message) at column \(position)"
    }
}
