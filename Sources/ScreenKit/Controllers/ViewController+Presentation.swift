// MARK: - Modal presentation

/// How a presented controller shows (`UIModalPresentationStyle`).
public enum ModalPresentationStyle: String, CaseIterable, Sendable {
    /// Its view covers the window: the presenter disappears, and its view leaves the window
    /// until the dismissal. It slides up from the bottom when animated.
    case fullScreen
    /// Its view lies over the presenter's, which stays on screen and neither disappears nor
    /// appears again (an alert's dimmed screen). It fades in and out when animated.
    case overFullScreen
}

extension ViewController {
    /// How long an animated presentation or dismissal takes, in seconds.
    public static let presentationDuration = 0.3

    /// Presents `controller` modally over the whole window, as `present(_:animated:completion:)`.
    ///
    /// A child presents through its outermost ancestor, as a full-screen presentation does in
    /// UIKit; `presentingViewController` names that ancestor. Appearance: the presenter will
    /// disappear, the presented will appear, the presented did appear, the presenter did
    /// disappear, then `completion`. A controller presented ``ModalPresentationStyle/overFullScreen``
    /// leaves the presenter on screen: only its own callbacks run.
    /// - Throws: ``ControllerError`` when the presenter already presents a controller (one
    ///   presentation at a time), when `controller` is already presented or is a child, or
    ///   when the presenter's view is not in a window.
    public func present(
        _ controller: ViewController, animated: Bool, completion: (() -> Void)? = nil
    ) throws(ControllerError) {
        let presenter = presentationContext
        if let other = controller.presentingViewController {
            throw ControllerError("cannot present \(controller) from \(presenter): it is already presented by \(other)")
        }
        if let parent = controller.parent {
            throw ControllerError("cannot present \(controller) from \(presenter): it is a child of \(parent)")
        }
        if presenter.isInside(controller) {
            throw ControllerError("cannot present \(controller) from \(presenter): it is already on screen below")
        }
        if presenter.isEndingPresentationTransition {
            // Asked from an appearance callback of a presentation or dismissal that just
            // ended (a presenter presenting again from its viewDidAppear): it runs once they
            // are done, when what was checked above still holds.
            presenter.afterPresentationTransition.append {
                try? self.present(controller, animated: animated, completion: completion)
            }
            return
        }
        if let current = presenter.presentedViewController {
            throw ControllerError(
                "cannot present \(controller) from \(presenter): it is already presenting \(current); dismiss that first")
        }
        guard let window = presenter.viewIfLoaded?.window else {
            throw ControllerError("cannot present \(controller) from \(presenter): its view is not in a window")
        }
        presenter.presentedViewController = controller
        controller.presentingViewController = presenter
        presenter.isPresentationTransitioning = true

        let presentedView = controller.view
        let covers = controller.modalPresentationStyle == .fullScreen
        presentedView.frame = window.bounds
        presentedView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if covers { presenter.beginAppearanceTransition(false, animated: animated) }
        controller.beginAppearanceTransition(true, animated: animated)
        try? window.addSubview(presentedView)
        let finalCenter = presentedView.center, finalAlpha = presentedView.alpha
        if animated {
            if covers { presentedView.center.y += window.bounds.height } else { presentedView.alpha = 0 }
        }
        let label = { [weak controller, weak presenter] in
            "the presentation of \(controller?.description ?? "a controller") from \(presenter?.description ?? "a controller")"
        }
        window.holdTouches()
        View.animate(duration: animated ? Self.presentationDuration : 0, on: window.loop, label: label, animations: {
            if covers { presentedView.center = finalCenter } else { presentedView.alpha = finalAlpha }
        }, completion: { _ in
            window.releaseTouches()
            presenter.endPresentationTransition {
                controller.endAppearanceTransition()
                if covers {
                    presenter.viewIfLoaded?.removeFromSuperview()
                    presenter.endAppearanceTransition()
                }
            } then: {}
            completion?()
        })
    }

    /// Runs the appearance callbacks that end a presentation or dismissal, then what they
    /// asked for meanwhile (a dismissal from `viewDidAppear`, a new presentation from the
    /// presenter's), in order.
    private func endPresentationTransition(_ callbacks: () -> Void, then finish: () -> Void) {
        isEndingPresentationTransition = true
        callbacks()
        isEndingPresentationTransition = false
        isPresentationTransitioning = false
        finish()
        let requests = afterPresentationTransition
        afterPresentationTransition = []
        for request in requests { request() }
    }

    /// Dismisses what this controller presents, with everything presented above it; called
    /// on a presented controller that presents nothing, it dismisses that controller.
    ///
    /// Only the topmost view animates away; the controllers between were already off
    /// screen and get no callbacks. Appearance: the topmost will disappear, the presenter will
    /// appear, the presenter did appear, the topmost did disappear, then `completion`; a
    /// presenter still on screen (under a controller presented over it) gets no callbacks.
    /// Does nothing when nothing is presented.
    /// - Throws: ``ControllerError`` when the presentation or a dismissal is still animating:
    ///   the dismissal would be lost.
    public func dismiss(animated: Bool, completion: (() -> Void)? = nil) throws(ControllerError) {
        let context = presentationContext
        guard let presenter = context.presentedViewController != nil ? context : context.presentingViewController,
              let first = presenter.presentedViewController
        else { return }
        if presenter.isPresentationTransitioning {
            guard presenter.isEndingPresentationTransition else {
                throw ControllerError("cannot dismiss \(first): \(presenter) is still animating a transition")
            }
            // Asked from an appearance callback of the transition that just ended: once they
            // are done nothing is animating, so the dismissal cannot fail then.
            presenter.afterPresentationTransition.append { try? self.dismiss(animated: animated, completion: completion) }
            return
        }
        var chain = [first]
        while let next = chain.last?.presentedViewController { chain.append(next) }
        let top = chain.last!
        guard let window = top.viewIfLoaded?.window else {
            unlink(presenter, chain)
            completion?()
            return
        }
        presenter.isPresentationTransitioning = true
        let topView = top.view
        // Under a controller presented over it, the presenter never left the screen.
        let uncovers = presenter.viewIfLoaded?.window !== window
        let fades = top.modalPresentationStyle == .overFullScreen
        top.beginAppearanceTransition(false, animated: animated)
        if uncovers {
            presenter.beginAppearanceTransition(true, animated: animated)
            let presenterView = presenter.view
            presenterView.frame = window.bounds
            try? window.insertSubview(presenterView, below: topView)
        }
        let alpha = topView.alpha
        let label = { [weak top] in "the dismissal of \(top?.description ?? "a controller")" }
        window.holdTouches()
        View.animate(duration: animated ? Self.presentationDuration : 0, on: window.loop, label: label, animations: {
            if fades { topView.alpha = 0 } else { topView.center.y += window.bounds.height }
        }, completion: { _ in
            window.releaseTouches()
            presenter.endPresentationTransition {
                if uncovers { presenter.endAppearanceTransition() }
                for controller in chain { controller.viewIfLoaded?.removeFromSuperview() }
                top.endAppearanceTransition()
                if fades { topView.alpha = alpha } else { topView.center.y -= window.bounds.height }
            } then: {
                self.unlink(presenter, chain)
            }
            completion?()
        })
    }

    private func unlink(_ presenter: ViewController, _ chain: [ViewController]) {
        presenter.presentedViewController = nil
        for controller in chain {
            controller.presentingViewController = nil
            controller.presentedViewController = nil
        }
    }

    /// The controller that presents on this one's behalf: its outermost ancestor.
    var presentationContext: ViewController {
        var controller = self
        while let parent = controller.parent { controller = parent }
        return controller
    }
}
