/// What has the keyboard focus: a view, or a row of a list by its index path, so that a
/// cell the list hands to another row as it scrolls does not take the focus with it.
struct FocusTarget {
    weak var view: View?
    weak var list: ScrollView?
    var indexPath: IndexPath?

    init(_ view: View) {
        if let (list, path) = Window.row(of: view) {
            self.list = list
            indexPath = path
        } else {
            self.view = view
        }
    }

    init(list: ScrollView, indexPath: IndexPath) {
        self.list = list
        self.indexPath = indexPath
    }

    /// The view shown for the target now: the view, or the cell the list shows for the row.
    var resolved: View? {
        if let view { return view }
        guard let list, let indexPath else { return nil }
        if let table = list as? TableView { return table.visibleRows[indexPath] }
        return (list as? CollectionView)?.cellForItem(at: indexPath)
    }
}

/// How far the up and down arrows scroll a view that is not a list of cells: one line of
/// the text grid.
private let lineHeight = 16.0
/// The touch id of the taps Enter and Space make, apart from a finger's or the mouse's.
private let keyboardTouchID = -1

// MARK: - Focus

extension Window {
    /// The view with the keyboard focus, drawn highlighted in the terminal; Enter and Space
    /// tap it, and the arrows move it or what it is in. Nil at first, and while what has the
    /// focus is not on screen (``focusableViews()``): a controller pushed over it, a cell
    /// scrolled away. The focus comes back when that view does (as a pop shows it again,
    /// the way UIKit restores the focus after a transition), unless Tab moved it on meanwhile.
    /// A row of a list keeps the focus by its index path: the cell the list shows for that
    /// row has it, never a reused cell showing another row.
    public var focusedView: View? {
        guard let view = focusTarget?.resolved, isFocusable(view) else { return nil }
        return view
    }

    /// Whether the focus was given to `view`, whether or not it can show it now: what a view
    /// describing itself asks, without the hit testing ``focusedView`` does.
    func isFocusTarget(_ view: View) -> Bool {
        focusTarget?.resolved === view
    }

    /// Gives the focus to `view` (nil takes it away). A view that cannot have the focus
    /// (see ``focusableViews()``) still gets it, and shows it once it can.
    public func focus(_ view: View?) {
        focusTarget = view.map(FocusTarget.init)
    }

    /// The views that can have the focus, in reading order: enabled controls (buttons,
    /// switches, sliders, steppers, segmented controls, text fields, page controls, date
    /// pickers, the bar buttons and back button of a navigation bar, tab bar items), pickers
    /// (what says it ``View/canBecomeFocused``) and the cells of tables and
    /// collection views, that a person sees and can touch: not hidden or transparent, inside
    /// the window and the scroll views around them, and not covered (only the controller
    /// presented on top counts while one is) — a tap at the middle of what shows of the view
    /// reaches it.
    ///
    /// Reading order is top to bottom, then left to right, by what shows of the views'
    /// frames in window coordinates (a cell half scrolled out of its list counts by its part
    /// in view). A row starts at the topmost view not yet read; the views after it, by their
    /// tops, are in its row while each overlaps that first view vertically by at least half
    /// the height of the shorter of the two. A row of buttons of different heights on one
    /// line reads left to right, the staggered cards of a masonry grid read by their lines,
    /// and the rows of a table one after the other.
    public func focusableViews() -> [View] {
        layoutIfNeeded()
        var found: [(view: View, frame: Rect)] = []
        var pending: [View] = [focusRoot]
        while let view = pending.popLast() {
            guard !view.isHidden, view.alpha > 0.01, view.isUserInteractionEnabled else { continue }
            if Self.canHaveFocus(view), let shown = shownRect(of: view) {
                found.append((view, shown))
            }
            pending.append(contentsOf: view.subviews)
        }
        return Self.readingOrder(found)
    }

    /// Moves the focus to the next view in reading order (the previous one when `forward` is
    /// false), round from the last to the first. With nothing focused, Tab goes to the
    /// first view and Shift-Tab to the last. A text field being edited stops editing.
    public func moveFocus(forward: Bool) {
        endEditing()
        let views = focusableViews()
        guard !views.isEmpty else { return }
        let next: View
        if let current = focusedView, let index = views.firstIndex(where: { $0 === current }) {
            next = views[(index + (forward ? 1 : views.count - 1)) % views.count]
        } else {
            next = forward ? views[0] : views[views.count - 1]
        }
        focus(next)
    }

    /// Enter or Space: taps the focused view at the middle of what shows of it, through the
    /// touches path a finger takes (so gesture recognizers, controls and row selection work
    /// as for a finger): a button sends its actions, a switch turns over, a cell selects its
    /// row, a text field starts editing. A view whose description says it is not activated
    /// by a tap (a slider, whose value a tap would set) takes none: the arrows step it.
    ///
    /// - Returns: whether there was a focused view to tap.
    @discardableResult
    public func activateFocused() -> Bool {
        guard let view = focusedView, view.contentDescription.activatesByTap,
              let point = touchPoint(of: view) else { return false }
        touch(.began, at: point, id: keyboardTouchID)
        touch(.ended, at: point, id: keyboardTouchID)
        return true
    }

    /// An arrow or page key. In order, the first that applies:
    /// - the focused view takes it itself (``View/keyPressed(_:)``: a picker turns its wheels);
    /// - left and right step the focused view when its description is adjustable (a slider
    ///   by a tenth of its range, a segmented control, a stepper, a page control), through
    ///   ``View/accessibilityAdjust(_:)``, which sends `valueChanged`; Home and End take it
    ///   to its least or greatest value (the first or last segment or page);
    /// - on a focused cell, up and down move the focus to the row above or below (in a
    ///   collection view, the nearest item in the line above or below; left and right, the
    ///   previous or next item), scrolling it into view; page up and down scroll a page and
    ///   focus the cell then where the focused one was (at either end of the list, the first
    ///   or last row shown); past the first or last row, up and down scroll a line (so that
    ///   a header or footer shows); Home and End focus the list's first or last row;
    /// - in any other scroll view around the focus (or, with nothing focused or the focus
    ///   in none, the largest one on screen that scrolls), up and down scroll a line of 16
    ///   points, page up and down a page (the view's height less a line), Home and End to
    ///   the top and the bottom;
    /// - left and right turn the pages of the page view controller around the focus (else
    ///   the innermost one on screen): left back, right forward; up and down for one that
    ///   turns vertically.
    ///
    /// - Returns: whether something moved.
    @discardableResult
    public func scrollFocused(_ direction: FocusDirection) -> Bool {
        layoutIfNeeded()
        let view = focusedView
        if let view, view.keyPressed(direction) || step(view, direction) { return true }
        if let view, let (list, path) = Self.row(of: view), moveInList(list, from: path, direction) { return true }
        if let scrollView = view.flatMap(Self.enclosingScrollView) ?? largestScrollView(),
           scrollByKey(scrollView, direction) {
            return true
        }
        return turnPage(direction, near: view)
    }

    // MARK: - Finding

    /// The view focus is looked for in: the view of the controller presented on top while
    /// one is, else the window.
    private var focusRoot: View {
        guard let top = topPresentedController, top !== rootViewController, let view = top.viewIfLoaded,
              view.window === self else { return self }
        return view
    }

    /// The controller presented on top, or the root controller.
    var topPresentedController: ViewController? {
        guard let root = rootViewController else { return nil }
        var top = root
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        while let presented = top.presentedViewController, seen.insert(ObjectIdentifier(presented)).inserted {
            top = presented
        }
        return top
    }

    /// Whether `view` is of a kind that takes the focus: one that says it can (an enabled
    /// control, a picker), or a cell shown for a row of its list.
    private static func canHaveFocus(_ view: View) -> Bool {
        view.canBecomeFocused || row(of: view) != nil
    }

    /// Whether `view` can have the focus now (see ``focusableViews()``).
    func isFocusable(_ view: View) -> Bool {
        guard view.window === self, view.isDescendant(of: focusRoot), Self.canHaveFocus(view) else { return false }
        var current: View? = view
        while let ancestor = current {
            if ancestor.isHidden || ancestor.alpha <= 0.01 || !ancestor.isUserInteractionEnabled { return false }
            current = ancestor.superview
        }
        return touchPoint(of: view) != nil
    }

    /// The middle of what shows of `view` (see ``shownRect(of:)``).
    func touchPoint(of view: View) -> Point? {
        shownRect(of: view).map { Point(x: $0.midX, y: $0.midY) }
    }

    /// What shows of `view` in the window — its frame cut by the window and the views
    /// around it that clip — when a touch at its middle reaches the view; nil when nothing
    /// of it shows or something covers it there.
    func shownRect(of view: View) -> Rect? {
        var shown: Rect? = view.convert(view.bounds, to: nil)
        var current = view.superview
        while let ancestor = current, ancestor !== self, let rect = shown {
            if ancestor.clipsToBounds { shown = rect.intersection(ancestor.convert(ancestor.bounds, to: nil)) }
            current = ancestor.superview
        }
        guard let visible = shown?.intersection(bounds), visible.width > 0, visible.height > 0,
              visible.midX.isFinite, visible.midY.isFinite
        else { return nil }
        let point = Point(x: visible.midX, y: visible.midY)
        guard let hit = hitTest(point), hit.isDescendant(of: view) else { return nil }
        return visible
    }

    /// The list and index path of a cell shown for a row; nil for any other view.
    static func row(of view: View) -> (ScrollView, IndexPath)? {
        if let cell = view as? TableViewCell, let table = cell.superview as? TableView,
           let path = table.indexPath(for: cell) {
            return (table, path)
        }
        if let cell = view as? CollectionViewCell, let collection = cell.superview as? CollectionView,
           let element = collection.elementsByView[ObjectIdentifier(cell)], element.category == .cell,
           collection.visibleViews[element] === cell {
            return (collection, element.indexPath)
        }
        return nil
    }

    /// Orders views top to bottom, then left to right (see ``focusableViews()``).
    static func readingOrder(_ views: [(view: View, frame: Rect)]) -> [View] {
        let byTop = views.sorted { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }
        var result: [View] = []
        var index = 0
        while index < byTop.count {
            let first = byTop[index].frame
            var end = index + 1
            while end < byTop.count, sharesLine(first, byTop[end].frame) { end += 1 }
            let row = byTop[index..<end].sorted { ($0.frame.minX, $0.frame.minY) < ($1.frame.minX, $1.frame.minY) }
            result += row.map(\.view)
            index = end
        }
        return result
    }

    /// Whether `b`, starting no higher than `a`, overlaps it vertically by at least half the
    /// shorter one's height.
    private static func sharesLine(_ a: Rect, _ b: Rect) -> Bool {
        let overlap = min(a.maxY, b.maxY) - max(a.minY, b.minY)
        return overlap > 0 && overlap >= min(a.height, b.height) / 2
    }

    /// The innermost scroll view around `view`.
    private static func enclosingScrollView(_ view: View) -> ScrollView? {
        var current = view.superview
        while let ancestor = current {
            if let scrollView = ancestor as? ScrollView { return scrollView }
            current = ancestor.superview
        }
        return nil
    }

    /// The largest scroll view on screen that can scroll up or down.
    private func largestScrollView() -> ScrollView? {
        var best: (ScrollView, Double)?
        var pending: [View] = [focusRoot]
        while let view = pending.popLast() {
            guard !view.isHidden, view.alpha > 0.01, view.isUserInteractionEnabled else { continue }
            if let scrollView = view as? ScrollView, scrollView.isScrollEnabled,
               scrollView.maximumContentOffset.y > 0, touchPoint(of: scrollView) != nil {
                let area = scrollView.bounds.width * scrollView.bounds.height
                if area > (best?.1 ?? -1) { best = (scrollView, area) }
            }
            pending.append(contentsOf: view.subviews)
        }
        return best?.0
    }

    // MARK: - Moving

    /// Left and right on a view whose value steps (its description is adjustable); Home
    /// and End take it to its least or greatest value.
    private func step(_ view: View, _ direction: FocusDirection) -> Bool {
        let step: AccessibilityStep
        switch direction {
        case .left: step = .decrement
        case .right: step = .increment
        case .home: step = .toStart
        case .end: step = .toEnd
        default: return false
        }
        guard view.contentDescription.traits.contains(.adjustable) else { return false }
        return view.accessibilityAdjust(step)
    }

    /// Moves the focus from the row at `path` of `list` the way `direction` goes.
    private func moveInList(_ list: ScrollView, from path: IndexPath, _ direction: FocusDirection) -> Bool {
        switch direction {
        case .pageUp, .pageDown:
            return pageList(list, from: path, direction)
        case .home, .end:
            let counts: [Int]
            if let table = list as? TableView {
                table.loadIfNeeded()
                counts = table.rowCounts
            } else if let collection = list as? CollectionView {
                counts = collection.loadCounts()
            } else {
                return false
            }
            guard let edge = Self.edgeRow(last: direction == .end, counts: counts), edge != path else { return false }
            return focusRow(edge, in: list)
        case .left, .right:
            guard let collection = list as? CollectionView,
                  let next = Self.neighbour(of: path, forward: direction == .right, counts: collection.loadCounts())
            else { return false }
            return focusRow(next, in: collection)
        case .up, .down:
            let next: IndexPath?
            if let table = list as? TableView {
                table.loadIfNeeded()
                next = Self.neighbour(of: path, forward: direction == .down, counts: table.rowCounts)
            } else if let collection = list as? CollectionView {
                next = Self.itemInNextLine(of: collection, from: path, down: direction == .down)
            } else {
                next = nil
            }
            guard let next else { return scrollByKey(list, direction) }
            return focusRow(next, in: list)
        }
    }

    /// Scrolls the row into view and focuses it.
    private func focusRow(_ path: IndexPath, in list: ScrollView) -> Bool {
        if let table = list as? TableView {
            guard (try? table.scrollToRow(at: path, at: .none, animated: false)) != nil else { return false }
            table.layoutIfNeeded()
            // A plain table's section header stays at the top over the rows scrolling under
            // it: a row scrolled to the top edge must come down from under it.
            if let header = table.headerView(forSection: path.section), let cell = table.visibleRows[path],
               header.frame.minY <= cell.frame.minY, header.frame.maxY > cell.frame.minY {
                table.scroll(by: Point(x: 0, y: cell.frame.minY - header.frame.maxY))
            }
        } else if let collection = list as? CollectionView {
            guard (try? collection.scrollToItem(at: path, animated: false)) != nil else { return false }
        }
        list.layoutIfNeeded()
        focusTarget = FocusTarget(list: list, indexPath: path)
        return true
    }

    /// The row after (or before) `path` in lists of `counts` rows per section, across
    /// sections; nil past the ends.
    static func neighbour(of path: IndexPath, forward: Bool, counts: [Int]) -> IndexPath? {
        guard counts.indices.contains(path.section) else { return nil }
        if forward {
            if path.item + 1 < counts[path.section] { return IndexPath(item: path.item + 1, section: path.section) }
            var section = path.section + 1
            while section < counts.count, counts[section] == 0 { section += 1 }
            return section < counts.count ? IndexPath(item: 0, section: section) : nil
        }
        if path.item > 0 { return IndexPath(item: min(path.item - 1, counts[path.section] - 1), section: path.section) }
        var section = path.section - 1
        while section >= 0, counts[section] == 0 { section -= 1 }
        return section >= 0 ? IndexPath(item: counts[section] - 1, section: section) : nil
    }

    /// The first row of lists of `counts` rows per section (or the last); nil when they
    /// have none.
    static func edgeRow(last: Bool, counts: [Int]) -> IndexPath? {
        guard let section = last ? counts.lastIndex(where: { $0 > 0 }) : counts.firstIndex(where: { $0 > 0 }) else { return nil }
        return IndexPath(item: last ? counts[section] - 1 : 0, section: section)
    }

    /// The item of the line below (or above) the one at `path`: the nearest line, and in it
    /// the item nearest horizontally.
    private static func itemInNextLine(of collection: CollectionView, from path: IndexPath, down: Bool) -> IndexPath? {
        guard let attributes = collection.layoutAttributesForItem(at: path), attributes.isFinite else { return nil }
        let current = attributes.frame
        let layout = collection.layout
        let reach = max(collection.bounds.height, current.height) * 2
        let band = down
            ? Rect(x: -1e9, y: current.midY, width: 2e9, height: reach)
            : Rect(x: -1e9, y: current.midY - reach, width: 2e9, height: reach)
        let candidates = layout.effectiveAttributes(in: band).filter { attributes in
            guard attributes.category == .cell, attributes.indexPath != path, attributes.isFinite else { return false }
            return down ? attributes.frame.minY >= current.maxY - 0.5 : attributes.frame.maxY <= current.minY + 0.5
        }
        let best = candidates.min { a, b in
            let lineA = down ? a.frame.minY : -a.frame.maxY, lineB = down ? b.frame.minY : -b.frame.maxY
            if lineA != lineB { return lineA < lineB }
            return abs(a.frame.midX - current.midX) < abs(b.frame.midX - current.midX)
        }
        return best?.indexPath
    }

    /// Page up or down on a focused row: scrolls a page, then focuses the row where the
    /// focused one was on screen (or the nearest shown).
    private func pageList(_ list: ScrollView, from path: IndexPath, _ direction: FocusDirection) -> Bool {
        guard let cell = FocusTarget(list: list, indexPath: path).resolved else { return scrollByKey(list, direction) }
        let spot = cell.convert(Point(x: cell.bounds.midX, y: cell.bounds.midY), to: nil)
        let scrolled = scrollByKey(list, direction)
        list.layoutIfNeeded()
        // At the end of the list the focus goes to its last row shown (the first, going up).
        let local = list.convert(spot, from: nil)
        var there: IndexPath?, shown: [IndexPath] = []
        if let table = list as? TableView {
            there = table.indexPathForRow(at: local)
            shown = table.indexPathsForVisibleRows
        } else if let collection = list as? CollectionView {
            there = collection.indexPathForItem(at: local)
            shown = collection.indexPathsForVisibleItems
        }
        let next = (scrolled ? there : nil) ?? (direction == .pageDown ? shown.last : shown.first)
        guard let next, scrolled || next != path else { return false }
        focusTarget = FocusTarget(list: list, indexPath: next)
        return true
    }

    /// Up and down by a line, page up and down by the view's height, Home and End to the
    /// top and the bottom; left and right do not scroll.
    private func scrollByKey(_ scrollView: ScrollView, _ direction: FocusDirection) -> Bool {
        let before = scrollView.contentOffset
        let distance: Double
        switch direction {
        case .up, .down: distance = lineHeight
        case .pageUp, .pageDown: distance = max(scrollView.bounds.height - lineHeight, lineHeight)
        case .home, .end:
            scrollView.contentOffset = Point(x: before.x, y: direction == .end ? scrollView.maximumContentOffset.y : 0)
            return scrollView.contentOffset != before
        case .left, .right: return false
        }
        scrollView.scroll(by: Point(x: 0, y: direction.isBackward ? -distance : distance))
        return scrollView.contentOffset != before
    }

    /// Turns the pages of the page view controller around `view`, or else the innermost one
    /// on screen.
    private func turnPage(_ direction: FocusDirection, near view: View?) -> Bool {
        guard let pages = pageViewController(around: view) else { return false }
        let horizontal = pages.navigationOrientation == .horizontal
        let forward: Bool
        switch direction {
        case .left where horizontal, .up where !horizontal: forward = false
        case .right where horizontal, .down where !horizontal: forward = true
        default: return false
        }
        let turned = forward ? try? pages.pageForward(animated: true) : try? pages.pageBackward(animated: true)
        return turned ?? false
    }

    private func pageViewController(around view: View?) -> PageViewController? {
        var current = view
        while let ancestor = current {
            if let pages = ancestor.viewController as? PageViewController { return pages }
            current = ancestor.superview
        }
        guard let top = topPresentedController else { return nil }
        var found: PageViewController?
        var pending = [top]
        var seen: Set<ObjectIdentifier> = []
        while let controller = pending.popLast() {
            guard seen.insert(ObjectIdentifier(controller)).inserted else { continue }
            if let pages = controller as? PageViewController { found = pages }
            pending += controller.children.filter { $0.viewIfLoaded?.window === self }
        }
        return found
    }
}
