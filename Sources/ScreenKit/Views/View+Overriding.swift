// MARK: - Sending the overridable methods

/// A view whose overridable methods can be replaced from outside its Swift class.
///
/// A scripting layer conforms the view classes its scripts extend, once for all of them.
/// Wherever ScreenKit calls an overridable method of a view — hit testing and controls ask
/// `point(inside:)`, layout runs `layoutSubviews`, the renderers `draw(_:)`, the window and
/// the responder chain the touches methods, a control its tracking methods, a list's reuse
/// queue `prepareForReuse` — it asks the replacement first and runs the view's own method
/// only when there is none. A replacement that wants the Swift behaviour as well calls the
/// method itself (its `super` call).
public protocol ViewOverriding: View {
    /// Runs the replacement of `callback`; false when there is none, and the method runs.
    func performOverride(of callback: View.Callback) -> Bool
    /// The replacement's answer to `question`; nil when there is none, and the method answers.
    func overriddenAnswer(to question: View.Question) -> Bool?
    /// The name of the class that extends this view's (a script's class), for messages.
    var overriddenClassName: String? { get }
}

extension ViewOverriding {
    public var overriddenClassName: String? { nil }
}

extension View {
    /// An overridable method that returns nothing, as ScreenKit calls it.
    public enum Callback {
        /// ``View/layoutSubviews()``.
        case layoutSubviews
        /// ``View/draw(_:)``.
        case draw(Canvas)
        /// `touchesBegan`, `touchesMoved`, `touchesEnded` or `touchesCancelled`, by the phase.
        case touches(TouchPhase, [Touch])
        /// ``Control/endTracking(_:)`` (controls only).
        case endTracking(Touch)
        /// ``Control/cancelTracking()`` (controls only).
        case cancelTracking
        /// ``ReusableView/prepareForReuse()`` (cells and other views lists reuse).
        case prepareForReuse
    }

    /// An overridable method that answers yes or no, as ScreenKit asks it.
    public enum Question {
        /// ``View/point(inside:)``.
        case pointInside(Point)
        /// ``Control/beginTracking(_:)`` (controls only).
        case beginTracking(Touch)
        /// ``Control/continueTracking(_:)`` (controls only).
        case continueTracking(Touch)
    }

    /// Sends `callback`: to the replacement when the view's class has one, else to `method`.
    /// The callback is only made when there is a replacement to give it to.
    @inline(__always)
    func send(_ callback: @autoclosure () -> Callback, else method: () -> Void) {
        if isOverriding, let overriding = overridingStorage, overriding.performOverride(of: callback()) { return }
        method()
    }

    /// Asks `question`: the replacement's answer when the view's class has one, else `method`'s.
    @inline(__always)
    func ask(_ question: @autoclosure () -> Question, else method: () -> Bool) -> Bool {
        if isOverriding, let overriding = overridingStorage, let answer = overriding.overriddenAnswer(to: question()) {
            return answer
        }
        return method()
    }

    /// Whether `point` (in this view's coordinates) is inside the view, as hit testing and
    /// controls ask it: ``point(inside:)`` or its replacement.
    func isInside(_ point: Point) -> Bool {
        ask(.pointInside(point)) { self.point(inside: point) }
    }

    /// Draws the view's own content into `canvas`: ``draw(_:)``, or its replacement. The
    /// renderers draw every view through it.
    public func drawContent(in canvas: Canvas) {
        send(.draw(canvas)) { draw(canvas) }
    }
}
