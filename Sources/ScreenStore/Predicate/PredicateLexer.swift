/// One token of a predicate format, with its place in the text (character offsets).
struct PredicateToken {
    enum Kind: Equatable {
        case word(String)
        case escapedWord(String)
        case string(String)
        case integer(Int64)
        case double(Double)
        case symbol(String)
        case format(Character)
        /// `@count`, `@sum`, ...: a collection operator, without its `@`.
        case collectionOperator(String)
        /// `$e`: a variable, without its `$`.
        case variable(String)
        case end
        case invalid(String)
    }

    let kind: Kind
    let start: Int
    let end: Int
    /// A word in upper case, worked out once: the parser asks several times per token
    /// whether it is a keyword.
    let upper: String?

    init(kind: Kind, start: Int, end: Int) {
        self.kind = kind
        self.start = start
        self.end = end
        if case .word(let word) = kind { upper = word.uppercased() } else { upper = nil }
    }

    /// Whether the token is the keyword `name`, given in upper case (keywords are
    /// case-insensitive).
    func isKeyword(_ names: String...) -> Bool {
        guard let upper else { return false }
        return names.contains(upper)
    }
}

/// Splits a format into tokens; a character it cannot place becomes an `invalid` token so
/// the parser can say what it expected there.
struct PredicateLexer {
    private let text: [Character]
    private var index = 0

    init(_ text: [Character]) {
        self.text = text
    }

    static func tokens(of text: [Character]) throws(PredicateSyntaxError) -> [PredicateToken] {
        var lexer = PredicateLexer(text)
        var tokens: [PredicateToken] = []
        repeat {
            tokens.append(try lexer.next())
        } while tokens.last!.kind != .end
        return tokens
    }

    private static let symbols = ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||",
                                  "=", "<", ">", "!", "(", ")", "{", "}", "[", "]", ",", "."]

    private mutating func next() throws(PredicateSyntaxError) -> PredicateToken {
        while index < text.count, text[index].isWhitespace { index += 1 }
        let start = index
        guard index < text.count else { return PredicateToken(kind: .end, start: start, end: start) }
        let char = text[index]
        let kind: PredicateToken.Kind
        if char.isLetter || char == "_" {
            kind = .word(identifier())
        } else if char == "#", index + 1 < text.count, text[index + 1].isLetter || text[index + 1] == "_" {
            index += 1
            kind = .escapedWord(identifier())
        } else if char == "@" || char == "$", index + 1 < text.count, text[index + 1].isLetter || text[index + 1] == "_" {
            index += 1
            let name = identifier()
            kind = char == "@" ? .collectionOperator(name) : .variable(name)
        } else if char.isASCII, char.isNumber {
            kind = number()
        } else if char == "\"" || char == "'" {
            kind = .string(try string())
        } else if char == "%", index + 1 < text.count, text[index + 1] == "@" || text[index + 1] == "K" {
            index += 2
            kind = .format(text[index - 1])
        } else if let symbol = Self.symbols.first(where: { matches($0) }) {
            index += symbol.count
            kind = .symbol(symbol)
        } else {
            index += 1
            kind = .invalid(String(char))
        }
        return PredicateToken(kind: kind, start: start, end: index)
    }

    private func matches(_ symbol: String) -> Bool {
        var position = index
        for char in symbol {
            guard position < text.count, text[position] == char else { return false }
            position += 1
        }
        return true
    }

    private mutating func identifier() -> String {
        let start = index
        while index < text.count, text[index].isLetter || text[index].isNumber || text[index] == "_" { index += 1 }
        return String(text[start..<index])
    }

    private mutating func number() -> PredicateToken.Kind {
        let start = index
        func digits() { while index < text.count, text[index].isASCII, text[index].isNumber { index += 1 } }
        digits()
        var isDouble = false
        if index + 1 < text.count, text[index] == ".", text[index + 1].isASCII, text[index + 1].isNumber {
            isDouble = true
            index += 1
            digits()
        }
        if index < text.count, text[index] == "e" || text[index] == "E" {
            var probe = index + 1
            if probe < text.count, text[probe] == "+" || text[probe] == "-" { probe += 1 }
            if probe < text.count, text[probe].isASCII, text[probe].isNumber {
                isDouble = true
                index = probe
                digits()
            }
        }
        let literal = String(text[start..<index])
        if !isDouble, let value = Int64(literal) { return .integer(value) }
        return .double(Double(literal) ?? .infinity)
    }

    private mutating func string() throws(PredicateSyntaxError) -> String {
        let quote = text[index]
        let start = index
        index += 1
        var result = ""
        while index < text.count {
            let char = text[index]
            index += 1
            if char == quote { return result }
            guard char == "\\" else {
                result.append(char)
                continue
            }
            guard index < text.count else { break }
            let escaped = text[index]
            index += 1
            switch escaped {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "0": result.append("\0")
            case "\\", "\"", "'": result.append(escaped)
            case "u":
                let hex = String(text[index..<min(index + 4, text.count)])
                guard hex.count == 4, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                    throw PredicateSyntaxError("expected four hex digits after \\u", at: index - 2, tokenEnd: index, in: text)
                }
                index += 4
                result.unicodeScalars.append(scalar)
            default:
                throw PredicateSyntaxError("unknown escape \\\(escaped)", at: index - 2, tokenEnd: index, in: text)
            }
        }
        throw PredicateSyntaxError("unterminated string", at: start, tokenEnd: text.count, in: text)
    }
}
