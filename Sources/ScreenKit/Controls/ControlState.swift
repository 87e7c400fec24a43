/// The states of a control as a bit mask (`UIControlState`); none set is `normal`.
public nonisolated struct ControlState: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let normal: ControlState = []
    public static let highlighted = ControlState(rawValue: 1 << 0)
    public static let disabled = ControlState(rawValue: 1 << 1)
    public static let selected = ControlState(rawValue: 1 << 2)

    private static let named: [(String, ControlState)] = [
        ("highlighted", .highlighted), ("disabled", .disabled), ("selected", .selected),
    ]

    /// Reads `"normal"`, `"highlighted"`, `"selected+highlighted"` and so on, in any order.
    public init?(name: String) {
        var state: ControlState = []
        for part in name.split(separator: "+").map({ $0.trimmingSpaces }) {
            if part == "normal" { continue }
            guard let bit = Self.named.first(where: { $0.0 == part })?.1 else { return nil }
            state.insert(bit)
        }
        self = state
    }

    /// `"normal"`, or the set states joined by `+` in a fixed order: selected, highlighted,
    /// disabled (`"selected+highlighted"`).
    public var description: String {
        let parts = [("selected", ControlState.selected), ("highlighted", .highlighted), ("disabled", .disabled)]
            .filter { contains($0.1) }.map(\.0)
        return parts.isEmpty ? "normal" : parts.joined(separator: "+")
    }
}

extension Substring {
    nonisolated var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
