/// Where an arrow or page key moves what has the focus (see ``Window/scrollFocused(_:)``).
public nonisolated enum FocusDirection: String, CaseIterable, Sendable {
    case up, down, left, right, pageUp, pageDown

    /// The direction the key of that name moves: "up", "down", "left", "right", "pageup",
    /// "pagedown"; nil for any other name.
    public init?(key: String) {
        switch key {
        case "up": self = .up
        case "down": self = .down
        case "left": self = .left
        case "right": self = .right
        case "pageup": self = .pageUp
        case "pagedown": self = .pageDown
        default: return nil
        }
    }

    /// Whether it moves towards the start (up, left, a page up).
    var isBackward: Bool { self == .up || self == .left || self == .pageUp }
}
