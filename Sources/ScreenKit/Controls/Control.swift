/// A view that turns touches into events for its targets (`UIControl`): it tracks a touch
/// from `touchDown` to `touchUpInside` or `touchUpOutside`, is highlighted while pressed, and
/// has the states normal, highlighted, disabled and selected in any combination.
///
/// Subclasses follow a touch by overriding `beginTracking`, `continueTracking`,
/// `endTracking` and `cancelTracking`, and announce changes with `sendActions(for:)`.
///
/// As in UIKit since iOS 6, the default action of a button, switch, stepper, segmented
/// control or page control, a single tap with one finger, beats a tap recognizer on a
/// superview: the tap goes to the control, and the recognizer fails. A recognizer attached
/// to the control itself still sees the touch first.
open class Control: View {
    /// An action registered with ``addTarget(_:for:)``, to remove it again.
    public final class Target {
        let action: (Control, ControlEvent, Touch?) -> Void
        let events: Set<ControlEvent>

        init(action: @escaping (Control, ControlEvent, Touch?) -> Void, events: Set<ControlEvent>) {
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

    /// The touch whose phase the control is handling now, which actions receive; nil
    /// outside touch handling (an action sent from code).
    public private(set) var currentTouch: Touch?

    /// A plain control draws nothing; its marks would be in its tint, grey while disabled.
    open override var contentDescription: ViewDescription {
        ViewDescription(kind: "Control", foreground: controlForeground(enabled: isEnabled),
                        accessibilityLabel: accessibilityLabel, traits: traits)
    }

    /// The accessibility traits of its state: not enabled, selected.
    var traits: ViewDescription.Traits {
        var traits: ViewDescription.Traits = []
        if !isEnabled { traits.insert(.notEnabled) }
        if isSelected { traits.insert(.selected) }
        return traits
    }

    /// An enabled control can have the keyboard focus.
    open override var canBecomeFocused: Bool { isEnabled }

    /// Sends `valueChanged` when `changed`, as a person's change of the value does; for
    /// ``View/accessibilityAdjust(_:)``.
    func adjusted(_ changed: Bool) -> Bool {
        if changed { sendActions(for: .valueChanged) }
        return changed
    }

    // MARK: - Targets

    private var targets: [Target] = []

    /// Calls `action` for each of `events`, in the order targets were added.
    @discardableResult
    public func addTarget(_ action: @escaping (Control, ControlEvent) -> Void, for events: Set<ControlEvent>) -> Target {
        addTarget({ control, event, _ in action(control, event) }, for: events)
    }

    /// Calls `action` for each of `events` with the touch that caused the event (the
    /// ``currentTouch``; nil when code sent it, and for the editing events), whose
    /// `tapCount` tells a double tap.
    ///
    /// ```swift
    /// button.addTarget({ _, _, touch in
    ///     if touch?.tapCount == 2 { zoom() }
    /// }, for: [.touchDownRepeat])
    /// ```
    @discardableResult
    public func addTarget(
        _ action: @escaping (Control, ControlEvent, Touch?) -> Void, for events: Set<ControlEvent>
    ) -> Target {
        let target = Target(action: action, events: events)
        targets.append(target)
        return target
    }

    public func removeTarget(_ target: Target) {
        targets.removeAll { $0 === target }
    }

    /// Sends `event` to every target registered for it, with the ``currentTouch``; the
    /// editing events carry no touch, as in UIKit, whose text events pass no event.
    public func sendActions(for event: ControlEvent) {
        let touch = event.isEditingEvent ? nil : currentTouch
        for target in targets where target.events.contains(event) {
            target.action(self, event, touch)
        }
    }

    // MARK: - Gesture recognizers

    /// False for a single-finger single-tap recognizer on a superview when a single tap is
    /// the control's default action (``defaultActionIsATap``).
    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        if defaultActionIsATap, recognizer.view !== self, let tap = recognizer as? TapGestureRecognizer,
           tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1 {
            return false
        }
        return super.gestureRecognizerShouldBegin(recognizer)
    }

    /// Whether a single tap is the control's default action, which a tap recognizer on a
    /// superview must not take: true for buttons, switches, steppers, segmented controls and
    /// page controls, false for a plain control.
    open var defaultActionIsATap: Bool { false }

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

    /// Runs `body` with `touch` as the ``currentTouch`` its actions receive.
    private func handling(_ touch: Touch?, _ body: () -> Void) {
        let previous = currentTouch
        currentTouch = touch
        defer { currentTouch = previous }
        body()
    }

    open override func touchesBegan(_ touches: [Touch]) {
        guard isEnabled, let touch = touches.first else { return }
        handling(touch) {
            isTouchInside = true
            isHighlighted = true
            isTracking = ask(.beginTracking(touch)) { beginTracking(touch) }
            sendActions(for: .touchDown)
            if touch.tapCount > 1 { sendActions(for: .touchDownRepeat) }
        }
    }

    open override func touchesMoved(_ touches: [Touch]) {
        guard isEnabled, let touch = touches.first else { return }
        handling(touch) {
            let wasInside = isTouchInside
            isTouchInside = isInside(touch.location(in: self))
            isHighlighted = isTouchInside
            if isTracking { isTracking = ask(.continueTracking(touch)) { continueTracking(touch) } }
            if wasInside != isTouchInside {
                sendActions(for: isTouchInside ? .touchDragEnter : .touchDragExit)
            }
            sendActions(for: isTouchInside ? .touchDragInside : .touchDragOutside)
        }
    }

    open override func touchesEnded(_ touches: [Touch]) {
        guard isEnabled, let touch = touches.first else { return }
        handling(touch) {
            isTouchInside = isInside(touch.location(in: self))
            if isTracking { send(.endTracking(touch)) { endTracking(touch) } }
            isTracking = false
            isHighlighted = false
            sendActions(for: isTouchInside ? .touchUpInside : .touchUpOutside)
        }
    }

    open override func touchesCancelled(_ touches: [Touch]) {
        guard isEnabled else { return }
        handling(touches.first) {
            if isTracking { send(.cancelTracking) { cancelTracking() } }
            isTracking = false
            isHighlighted = false
            sendActions(for: .touchCancel)
        }
    }
}
