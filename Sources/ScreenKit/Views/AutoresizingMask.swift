/// Which of a view's margins and dimensions follow its superview's size, as
/// `UIViewAutoresizing`.
public nonisolated struct AutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)

    /// The names scripts use, as in `autoresizing = { "flexibleWidth", ... }`.
    public static let names: [String: AutoresizingMask] = [
        "flexibleLeftMargin": .flexibleLeftMargin, "flexibleWidth": .flexibleWidth,
        "flexibleRightMargin": .flexibleRightMargin, "flexibleTopMargin": .flexibleTopMargin,
        "flexibleHeight": .flexibleHeight, "flexibleBottomMargin": .flexibleBottomMargin,
    ]

    /// Moves and resizes `frame` for a superview whose size went from `old` to `new`.
    ///
    /// Along each axis the change is shared by the flexible parts (margin before, size,
    /// margin after) in proportion to their current lengths, as UIKit does; when all of
    /// them are zero it is shared equally. With no flexible part the frame stays where it is.
    func resize(_ frame: Rect, from old: Size, to new: Size) -> Rect {
        let (x, width) = Self.distribute(
            delta: new.width - old.width, before: frame.origin.x, length: frame.size.width,
            after: old.width - frame.origin.x - frame.size.width,
            flexible: (contains(.flexibleLeftMargin), contains(.flexibleWidth), contains(.flexibleRightMargin)))
        let (y, height) = Self.distribute(
            delta: new.height - old.height, before: frame.origin.y, length: frame.size.height,
            after: old.height - frame.origin.y - frame.size.height,
            flexible: (contains(.flexibleTopMargin), contains(.flexibleHeight), contains(.flexibleBottomMargin)))
        return Rect(x: x, y: y, width: width, height: height)
    }

    private static func distribute(
        delta: Double, before: Double, length: Double, after: Double, flexible: (Bool, Bool, Bool)
    ) -> (position: Double, length: Double) {
        let parts = [(flexible.0, before), (flexible.1, length), (flexible.2, after)]
        let flexibleParts = parts.filter(\.0)
        guard delta != 0, !flexibleParts.isEmpty else { return (before, length) }
        let total = flexibleParts.reduce(0) { $0 + max(0, $1.1) }
        func share(_ index: Int) -> Double {
            guard parts[index].0 else { return 0 }
            return total > 0 ? delta * max(0, parts[index].1) / total : delta / Double(flexibleParts.count)
        }
        return (before + share(0), length + share(1))
    }
}
