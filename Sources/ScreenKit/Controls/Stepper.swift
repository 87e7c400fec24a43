/// A minus and a plus button (`UIStepper`): a tap on the left half subtracts `stepValue`,
/// on the right half adds it, within the limits, and sends `valueChanged`.
open class Stepper: Control {
    public var minimumValue = 0.0 {
        didSet { invalidateIntrinsicContentSize() }
    }
    public var maximumValue = 100.0 {
        didSet { invalidateIntrinsicContentSize() }
    }
    public var stepValue = 1.0
    public var value = 0.0 {
        didSet { value = min(max(value, minimumValue), maximumValue) }
    }
    /// Whether going past a limit wraps to the other one.
    public var wraps = false

    /// Its value beside its buttons; adjustable.
    open override var contentDescription: ViewDescription {
        ViewDescription(
            .stepper(value: value), kind: "Stepper", foreground: controlForeground(enabled: isEnabled),
            accessibilityLabel: accessibilityLabel, accessibilityValue: Stepper.text(of: value),
            traits: traits.union(.adjustable))
    }

    /// One `stepValue` up or down, wrapping past a limit when it ``wraps``, or to either limit.
    open override func accessibilityAdjust(_ step: AccessibilityStep) -> Bool {
        let old = value
        var new: Double
        switch step {
        case .increment: new = old + stepValue
        case .decrement: new = old - stepValue
        case .toStart: new = minimumValue
        case .toEnd: new = maximumValue
        }
        if new > maximumValue { new = wraps ? minimumValue : maximumValue }
        if new < minimumValue { new = wraps ? maximumValue : minimumValue }
        guard !new.isNaN, new != old else { return false }
        value = new
        return adjusted(true)
    }

    /// `[-|+]` and room for its value: as wide as the wider of its limits, so that stepping
    /// never changes its size.
    open override var intrinsicContentSize: Size {
        let value = max(Stepper.text(of: minimumValue)?.count ?? 0, Stepper.text(of: maximumValue)?.count ?? 0)
        return Size(width: Double(6 + value) * Label.cellSize.width, height: Label.cellSize.height)
    }

    /// Its size is its own, as UIKit's stepper keeps it: a stack stretches another view first.
    open override func contentHuggingPriority(for axis: LayoutAxis) -> Float { 750 }

    /// A number as a person reads it: `3`, `2.5`; nil for one that is not finite.
    static func text(of value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// A single tap is its default action: a tap recognizer on a superview does not take it.
    open override var defaultActionIsATap: Bool { true }

    open override func endTracking(_ touch: Touch) {
        let point = touch.location(in: self)
        guard bounds.contains(point) else { return }
        let up = point.x >= bounds.midX
        var newValue = value + (up ? stepValue : -stepValue)
        if newValue > maximumValue { newValue = wraps ? minimumValue : maximumValue }
        if newValue < minimumValue { newValue = wraps ? maximumValue : minimumValue }
        guard newValue != value else { return }
        value = newValue
        sendActions(for: .valueChanged)
    }
}
