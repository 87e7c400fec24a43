/// A view that turns touches into events for its targets (`UIControl`): it tracks a touch
/// from `touchDown` to `touchUpInside` or `touchUpOutside`, is highlighted while pressed, and
/// has the states normal, highlighted, disabled and selected in any combination.
///
/// Subclasses follow a touch by overriding `beginTracking`, `continueTracking`,
/// `endTracking` and `cancelTracking`, and announce changes with `sendActions(for:)`.
open class Control: View {
    /// An action registered with ``addTarget(_:for:)``, to remove it again.
    public final class Target {
        let action: (Control, ControlEvent) -> Void
        let events: Set<ControlEvent>

        init(action: @escaping (Control, ControlEvent) -> Void, events: Set<ControlEvent>) {
            self.action = action
            self.events = events
        }
    }

    // MARK: - State

    /// A disabled control takes touches but sends no events.
    public var isEnabled = true {
        didSet { if !isEnabled { isHighlighted = false } }
    }
    public var isHighlighted = false
    public var isSelected = false

    /// The states as a bit mask.
    public var state: ControlState {
        var state: ControlState = []
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    /// Whether the touch being tracked is inside the control.
    public private(set) var isTouchInside = false
    /// Whether the control is following a touch.
    public private(set) var isTracking = false

    // MARK: - Targets

    private var targets: [Target] = []

    /// Calls `action` for each of `events`, in the order targets were added.
    @discardableResult
    public func addTarget(_ action: @escaping (Control, ControlEvent) -> Void, for events: Set<ControlEvent>) -> Target {
        let target = Target(action: action, events: events)
        targets.append(target)
        return target
    }

    public func removeTarget(_ target: Target) {
        targets.removeAll { $0 === target }
    }

    /// Sends `event` to every target registered for it.
    public func sendActions(for event: ControlEvent) {
        for target in targets where target.events.contains(event) {
            target.action(self, event)
        }
    }

    // MARK: - Tracking, for subclasses

    /// A touch began inside the control; return false to ignore the rest of it.
    open func beginTracking(_ touch: Touch) -> Bool { true }
    /// The touch moved; return false to stop following it.
    open func continueTracking(_ touch: Touch) -> Bool { true }
    /// The touch ended (the finger was lifted).
    open func endTracking(_ touch: Touch) {}
    /// The gesture was cancelled; restore what tracking changed.
    open func cancelTracking() {}

    // MARK: - Touches

    open override func touchesBegan(_ touches: [Touch]) {
        guard isEnabled, let touch = touches.first else { return }
        isTouchInside = true
        isHighlighted = true
        isTracking = beginTracking(touch)
        sendActions(for: .touchDown)
        if touch.tapCount > 1 { sendActions(for: .touchDownRepeat) }
    }

    open override func touchesMoved(_ touches: [Touch]) {
        guard isEnabled, let touch = touches.first else { return }
        let wasInside = isTouchInside
        isTouchInside = point(inside: touch.location(in: self))
        isHighlighted = isTouchInside
        if isTracking { isTracking = continueTracking(touch) }
        if wasInside != isTouchInside {
            sendActions(for: isTouchInside ? .touchDragEnter : .touchDragExit)
        }
        sendActions(for: isTouchInside ? .touchDragInside : .touchDragOutside)
    }

    open override func touchesEnded(_ touches: [Touch]) {
        guard isEnabled, let touch = touches.first else { return }
        isTouchInside = point(inside: touch.location(in: self))
        if isTracking { endTracking(touch) }
        isTracking = false
        isHighlighted = false
        sendActions(for: isTouchInside ? .touchUpInside : .touchUpOutside)
    }

    open override func touchesCancelled(_ touches: [Touch]) {
        guard isEnabled else { return }
        if isTracking { cancelTracking() }
        isTracking = false
        isHighlighted = false
        sendActions(for: .touchCancel)
    }
}
