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
        self.context = Self.excerpt(of: format, upTo: max(tokenEnd, offset))
    }

    public var description: String {
        Self.describe(message, position: position, context: context)
    }

    /// `format` up to `end` without trailing spaces, a long one cut to its last characters.
    static func excerpt(of format: [Character], upTo end: Int) -> String {
        let prefix = String(format[..<min(end, format.count)])
        let trimmed = prefix.hasSuffix(" ") ? String(prefix.reversed().drop { $0 == " " }.reversed()) : prefix
        return trimmed.count > contextLength ? "…" + String(trimmed.suffix(contextLength)) : trimmed
    }

    /// `context <- message at column N`, the shape of every predicate error with a place.
    static func describe(_ message: String, position: Int, context: String) -> String {
        context.isEmpty ? "\(message) at column \(position)" : "\(context) <- \(message) at column \(position)"
    }
}
