import EventLoop
import Testing
@testable import ScreenKit

@MainActor
struct SplitViewControllerTests {
    final class DelegateLog: SplitViewControllerDelegate {
        let log: CallbackLog
        /// The items `willHide` gave, in order.
        var items: [BarButtonItem] = []
        var popovers: [Popover] = []
        init(_ log: CallbackLog) { self.log = log }
        func splitViewController(
            _ split: SplitViewController, willHide master: ViewController, with barButtonItem: BarButtonItem,
            for popover: Popover
        ) {
            items.append(barButtonItem)
            popovers.append(popover)
            log.entries.append("willHide(\(master), \(barButtonItem.title ?? "-"), item \(items.count))")
        }
        func splitViewController(
            _ split: SplitViewController, willShow master: ViewController, invalidating barButtonItem: BarButtonItem
        ) {
            let number = items.firstIndex { $0 === barButtonItem }.map { "item \($0 + 1)" } ?? "unknown item"
            log.entries.append("willShow(\(master), \(number))")
        }
        func splitViewController(_ split: SplitViewController, popover: Popover, willPresent master: ViewController) {
            log.entries.append("willPresent(\(master))")
        }
    }

    /// A split view controller of two logging controllers, M and D.
    private func split(_ log: CallbackLog) throws -> (SplitViewController, LoggingController, LoggingController) {
        let master = LoggingController("M", log: log), detail = LoggingController("D", log: log)
        return (try SplitViewController(master: master, detail: detail), master, detail)
    }

    /// A visible iPad window showing `split`, with a delegate.
    private func show(
        _ split: SplitViewController, _ orientation: Window.Orientation, log: CallbackLog
    ) -> (Window, DelegateLog) {
        let window = Window(device: .ipad, orientation: orientation, loop: EventLoop(clock: .virtual))
        window.makeKeyAndVisible()
        let delegate = DelegateLog(log)
        split.delegate = delegate
        log.retained += [window, delegate]
        window.rootViewController = split
        return (window, delegate)
    }

    private func tap(_ window: Window, _ x: Double, _ y: Double) {
        window.touch(.began, at: Point(x: x, y: y))
        window.touch(.ended, at: Point(x: x, y: y))
    }

    @Test func inLandscapeMasterAndDetailShowSideBySide() throws {
        let log = CallbackLog()
        let (split, master, detail) = try split(log)
        #expect(log.take() == [
            "M.willMove(ui.SplitViewController)", "D.willMove(ui.SplitViewController)",
            "M.didMove(ui.SplitViewController)", "D.didMove(ui.SplitViewController)",
        ])
        let (window, _) = show(split, .landscape, log: log)
        #expect(log.take() == [
            "M.viewDidLoad", "D.viewDidLoad", "M.viewWillAppear(false)", "D.viewWillAppear(false)",
            "M.viewDidAppear(false)", "D.viewDidAppear(false)",
        ])
        #expect(master.view.frame == Rect(x: 0, y: 0, width: 320, height: 768))
        #expect(detail.view.frame == Rect(x: 321, y: 0, width: 703, height: 768))
        #expect(master.view.window === window && detail.view.window === window)
        #expect(!split.isMasterHidden && split.barButtonItem == nil && split.popover == nil)
        #expect(master.splitViewController === split)
        #expect(split.viewControllers.map(\.description) == ["M", "D"])
    }

    @Test func theFirstLayoutInPortraitHidesTheMasterAsAtLaunch() throws {
        let log = CallbackLog()
        let (split, master, detail) = try split(log)
        _ = log.take()
        let (_, delegate) = show(split, .portrait, log: log)
        #expect(log.take() == [
            "willHide(M, Master, item 1)", "D.viewDidLoad", "D.viewWillAppear(false)", "D.viewDidAppear(false)",
        ])
        #expect(!master.isViewLoaded)
        #expect(detail.view.frame == Rect(x: 0, y: 0, width: 768, height: 1024))
        #expect(split.isMasterHidden)
        #expect(split.barButtonItem === delegate.items.first)
        #expect(split.popover === delegate.popovers.first)
        #expect(split.popover?.contentViewController === master)
    }

    @Test func theButtonIsTitledWithTheMastersTitle() throws {
        let log = CallbackLog()
        let (split, master, _) = try split(log)
        master.title = "Entries"
        _ = show(split, .portrait, log: log)
        #expect(split.barButtonItem?.title == "Entries")
    }

    @Test func rotatingHidesAndShowsTheMasterWithTheSameItem() throws {
        let log = CallbackLog()
        let (split, master, detail) = try split(log)
        let (window, delegate) = show(split, .landscape, log: log)
        _ = log.take()

        window.rotate(to: .portrait)
        #expect(log.take() == [
            "M.viewWillTransition(768×1024)", "D.viewWillTransition(768×1024)",
            "willHide(M, Master, item 1)", "M.viewWillDisappear(false)", "M.viewDidDisappear(false)",
        ])
        #expect(master.view.window == nil)
        #expect(detail.view.frame == Rect(x: 0, y: 0, width: 768, height: 1024))
        let item = try #require(delegate.items.first)

        window.rotate(to: .landscape)
        #expect(log.take() == [
            "M.viewWillTransition(1024×768)", "D.viewWillTransition(1024×768)",
            "willShow(M, item 1)", "M.viewWillAppear(false)", "M.viewDidAppear(false)",
        ])
        #expect(master.view.window === window)
        #expect(master.view.frame == Rect(x: 0, y: 0, width: 320, height: 768))
        #expect(detail.view.frame == Rect(x: 321, y: 0, width: 703, height: 768))
        // The item is invalid now: it shows nothing.
        item.tap()
        #expect(log.take().isEmpty)
        #expect(split.popover == nil && split.barButtonItem == nil)

        window.rotate(to: .portrait)
        #expect(log.take().contains("willHide(M, Master, item 2)"))
        item.tap()
        #expect(split.popover?.isPresented == false)
        #expect(log.take().isEmpty)
    }

    @Test func theItemShowsTheMasterInAPopoverAndTapsDismissIt() throws {
        let log = CallbackLog()
        let (split, master, detail) = try split(log)
        let (window, delegate) = show(split, .portrait, log: log)
        let item = try #require(delegate.items.first)
        let popover = try #require(split.popover)
        _ = log.take()

        item.tap()
        #expect(log.take() == ["willPresent(M)", "M.viewDidLoad", "M.viewWillAppear(false)", "M.viewDidAppear(false)"])
        #expect(popover.isPresented)
        #expect(master.view.window === window)
        #expect(popover.panelFrame == Rect(x: 8, y: 52, width: 320, height: 600))
        #expect(master.view.convert(Point(x: 0, y: 0), to: nil) == Point(x: 8, y: 52))
        #expect(detail.view.window === window)

        // The item again dismisses it.
        item.tap()
        #expect(log.take() == ["M.viewWillDisappear(false)", "M.viewDidDisappear(false)"])
        #expect(!popover.isPresented && master.view.window == nil)

        // A tap inside the panel keeps it; a tap outside dismisses it.
        item.tap()
        _ = log.take()
        tap(window, 100, 300)
        #expect(popover.isPresented)
        tap(window, 600, 300)
        #expect(log.take() == ["M.viewWillDisappear(false)", "M.viewDidDisappear(false)"])
        #expect(!popover.isPresented)
    }

    @Test func aControlInThePopoverGetsItsTouches() throws {
        let log = CallbackLog()
        let (split, master, _) = try split(log)
        let (window, delegate) = show(split, .portrait, log: log)
        var pressed = 0
        let button = Button(frame: Rect(x: 10, y: 10, width: 100, height: 30))
        button.addTarget({ _, _ in pressed += 1 }, for: [.touchUpInside])
        try master.view.addSubview(button)
        delegate.items.first?.tap()
        tap(window, 8 + 50, 52 + 25)
        #expect(pressed == 1)
        #expect(split.popover?.isPresented == true)
    }

    @Test func rotatingToLandscapeWithThePopoverShownMovesTheMasterIntoItsPane() throws {
        let log = CallbackLog()
        let (split, master, _) = try split(log)
        let (window, delegate) = show(split, .portrait, log: log)
        let item = try #require(delegate.items.first)
        let popover = try #require(split.popover)
        item.tap()
        _ = log.take()
        window.rotate(to: .landscape)
        #expect(log.take() == [
            "M.viewWillTransition(1024×768)", "D.viewWillTransition(1024×768)", "willShow(M, item 1)",
        ])
        #expect(!popover.isPresented)
        #expect(master.view.superview === split.view)
        #expect(master.view.frame == Rect(x: 0, y: 0, width: 320, height: 768))
        #expect(master.appearanceState == .appeared)
        item.tap()
        #expect(log.take().isEmpty)
    }

    @Test func memoryWarningsReachBothAndReleaseTheHiddenMaster() throws {
        let log = CallbackLog()
        let (split, master, detail) = try split(log)
        let (window, delegate) = show(split, .portrait, log: log)
        delegate.items.first?.tap()
        delegate.items.first?.tap()
        _ = log.take()
        window.memoryWarning()
        #expect(log.take() == ["M.didReceiveMemoryWarning", "D.didReceiveMemoryWarning"])
        #expect(!master.isViewLoaded && detail.isViewLoaded)
        delegate.items.first?.tap()
        #expect(log.take() == ["willPresent(M)", "M.viewDidLoad", "M.viewWillAppear(false)", "M.viewDidAppear(false)"])
    }

    @Test func replacingTheDetailRunsContainmentAndAppearance() throws {
        let log = CallbackLog()
        let (split, master, detail) = try split(log)
        _ = show(split, .landscape, log: log)
        _ = log.take()
        let other = LoggingController("E", log: log)
        try split.setViewControllers([master, other])
        #expect(log.take() == [
            "E.willMove(ui.SplitViewController)", "D.willMove(nil)", "D.viewWillDisappear(false)", "E.viewDidLoad",
            "E.viewWillAppear(false)", "D.viewDidDisappear(false)", "E.viewDidAppear(false)",
            "D.didMove(nil)", "E.didMove(ui.SplitViewController)",
        ])
        #expect(detail.parent == nil && detail.viewIfLoaded?.superview == nil)
        #expect(other.view.frame == Rect(x: 321, y: 0, width: 703, height: 768))
        #expect(split.detailViewController === other)
    }

    @Test func replacingTheMasterWhileItIsInThePopoverDismissesIt() throws {
        let log = CallbackLog()
        let (split, master, detail) = try split(log)
        let (_, delegate) = show(split, .portrait, log: log)
        delegate.items.first?.tap()
        _ = log.take()
        let other = LoggingController("N", log: log)
        other.title = "New"
        try split.setViewControllers([other, detail])
        #expect(log.take() == [
            "N.willMove(ui.SplitViewController)", "M.willMove(nil)", "M.viewWillDisappear(false)",
            "M.viewDidDisappear(false)", "M.didMove(nil)", "N.didMove(ui.SplitViewController)",
        ])
        #expect(split.popover?.contentViewController === other)
        #expect(split.barButtonItem === delegate.items.first)
        #expect(split.barButtonItem?.title == "New")
        #expect(master.parent == nil)
        delegate.items.first?.tap()
        #expect(log.take() == [
            "willPresent(N 'New')", "N.viewDidLoad", "N.viewWillAppear(false)", "N.viewDidAppear(false)",
        ])
    }

    @Test func badControllerListsAreErrorsThatChangeNothing() throws {
        let log = CallbackLog()
        let (split, master, detail) = try split(log)
        _ = log.take()
        #expect(throws: ControllerError(
            "a split view controller needs exactly two controllers, a master and a detail; got 1")) {
            try split.setViewControllers([master])
        }
        #expect(throws: ControllerError("cannot set the master and detail of ui.SplitViewController: M is listed twice")) {
            try split.setViewControllers([master, master])
        }
        let elsewhere = LoggingController("E", log: log)
        let navigation = try NavigationController(root: elsewhere)
        #expect(throws: ControllerError(
            "cannot add E to the master and detail of ui.SplitViewController: it is already a child of ui.NavigationController")) {
            try split.setViewControllers([master, elsewhere])
        }
        #expect(split.viewControllers.map(\.description) == ["M", "D"])
        #expect(elsewhere.parent === navigation && detail.parent === split)
        #expect(log.take() == ["E.willMove(ui.NavigationController)", "E.didMove(ui.NavigationController)"])
    }

    @Test func offScreenTheMasterHidesWithoutAppearanceCallbacks() throws {
        let log = CallbackLog()
        let (split, master, _) = try split(log)
        let delegate = DelegateLog(log)
        split.delegate = delegate
        split.view.frame = Rect(x: 0, y: 0, width: 1024, height: 768)
        split.view.layoutIfNeeded()
        _ = log.take()
        split.view.frame = Rect(x: 0, y: 0, width: 768, height: 1024)
        split.view.layoutIfNeeded()
        #expect(log.take() == ["willHide(M, Master, item 1)"])
        #expect(master.viewIfLoaded?.superview == nil)
        delegate.items.first?.tap()
        #expect(split.popover?.isPresented == false)
    }
}
