/// Recognizes a swipe (`UISwipeGestureRecognizer`): a finger moving at least
/// `minimumDistance` points mostly in one of the allowed directions and lifted. Discrete.
open class SwipeGestureRecognizer: GestureRecognizer {
    public enum Direction: String, CaseIterable, Sendable {
        case right, left, up, down
    }

    /// The directions it recognizes (right by default, as UIKit).
    public var directions: Set<Direction> = [.right]
    public var minimumDistance = 30.0
    public var numberOfTouchesRequired = 1
    /// The direction of the last swipe recognized.
    public private(set) var direction: Direction?

    private var start: Point?

    open override func touchesBegan(_ touches: [Touch]) {
        if numberOfTouches > numberOfTouchesRequired { state = .failed }
        if start == nil { start = touches.first?.locationInWindow }
    }

    open override func touchesEnded(_ touches: [Touch]) {
        guard numberOfTouches == touches.count, let start, let end = touches.first?.locationInWindow else { return }
        let dx = end.x - start.x, dy = end.y - start.y
        let moved: Direction = abs(dx) >= abs(dy) ? (dx >= 0 ? .right : .left) : (dy >= 0 ? .down : .up)
        let distance = max(abs(dx), abs(dy))
        // Mostly along one axis: the other component is at most half the main one.
        let straight = min(abs(dx), abs(dy)) <= distance / 2
        if distance >= minimumDistance && straight && directions.contains(moved) {
            let previous = direction
            direction = moved
            state = .ended
            // The view kept the swipe (a slider's own): it was not recognized after all.
            if state == .failed { direction = previous }
        } else {
            state = .failed
        }
    }

    open override func reset() {
        start = nil
    }
}
