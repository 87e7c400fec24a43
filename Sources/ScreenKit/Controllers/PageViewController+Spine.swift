// MARK: - The spine on rotation

extension PageViewController {
    /// Asks the delegate for the spine location for `orientation` and applies it.
    ///
    /// Pages the delegate sets meanwhile (Listing 4.51) are checked against the location it
    /// returns: when they fit, both change together; when they do not, neither changes and
    /// their completion gets false. When it sets none, the pages shown are fitted to the new
    /// location: the mid spine pulls the second page from the data source, the min and max
    /// spines keep the first page. A location the pages cannot be fitted to (the mid
    /// spine with single-sided pages, or a book of one page) is not taken.
    func chooseSpineLocation(for orientation: Window.Orientation) {
        guard transitionStyle == .pageCurl, let delegate, !isChoosingSpine else { return }
        isChoosingSpine = true
        pendingPages = nil
        let location = delegate.pageViewController(self, spineLocationFor: orientation)
        isChoosingSpine = false
        let pending = pendingPages
        pendingPages = nil

        if let pending {
            let fits = (try? checkTable(count: pending.controllers.count, spine: location, doubleSided: isDoubleSided, action: "")) != nil
            let shown = fits && !isTransitioning && (try? show(
                pending.controllers, spine: location, direction: pending.direction, animated: pending.animated,
                isTurn: false, completion: pending.completion)) != nil
            if !shown { pending.completion?(false) }
            return
        }
        guard location != spineLocation, !isTransitioning, let pages = fittedPages(for: location) else { return }
        try? show(pages, spine: location, direction: .forward, animated: false, isTurn: false, completion: nil)
    }

    /// The pages shown now, made to fit `location`; nil when they cannot be.
    private func fittedPages(for location: SpineLocation) -> [ViewController]? {
        guard let first = viewControllers.first else { return viewControllers }
        switch location {
        case .mid:
            guard isDoubleSided else { return nil }
            if viewControllers.count == 2 { return viewControllers }
            guard let dataSource else { return nil }
            if let after = dataSource.pageViewController(self, viewControllerAfter: first), canShow(after) {
                return [first, after]
            }
            if let before = dataSource.pageViewController(self, viewControllerBefore: first), canShow(before) {
                return [before, first]
            }
            return nil
        case .min, .max:
            return [first]
        }
    }

    private func canShow(_ page: ViewController) -> Bool {
        guard !viewControllers.contains(where: { $0 === page }) else { return false }
        return (try? checkFree(page, action: "")) != nil
    }
}
