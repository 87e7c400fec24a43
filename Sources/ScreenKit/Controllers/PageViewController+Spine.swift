// MARK: - The spine on rotation

extension PageViewController {
    /// Asks the delegate for the spine location for `orientation` and applies it.
    ///
    /// Pages the delegate sets meanwhile (the pages the new location needs) are checked
    /// against the location it returns: when they fit, both change together; when they do
    /// not, neither changes and their completion gets false. When it sets none, the pages
    /// shown are fitted to the new location: the mid spine pulls the second page from the
    /// data source, the min and max spines keep the first page. A location the pages cannot
    /// be fitted to (the mid spine with single-sided pages, or a book of one page) is not
    /// taken.
    ///
    /// Either way, a location that is not taken is the delegate's mistake, told to it with
    /// the error ``setViewControllers(_:direction:animated:completion:)`` gives for such pages
    /// (``PageViewControllerDelegate/pageViewController(_:refusedSpineLocation:error:)``).
    func chooseSpineLocation(for orientation: Window.Orientation) {
        guard transitionStyle == .pageCurl, let delegate, !isChoosingSpine else { return }
        isChoosingSpine = true
        pendingPages = nil
        let location = delegate.pageViewController(self, spineLocationFor: orientation)
        isChoosingSpine = false
        let pending = pendingPages
        pendingPages = nil

        if let pending {
            do throws(ControllerError) {
                let count = pending.controllers.count
                try checkTable(count: count, spine: location, doubleSided: isDoubleSided, action: "set \(pageCount(count)) of \(self)")
                try checkIdle(to: "set the pages")
                try show(pending.controllers, spine: location, direction: pending.direction, animated: pending.animated,
                         isTurn: false, completion: pending.completion)
            } catch {
                delegate.pageViewController(self, refusedSpineLocation: location, error: error)
                pending.completion?(false)
            }
            return
        }
        guard location != spineLocation, !isTransitioning else { return }
        do throws(ControllerError) {
            let pages = try fittedPages(for: location)
            try show(pages, spine: location, direction: .forward, animated: false, isTurn: false, completion: nil)
        } catch {
            delegate.pageViewController(self, refusedSpineLocation: location, error: error)
        }
    }

    /// The pages shown now, made to fit `location`.
    /// - Throws: the error of ``setViewControllers(_:direction:animated:completion:)`` for the
    ///   pages shown now at `location`, when they cannot be made to fit it.
    private func fittedPages(for location: SpineLocation) throws(ControllerError) -> [ViewController] {
        guard let first = viewControllers.first else { return viewControllers }
        switch location {
        case .mid:
            if isDoubleSided, viewControllers.count == 2 { return viewControllers }
            if isDoubleSided, let dataSource {
                if let after = dataSource.pageViewController(self, viewControllerAfter: first), canShow(after) {
                    return [first, after]
                }
                if let before = dataSource.pageViewController(self, viewControllerBefore: first), canShow(before) {
                    return [before, first]
                }
            }
            let count = viewControllers.count
            try checkTable(count: count, spine: location, doubleSided: isDoubleSided, action: "set \(pageCount(count)) of \(self)")
            return viewControllers
        case .min, .max:
            return [first]
        }
    }

    private func canShow(_ page: ViewController) -> Bool {
        guard !viewControllers.contains(where: { $0 === page }) else { return false }
        return (try? checkFree(page, action: "")) != nil
    }
}
