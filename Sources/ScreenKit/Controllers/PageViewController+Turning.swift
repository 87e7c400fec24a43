// MARK: - Turning pages

extension PageViewController {
    /// Turns to the next page (or pair of pages) the data source gives; nothing happens at the
    /// end of the book. The delegate hears `didFinishAnimating` when the turn is done.
    /// - Returns: whether a turn started.
    /// - Throws: ``ControllerError`` when a turn is under way, or the data source gave a page
    ///   that cannot be shown (already a child elsewhere, or shown now).
    @discardableResult
    public func pageForward(animated: Bool = true) throws(ControllerError) -> Bool {
        try turn(.forward, animated: animated)
    }

    /// Turns to the previous page (or pair); nothing happens at the beginning of the book.
    /// See ``pageForward(animated:)``.
    @discardableResult
    public func pageBackward(animated: Bool = true) throws(ControllerError) -> Bool {
        try turn(.reverse, animated: animated)
    }

    private func turn(_ direction: NavigationDirection, animated: Bool) throws(ControllerError) -> Bool {
        try checkIdle(to: "turn the page")
        guard let turn = try neighbourPages(direction) else { return false }
        try show(turn.pages, spine: spineLocation, direction: direction, animated: animated, isTurn: true,
                 sheetBack: turn.sheetBack, completion: nil)
        return true
    }

    /// The pages a turn in `direction` shows, asking the data source only for the neighbours
    /// of the pages shown now; nil at either end of the book.
    ///
    /// Single-sided sheets turn one page at a time. The mid spine turns two: forward, the page
    /// after the right one (the back of the turning sheet, landing on the left) and the page
    /// after that; backward, the page before the left one and the page before that. Double-
    /// sided sheets at the min and max spines pair every second page with the one before it
    /// (see the type's documentation): forward, the page after the shown one is the back of its
    /// sheet and the page after that is shown; backward, the page before the shown one is the
    /// back of the sheet coming over and the page before that is shown. Every turn needs both
    /// pages; `sheetBack` is the back seen while a min or max sheet turns.
    private func neighbourPages(
        _ direction: NavigationDirection
    ) throws(ControllerError) -> (pages: [ViewController], sheetBack: ViewController?)? {
        guard let dataSource, let first = viewControllers.first, let last = viewControllers.last else { return nil }
        guard spineLocation == .mid || isDoubleSided else {
            return try neighbour(direction, of: first, from: dataSource, besides: []).map { ([$0], nil) }
        }
        let edge = direction == .forward ? last : first
        guard let near = try neighbour(direction, of: edge, from: dataSource, besides: []),
              let far = try neighbour(direction, of: near, from: dataSource, besides: [near])
        else { return nil }
        if spineLocation == .mid { return (direction == .forward ? [near, far] : [far, near], nil) }
        return ([far], near)
    }

    /// The data source's page before or after `page`, checked: it must not be shown now, be
    /// in `besides`, or be in another container.
    private func neighbour(
        _ direction: NavigationDirection, of page: ViewController, from dataSource: PageViewControllerDataSource,
        besides: [ViewController]
    ) throws(ControllerError) -> ViewController? {
        let found = direction == .forward
            ? dataSource.pageViewController(self, viewControllerAfter: page)
            : dataSource.pageViewController(self, viewControllerBefore: page)
        guard let found else { return nil }
        let action = { "turn to \(found), the data source's page \(direction == .forward ? "after" : "before") \(page)" }
        if viewControllers.contains(where: { $0 === found }) || besides.contains(where: { $0 === found }) {
            throw ControllerError("cannot \(action()): it is shown already")
        }
        try checkFree(found, action: action())
        return found
    }

    /// A swipe toward the spine's far side turns forward: left (or up) for the next page.
    func swiped(_ recognizer: SwipeGestureRecognizer) {
        guard recognizer.state == .ended, !isTransitioning, let direction = recognizer.direction else { return }
        let forward = direction == .left || direction == .up
        // A gesture has nowhere to report to: a page the data source got wrong is not turned to.
        _ = try? turn(forward ? .forward : .reverse, animated: true)
    }

    // MARK: - Transitions

    /// Moves from the current pages to `pages` at `spine`, with containment, appearance and
    /// the animation in UIKit's order (see ``setViewControllers(_:direction:animated:completion:)``).
    ///
    /// `sheetBack`, the back of a double-sided sheet turning at the min or max spine, takes
    /// part in an animated turn only: it becomes a child and appears as the sheet lifts, and
    /// disappears and leaves as the sheet lands (a turn without animation skips it).
    func show(
        _ pages: [ViewController], spine: SpineLocation, direction: NavigationDirection, animated: Bool, isTurn: Bool,
        sheetBack: ViewController? = nil, completion: ((Bool) -> Void)?
    ) throws(ControllerError) {
        let previous = viewControllers
        let oldVisible = visiblePages
        let added = pages.filter { $0.parent !== self }
        let removed = previous.filter { old in !pages.contains { $0 === old } }
        for page in added { try addChild(page) }
        for page in removed { page.send(.willMoveToParent(nil)) }
        spineLocation = spine
        viewControllers = pages
        let newVisible = visiblePages
        let appearing = newVisible.filter { new in !oldVisible.contains { $0 === new } }
        let disappearing = oldVisible.filter { old in !newVisible.contains { $0 === old } }
        let isOnScreen = appearanceState == .appeared || appearanceState == .appearing
        // Only a whole spread turning for another of the same size animates.
        let animate = animated && isOnScreen && isViewLoaded && view.window?.loop != nil
            && !oldVisible.isEmpty && appearing.count == newVisible.count
            && disappearing.count == oldVisible.count && oldVisible.count == newVisible.count

        let back = animate ? sheetBack : nil
        if let back {
            try addChild(back)
            back.send(.didMoveToParent(self))
        }

        // Appearance begins before the views move, so that the window does not make the
        // pages appear on its own as their views enter it.
        if isOnScreen {
            if let back { back.beginAppearanceTransition(true, animated: true) }
            for page in appearing { page.beginAppearanceTransition(true, animated: animate) }
            for page in disappearing { page.beginAppearanceTransition(false, animated: animate) }
        }
        if isViewLoaded {
            for page in appearing { page.view.autoresizingMask = [] }
            if !animate { placeAppearing(appearing, among: newVisible) }
        }

        let finish: (Bool) -> Void = { [self] finished in
            isTransitioning = false
            for page in disappearing {
                if let pageView = page.viewIfLoaded, pageView.superview === viewIfLoaded { pageView.removeFromSuperview() }
            }
            if isViewLoaded {
                for page in newVisible where page.view.superview !== view { try? view.addSubview(page.view) }
                placePages()
            }
            if isOnScreen {
                let order = transitionStyle == .pageCurl ? disappearing + appearing : appearing + disappearing
                if let back { back.endAppearanceTransition() }
                for page in order { page.endAppearanceTransition() }
            }
            if let back {
                back.beginAppearanceTransition(false, animated: true)
                back.viewIfLoaded?.removeFromSuperview()
                back.endAppearanceTransition()
                back.send(.willMoveToParent(nil))
                back.removeFromParent()
            }
            for page in removed { page.removeFromParent() }
            for page in added { page.send(.didMoveToParent(self)) }
            if isTurn {
                delegate?.pageViewController(self, didFinishAnimating: finished, previousViewControllers: previous,
                                             transitionCompleted: true)
            }
            completion?(finished)
        }
        guard animate else { return finish(true) }
        isTransitioning = true
        let oldViews = oldVisible.map(\.view)
        let newViews = newVisible.map(\.view)
        let frames = pageFrames(count: newVisible.count)
        let forward = direction == .forward
        let animations = transitionStyle == .scroll
            ? scroll(from: oldViews, to: newViews, frames: frames, forward: forward)
            : curl(from: oldViews, to: newViews, frames: frames, forward: forward, back: back?.view)
        let label = { [weak self] in
            "the page turn to \(newVisible.map(\.description).joined(separator: ", ")) in \(self?.description ?? "a page controller")"
        }
        View.animate(
            duration: Self.transitionDuration, on: view.window?.loop, label: label, animations: animations, completion: finish)
    }

    /// Adds the appearing pages' views, in the frames of their places among the visible pages.
    private func placeAppearing(_ appearing: [ViewController], among visible: [ViewController]) {
        let frames = pageFrames(count: visible.count)
        for (page, frame) in zip(visible, frames) where appearing.contains(where: { $0 === page }) {
            page.view.frame = frame
            try? view.addSubview(page.view)
        }
    }

    /// The new page slides in from the edge the old one slides out of.
    private func scroll(from oldViews: [View], to newViews: [View], frames: [Rect], forward: Bool) -> () -> Void {
        let bounds = view.bounds
        let step = forward ? 1.0 : -1.0
        let (dx, dy) = navigationOrientation == .horizontal ? (bounds.width * step, 0.0) : (0.0, bounds.height * step)
        for (newView, frame) in zip(newViews, frames) {
            newView.frame = frame.offsetBy(dx: dx, dy: dy)
            try? view.addSubview(newView)
        }
        return {
            for (newView, frame) in zip(newViews, frames) { newView.frame = frame }
            for oldView in oldViews { oldView.frame = oldView.frame.offsetBy(dx: -dx, dy: -dy) }
        }
    }

    /// The turning sheet folds onto the spine while the page on its other side unfolds from it.
    ///
    /// Forward, the page after the spine (the only one at the min and max spines) folds away
    /// and uncovers the new page beneath, and at the mid spine the new page before the spine
    /// unfolds over the old one. Backward is the mirror: the new page unfolds over the old.
    ///
    /// A double-sided sheet at the min or max spine shows its `back` while it turns: forward,
    /// the back lies over the old page and folds away with it; backward, it unfolds with the
    /// new page, beneath it.
    private func curl(
        from oldViews: [View], to newViews: [View], frames: [Rect], forward: Bool, back: View? = nil
    ) -> () -> Void {
        let spine = spineCoordinate
        let folded = { (frame: Rect) -> Rect in
            self.navigationOrientation == .horizontal
                ? Rect(x: spine, y: frame.minY, width: 0, height: frame.height)
                : Rect(x: frame.minX, y: spine, width: frame.width, height: 0)
        }
        // With two pages, the slot that folds away; the other unfolds. One page folds
        // forward and unfolds backward.
        let foldingSlot = forward ? newViews.count - 1 : 0
        var folds: [View] = []
        var unfolds: [(View, Rect)] = []
        for slot in newViews.indices {
            let newView = newViews[slot], oldView = oldViews[slot], frame = frames[slot]
            if newViews.count == 1 ? forward : slot == foldingSlot {
                newView.frame = frame
                try? view.insertSubview(newView, below: oldView)
                folds.append(oldView)
            } else {
                newView.frame = folded(frame)
                try? view.addSubview(newView)
                unfolds.append((newView, frame))
            }
        }
        if let back, let frame = frames.first {
            back.autoresizingMask = []
            if forward {
                back.frame = frame
                try? view.addSubview(back)
                folds.append(back)
            } else {
                back.frame = folded(frame)
                try? view.insertSubview(back, below: newViews[0])
                unfolds.append((back, frame))
            }
        }
        return {
            for oldView in folds { oldView.frame = folded(oldView.frame) }
            for (newView, frame) in unfolds { newView.frame = frame }
        }
    }

    /// Where the spine is along the direction pages turn, in the view's coordinates.
    private var spineCoordinate: Double {
        let length = navigationOrientation == .horizontal ? view.bounds.width : view.bounds.height
        switch spineLocation {
        case .min: return 0
        case .mid: return length / 2
        case .max: return length
        }
    }
}
