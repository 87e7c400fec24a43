/// An input event the loop queues and hands to its ``EventLoop/inputHandler``.
///
/// ```swift
/// loop.enqueue(.touch(phase: .began, x: 160, y: 240))
/// loop.enqueue(.key("enter"))
/// ```
public nonisolated enum InputEvent: Sendable, Equatable {
    /// A finger (or mouse) at a point in window coordinates; `id` tells simultaneous touches apart.
    case touch(phase: TouchPhase, x: Double, y: Double, id: Int = 0)
    /// A key, by name: a character (`"a"`) or a named key (`"enter"`, `"escape"`, `"up"`).
    case key(String)
    /// The device turned to a new orientation.
    case rotation(Orientation)
    /// The system is short of memory.
    case memoryWarning

    // MARK: - Payloads

    /// Where a touch is in its life, as in UIKit; the raw values are the names scripts use.
    public enum TouchPhase: String, Sendable, CaseIterable {
        case began, moved, ended, cancelled
    }

    /// The orientation of the device; the raw values are the names scripts use.
    public enum Orientation: String, Sendable, CaseIterable {
        case portrait, landscape
    }
}
