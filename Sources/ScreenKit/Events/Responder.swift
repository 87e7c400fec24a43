/// An object that handles touches, or passes them on along the responder chain
/// (`UIResponder`): a view passes them to its superview, and later to its controller.
open class Responder {
    public init() {}

    nonisolated deinit {}

    /// The next responder in the chain; touches a responder does not handle go there.
    open var next: Responder? { nil }

    /// A touch sequence began on this responder.
    open func touchesBegan(_ touches: [Touch]) { next?.touchesBegan(touches) }
    /// The touches moved.
    open func touchesMoved(_ touches: [Touch]) { next?.touchesMoved(touches) }
    /// The touches ended: the finger was lifted.
    open func touchesEnded(_ touches: [Touch]) { next?.touchesEnded(touches) }
    /// The system cancelled the touches (a gesture recognizer took them, a memory warning).
    open func touchesCancelled(_ touches: [Touch]) { next?.touchesCancelled(touches) }
}
