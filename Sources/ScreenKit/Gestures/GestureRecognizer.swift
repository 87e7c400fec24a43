/// Recognizes a gesture from the touches on its view and the view's subviews, before the
/// views themselves see them (`UIGestureRecognizer`).
///
/// Its state starts `possible`. A discrete gesture (tap, swipe) moves to `ended` (also
/// called recognized) or `failed`; a continuous one (long press, pan, pinch, rotation)
/// moves to `began`, `changed`, and `ended` or `cancelled`. Targets are called on every
/// change of state except to `failed`, and for every `changed` update. When all touches are
/// lifted the recognizer is reset to `possible`.
open class GestureRecognizer {
    public enum State: String, CaseIterable, Sendable {
        case possible, began, changed, ended, cancelled, failed
    }

    /// The view it is attached to.
    public internal(set) weak var view: View?
    public var isEnabled = true
    /// Whether the view's touches are cancelled once the gesture is recognized.
    public var cancelsTouchesInView = true

    /// The state; setting it calls the targets as described above.
    public internal(set) var state: State = .possible {
        didSet {
            guard state != .failed, state != .possible else { return }
            if oldValue == .possible && (state == .began || state == .ended) {
                // Assigning in `didSet` does not run the observer again: no actions for failing.
                guard touchedViewsAllowBeginning() else { state = .failed; return }
                view?.window?.gestureRecognized(self)
            }
            if state != oldValue || state == .changed { sendActions() }
        }
    }

    /// The touches it is following, in the order they began.
    public private(set) var touches: [Touch] = []
    public var numberOfTouches: Int { touches.count }

    private var actions: [(GestureRecognizer) -> Void] = []

    public init(action: ((GestureRecognizer) -> Void)? = nil) {
        if let action { actions.append(action) }
    }

    /// Calls `action` on the recognizer's state changes.
    public func addTarget(_ action: @escaping (GestureRecognizer) -> Void) {
        actions.append(action)
    }

    /// The centroid of the touches in `view`'s coordinates (the window's when nil); the
    /// last position once they are lifted.
    public func location(in view: View?) -> Point {
        let points = (touches.isEmpty ? lastTouches : touches).map { $0.location(in: view) }
        guard !points.isEmpty else { return .zero }
        let sum = points.reduce(Point.zero, +)
        return Point(x: sum.x / Double(points.count), y: sum.y / Double(points.count))
    }

    /// Whether it is finished with the current touches.
    var isFinished: Bool { state == .ended || state == .cancelled || state == .failed }

    private var lastTouches: [Touch] = []

    // MARK: - For subclasses

    open func touchesBegan(_ touches: [Touch]) {}
    open func touchesMoved(_ touches: [Touch]) {}
    open func touchesEnded(_ touches: [Touch]) {}
    open func touchesCancelled(_ touches: [Touch]) {
        if state == .began || state == .changed { state = .cancelled } else if state == .possible { state = .failed }
    }

    /// Back to `possible`, ready for the next gesture; subclasses clear their tracking.
    open func reset() {}

    /// Whether the views its touches are on let it begin (`View.gestureRecognizerShouldBegin`):
    /// a control keeps the gestures its default action handles.
    private func touchedViewsAllowBeginning() -> Bool {
        var asked: [ObjectIdentifier] = []
        for touch in touches {
            guard let view = touch.view, !asked.contains(ObjectIdentifier(view)) else { continue }
            asked.append(ObjectIdentifier(view))
            if !view.gestureRecognizerShouldBegin(self) { return false }
        }
        return true
    }

    /// Called when another recognizer of the same touches recognized first: this one fails.
    func otherRecognized() {
        if state == .possible { state = .failed }
    }

    // MARK: - Delivery (from the window)

    func deliver(_ touch: Touch) {
        guard isEnabled else { return }
        switch touch.phase {
        case .began:
            if !touches.contains(where: { $0 === touch }) { touches.append(touch) }
            if !isFinished { touchesBegan([touch]) }
        case .moved:
            if !isFinished { touchesMoved([touch]) }
        case .ended:
            if !isFinished { touchesEnded([touch]) }
            release(touch)
        case .cancelled:
            if !isFinished { touchesCancelled([touch]) }
            release(touch)
        }
    }

    private func release(_ touch: Touch) {
        touches.removeAll { $0 === touch }
        guard touches.isEmpty else { return }
        lastTouches = [touch]
        if state == .possible { state = .failed }
        state = .possible
        reset()
    }

    private func sendActions() {
        for action in actions { action(self) }
    }
}
