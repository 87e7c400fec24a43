import EventLoop

/// Recognizes a press held for `minimumPressDuration` seconds of loop time without moving
/// more than `allowableMovement` points (`UILongPressGestureRecognizer`). Continuous: it
/// begins when the time is up, changes as the finger moves, and ends when it is lifted.
open class LongPressGestureRecognizer: GestureRecognizer {
    public var minimumPressDuration = 0.5
    public var allowableMovement = 10.0
    public var numberOfTouchesRequired = 1

    private var start: Point?
    private var timer: LoopTimer?

    open override func touchesBegan(_ touches: [Touch]) {
        guard numberOfTouches == numberOfTouchesRequired, let touch = touches.first else {
            if numberOfTouches > numberOfTouchesRequired { fail() }
            return
        }
        start = touch.locationInWindow
        guard let window = touch.window else { return }
        timer = window.schedule(after: minimumPressDuration) { [weak self] in
            guard let self, self.state == .possible, self.numberOfTouches == self.numberOfTouchesRequired else { return }
            self.state = .began
        }
    }

    open override func touchesMoved(_ touches: [Touch]) {
        if state == .possible {
            if let start, let touch = touches.first, start.distance(to: touch.locationInWindow) > allowableMovement {
                fail()
            }
        } else if state == .began || state == .changed {
            state = .changed
        }
    }

    open override func touchesEnded(_ touches: [Touch]) {
        if state == .began || state == .changed {
            state = .ended
        } else {
            fail()
        }
    }

    open override func reset() {
        timer?.cancel()
        timer = nil
        start = nil
    }

    private func fail() {
        timer?.cancel()
        timer = nil
        if state == .possible { state = .failed }
    }
}
