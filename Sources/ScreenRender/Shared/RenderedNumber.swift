/// Numbers as both renderers print them: rounded to a few decimals, integers without a
/// fraction, no trailing zeros and never `-0`, so that floating-point noise such as
/// `79.99999999999999` cannot make two renders of the same screen differ.
enum RenderedNumber {
    /// The largest magnitude printed; beyond it, numbers are cut to it.
    static let limit = 1e17

    /// `value` rounded to `decimals` places (two unless told): `12`, `12.5`, `-0.25`;
    /// not-a-number and the infinities print as `0`, which is what a browser would make of
    /// them anyway.
    static func text(_ value: Double, decimals: Int = 2) -> String {
        guard value.isFinite else { return "0" }
        var scale: UInt64 = 1
        for _ in 0..<min(max(decimals, 0), 6) { scale *= 10 }
        // The whole part and the fraction apart, both exact, so that places far out
        // (scrolled content reaches 10^15 points) keep their decimals and add up.
        let magnitude = min(abs(value), limit)
        var whole = UInt64(magnitude.rounded(.towardZero))
        var fraction = UInt64(((magnitude - Double(whole)) * Double(scale)).rounded())
        if fraction == scale {
            whole += 1
            fraction = 0
        }
        if whole == 0 && fraction == 0 { return "0" }
        let sign = value < 0 ? "-" : ""
        if fraction == 0 { return sign + String(whole) }
        var places = String(scale).count - 1
        while fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        let digits = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: places - digits.count) + digits
    }
}
