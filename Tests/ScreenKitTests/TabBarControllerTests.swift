import EventLoop
import Testing
@testable import ScreenKit

@MainActor
struct TabBarControllerTests {
    final class DelegateLog: TabBarControllerDelegate {
        let log: CallbackLog
        /// The tabs the delegate refuses, by description.
        var vetoed: Set<String> = []
        init(_ log: CallbackLog) { self.log = log }
        func tabBarController(_ tabs: TabBarController, shouldSelect controller: ViewController) -> Bool {
            log.entries.append("shouldSelect(\(controller))")
            return !vetoed.contains(controller.description)
        }
        func tabBarController(_ tabs: TabBarController, didSelect controller: ViewController) {
            log.entries.append("didSelect(\(controller), \(tabs.selectedIndex.map(String.init) ?? "nil"))")
        }
    }

    /// Three logging tabs titled One, Two and Three in a tab bar controller.
    private func threeTabs(_ log: CallbackLog) throws -> (TabBarController, [LoggingController]) {
        let tabs = ["A", "B", "C"].map { LoggingController($0, log: log) }
        for (tab, title) in zip(tabs, ["One", "Two", "Three"]) { tab.tabBarItem.title = title }
        return (try TabBarController(viewControllers: tabs), tabs)
    }

    /// `tabs` as the root of a visible iPhone window, with a delegate; the log cleared.
    private func onScreen(_ tabs: TabBarController, log: CallbackLog) -> (Window, EventLoop, DelegateLog) {
        let (window, loop) = makeWindow()
        let delegate = DelegateLog(log)
        tabs.delegate = delegate
        window.rootViewController = tabs
        log.retained += [window, delegate]
        _ = log.take()
        return (window, loop, delegate)
    }

    /// Taps the middle of tab `index` of the bar with a finger.
    private func tap(tab index: Int, of tabs: TabBarController, in window: Window) {
        let slot = tabs.tabBar.slot(at: index)
        let point = tabs.tabBar.convert(Point(x: slot.midX, y: slot.midY + 8), to: window)
        window.touch(.began, at: point)
        window.touch(.ended, at: point)
    }

    @Test func tabsAreChildrenAndOnlyTheSelectedOneLoadsAndAppears() throws {
        let log = CallbackLog()
        let (tabs, controllers) = try threeTabs(log)
        #expect(log.take() == [
            "A.willMove(ui.TabBarController)", "B.willMove(ui.TabBarController)", "C.willMove(ui.TabBarController)",
            "A.didMove(ui.TabBarController)", "B.didMove(ui.TabBarController)", "C.didMove(ui.TabBarController)",
        ])
        #expect(tabs.children.map(\.description) == ["A", "B", "C"])
        #expect(controllers.allSatisfy { $0.tabBarController === tabs })
        _ = onScreen(tabs, log: log)
        #expect(tabs.selectedIndex == 0)
        #expect(tabs.selectedViewController === controllers[0])
        #expect(!controllers[1].isViewLoaded && !controllers[2].isViewLoaded)
        #expect(tabs.tabBar.frame == Rect(x: 0, y: 431, width: 320, height: 49))
        #expect(controllers[0].view.frame == Rect(x: 0, y: 0, width: 320, height: 431))
        #expect(controllers[0].view.window != nil)
    }

    @Test func firstAppearanceLoadsTheSelectedTabWithTheTabBarController() throws {
        let log = CallbackLog()
        let (tabs, _) = try threeTabs(log)
        _ = log.take()
        let (window, _) = makeWindow()
        window.rootViewController = tabs
        #expect(log.take() == ["A.viewDidLoad", "A.viewWillAppear(false)", "A.viewDidAppear(false)"])
        #expect(tabs.tabBar.titles == ["One", "Two", "Three"])
        #expect(tabs.tabBar.selectedIndex == 0)
        #expect(tabs.tabBar.buttons.map { $0.currentTitle ?? "" } == ["▸ One", "Two", "Three"])
    }

    @Test func selectingATabRunsInUIKitsOrderWithoutAskingTheDelegate() throws {
        let log = CallbackLog()
        let (tabs, controllers) = try threeTabs(log)
        let (window, _, _) = onScreen(tabs, log: log)
        try tabs.select(at: 1)
        #expect(log.take() == [
            "B.viewDidLoad", "A.viewWillDisappear(false)", "B.viewWillAppear(false)",
            "A.viewDidDisappear(false)", "B.viewDidAppear(false)",
        ])
        #expect(tabs.selectedIndex == 1)
        #expect(controllers[0].view.window == nil)
        #expect(controllers[1].view.window === window)
        #expect(tabs.tabBar.selectedIndex == 1)
        #expect(tabs.tabBar.buttons.map(\.isSelected) == [false, true, false])

        try tabs.select(controllers[2])
        #expect(log.take() == [
            "C.viewDidLoad", "B.viewWillDisappear(false)", "C.viewWillAppear(false)",
            "B.viewDidDisappear(false)", "C.viewDidAppear(false)",
        ])
        try tabs.select(controllers[2])
        #expect(log.take().isEmpty)
    }

    @Test func onlyTheSelectedTabsViewIsInTheHierarchy() throws {
        let log = CallbackLog()
        let (tabs, controllers) = try threeTabs(log)
        _ = onScreen(tabs, log: log)
        for index in [1, 2, 0, 2] {
            try tabs.select(at: index)
            let inHierarchy = controllers.filter { $0.viewIfLoaded?.isDescendant(of: tabs.view) == true }
            #expect(inHierarchy.map(\.description) == [controllers[index].description])
        }
    }

    @Test func tappingATabAsksTheDelegateAndTellsIt() throws {
        let log = CallbackLog()
        let (tabs, _) = try threeTabs(log)
        let (window, _, _) = onScreen(tabs, log: log)
        tap(tab: 2, of: tabs, in: window)
        #expect(log.take() == [
            "shouldSelect(C)", "C.viewDidLoad", "A.viewWillDisappear(false)", "C.viewWillAppear(false)",
            "A.viewDidDisappear(false)", "C.viewDidAppear(false)", "didSelect(C, 2)",
        ])
        #expect(tabs.selectedIndex == 2)
        // Tapping the selected tab asks and tells again, but nothing appears or disappears.
        tap(tab: 2, of: tabs, in: window)
        #expect(log.take() == ["shouldSelect(C)", "didSelect(C, 2)"])
    }

    @Test func theDelegateCanVetoATap() throws {
        let log = CallbackLog()
        let (tabs, controllers) = try threeTabs(log)
        let (window, _, delegate) = onScreen(tabs, log: log)
        delegate.vetoed = ["B"]
        tap(tab: 1, of: tabs, in: window)
        #expect(log.take() == ["shouldSelect(B)"])
        #expect(tabs.selectedIndex == 0)
        #expect(!controllers[1].isViewLoaded)
        #expect(tabs.tabBar.selectedIndex == 0)
        // Selecting from code is not the delegate's to veto.
        try tabs.select(at: 1)
        #expect(tabs.selectedIndex == 1)
        #expect(!log.take().contains("shouldSelect(B)"))
    }

    @Test func selectingATabThatDoesNotExistIsAnErrorNamingTheIndexAndCount() throws {
        let log = CallbackLog()
        let (tabs, _) = try threeTabs(log)
        _ = onScreen(tabs, log: log)
        #expect(throws: ControllerError("cannot select tab 3 of ui.TabBarController: it has 3 tabs")) {
            try tabs.select(at: 3)
        }
        #expect(throws: ControllerError("cannot select tab -1 of ui.TabBarController: it has 3 tabs")) {
            try tabs.select(at: -1)
        }
        #expect(throws: ControllerError("cannot select X: it is not a tab of ui.TabBarController")) {
            try tabs.select(LoggingController("X", log: log))
        }
        let empty = try TabBarController()
        #expect(empty.selectedIndex == nil && empty.selectedViewController == nil)
        #expect(throws: ControllerError("cannot select tab 0 of ui.TabBarController: it has 0 tabs")) {
            try empty.select(at: 0)
        }
        #expect(tabs.selectedIndex == 0)
        #expect(log.take().isEmpty)
    }

    @Test func badTabListsAreErrorsThatChangeNothing() throws {
        let log = CallbackLog()
        let (tabs, controllers) = try threeTabs(log)
        _ = onScreen(tabs, log: log)
        let d = LoggingController("D", log: log)
        #expect(throws: ControllerError("cannot set the tabs of ui.TabBarController: D is listed twice")) {
            try tabs.setViewControllers([d, controllers[0], d])
        }
        let elsewhere = LoggingController("E", log: log)
        let navigation = try NavigationController(root: elsewhere)
        _ = log.take()
        #expect(throws: ControllerError(
            "cannot add E to the tabs of ui.TabBarController: it is already a child of ui.NavigationController")) {
            try tabs.setViewControllers([d, elsewhere])
        }
        #expect(throws: ControllerError("cannot add ui.TabBarController to the tabs of ui.TabBarController: a controller cannot contain itself")) {
            try tabs.setViewControllers([tabs])
        }
        #expect(tabs.viewControllers.map(\.description) == ["A", "B", "C"])
        #expect(d.parent == nil && elsewhere.parent === navigation)
        #expect(log.take().isEmpty)
    }

    @Test func settingTheTabsKeepsTheSelectionAsUIKitDoes() throws {
        let log = CallbackLog()
        let (tabs, controllers) = try threeTabs(log)
        let (a, b, c) = (controllers[0], controllers[1], controllers[2])
        _ = onScreen(tabs, log: log)
        try tabs.select(at: 1)
        _ = log.take()
        // The selected controller stays selected where it moved to.
        let d = LoggingController("D", log: log)
        try tabs.setViewControllers([d, b])
        #expect(log.take() == [
            "D.willMove(ui.TabBarController)", "A.willMove(nil)", "C.willMove(nil)",
            "A.didMove(nil)", "C.didMove(nil)", "D.didMove(ui.TabBarController)",
        ])
        #expect(tabs.selectedViewController === b && tabs.selectedIndex == 1)
        #expect(a.parent == nil && c.parent == nil)
        #expect(tabs.tabBar.titles == ["", "Two"])

        // Gone: the same index if there is one.
        let e = LoggingController("E", log: log)
        try tabs.setViewControllers([d, e])
        #expect(log.take() == [
            "E.willMove(ui.TabBarController)", "B.willMove(nil)", "E.viewDidLoad",
            "B.viewWillDisappear(false)", "E.viewWillAppear(false)", "B.viewDidDisappear(false)",
            "E.viewDidAppear(false)", "B.didMove(nil)", "E.didMove(ui.TabBarController)",
        ])
        #expect(tabs.selectedViewController === e)
        // Else the first.
        try tabs.setViewControllers([a])
        #expect(tabs.selectedViewController === a && tabs.selectedIndex == 0)
        try tabs.setViewControllers([])
        #expect(tabs.selectedIndex == nil && tabs.children.isEmpty)
        #expect(a.viewIfLoaded?.superview == nil)
    }

    @Test func selectingOffScreenHasNoAppearanceCallbacksUntilItAppears() throws {
        let log = CallbackLog()
        let (tabs, controllers) = try threeTabs(log)
        _ = log.take()
        try tabs.select(at: 2)
        _ = tabs.view
        #expect(log.take().isEmpty)
        try tabs.select(at: 1)
        #expect(log.take() == ["B.viewDidLoad"])
        #expect(controllers[1].appearanceState == .disappeared)
        #expect(controllers[2].viewIfLoaded?.superview == nil)
        let (window, _) = makeWindow()
        window.rootViewController = tabs
        #expect(log.take() == ["B.viewWillAppear(false)", "B.viewDidAppear(false)"])
        window.rootViewController = nil
        #expect(log.take() == ["B.viewWillDisappear(false)", "B.viewDidDisappear(false)"])
    }

    @Test func eachTabKeepsItsOwnNavigationStack() throws {
        let log = CallbackLog()
        let a = LoggingController("A", log: log), a2 = LoggingController("A2", log: log)
        let b = LoggingController("B", log: log), b2 = LoggingController("B2", log: log)
        let first = try NavigationController(root: a), second = try NavigationController(root: b)
        first.tabBarItem.title = "First"
        second.tabBarItem.title = "Second"
        let tabs = try TabBarController(viewControllers: [first, second])
        let (window, loop, _) = onScreen(tabs, log: log)
        try first.push(a2, animated: false)
        try tabs.select(at: 1)
        try second.push(b2, animated: false)
        _ = log.take()

        tap(tab: 0, of: tabs, in: window)
        #expect(log.take() == [
            "shouldSelect(ui.NavigationController)", "B2.viewWillDisappear(false)", "A2.viewWillAppear(false)",
            "B2.viewDidDisappear(false)", "A2.viewDidAppear(false)", "didSelect(ui.NavigationController, 0)",
        ])
        #expect(first.viewControllers.map(\.description) == ["A", "A2"])
        #expect(second.viewControllers.map(\.description) == ["B", "B2"])
        #expect(a2.view.window === window && b2.view.window == nil)
        #expect(first.navigationBar.backTitle == nil && first.navigationBar.title == nil)
        #expect(a2.tabBarController === tabs && a2.navigationController === first)
        #expect(tabs.tabBar.titles == ["First", "Second"])

        // Tapping the selected tab again pops its stack to the root, as in UIKit.
        tap(tab: 0, of: tabs, in: window)
        loop.advance(by: 1)
        #expect(first.viewControllers.map(\.description) == ["A"])
        #expect(second.viewControllers.map(\.description) == ["B", "B2"])
        #expect(a.view.window === window)
    }

    @Test func aTapRightAfterTheTabsChangeFindsTheNewButtons() throws {
        let log = CallbackLog()
        let (tabs, controllers) = try threeTabs(log)
        let (window, _, _) = onScreen(tabs, log: log)
        try tabs.setViewControllers(Array(controllers.prefix(2)))
        #expect(tabs.tabBar.slot(at: 1) == Rect(x: 160, y: 0, width: 160, height: 49))
        tap(tab: 1, of: tabs, in: window)
        #expect(tabs.selectedIndex == 1)
    }

    @Test func tabBarShowsTitlesAndBadgesAsTheyChange() throws {
        let log = CallbackLog()
        let (tabs, controllers) = try threeTabs(log)
        _ = onScreen(tabs, log: log)
        controllers[1].tabBarItem.badgeValue = "3"
        #expect(tabs.tabBar.badges == [nil, "3", nil])
        controllers[2].tabBarItem.title = "Third"
        #expect(tabs.tabBar.titles == ["One", "Two", "Third"])
        // An untitled item takes the controller's title.
        let untitled = LoggingController("U", log: log)
        let navigation = try NavigationController(root: untitled)
        try tabs.setViewControllers(controllers + [navigation])
        navigation.title = "Inbox"
        #expect(tabs.tabBar.titles.last == "Inbox")
    }

    @Test func memoryWarningsReachEveryTabAndReleaseHiddenViews() throws {
        let log = CallbackLog()
        let (tabs, controllers) = try threeTabs(log)
        let (window, _, _) = onScreen(tabs, log: log)
        try tabs.select(at: 1)
        try tabs.select(at: 0)
        _ = log.take()
        window.memoryWarning()
        #expect(log.take() == ["A.didReceiveMemoryWarning", "B.didReceiveMemoryWarning", "C.didReceiveMemoryWarning"])
        #expect(controllers[0].isViewLoaded)
        #expect(!controllers[1].isViewLoaded)
        try tabs.select(at: 1)
        #expect(log.take().first == "B.viewDidLoad")
        #expect(controllers[1].view.window === window)
    }

    @Test func rotationReachesEveryControllerAndTheBarFollows() throws {
        let log = CallbackLog()
        let nested = LoggingController("N", log: log)
        let (tabs, controllers) = try threeTabs(log)
        try tabs.setViewControllers(controllers + [try NavigationController(root: nested)])
        let (window, _, _) = onScreen(tabs, log: log)
        window.rotate(to: .landscape)
        #expect(log.take() == [
            "A.viewWillTransition(480×320)", "B.viewWillTransition(480×320)", "C.viewWillTransition(480×320)",
            "N.viewWillTransition(480×320)",
        ])
        #expect(tabs.tabBar.frame == Rect(x: 0, y: 271, width: 480, height: 49))
        #expect(controllers[0].view.frame == Rect(x: 0, y: 0, width: 480, height: 271))
        try tabs.select(at: 2)
        #expect(controllers[2].view.frame == Rect(x: 0, y: 0, width: 480, height: 271))
        #expect(tabs.tabBar.slot(at: 3) == Rect(x: 360, y: 0, width: 120, height: 49))
    }
}
