/// The secret a browser shows to reach the preview: 128 random bits as 32 lowercase
/// hexadecimal digits, made anew each time `screens serve` starts and printed in its URL
/// (`http://127.0.0.1:8765/?token=…`). Every HTTP request and the WebSocket upgrade carry it
/// as the `token` query item; anything else is refused, so another user of the machine, or
/// a web page in the person's own browser, cannot drive the app.
///
/// ```swift
/// let token = PreviewToken()
/// token.matches([("token", token.value)])                // true
/// token.matches([("token", token.value.uppercased())])    // false: the digits are exact
/// ```
public nonisolated struct PreviewToken: Sendable, Equatable {
    /// The 32 hexadecimal digits.
    public let value: String

    /// A new random token, from the system's secure random source.
    public init() {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64, low = generator.next() as UInt64
        value = Self.hex(high) + Self.hex(low)
    }

    /// A token with a known value (for tests).
    init(value: String) {
        self.value = value
    }

    private static func hex(_ number: UInt64) -> String {
        let digits = String(number, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Whether a request's query items carry this token: exactly one `token` item, equal to
    /// it byte for byte. The comparison takes the same time wherever the first difference is.
    func matches(_ query: [(name: String, value: String)]) -> Bool {
        let given = query.filter { $0.name == "token" }
        guard given.count == 1 else { return false }
        let candidate = Array(given[0].value.utf8), expected = Array(value.utf8)
        guard candidate.count == expected.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(candidate, expected) { difference |= a ^ b }
        return difference == 0
    }
}
