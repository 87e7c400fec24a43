/// Loop time is kept in whole nanoseconds, so that repeated steps such as ten `advance(by: 0.1)`
/// land exactly on a timer's grid `start + k * 0.1`; the public API speaks `Double` seconds.
nonisolated enum Nanoseconds {
    static let perSecond: Int64 = 1_000_000_000
    /// The latest representable time, about 146 years: far enough to mean "never".
    static let limit: Int64 = 1 << 62

    /// Whole nanoseconds in `seconds`, rounded; negative values and NaN give 0.
    static func from(seconds: Double) -> Int64 {
        guard seconds > 0 else { return 0 }
        let value = (seconds * Double(perSecond)).rounded()
        return value < Double(limit) ? Int64(value) : limit
    }

    /// `nanoseconds` as seconds.
    static func seconds(_ nanoseconds: Int64) -> Double {
        Double(nanoseconds) / Double(perSecond)
    }

    /// `a + b`, stopping at ``limit``.
    static func sum(_ a: Int64, _ b: Int64) -> Int64 {
        min(a, limit) + min(b, limit - min(a, limit))
    }
}
