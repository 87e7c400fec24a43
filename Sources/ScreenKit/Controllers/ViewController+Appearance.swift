// MARK: - Appearance

extension ViewController {
    /// Starts an appearance transition: `viewWillAppear` or `viewWillDisappear`, then the same
    /// for the children whose views are in this view, unless forwarding is manual.
    ///
    /// A controller never gets the same callback twice in a row: beginning to appear while
    /// appearing or appeared does nothing, and so does beginning to disappear while
    /// disappearing or disappeared.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        if isAppearing {
            guard appearanceState == .disappeared || appearanceState == .disappearing else { return }
            loadViewIfNeeded()
            appearanceState = .appearing
            appearanceAnimated = animated
            send(.viewWillAppear(animated))
            prepareForAppearance()
        } else {
            guard appearanceState == .appeared || appearanceState == .appearing else { return }
            appearanceState = .disappearing
            appearanceAnimated = animated
            send(.viewWillDisappear(animated))
        }
        for child in forwardedChildren { child.beginAppearanceTransition(isAppearing, animated: animated) }
    }

    /// Ends the appearance transition under way: `viewDidAppear` or `viewDidDisappear`, then
    /// the same for the children it was forwarded to. Does nothing when none is under way.
    public func endAppearanceTransition() {
        switch appearanceState {
        case .appearing:
            appearanceState = .appeared
            send(.viewDidAppear(appearanceAnimated))
        case .disappearing:
            appearanceState = .disappeared
            send(.viewDidDisappear(appearanceAnimated))
        case .appeared, .disappeared:
            return
        }
        for child in forwardedChildren { child.endAppearanceTransition() }
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
