import EventLoop
import Testing
@testable import ScreenKit

@MainActor
struct PageViewControllerTests {
    /// A page that knows its number and logs its callbacks as "P3.viewWillAppear(true)".
    final class Page: LoggingController {
        let number: Int
        init(_ number: Int, log: CallbackLog) {
            self.number = number
            super.init("P\(number)", log: log)
        }
    }

    /// A book of pages 1...count made on demand, logging what it is asked for.
    final class Book: PageViewControllerDataSource {
        let count: Int
        let log: CallbackLog
        /// Every page the book has handed out, to check that turned-away pages are released.
        var handedOut: [WeakPage] = []
        init(count: Int, log: CallbackLog) {
            self.count = count
            self.log = log
        }

        func page(_ number: Int) -> Page {
            let page = Page(number, log: log)
            handedOut.append(WeakPage(page))
            return page
        }

        func pageViewController(_ pvc: PageViewController, viewControllerBefore controller: ViewController) -> ViewController? {
            let number = (controller as! Page).number
            log.entries.append("before(P\(number))")
            return number > 1 ? page(number - 1) : nil
        }

        func pageViewController(_ pvc: PageViewController, viewControllerAfter controller: ViewController) -> ViewController? {
            let number = (controller as! Page).number
            log.entries.append("after(P\(number))")
            return number < count ? page(number + 1) : nil
        }
    }

    struct WeakPage {
        weak var page: Page?
        init(_ page: Page) { self.page = page }
    }

    /// Answers the spine question with mid in landscape and min in portrait, resetting the
    /// pages to fit when `resets` is on.
    final class SpineDelegate: PageViewControllerDelegate {
        let log: CallbackLog
        let book: Book
        var resets = true
        init(log: CallbackLog, book: Book) {
            self.log = log
            self.book = book
        }

        func pageViewController(_ pvc: PageViewController, spineLocationFor orientation: Window.Orientation)
            -> PageViewController.SpineLocation
        {
            log.entries.append("spineLocationFor(\(orientation))")
            let location: PageViewController.SpineLocation = orientation == .landscape ? .mid : .min
            if resets {
                let first = (pvc.viewControllers.first as! Page).number
                let pages = location == .mid ? [book.page(first), book.page(first + 1)] : [book.page(first)]
                do {
                    try pvc.setViewControllers(pages, direction: .forward, animated: false) { finished in
                        self.log.entries.append("reset done(\(finished))")
                    }
                } catch {
                    log.entries.append("error: \(error)")
                }
            }
            return location
        }

        func pageViewController(
            _ pvc: PageViewController, didFinishAnimating finished: Bool, previousViewControllers: [ViewController],
            transitionCompleted completed: Bool
        ) {
            log.entries.append("didFinishAnimating(\(finished), \(previousViewControllers.map(\.description)), \(completed))")
        }
    }

    /// A page view controller as the root of a visible window, showing `pages` of `book`.
    private func onScreen(
        _ pvc: PageViewController, pages: [Int], book: Book, orientation: Window.Orientation = .portrait
    ) throws -> (Window, EventLoop) {
        let (window, loop) = makeWindow(orientation: orientation)
        pvc.dataSource = book
        try pvc.setViewControllers(pages.map(book.page), direction: .forward, animated: false)
        window.rootViewController = pvc
        book.log.retained += [window, book]
        _ = book.log.take()
        return (window, loop)
    }

    private func names(_ controllers: [ViewController]) -> [String] { controllers.map(\.description) }

    // MARK: - The spine table

    @Test func settingPagesFollowsTheSpineTable() throws {
        let log = CallbackLog()
        let book = Book(count: 9, log: log)
        let single = try PageViewController(spineLocation: .min)
        #expect(throws: ControllerError(
            "cannot set 2 pages of ui.PageViewController: spine location min with single-sided pages needs exactly 1 view controller, got 2"
        )) { try single.setViewControllers([book.page(1), book.page(2)], direction: .forward, animated: false) }
        try single.setViewControllers([book.page(1)], direction: .forward, animated: false)
        #expect(names(single.viewControllers) == ["P1"])

        // 1 page at the min and max spines, double-sided or not (UIKit would take 2 when
        // double-sided; here the back of a sheet comes from the data source).
        let max = try PageViewController(spineLocation: .max, isDoubleSided: true)
        try max.setViewControllers([book.page(1)], direction: .forward, animated: false)
        #expect(names(max.viewControllers) == ["P1"])
        #expect(throws: ControllerError(
            "cannot set 2 pages of ui.PageViewController: spine location max with double-sided pages needs exactly 1 view controller, got 2"
        )) { try max.setViewControllers([book.page(1), book.page(2)], direction: .forward, animated: false) }
        let min = try PageViewController(spineLocation: .min, isDoubleSided: true)
        #expect(throws: ControllerError(
            "cannot set 2 pages of ui.PageViewController: spine location min with double-sided pages needs exactly 1 view controller, got 2"
        )) { try min.setViewControllers([book.page(1), book.page(2)], direction: .forward, animated: false) }
        #expect(min.viewControllers.isEmpty)

        let midSingle = try PageViewController(spineLocation: .mid)
        #expect(throws: ControllerError(
            "cannot set 2 pages of ui.PageViewController: spine location mid needs double-sided pages (isDoubleSided is false)"
        )) { try midSingle.setViewControllers([book.page(1), book.page(2)], direction: .forward, animated: false) }

        let mid = try PageViewController(spineLocation: .mid, isDoubleSided: true)
        #expect(throws: ControllerError(
            "cannot set 1 page of ui.PageViewController: spine location mid needs exactly 2 view controllers, got 1"
        )) { try mid.setViewControllers([book.page(1)], direction: .forward, animated: false) }
        try mid.setViewControllers([book.page(1), book.page(2)], direction: .forward, animated: false)
        #expect(names(mid.viewControllers) == ["P1", "P2"])
        #expect(names(mid.children) == ["P1", "P2"])

        let scroll = try PageViewController(transitionStyle: .scroll)
        #expect(throws: ControllerError(
            "cannot set 2 pages of ui.PageViewController: transition style scroll shows exactly 1 view controller, got 2"
        )) { try scroll.setViewControllers([book.page(1), book.page(2)], direction: .forward, animated: false) }
        #expect(throws: ControllerError("cannot set the pages of ui.PageViewController: no view controllers given")) {
            try scroll.setViewControllers([], direction: .forward, animated: false)
        }
        #expect(scroll.viewControllers.isEmpty)
        #expect(scroll.children.isEmpty)
    }

    @Test func scrollRefusesDoubleSidedPagesAndTheMidSpine() throws {
        #expect(throws: ControllerError(
            "a page view controller with transition style scroll cannot be double-sided: only pageCurl shows the backs of pages"
        )) { try PageViewController(transitionStyle: .scroll, isDoubleSided: true) }
        #expect(throws: ControllerError(
            "a page view controller with transition style scroll cannot use spine location mid: it needs double-sided pages, which only pageCurl shows"
        )) { try PageViewController(transitionStyle: .scroll, spineLocation: .mid) }
        // The spine is named first: double-sided pages are what the mid spine needs.
        #expect(throws: ControllerError(
            "a page view controller with transition style scroll cannot use spine location mid: it needs double-sided pages, which only pageCurl shows"
        )) { try PageViewController(transitionStyle: .scroll, spineLocation: .mid, isDoubleSided: true) }
        let scroll = try PageViewController(transitionStyle: .scroll)
        #expect(throws: ControllerError("ui.PageViewController cannot be double-sided: transition style scroll shows no backs of pages")) {
            try scroll.setDoubleSided(true)
        }
        #expect(!scroll.isDoubleSided)
    }

    @Test func doubleSidednessChangesOnlyWhenThePagesStillFit() throws {
        let log = CallbackLog()
        let book = Book(count: 9, log: log)
        let mid = try PageViewController(spineLocation: .mid, isDoubleSided: true)
        #expect(throws: ControllerError("ui.PageViewController cannot be single-sided: spine location mid needs double-sided pages")) {
            try mid.setDoubleSided(false)
        }
        let min = try PageViewController(spineLocation: .min)
        try min.setDoubleSided(true)
        try min.setViewControllers([book.page(1)], direction: .forward, animated: false)
        try min.setDoubleSided(false)
        #expect(!min.isDoubleSided)
    }

    @Test func pagesMustBeFreeAndListedOnce() throws {
        let log = CallbackLog()
        let page = Page(1, log: log)
        let mid = try PageViewController(spineLocation: .mid, isDoubleSided: true)
        #expect(throws: ControllerError("cannot set the pages of ui.PageViewController: P1 is listed twice")) {
            try mid.setViewControllers([page, page], direction: .forward, animated: false)
        }
        let other = try NavigationController(root: page)
        let pvc = try PageViewController()
        #expect(throws: ControllerError("cannot set the pages of ui.PageViewController: P1 is already a child of \(other)")) {
            try pvc.setViewControllers([page], direction: .forward, animated: false)
        }
        #expect(throws: ControllerError("cannot set the pages of ui.PageViewController: a controller cannot contain itself")) {
            try pvc.setViewControllers([pvc], direction: .forward, animated: false)
        }
    }

    // MARK: - Setting pages: containment and appearance

    @Test func firstAppearanceShowsTheSetPages() throws {
        let log = CallbackLog()
        let book = Book(count: 9, log: log)
        let (window, _) = makeWindow()
        let pvc = try PageViewController(spineLocation: .mid, isDoubleSided: true)
        try pvc.setViewControllers([book.page(1), book.page(2)], direction: .forward, animated: true) { finished in
            log.entries.append("done(\(finished))")
        }
        #expect(log.take() == [
            "P1.willMove(ui.PageViewController)", "P2.willMove(ui.PageViewController)",
            "P1.didMove(ui.PageViewController)", "P2.didMove(ui.PageViewController)", "done(true)",
        ])
        window.rootViewController = pvc
        #expect(log.take() == [
            "P1.viewDidLoad", "P2.viewDidLoad", "P1.viewWillAppear(false)", "P2.viewWillAppear(false)",
            "P1.viewDidAppear(false)", "P2.viewDidAppear(false)",
        ])
        #expect(pvc.viewControllers[0].view.frame == Rect(x: 0, y: 0, width: 160, height: 480))
        #expect(pvc.viewControllers[1].view.frame == Rect(x: 160, y: 0, width: 160, height: 480))
        #expect(pvc.view.window === window)
    }

    @Test func verticalMidSpineStacksThePages() throws {
        let log = CallbackLog()
        let book = Book(count: 9, log: log)
        let pvc = try PageViewController(navigationOrientation: .vertical, spineLocation: .mid, isDoubleSided: true)
        _ = try onScreen(pvc, pages: [1, 2], book: book)
        #expect(pvc.viewControllers[0].view.frame == Rect(x: 0, y: 0, width: 320, height: 240))
        #expect(pvc.viewControllers[1].view.frame == Rect(x: 0, y: 240, width: 320, height: 240))
    }

    @Test func aDoubleSidedSheetShowsItsBackOnlyWhileItTurns() throws {
        let log = CallbackLog()
        let book = Book(count: 9, log: log)
        let pvc = try PageViewController(spineLocation: .min, isDoubleSided: true)
        let (_, loop) = try onScreen(pvc, pages: [1], book: book)
        try pvc.pageForward(animated: true)
        #expect(log.take() == [
            "after(P1)", "after(P2)",
            "P3.willMove(ui.PageViewController)", "P1.willMove(nil)",
            "P2.willMove(ui.PageViewController)", "P2.didMove(ui.PageViewController)",
            "P2.viewDidLoad", "P2.viewWillAppear(true)", "P3.viewDidLoad", "P3.viewWillAppear(true)",
            "P1.viewWillDisappear(true)",
        ])
        #expect(names(pvc.children) == ["P1", "P3", "P2"])
        // The back lies over the old page and folds away with it, uncovering page 3.
        #expect(pvc.view.subviews.last === pvc.children[2].view)
        loop.advance(by: 1)
        #expect(log.take() == [
            "P2.viewDidAppear(true)", "P1.viewDidDisappear(true)", "P3.viewDidAppear(true)",
            "P2.viewWillDisappear(true)", "P2.viewDidDisappear(true)", "P2.willMove(nil)", "P2.didMove(nil)",
            "P1.didMove(nil)", "P3.didMove(ui.PageViewController)",
        ])
        #expect(names(pvc.viewControllers) == ["P3"])
        #expect(names(pvc.children) == ["P3"])
        #expect(pvc.view.subviews.count == 1)
        // Without animation the back is asked for but never shown.
        try pvc.pageForward(animated: false)
        #expect(log.take().filter { !$0.hasPrefix("P") || $0.hasPrefix("P4") } == ["after(P3)", "after(P4)"])
        #expect(names(pvc.viewControllers) == ["P5"])
    }

    /// Turns a double-sided book at `spine` forward to the end and back to the start with
    /// animated turns, and returns the pages in the order they appeared, and what the data
    /// source was asked.
    private func turnThrough(spine: PageViewController.SpineLocation) throws -> (appeared: [String], asked: [String], shown: [[String]]) {
        let log = CallbackLog()
        let book = Book(count: 9, log: log)
        let pvc = try PageViewController(spineLocation: spine, isDoubleSided: true)
        let (_, loop) = try onScreen(pvc, pages: [1], book: book)
        var shown = [names(pvc.viewControllers)]
        while try pvc.pageForward(animated: true) {
            loop.advance(by: 1)
            shown.append(names(pvc.viewControllers))
        }
        while try pvc.pageBackward(animated: true) {
            loop.advance(by: 1)
            shown.append(names(pvc.viewControllers))
        }
        let entries = log.take()
        let appeared = entries.filter { $0.hasSuffix(".viewWillAppear(true)") }.map { String($0.prefix { $0 != "." }) }
        let asked = entries.filter { $0.hasPrefix("after(") || $0.hasPrefix("before(") }
        return (appeared, asked, shown)
    }

    @Test(arguments: [PageViewController.SpineLocation.min, .max])
    func doubleSidedBooksShowEveryPageInOrder(spine: PageViewController.SpineLocation) throws {
        let (appeared, asked, shown) = try turnThrough(spine: spine)
        // Forward: each sheet's back (2, 4, ...) shows as it turns, then the next front.
        // Backward: the sheet coming over shows its back, then the page before it.
        #expect(appeared == ["P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "P8", "P7", "P6", "P5", "P4", "P3", "P2", "P1"])
        #expect(shown == [["P1"], ["P3"], ["P5"], ["P7"], ["P9"], ["P7"], ["P5"], ["P3"], ["P1"]])
        // Only neighbours: the page after (or before) the shown one, then the one after that;
        // at the ends, the one question that finds no page.
        #expect(asked == [
            "after(P1)", "after(P2)", "after(P3)", "after(P4)", "after(P5)", "after(P6)", "after(P7)", "after(P8)",
            "after(P9)",
            "before(P9)", "before(P8)", "before(P7)", "before(P6)", "before(P5)", "before(P4)", "before(P3)", "before(P2)",
            "before(P1)",
        ])
    }

    @Test func animatedSetViewControllersCurlsInUIKitsOrder() throws {
        let log = CallbackLog()
        let book = Book(count: 9, log: log)
        let pvc = try PageViewController()
        let (_, loop) = try onScreen(pvc, pages: [1], book: book)
        let old = pvc.viewControllers[0]
        try pvc.setViewControllers([book.page(5)], direction: .reverse, animated: true) { finished in
            log.entries.append("done(\(finished))")
        }
        #expect(log.take() == [
            "P5.willMove(ui.PageViewController)", "P1.willMove(nil)",
            "P5.viewDidLoad", "P5.viewWillAppear(true)", "P1.viewWillDisappear(true)",
        ])
        #expect(pvc.isTransitioning)
        #expect(throws: ControllerError("cannot set the pages: ui.PageViewController is still animating a page turn")) {
            try pvc.setViewControllers([book.page(6)], direction: .forward, animated: false)
        }
        #expect(throws: ControllerError("cannot turn the page: ui.PageViewController is still animating a page turn")) {
            try pvc.pageForward()
        }
        // Backward, the new page unfolds from the spine at the left edge over the old one.
        loop.advance(by: PageViewController.transitionDuration / 2)
        let unfolding = pvc.viewControllers[0].view.frame
        #expect(unfolding.minX == 0 && unfolding.width > 0 && unfolding.width < 320)
        #expect(pvc.view.subviews.last === pvc.viewControllers[0].view)
        loop.advance(by: PageViewController.transitionDuration)
        #expect(log.take() == [
            "P1.viewDidDisappear(true)", "P5.viewDidAppear(true)", "P1.didMove(nil)", "P5.didMove(ui.PageViewController)",
            "done(true)",
        ])
        #expect(old.viewIfLoaded?.superview == nil)
        #expect(old.parent == nil)
        #expect(pvc.viewControllers[0].view.frame == Rect(x: 0, y: 0, width: 320, height: 480))
        #expect(!pvc.isTransitioning)
    }

    // MARK: - Turning pages

    @Test func theDataSourceIsAskedOnlyForNeighbours() throws {
        let log = CallbackLog()
        let book = Book(count: 1_000_000, log: log)
        let pvc = try PageViewController()
        _ = try onScreen(pvc, pages: [500], book: book)
        #expect(log.take().isEmpty)
        try pvc.pageForward(animated: false)
        #expect(log.take().filter { !$0.hasPrefix("P") } == ["after(P500)"])
        try pvc.pageBackward(animated: false)
        try pvc.pageBackward(animated: false)
        #expect(log.take().filter { !$0.hasPrefix("P") } == ["before(P501)", "before(P500)"])
        #expect(names(pvc.viewControllers) == ["P499"])
        #expect(names(pvc.children) == ["P499"])
    }

    @Test func turningAtTheEndsDoesNothing() throws {
        let log = CallbackLog()
        let book = Book(count: 2, log: log)
        let pvc = try PageViewController()
        let (_, loop) = try onScreen(pvc, pages: [1], book: book)
        #expect(try pvc.pageBackward() == false)
        #expect(log.take() == ["before(P1)"])
        #expect(try pvc.pageForward(animated: false) == true)
        _ = log.take()
        #expect(try pvc.pageForward() == false)
        loop.advance(by: 1)
        #expect(log.take() == ["after(P2)"])
        #expect(names(pvc.viewControllers) == ["P2"])
        #expect(!pvc.isTransitioning)
    }

    @Test func withoutADataSourceNothingTurns() throws {
        let log = CallbackLog()
        let book = Book(count: 9, log: log)
        let pvc = try PageViewController()
        _ = try onScreen(pvc, pages: [3], book: book)
        pvc.dataSource = nil
        #expect(try pvc.pageForward() == false)
        #expect(names(pvc.viewControllers) == ["P3"])
    }

    @Test func theMidSpineTurnsTwoPagesAndNeedsBoth() throws {
        let log = CallbackLog()
        let book = Book(count: 5, log: log)
        let pvc = try PageViewController(spineLocation: .mid, isDoubleSided: true)
        _ = try onScreen(pvc, pages: [1, 2], book: book, orientation: .portrait)
        #expect(try pvc.pageForward(animated: false))
        #expect(names(pvc.viewControllers) == ["P3", "P4"])
        _ = log.take()
        // Page 5 has no page 6 for its back: the turn does not happen, and page 5 is let go.
        #expect(try pvc.pageForward(animated: false) == false)
        #expect(log.take() == ["after(P4)", "after(P5)"])
        #expect(book.handedOut.last?.page == nil)
        #expect(try pvc.pageBackward(animated: false))
        #expect(log.take().filter { !$0.hasPrefix("P") } == ["before(P3)", "before(P2)"])
        #expect(names(pvc.viewControllers) == ["P1", "P2"])
    }

    @Test func aDataSourceThatReturnsAShownPageIsAnError() throws {
        final class Stuck: PageViewControllerDataSource {
            func pageViewController(_ pvc: PageViewController, viewControllerBefore controller: ViewController) -> ViewController? { controller }
            func pageViewController(_ pvc: PageViewController, viewControllerAfter controller: ViewController) -> ViewController? { controller }
        }
        let log = CallbackLog()
        let book = Book(count: 9, log: log)
        let pvc = try PageViewController()
        _ = try onScreen(pvc, pages: [1], book: book)
        let stuck = Stuck()
        pvc.dataSource = stuck
        #expect(throws: ControllerError("cannot turn to P1, the data source's page after P1: it is shown already")) {
            try pvc.pageForward()
        }
        #expect(names(pvc.viewControllers) == ["P1"])
    }

    @Test func curlTurnRunsInUIKitsOrderAndTellsTheDelegate() throws {
        let log = CallbackLog()
        let book = Book(count: 9, log: log)
        let delegate = SpineDelegate(log: log, book: book)
        let pvc = try PageViewController(transitionStyle: .pageCurl)
        pvc.delegate = delegate
        let (_, loop) = try onScreen(pvc, pages: [1], book: book)
        try pvc.pageForward()
        #expect(log.take() == [
            "after(P1)", "P2.willMove(ui.PageViewController)", "P1.willMove(nil)",
            "P2.viewDidLoad", "P2.viewWillAppear(true)", "P1.viewWillDisappear(true)",
        ])
        // Forward, the old page folds onto the spine and uncovers the new one beneath it.
        loop.advance(by: PageViewController.transitionDuration / 2)
        let old = pvc.view.subviews.last!
        #expect(old !== pvc.viewControllers[0].view)
        #expect(old.frame.minX == 0 && old.frame.width > 0 && old.frame.width < 320)
        loop.advance(by: PageViewController.transitionDuration)
        #expect(log.take() == [
            "P1.viewDidDisappear(true)", "P2.viewDidAppear(true)", "P1.didMove(nil)", "P2.didMove(ui.PageViewController)",
            "didFinishAnimating(true, [\"P1\"], true)",
        ])
        #expect(pvc.view.subviews.count == 1)
    }

    @Test func scrollTurnRunsInUIKitsOrder() throws {
        let log = CallbackLog()
        let book = Book(count: 9, log: log)
        let delegate = SpineDelegate(log: log, book: book)
        let pvc = try PageViewController(transitionStyle: .scroll)
        pvc.delegate = delegate
        let (_, loop) = try onScreen(pvc, pages: [4], book: book)
        try pvc.pageBackward()
        #expect(log.take() == [
            "before(P4)", "P3.willMove(ui.PageViewController)", "P4.willMove(nil)",
            "P3.viewDidLoad", "P3.viewWillAppear(true)", "P4.viewWillDisappear(true)",
        ])
        // Backward, the new page slides in from the left while the old one leaves to the right.
        loop.advance(by: PageViewController.transitionDuration / 2)
        let newFrame = pvc.viewControllers[0].view.frame
        #expect(newFrame.minX < 0 && newFrame.minX > -320 && newFrame.width == 320)
        loop.advance(by: PageViewController.transitionDuration)
        #expect(log.take() == [
            "P3.viewDidAppear(true)", "P4.viewDidDisappear(true)", "P4.didMove(nil)", "P3.didMove(ui.PageViewController)",
            "didFinishAnimating(true, [\"P4\"], true)",
        ])
        #expect(pvc.viewControllers[0].view.frame == Rect(x: 0, y: 0, width: 320, height: 480))
    }

    @Test func midSpineCurlAppearanceCoversBothPages() throws {
        let log = CallbackLog()
        let book = Book(count: 9, log: log)
        let pvc = try PageViewController(spineLocation: .mid, isDoubleSided: true)
        let (_, loop) = try onScreen(pvc, pages: [3, 4], book: book, orientation: .landscape)
        try pvc.pageBackward()
        loop.advance(by: 1)
        #expect(log.take() == [
            "before(P3)", "before(P2)",
            "P1.willMove(ui.PageViewController)", "P2.willMove(ui.PageViewController)", "P3.willMove(nil)", "P4.willMove(nil)",
            "P1.viewDidLoad", "P1.viewWillAppear(true)", "P2.viewDidLoad", "P2.viewWillAppear(true)",
            "P3.viewWillDisappear(true)", "P4.viewWillDisappear(true)",
            "P3.viewDidDisappear(true)", "P4.viewDidDisappear(true)", "P1.viewDidAppear(true)", "P2.viewDidAppear(true)",
            "P3.didMove(nil)", "P4.didMove(nil)", "P1.didMove(ui.PageViewController)", "P2.didMove(ui.PageViewController)",
        ])
        #expect(pvc.viewControllers[0].view.frame == Rect(x: 0, y: 0, width: 240, height: 320))
        #expect(pvc.viewControllers[1].view.frame == Rect(x: 240, y: 0, width: 240, height: 320))
        #expect(pvc.view.subviews.count == 2)
    }

    // MARK: - Swipes

    private func swipe(_ window: Window, from start: Point, to end: Point) {
        window.touch(.began, at: start)
        window.touch(.moved, at: Point(x: (start.x + end.x) / 2, y: (start.y + end.y) / 2))
        window.touch(.ended, at: end)
    }

    @Test func horizontalSwipesTurnPages() throws {
        let log = CallbackLog()
        let book = Book(count: 9, log: log)
        let pvc = try PageViewController()
        let (window, loop) = try onScreen(pvc, pages: [5], book: book)
        swipe(window, from: Point(x: 250, y: 200), to: Point(x: 100, y: 210))  // left: forward
        loop.advance(by: 1)
        #expect(names(pvc.viewControllers) == ["P6"])
        swipe(window, from: Point(x: 100, y: 200), to: Point(x: 250, y: 200))  // right: backward
        loop.advance(by: 1)
        swipe(window, from: Point(x: 100, y: 200), to: Point(x: 250, y: 200))
        loop.advance(by: 1)
        #expect(names(pvc.viewControllers) == ["P4"])
        swipe(window, from: Point(x: 150, y: 400), to: Point(x: 150, y: 100))  // up: not this orientation
        loop.advance(by: 1)
        #expect(names(pvc.viewControllers) == ["P4"])
        #expect(log.take().filter { !$0.hasPrefix("P") } == ["after(P5)", "before(P6)", "before(P5)"])
    }

    @Test func verticalSwipesTurnPagesAndASwipeDuringATurnIsIgnored() throws {
        let log = CallbackLog()
        let book = Book(count: 9, log: log)
        let pvc = try PageViewController(navigationOrientation: .vertical)
        let (window, loop) = try onScreen(pvc, pages: [5], book: book)
        swipe(window, from: Point(x: 150, y: 400), to: Point(x: 150, y: 100))  // up: forward
        swipe(window, from: Point(x: 150, y: 400), to: Point(x: 150, y: 100))  // still turning
        loop.advance(by: 1)
        #expect(names(pvc.viewControllers) == ["P6"])
        swipe(window, from: Point(x: 150, y: 100), to: Point(x: 150, y: 400))  // down: backward
        loop.advance(by: 1)
        swipe(window, from: Point(x: 250, y: 200), to: Point(x: 100, y: 200))  // left: not this orientation
        loop.advance(by: 1)
        #expect(names(pvc.viewControllers) == ["P5"])
        #expect(log.take().filter { !$0.hasPrefix("P") } == ["after(P5)", "before(P6)"])
    }

    // MARK: - Rotation

    @Test func rotationAsksTheDelegateWhichResetsThePages() throws {
        let log = CallbackLog()
        let book = Book(count: 9, log: log)
        let delegate = SpineDelegate(log: log, book: book)
        let pvc = try PageViewController(spineLocation: .min, isDoubleSided: true)
        pvc.delegate = delegate
        let (window, _) = try onScreen(pvc, pages: [3], book: book)
        window.rotate(to: .landscape)
        #expect(log.take() == [
            "spineLocationFor(landscape)",
            "P3.willMove(ui.PageViewController)", "P4.willMove(ui.PageViewController)", "P3.willMove(nil)",
            "P3.viewDidLoad", "P3.viewWillAppear(false)", "P4.viewDidLoad", "P4.viewWillAppear(false)",
            "P3.viewWillDisappear(false)", "P3.viewDidDisappear(false)", "P3.viewDidAppear(false)", "P4.viewDidAppear(false)",
            "P3.didMove(nil)", "P3.didMove(ui.PageViewController)", "P4.didMove(ui.PageViewController)", "reset done(true)",
            // The size reaches the children after the delegate: the new pages hear it.
            "P3.viewWillTransition(480×320)", "P4.viewWillTransition(480×320)",
        ])
        #expect(pvc.spineLocation == .mid)
        #expect(names(pvc.viewControllers) == ["P3", "P4"])
        #expect(pvc.viewControllers[0].view.frame == Rect(x: 0, y: 0, width: 240, height: 320))
        #expect(pvc.viewControllers[1].view.frame == Rect(x: 240, y: 0, width: 240, height: 320))
        window.rotate(to: .portrait)
        #expect(pvc.spineLocation == .min)
        #expect(names(pvc.viewControllers) == ["P3"])
        #expect(pvc.viewControllers[0].view.frame == Rect(x: 0, y: 0, width: 320, height: 480))
        #expect(pvc.view.subviews.count == 1)
    }

    @Test func withoutAResetTheShownPagesAreFittedToTheNewSpine() throws {
        let log = CallbackLog()
        let book = Book(count: 9, log: log)
        let delegate = SpineDelegate(log: log, book: book)
        delegate.resets = false
        let pvc = try PageViewController(spineLocation: .min, isDoubleSided: true)
        pvc.delegate = delegate
        let (window, _) = try onScreen(pvc, pages: [7], book: book)
        window.rotate(to: .landscape)
        #expect(log.take().filter { !$0.hasPrefix("P") } == ["spineLocationFor(landscape)", "after(P7)"])
        #expect(pvc.spineLocation == .mid)
        #expect(names(pvc.viewControllers) == ["P7", "P8"])
        #expect(pvc.viewControllers.allSatisfy { $0.appearanceState == .appeared })
    }

    @Test func aResetThatDoesNotFitTheReturnedSpineChangesNothing() throws {
        final class Wrong: PageViewControllerDelegate {
            let book: Book
            var finished: [Bool] = []
            init(book: Book) { self.book = book }
            func pageViewController(_ pvc: PageViewController, spineLocationFor orientation: Window.Orientation)
                -> PageViewController.SpineLocation
            {
                try? pvc.setViewControllers([book.page(1)], direction: .forward, animated: false) { self.finished.append($0) }
                return .mid
            }
        }
        let log = CallbackLog()
        let book = Book(count: 9, log: log)
        let wrong = Wrong(book: book)
        let pvc = try PageViewController(spineLocation: .min, isDoubleSided: true)
        pvc.delegate = wrong
        let (window, _) = try onScreen(pvc, pages: [3], book: book)
        window.rotate(to: .landscape)
        #expect(wrong.finished == [false])
        #expect(pvc.spineLocation == .min)
        #expect(names(pvc.viewControllers) == ["P3"])
        #expect(book.handedOut.last?.page == nil)
    }

    /// Answers `location` for every orientation and keeps what it is told about the answer.
    final class FixedSpine: PageViewControllerDelegate {
        let location: PageViewController.SpineLocation
        var refusals: [String] = []
        init(_ location: PageViewController.SpineLocation) { self.location = location }
        func pageViewController(_ pvc: PageViewController, spineLocationFor orientation: Window.Orientation)
            -> PageViewController.SpineLocation
        {
            location
        }
        func pageViewController(
            _ pvc: PageViewController, refusedSpineLocation location: PageViewController.SpineLocation, error: ControllerError
        ) {
            refusals.append("\(location): \(error)")
        }
    }

    @Test func aSpineTheShownPagesCannotFitIsRefusedWithTheErrorOfSettingThem() throws {
        let log = CallbackLog()
        // Single-sided pages cannot take the mid spine.
        let single = try PageViewController(spineLocation: .min)
        let spine = FixedSpine(.mid)
        single.delegate = spine
        let (window, _) = try onScreen(single, pages: [3], book: Book(count: 9, log: log))
        window.rotate(to: .landscape)
        #expect(single.spineLocation == .min)
        #expect(names(single.viewControllers) == ["P3"])
        let expected = "cannot set 1 page of ui.PageViewController: spine location mid needs double-sided pages (isDoubleSided is false)"
        #expect(spine.refusals == ["mid: \(expected)"])
        let midSingle = try PageViewController(spineLocation: .mid)
        #expect(throws: ControllerError(expected)) {
            try midSingle.setViewControllers([Page(1, log: log)], direction: .forward, animated: false)
        }

        // A double-sided book of one page has no second page for it.
        let short = try PageViewController(spineLocation: .min, isDoubleSided: true)
        let shortSpine = FixedSpine(.mid)
        short.delegate = shortSpine
        let (shortWindow, _) = try onScreen(short, pages: [1], book: Book(count: 1, log: log))
        shortWindow.rotate(to: .landscape)
        #expect(short.spineLocation == .min)
        #expect(names(short.viewControllers) == ["P1"])
        #expect(shortSpine.refusals == [
            "mid: cannot set 1 page of ui.PageViewController: spine location mid needs exactly 2 view controllers, got 1",
        ])
        let mid = try PageViewController(spineLocation: .mid, isDoubleSided: true)
        #expect(throws: ControllerError("cannot set 1 page of ui.PageViewController: spine location mid needs exactly 2 view controllers, got 1")) {
            try mid.setViewControllers([Page(2, log: log)], direction: .forward, animated: false)
        }
    }

    @Test func aResetThatDoesNotFitTheReturnedSpineIsRefusedWithTheErrorOfSettingIt() throws {
        final class Wrong: PageViewControllerDelegate {
            let book: Book
            var refusals: [String] = []
            init(book: Book) { self.book = book }
            func pageViewController(_ pvc: PageViewController, spineLocationFor orientation: Window.Orientation)
                -> PageViewController.SpineLocation
            {
                try? pvc.setViewControllers([book.page(1), book.page(2)], direction: .forward, animated: false)
                return .max
            }
            func pageViewController(
                _ pvc: PageViewController, refusedSpineLocation location: PageViewController.SpineLocation,
                error: ControllerError
            ) {
                refusals.append("\(location): \(error)")
            }
        }
        let log = CallbackLog()
        let book = Book(count: 9, log: log)
        let wrong = Wrong(book: book)
        let pvc = try PageViewController(spineLocation: .min, isDoubleSided: true)
        pvc.delegate = wrong
        let (window, _) = try onScreen(pvc, pages: [3], book: book)
        window.rotate(to: .landscape)
        #expect(pvc.spineLocation == .min)
        #expect(names(pvc.viewControllers) == ["P3"])
        #expect(wrong.refusals == [
            "max: cannot set 2 pages of ui.PageViewController: spine location max with double-sided pages needs exactly 1 view controller, got 2",
        ])
    }

    @Test func aSpineThePagesFitIsNotRefused() throws {
        let log = CallbackLog()
        let pvc = try PageViewController(spineLocation: .min, isDoubleSided: true)
        let spine = FixedSpine(.mid)
        pvc.delegate = spine
        let (window, _) = try onScreen(pvc, pages: [3], book: Book(count: 9, log: log))
        window.rotate(to: .landscape)
        #expect(pvc.spineLocation == .mid)
        #expect(names(pvc.viewControllers) == ["P3", "P4"])
        #expect(spine.refusals.isEmpty)
    }

    @Test func scrollAndDelegatelessControllersKeepTheirSpine() throws {
        let log = CallbackLog()
        let book = Book(count: 9, log: log)
        let delegate = SpineDelegate(log: log, book: book)
        let scroll = try PageViewController(transitionStyle: .scroll)
        scroll.delegate = delegate
        let (window, _) = try onScreen(scroll, pages: [1], book: book)
        window.rotate(to: .landscape)
        #expect(!log.entries.contains("spineLocationFor(landscape)"))
        #expect(scroll.spineLocation == .min)
        #expect(scroll.viewControllers[0].view.frame == Rect(x: 0, y: 0, width: 480, height: 320))
    }

    // MARK: - Memory

    @Test func turnedAwayPagesAreReleased() throws {
        let log = CallbackLog()
        let book = Book(count: 1_000_000, log: log)
        let pvc = try PageViewController(spineLocation: .mid, isDoubleSided: true)
        let (_, loop) = try onScreen(pvc, pages: [1, 2], book: book, orientation: .landscape)
        for turn in 0..<10_000 {
            let animated = turn % 100 == 0
            #expect(try pvc.pageForward(animated: animated))
            if animated { loop.advance(by: 1) }
            if turn % 1000 == 0 {
                #expect(book.handedOut.filter { $0.page != nil }.count == 2)
                book.handedOut.removeAll { $0.page == nil }
            }
            log.entries.removeAll(keepingCapacity: true)
        }
        #expect(book.handedOut.filter { $0.page != nil }.count == 2)
        #expect(names(pvc.viewControllers) == ["P20001", "P20002"])
        #expect(pvc.children.count == 2)
        #expect(pvc.view.subviews.count == 2)
    }
}
