// MARK: - Appearance

extension ViewController {
    /// Starts an appearance transition: `viewWillAppear` or `viewWillDisappear`, then the same
    /// for the children whose views are in this view, unless forwarding is manual.
    ///
    /// A controller never gets the same callback twice in a row: beginning to appear while
    /// appearing or appeared does nothing, and so does beginning to disappear while
    /// disappearing or disappeared.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        forEachForwarded { controller in
            if isAppearing {
                guard controller.appearanceState == .disappeared || controller.appearanceState == .disappearing else {
                    return false
                }
                controller.loadViewIfNeeded()
                controller.appearanceState = .appearing
                controller.appearanceAnimated = animated
                controller.send(.viewWillAppear(animated))
                controller.prepareForAppearance()
            } else {
                guard controller.appearanceState == .appeared || controller.appearanceState == .appearing else {
                    return false
                }
                controller.appearanceState = .disappearing
                controller.appearanceAnimated = animated
                controller.send(.viewWillDisappear(animated))
            }
            return true
        }
    }

    /// Ends the appearance transition under way: `viewDidAppear` or `viewDidDisappear`, then
    /// the same for the children it was forwarded to. Does nothing when none is under way.
    public func endAppearanceTransition() {
        forEachForwarded { controller in
            switch controller.appearanceState {
            case .appearing:
                controller.appearanceState = .appeared
                controller.send(.viewDidAppear(controller.appearanceAnimated))
            case .disappearing:
                controller.appearanceState = .disappeared
                controller.send(.viewDidDisappear(controller.appearanceAnimated))
            case .appeared, .disappeared:
                return false
            }
            return true
        }
    }

    /// Runs `step` on this controller and, where it returns true, on the children the
    /// callbacks are forwarded to, depth first: each child's subtree before the next child,
    /// the children looked up once `step` has run on their parent. A loop, so no depth of
    /// children can overflow the stack.
    private func forEachForwarded(_ step: (ViewController) -> Bool) {
        var pending: [ViewController] = [self]
        while let controller = pending.popLast() {
            guard step(controller) else { continue }
            pending.append(contentsOf: controller.forwardedChildren.reversed())
        }
    }

    /// The children that appear and disappear with this controller: those whose views are
    /// in its view, when forwarding is automatic.
    var forwardedChildren: [ViewController] {
        guard forwardsAppearanceAutomatically, let view = viewIfLoaded else { return [] }
        return children.filter { $0.viewIfLoaded?.isDescendant(of: view) == true }
    }

    /// The root view is entering (or leaving) a visible window.
    func rootViewWillMove(appearing: Bool) {
        appearanceBegunByWindow = false
        if let parent, !parent.forwardsAppearanceAutomatically { return }
        let before = appearanceState
        beginAppearanceTransition(appearing, animated: false)
        appearanceBegunByWindow = appearanceState != before
    }

    /// The root view entered (or left) a visible window.
    func rootViewDidMove(appearing: Bool) {
        guard appearanceBegunByWindow else { return }
        appearanceBegunByWindow = false
        endAppearanceTransition()
    }
}
