/// Recognizes a drag (`UIPanGestureRecognizer`): it begins once the finger has moved 10
/// points, changes with every move, and ends when it is lifted. `translation(in:)` is the
/// distance from the start; `velocity` is in points per second of loop time.
open class PanGestureRecognizer: GestureRecognizer {
    public var minimumNumberOfTouches = 1
    public var maximumNumberOfTouches = Int.max
    /// How far the finger must move before the pan begins.
    public var hysteresis = 10.0

    private var start: Point?
    private var last: (point: Point, time: Double)?
    public private(set) var velocity = Point.zero

    /// How far the touches have moved since the gesture started, in `view`'s coordinates
    /// (the window's when nil).
    public func translation(in view: View?) -> Point {
        guard let start else { return .zero }
        let current = location(in: nil)
        guard let view else { return current - start }
        return view.convert(current, from: nil) - view.convert(start, from: nil)
    }

    /// Moves the starting point so that the translation is `translation`.
    public func setTranslation(_ translation: Point, in view: View?) {
        let current = location(in: view)
        let start = current - translation
        self.start = view.map { $0.convert(start, to: nil) } ?? start
    }

    open override func touchesBegan(_ touches: [Touch]) {
        if numberOfTouches > maximumNumberOfTouches {
            if state == .possible { state = .failed }
            return
        }
        if start == nil, let touch = touches.first {
            start = location(in: nil)
            last = (start!, touch.timestamp)
        }
    }

    open override func touchesMoved(_ touches: [Touch]) {
        guard let touch = touches.first, numberOfTouches >= minimumNumberOfTouches else { return }
        let point = location(in: nil)
        if let last, touch.timestamp > last.time {
            let elapsed = touch.timestamp - last.time
            velocity = Point(x: (point.x - last.point.x) / elapsed, y: (point.y - last.point.y) / elapsed)
        }
        last = (point, touch.timestamp)
        switch state {
        case .possible:
            if let start, start.distance(to: point) >= hysteresis { state = .began }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: [Touch]) {
        guard numberOfTouches == touches.count else { return }
        if state == .began || state == .changed { state = .ended } else { state = .failed }
    }

    open override func reset() {
        start = nil
        last = nil
        velocity = .zero
    }
}
