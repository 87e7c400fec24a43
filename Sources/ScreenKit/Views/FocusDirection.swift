/// Where an arrow, page, Home or End key moves what has the focus (see
/// ``Window/scrollFocused(_:)``).
public nonisolated enum FocusDirection: String, CaseIterable, Sendable {
    case up, down, left, right, pageUp, pageDown
    /// To the start, or the end: the first or last row of a list, the top or bottom of a
    /// scroll view, the least or greatest value of a control.
    case home, end

    /// The direction the key of that name moves: "up", "down", "left", "right", "pageup",
    /// "pagedown", "home", "end"; nil for any other name.
    public init?(key: String) {
        switch key {
        case "up": self = .up
        case "down": self = .down
        case "left": self = .left
        case "right": self = .right
        case "pageup": self = .pageUp
        case "pagedown": self = .pageDown
        case "home": self = .home
        case "end": self = .end
        default: return nil
        }
    }

    /// Whether it moves towards the start (up, left, a page up, Home).
    var isBackward: Bool { self == .up || self == .left || self == .pageUp || self == .home }
}
