/// A random number generator that gives the same numbers for the same seed on every
/// machine and every run (SplitMix64), so that a monkey run can be repeated from its seed.
nonisolated struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `range`, the same for the same seed everywhere: the standard
    /// library's `Int.random(in:using:)` does not promise how it uses the generator.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) &+ 1
        guard span != 0 else { return range.lowerBound &+ Int(truncatingIfNeeded: next()) }
        return range.lowerBound + Int(next() % span)
    }

    /// A number of thousandths in `range`: `0.05...1.5` gives 0.05, 0.051, ... 1.5.
    mutating func thousandths(in range: ClosedRange<Double>) -> Double {
        let low = Int((range.lowerBound * 1000).rounded()), high = Int((range.upperBound * 1000).rounded())
        return Double(int(in: low...max(low, high))) / 1000
    }

    /// An element of a non-empty array.
    mutating func pick<T>(_ elements: [T]) -> T {
        elements[int(in: 0...(elements.count - 1))]
    }

    /// One of the choices, each as likely as its weight.
    mutating func weighted<T>(_ choices: [(weight: Int, value: T)]) -> T {
        var roll = int(in: 0...(choices.reduce(0) { $0 + $1.weight } - 1))
        for choice in choices {
            if roll < choice.weight { return choice.value }
            roll -= choice.weight
        }
        return choices[choices.count - 1].value
    }
}
