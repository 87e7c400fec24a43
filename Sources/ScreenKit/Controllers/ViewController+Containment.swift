// MARK: - Containment

extension ViewController {
    /// Makes `child` a child of this controller, calling `child.willMove(toParent: self)`.
    /// The caller places the child's view and then calls `child.didMove(toParent: self)`.
    ///
    /// Adding a child of this controller again does nothing.
    /// - Throws: ``ControllerError`` when the child has another parent (both are named), is
    ///   this controller or one of its ancestors, or is presented.
    public func addChild(_ child: ViewController) throws(ControllerError) {
        if child.parent === self { return }
        if let other = child.parent {
            throw ControllerError(
                "cannot add \(child) as a child of \(self): it is already a child of \(other); remove it from its parent first")
        }
        // Presentations count: a controller must not contain the controller that presents it.
        if TreeSearch.isNode(
            self, inside: child, parent: { $0.parent ?? $0.presentingViewController }, children: { $0.descendantsAndPresented }
        ) {
            throw ControllerError("cannot add \(child) as a child of \(self): a controller cannot contain itself")
        }
        if let presenter = child.presentingViewController {
            throw ControllerError("cannot add \(child) as a child of \(self): it is presented by \(presenter)")
        }
        child.send(.willMoveToParent(self))
        children.append(child)
        child.parent = self
    }

    /// Takes the controller from its parent and calls `didMove(toParent: nil)`. The caller
    /// calls `willMove(toParent: nil)` first and removes the view.
    public func removeFromParent() {
        removeFromParent(tellingParent: true)
    }

    /// `tellingParent` is false when the parent takes the child out itself, and so knows.
    func removeFromParent(tellingParent: Bool) {
        guard let parent else { return }
        // A child is listed once, and the one leaving is most often the last added (a pop).
        if let index = parent.children.lastIndex(where: { $0 === self }) {
            parent.children.remove(at: index)
        }
        self.parent = nil
        if tellingParent { parent.childRemoved(self) }
        send(.didMoveToParent(nil))
    }

    /// Whether `ancestor` is this controller, or holds it as a child or a presented
    /// controller, however many levels up: what taking `ancestor` into this controller would
    /// turn into a cycle.
    func isInside(_ ancestor: ViewController) -> Bool {
        var current: ViewController? = self
        while let controller = current {
            if controller === ancestor { return true }
            current = controller.parent ?? controller.presentingViewController
        }
        return false
    }

    /// Whether `ancestor` is this controller or one of its parents.
    public func isDescendant(of ancestor: ViewController) -> Bool {
        var current: ViewController? = self
        while let controller = current {
            if controller === ancestor { return true }
            current = controller.parent
        }
        return false
    }

    /// Swaps two children's views, as `transition(from:to:duration:options:animations:completion:)`.
    ///
    /// Both must be children of this controller. `to`'s view is added beside `from`'s,
    /// `animations` runs inside ``View/animate(duration:curve:on:animations:completion:)`` on
    /// the loop's animation driver, then `from`'s view is removed and `completion` is called.
    /// Appearance: `from` will disappear, `to` will appear, then `from` did disappear and `to`
    /// did appear. Containment stays the caller's (`willMove`/`removeFromParent`/`didMove`).
    /// - Throws: ``ControllerError`` when either is not a child of this controller.
    public func transition(
        from: ViewController, to: ViewController, duration: Double,
        animations: (() -> Void)? = nil, completion: ((Bool) -> Void)? = nil
    ) throws(ControllerError) {
        for controller in [from, to] where controller.parent !== self {
            throw ControllerError("cannot transition from \(from) to \(to): \(controller) is not a child of \(self)")
        }
        guard from !== to else {
            throw ControllerError("cannot transition from \(from) to itself")
        }
        let animated = duration > 0
        let forwards = forwardsAppearanceAutomatically && appearanceState != .disappeared
        if forwards {
            from.beginAppearanceTransition(false, animated: animated)
            to.beginAppearanceTransition(true, animated: animated)
        }
        let fromView = from.view
        if let superview = fromView.superview {
            try? superview.insertSubview(to.view, above: fromView)
        }
        let label = { [weak from, weak to] in
            "the transition from \(from?.description ?? "a controller") to \(to?.description ?? "a controller")"
        }
        View.animate(duration: duration, on: view.window?.loop, label: label, animations: animations ?? {}) { finished in
            fromView.removeFromSuperview()
            if forwards {
                from.endAppearanceTransition()
                to.endAppearanceTransition()
            }
            completion?(finished)
        }
    }
}
