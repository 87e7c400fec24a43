/// The events a control sends to its targets, as `UIControlEvents`.
public nonisolated enum ControlEvent: String, CaseIterable, Hashable, Sendable {
    /// The first touch of a gesture.
    case touchDown
    /// A further touch of several quick ones, after `touchDown`; the touch's `tapCount` tells
    /// how many.
    case touchDownRepeat
    /// The finger moved inside the control.
    case touchDragInside
    /// The finger moved outside the control.
    case touchDragOutside
    /// The finger moved into the control.
    case touchDragEnter
    /// The finger moved out of the control.
    case touchDragExit
    /// The finger was lifted inside the control.
    case touchUpInside
    /// The finger was lifted outside the control.
    case touchUpOutside
    /// The system cancelled the gesture.
    case touchCancel
    /// The control's value changed.
    case valueChanged
    case editingDidBegin
    case editingChanged
    case editingDidEnd
    /// Editing ended with the return key.
    case editingDidEndOnExit

    /// Whether it is one of the text field's editing events, which come with no touch even
    /// when a tap caused them (`editingDidBegin`).
    public var isEditingEvent: Bool {
        switch self {
        case .editingDidBegin, .editingChanged, .editingDidEnd, .editingDidEndOnExit: true
        default: false
        }
    }
}
