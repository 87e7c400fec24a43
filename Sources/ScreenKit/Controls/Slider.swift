/// A slider (`UISlider`): dragging moves the thumb along the track and sends
/// `valueChanged` while the value changes.
open class Slider: Control {
    public var minimumValue = 0.0 {
        didSet { value = clamped(value) }
    }
    public var maximumValue = 1.0 {
        didSet { value = clamped(value) }
    }
    public var value = 0.0 {
        didSet { if value != clamped(value) { value = clamped(value) } }
    }

    /// One row tall, and as long as it is given: a track has no length of its own.
    open override var intrinsicContentSize: Size {
        Size(width: View.noIntrinsicMetric, height: Label.cellSize.height)
    }

    /// Where the thumb's centre is along the track, from 0 to 1.
    public var fraction: Double {
        maximumValue > minimumValue ? (value - minimumValue) / (maximumValue - minimumValue) : 0
    }

    /// Its value on the track between its bounds, as a percentage of the range for a
    /// person; adjustable, and not tapped by the keyboard (a tap would set it by where it
    /// lands).
    open override var contentDescription: ViewDescription {
        ViewDescription(
            .track(value: value, minimum: minimumValue, maximum: maximumValue), kind: "Slider",
            foreground: controlForeground(enabled: isEnabled), accessibilityLabel: accessibilityLabel,
            accessibilityValue: ViewDescription.percent(fraction), traits: traits.union(.adjustable),
            activatesByTap: false)
    }

    /// How much of the range one step moves the value.
    public static let stepFraction = 0.1

    /// A tenth of the range up or down, or to either bound.
    open override func accessibilityAdjust(_ step: AccessibilityStep) -> Bool {
        let old = value
        let range = maximumValue - minimumValue
        guard range.isFinite, range > 0 else { return false }
        switch step {
        case .increment: value = old + range * Slider.stepFraction
        case .decrement: value = old - range * Slider.stepFraction
        case .toStart: value = minimumValue
        case .toEnd: value = maximumValue
        }
        return adjusted(value != old)
    }

    /// A swipe along the track moves the thumb (UIKit): a swipe recognizer on a superview
    /// fails when the swipe it saw was left or right.
    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        if recognizer.view !== self, let swipe = recognizer as? SwipeGestureRecognizer,
           swipe.direction == .left || swipe.direction == .right {
            return false
        }
        return super.gestureRecognizerShouldBegin(recognizer)
    }

    open override func beginTracking(_ touch: Touch) -> Bool {
        update(with: touch)
        return true
    }

    open override func continueTracking(_ touch: Touch) -> Bool {
        update(with: touch)
        return true
    }

    open override func endTracking(_ touch: Touch) {
        update(with: touch)
    }

    private func update(with touch: Touch) {
        let x = touch.location(in: self).x
        let fraction = bounds.width > 0 ? min(max((x - bounds.minX) / bounds.width, 0), 1) : 0
        let newValue = minimumValue + fraction * (maximumValue - minimumValue)
        guard newValue != value else { return }
        value = newValue
        sendActions(for: .valueChanged)
    }

    private func clamped(_ value: Double) -> Double {
        min(max(value, minimumValue), max(minimumValue, maximumValue))
    }
}
