/// Recognizes a gesture from the touches on its view and the view's subviews, before the
/// views themselves see them (`UIGestureRecognizer`).
///
/// Its state starts `possible`. A discrete gesture (tap, swipe) moves to `ended` (also
/// called recognized) or `failed`; a continuous one (long press, pan, pinch, rotation)
/// moves to `began`, `changed`, and `ended` or `cancelled`. Targets are called on every
/// change of state except to `failed`, and for every `changed` update. When all touches are
/// lifted the recognizer is reset to `possible`, and ``reset()`` is called.
///
/// A subclass recognizes a gesture of its own as UIKit's custom recognizers do: it
/// overrides the four touches methods, sets ``state`` as the gesture unfolds (see
/// ``allowsTransition(to:)``), and clears what it tracked in ``reset()``.
open class GestureRecognizer {
    public enum State: String, CaseIterable, Sendable {
        case possible, began, changed, ended, cancelled, failed

        /// The name UIKit gives `ended` for a discrete gesture.
        public static let recognized = State.ended
    }

    /// An action registered with ``addTarget(_:source:)``, to remove it again.
    public final class Target {
        let action: (GestureRecognizer) -> Void
        /// What the action was made from, for finding it again; nil when not given.
        public let source: AnyObject?

        init(action: @escaping (GestureRecognizer) -> Void, source: AnyObject?) {
            self.action = action
            self.source = source
        }
    }

    /// The view it is attached to.
    public internal(set) weak var view: View?
    public var isEnabled = true
    /// Whether the view's touches are cancelled once the gesture is recognized.
    public var cancelsTouchesInView = true

    /// The state; setting it calls the targets as described above. Subclasses set it.
    public var state: State = .possible {
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

    /// The actions, in the order they were added.
    public private(set) var targets: [Target] = []

    public init(action: ((GestureRecognizer) -> Void)? = nil) {
        if let action { addTarget(action) }
    }

    /// Calls `action` on the recognizer's state changes.
    /// - Parameter source: what the action was made from, kept in the ``Target`` so that a
    ///   caller can find it again among ``targets``.
    @discardableResult
    public func addTarget(_ action: @escaping (GestureRecognizer) -> Void, source: AnyObject? = nil) -> Target {
        let target = Target(action: action, source: source)
        targets.append(target)
        return target
    }

    /// Removes an action; one removed while the actions are being called is still called
    /// this time.
    public func removeTarget(_ target: Target) {
        targets.removeAll { $0 === target }
    }

    /// Whether a subclass may move the state from the current one to `newState`: from
    /// `possible` to `began`, `ended` (recognized) or `failed`; from `began` or `changed` to
    /// `changed`, `ended` or `cancelled`. Back to `possible` is the recognizer's own move,
    /// once the touches are lifted.
    public func allowsTransition(to newState: State) -> Bool {
        switch (state, newState) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
        default: false
        }
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

    /// What replaces the overridable methods (see ``OverrideHook``): a script's class that
    /// extends the recognizer's. Nil for none, and its own methods run.
    public var overrideHook: (any OverrideHook)?

    /// An overridable method of a recognizer, as the window's delivery calls it.
    public enum Callback: OverridableMethod {
        public typealias Answer = Void
        /// `touchesBegan`, `touchesMoved`, `touchesEnded` or `touchesCancelled`, by the phase.
        case touches(TouchPhase, [Touch])
        /// ``GestureRecognizer/reset()``.
        case reset

        public var name: String {
            switch self {
            case .touches(let phase, _): phase.responderMethod
            case .reset: "reset"
            }
        }
    }

    /// Sends `callback`: to the replacement when there is one, else to the method.
    private func send(_ callback: Callback) {
        if let hook = overrideHook, hook.callOverride(callback, on: self) != nil { return }
        switch callback {
        case .touches(.began, let touches): touchesBegan(touches)
        case .touches(.moved, let touches): touchesMoved(touches)
        case .touches(.ended, let touches): touchesEnded(touches)
        case .touches(.cancelled, let touches): touchesCancelled(touches)
        case .reset: reset()
        }
    }

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
            if !isFinished { send(.touches(.began, [touch])) }
        case .moved:
            if !isFinished { send(.touches(.moved, [touch])) }
        case .ended:
            if !isFinished { send(.touches(.ended, [touch])) }
            release(touch)
        case .cancelled:
            if !isFinished { send(.touches(.cancelled, [touch])) }
            release(touch)
        }
    }

    private func release(_ touch: Touch) {
        touches.removeAll { $0 === touch }
        guard touches.isEmpty else { return }
        lastTouches = [touch]
        if state == .possible { state = .failed }
        state = .possible
        send(.reset)
    }

    private func sendActions() {
        for target in targets { target.action(self) }
    }
}
