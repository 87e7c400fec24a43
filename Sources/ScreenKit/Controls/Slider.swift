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

    /// Where the thumb's centre is along the track, from 0 to 1.
    public var fraction: Double {
        maximumValue > minimumValue ? (value - minimumValue) / (maximumValue - minimumValue) : 0
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
