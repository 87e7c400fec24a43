/// The order a seed gives a list: the same seed gives the same order on every machine and
/// with every Swift version, which the standard library's `shuffle(using:)` does not promise.
struct SeededOrder {
    /// SplitMix64: small, fast, and good enough to order test files.
    private var state: UInt64

    /// A negative seed (busted takes them) orders as its two's complement bits.
    init(seed: Int64) {
        state = UInt64(bitPattern: seed)
    }

    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `items` shuffled (Fisher–Yates).
    mutating func shuffled<T>(_ items: [T]) -> [T] {
        var items = items
        var index = items.count - 1
        while index > 0 {
            let other = Int(next() % UInt64(index + 1))
            items.swapAt(index, other)
            index -= 1
        }
        return items
    }
}
