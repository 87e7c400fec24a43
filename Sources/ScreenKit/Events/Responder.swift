/// An object that handles touches, or passes them on along the responder chain
/// (`UIResponder`): a view passes them to its controller when it is a controller's root
/// view, else to its superview; a controller passes them to the superview of its view.
///
/// The four touches methods are called through the responder's ``OverrideHook`` when it
/// has one (``View/overrideHook``, ``ViewController/overrideHook``).
/// Their default implementations pass the touches on; for touches the window delivers,
/// the next responder gets them once the method that passed them on has returned, so that a
/// touch goes up a chain of any length in one frame of stack.
open class Responder {
    public init() {}

    nonisolated deinit {}

    /// The next responder in the chain; touches a responder does not handle go there.
    open var next: Responder? { nil }

    /// A touch sequence began on this responder. The default passes the touches on.
    open func touchesBegan(_ touches: [Touch]) { passOn(.began, touches) }
    /// The touches moved. The default passes them on.
    open func touchesMoved(_ touches: [Touch]) { passOn(.moved, touches) }
    /// The touches ended: the finger was lifted. The default passes them on.
    open func touchesEnded(_ touches: [Touch]) { passOn(.ended, touches) }
    /// The system cancelled the touches (a gesture recognizer took them, a memory warning).
    /// The default passes them on.
    open func touchesCancelled(_ touches: [Touch]) { passOn(.cancelled, touches) }

    // MARK: - Delivery along the chain

    /// Set while ``deliverTouches(_:_:)`` runs this responder's own touches method: its default
    /// implementation then leaves the passing on to the loop there.
    private var passesToLoop = false
    /// Whether the method run by ``deliverTouches(_:_:)`` passed the touches on.
    private var passedOn = false

    /// The default implementation of the touches methods: the touches go to the next
    /// responder, by way of the loop that delivered them here when there is one.
    private func passOn(_ phase: TouchPhase, _ touches: [Touch]) {
        if passesToLoop {
            passesToLoop = false
            passedOn = true
            return
        }
        next?.deliverTouches(phase, touches)
    }

    /// Gives `touches` in `phase` to this responder, and to the responders after it for as
    /// long as each passes them on: each to its replacement of the touches method when its
    /// class has one (a replacement passes them on itself, through the method), else to
    /// the method.
    func deliverTouches(_ phase: TouchPhase, _ touches: [Touch]) {
        // The first responder apart: most touches stop there, and holding it in the loop's
        // variable would cost a retain and a release.
        guard receive(phase, touches) else { return }
        var responder = next
        while let current = responder {
            responder = current.receive(phase, touches) ? current.next : nil
        }
    }

    /// Runs the replacement or the method for `phase`; true when the method's default
    /// implementation passed the touches on, for the caller to go on with `next`.
    private func receive(_ phase: TouchPhase, _ touches: [Touch]) -> Bool {
        if replaceTouches(phase, touches) { return false }
        // Saved and restored: the method may deliver touches to this responder again.
        let outer = (passesToLoop, passedOn)
        defer { (passesToLoop, passedOn) = outer }
        passesToLoop = true
        passedOn = false
        runTouchesMethod(phase, touches)
        return passedOn
    }

    /// Runs the responder's own touches method for `phase`.
    func runTouchesMethod(_ phase: TouchPhase, _ touches: [Touch]) {
        switch phase {
        case .began: touchesBegan(touches)
        case .moved: touchesMoved(touches)
        case .ended: touchesEnded(touches)
        case .cancelled: touchesCancelled(touches)
        }
    }

    /// Runs the replacement of the touches method for `phase`; false when there is none.
    /// Views and controllers ask their overriding hooks.
    func replaceTouches(_ phase: TouchPhase, _ touches: [Touch]) -> Bool { false }
}
