// MARK: - Sending the overridable methods

// Wherever ScreenKit calls an overridable method of a view — hit testing and controls ask
// `point(inside:)`, layout runs `layoutSubviews`, the renderers `draw(_:)`, the window and
// the responder chain the touches methods, a control its tracking methods, a list's reuse
// queue `prepareForReuse` — it asks the view's ``View/overrideHook`` first and runs the
// view's own method only when the hook has no replacement.

extension View {
    /// An overridable method that returns nothing, as ScreenKit calls it.
    public enum Callback: OverridableMethod {
        public typealias Answer = Void
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

        public var name: String {
            switch self {
            case .layoutSubviews: "layoutSubviews"
            case .draw: "draw"
            case .touches(let phase, _): phase.responderMethod
            case .endTracking: "endTracking"
            case .cancelTracking: "cancelTracking"
            case .prepareForReuse: "prepareForReuse"
            }
        }
    }

    /// An overridable method that answers yes or no, as ScreenKit asks it.
    public enum Question: OverridableMethod {
        public typealias Answer = Bool
        /// ``View/point(inside:)``.
        case pointInside(Point)
        /// ``Control/beginTracking(_:)`` (controls only).
        case beginTracking(Touch)
        /// ``Control/continueTracking(_:)`` (controls only).
        case continueTracking(Touch)

        public var name: String {
            switch self {
            case .pointInside: "pointInside"
            case .beginTracking: "beginTracking"
            case .continueTracking: "continueTracking"
            }
        }
    }

    /// ``View/intrinsicContentSize``, as a stack asks it.
    public struct IntrinsicSizeQuestion: OverridableMethod {
        public typealias Answer = Size
        public var name: String { "intrinsicContentSize" }
        public init() {}
    }

    /// The view's intrinsic size as stacks ask it: the replacement's answer when the view's
    /// class has one, else ``intrinsicContentSize``.
    public var effectiveIntrinsicContentSize: Size {
        replacedIntrinsicContentSize ?? intrinsicContentSize
    }

    /// The replacement's intrinsic size, or nil when the view's class has none.
    var replacedIntrinsicContentSize: Size? {
        guard isOverriding, let hook = overrideHook else { return nil }
        return hook.callOverride(IntrinsicSizeQuestion(), on: self)
    }

    /// Sends `callback`: to the replacement when the view's class has one, else to `method`.
    /// The callback is only made when there is a replacement to give it to.
    @inline(__always)
    func send(_ callback: @autoclosure () -> Callback, else method: () -> Void) {
        if isOverriding, let hook = overrideHook, hook.callOverride(callback(), on: self) != nil { return }
        method()
    }

    /// Asks `question`: the replacement's answer when the view's class has one, else `method`'s.
    @inline(__always)
    func ask(_ question: @autoclosure () -> Question, else method: () -> Bool) -> Bool {
        if isOverriding, let hook = overrideHook, let answer = hook.callOverride(question(), on: self) {
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

extension TouchPhase {
    /// The responder method that gets touches in this phase (`touchesBegan`, ...).
    public var responderMethod: String {
        switch self {
        case .began: "touchesBegan"
        case .moved: "touchesMoved"
        case .ended: "touchesEnded"
        case .cancelled: "touchesCancelled"
        }
    }
}
