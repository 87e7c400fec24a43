/// A minus and a plus button (`UIStepper`): a tap on the left half subtracts `stepValue`,
/// on the right half adds it, within the limits, and sends `valueChanged`.
open class Stepper: Control {
    public var minimumValue = 0.0
    public var maximumValue = 100.0
    public var stepValue = 1.0
    public var value = 0.0 {
        didSet { value = min(max(value, minimumValue), maximumValue) }
    }
    /// Whether going past a limit wraps to the other one.
    public var wraps = false

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
