/// The phases of a touch.
public nonisolated enum TouchPhase: String, CaseIterable, Sendable {
    case began, moved, ended, cancelled
}

/// One finger on the screen (`UITouch`): where it is, where it was, which view it started
/// on, and how many taps in a row it is.
public final class Touch {
    /// Tells simultaneous fingers apart.
    public let id: Int
    public internal(set) var phase: TouchPhase
    /// The view hit when the touch began; it gets every phase of the touch.
    public internal(set) weak var view: View?
    public internal(set) weak var window: Window?
    /// The position in the window's coordinates.
    public internal(set) var locationInWindow: Point
    public internal(set) var previousLocationInWindow: Point
    /// The loop time of the latest phase, in seconds.
    public internal(set) var timestamp: Double
    /// 1 for a single tap, 2 for the second of a double tap, and so on.
    public internal(set) var tapCount: Int
    /// The gesture recognizers that receive the touch.
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []

    init(id: Int, view: View?, window: Window, location: Point, timestamp: Double, tapCount: Int) {
        self.id = id
        self.phase = .began
        self.view = view
        self.window = window
        self.locationInWindow = location
        self.previousLocationInWindow = location
        self.timestamp = timestamp
        self.tapCount = tapCount
    }

    /// The position in `view`'s coordinates (the window's when nil).
    public func location(in view: View?) -> Point {
        guard let view else { return locationInWindow }
        return view.convert(locationInWindow, from: nil)
    }

    /// The previous position in `view`'s coordinates.
    public func previousLocation(in view: View?) -> Point {
        guard let view else { return previousLocationInWindow }
        return view.convert(previousLocationInWindow, from: nil)
    }
}
