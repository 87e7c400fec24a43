/// Numbers as both renderers print them: rounded to a few decimals, integers without a
/// fraction, no trailing zeros and never `-0`, so that floating-point noise such as
/// `79.99999999999999` cannot make two renders of the same screen differ.
enum RenderedNumber {
    /// `value` rounded to `decimals` places (two unless told): `12`, `12.5`, `-0.25`;
    /// not-a-number and the infinities print as `0`, which is what a browser would make of
    /// them anyway.
    static func text(_ value: Double, decimals: Int = 2) -> String {
        guard value.isFinite else { return "0" }
        // No screen is a thousand billion points wide; beyond that, keep Int64 from overflowing.
        guard abs(value) < 1e12 else { return String(Int64(min(max(value, -1e12), 1e12))) }
        var scale: Int64 = 1
        for _ in 0..<min(max(decimals, 0), 6) { scale *= 10 }
        let rounded = (value * Double(scale)).rounded()
        let scaled = Int64(rounded)
        if scaled == 0 { return "0" }
        let magnitude = scaled.magnitude
        let whole = magnitude / UInt64(scale)
        var fraction = magnitude % UInt64(scale)
        let sign = scaled < 0 ? "-" : ""
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
