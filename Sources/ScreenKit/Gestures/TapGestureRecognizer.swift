/// Recognizes taps (`UITapGestureRecognizer`): `numberOfTouchesRequired` fingers lifted
/// `numberOfTapsRequired` times in a row without moving more than 10 points. Discrete: it
/// goes straight to `ended` on the last tap.
open class TapGestureRecognizer: GestureRecognizer {
    public var numberOfTapsRequired = 1
    public var numberOfTouchesRequired = 1
    /// How far a finger may move and still tap.
    public var allowableMovement = 10.0

    private var starts: [ObjectIdentifier: Point] = [:]
    private var maximumTouches = 0

    open override func touchesBegan(_ touches: [Touch]) {
        for touch in touches { starts[ObjectIdentifier(touch)] = touch.locationInWindow }
        maximumTouches = max(maximumTouches, numberOfTouches)
        if numberOfTouches > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: [Touch]) {
        for touch in touches {
            if let start = starts[ObjectIdentifier(touch)], start.distance(to: touch.locationInWindow) > allowableMovement {
                state = .failed
            }
        }
    }

    open override func touchesEnded(_ touches: [Touch]) {
        // The gesture ends when the last finger is lifted.
        guard numberOfTouches == touches.count, let touch = touches.first else { return }
        if maximumTouches == numberOfTouchesRequired && touch.tapCount == numberOfTapsRequired {
            state = .ended
        } else if touch.tapCount >= numberOfTapsRequired {
            state = .failed
        }
    }

    open override func reset() {
        starts = [:]
        maximumTouches = 0
    }
}
