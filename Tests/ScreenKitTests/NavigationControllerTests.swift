import EventLoop
import Testing
@testable import ScreenKit

@MainActor
struct NavigationControllerTests {
    final class DelegateLog: NavigationControllerDelegate {
        let log: CallbackLog
        init(_ log: CallbackLog) { self.log = log }
        func navigationController(_ navigation: NavigationController, willShow controller: ViewController, animated: Bool) {
            log.entries.append("willShow(\(controller), \(animated))")
        }
        func navigationController(_ navigation: NavigationController, didShow controller: ViewController, animated: Bool) {
            log.entries.append("didShow(\(controller), \(animated))")
        }
    }

    /// A navigation controller with `root`, shown in a visible window, its log cleared.
    private func onScreen(_ root: ViewController, log: CallbackLog) throws -> (NavigationController, EventLoop, DelegateLog) {
        let (window, loop) = makeWindow()
        let navigation = try NavigationController(root: root)
        let delegate = DelegateLog(log)
        navigation.delegate = delegate
        window.rootViewController = navigation
        log.retained += [window, delegate]
        _ = log.take()
        return (navigation, loop, delegate)
    }

    @Test func firstAppearanceLoadsTheRootWhenTheNavigationControllerAppears() throws {
        let log = CallbackLog()
        let (window, _) = makeWindow()
        let root = LoggingController("Root", log: log)
        let navigation = try NavigationController(root: root)
        #expect(log.take() == ["Root.willMove(ui.NavigationController)", "Root.didMove(ui.NavigationController)"])
        window.rootViewController = navigation
        #expect(log.take() == ["Root.viewDidLoad", "Root.viewWillAppear(false)", "Root.viewDidAppear(false)"])
        #expect(navigation.navigationBar.frame == Rect(x: 0, y: 0, width: 320, height: 44))
    }

    @Test func animatedPushRunsInUIKitsOrder() throws {
        let log = CallbackLog()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        let (navigation, loop, _) = try onScreen(a, log: log)
        try navigation.push(b, animated: true)
        #expect(log.take() == [
            "B.willMove(ui.NavigationController)", "willShow(B, true)", "B.viewDidLoad",
            "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
        ])
        #expect(navigation.topViewController === b)
        #expect(navigation.isTransitioning)
        #expect(throws: ControllerError("cannot push C: ui.NavigationController is still animating a transition")) {
            try navigation.push(LoggingController("C", log: log), animated: true)
        }
        loop.advance(by: NavigationController.transitionDuration)
        #expect(log.take() == [
            "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(ui.NavigationController)", "didShow(B, true)",
        ])
        #expect(a.viewIfLoaded?.superview == nil)
        #expect(b.view.frame.origin.x == 0)
    }

    @Test func popRunsInUIKitsOrderAndTheRootIsNeverPopped() throws {
        let log = CallbackLog()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        let (navigation, loop, _) = try onScreen(a, log: log)
        try navigation.push(b, animated: false)
        _ = log.take()
        #expect(try navigation.pop(animated: true) === b)
        #expect(navigation.viewControllers.map(\.description) == ["A"])
        loop.advance(by: 1)
        #expect(log.take() == [
            "B.willMove(nil)", "willShow(A, true)", "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
            "B.viewDidDisappear(true)", "A.viewDidAppear(true)", "B.didMove(nil)", "didShow(A, true)",
        ])
        #expect(b.parent == nil)
        #expect(try navigation.pop(animated: true) == nil)
        #expect(try navigation.popToRoot(animated: false).isEmpty)
        #expect(log.take().isEmpty)
    }

    @Test func popToRootSkipsTheControllersInBetween() throws {
        let log = CallbackLog()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        let c = LoggingController("C", log: log)
        let (navigation, _, _) = try onScreen(a, log: log)
        try navigation.push(b, animated: false)
        try navigation.push(c, animated: false)
        _ = log.take()
        let popped = try navigation.popToRoot(animated: false)
        #expect(popped.map(\.description) == ["B", "C"])
        #expect(log.take() == [
            "B.willMove(nil)", "C.willMove(nil)", "willShow(A, false)",
            "C.viewWillDisappear(false)", "A.viewWillAppear(false)", "C.viewDidDisappear(false)",
            "A.viewDidAppear(false)", "B.didMove(nil)", "C.didMove(nil)", "didShow(A, false)",
        ])
    }

    @Test func popToAControllerNotOnTheStackIsAnError() throws {
        let log = CallbackLog()
        let (navigation, _, _) = try onScreen(LoggingController("A", log: log), log: log)
        #expect(throws: ControllerError("cannot pop to X: it is not on the stack of ui.NavigationController")) {
            try navigation.pop(to: LoggingController("X", log: log), animated: false)
        }
    }

    @Test func settingTheStackPushesWhenTheTopIsNew() throws {
        let log = CallbackLog()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        let c = LoggingController("C", log: log)
        let (navigation, _, _) = try onScreen(a, log: log)
        try navigation.setViewControllers([b, c], animated: false)
        #expect(log.take() == [
            "B.willMove(ui.NavigationController)", "C.willMove(ui.NavigationController)", "A.willMove(nil)",
            "willShow(C, false)", "C.viewDidLoad", "A.viewWillDisappear(false)", "C.viewWillAppear(false)",
            "A.viewDidDisappear(false)", "C.viewDidAppear(false)", "A.didMove(nil)",
            "B.didMove(ui.NavigationController)", "C.didMove(ui.NavigationController)", "didShow(C, false)",
        ])
        #expect(navigation.viewControllers.map(\.description) == ["B", "C"])
        #expect(navigation.children.map(\.description) == ["B", "C"])
        #expect(!b.isViewLoaded, "controllers below the top load their views only when shown")
    }

    @Test func pushingAControllerAlreadyInAStackIsAnError() throws {
        let log = CallbackLog()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        let (navigation, _, _) = try onScreen(a, log: log)
        try navigation.push(b, animated: false)
        #expect(throws: ControllerError("cannot push A: it is already on the stack of ui.NavigationController")) {
            try navigation.push(a, animated: false)
        }
        let other = try NavigationController(root: LoggingController("R", log: log))
        #expect(throws: ControllerError(
            "cannot push B on ui.NavigationController: it is already on the stack of ui.NavigationController")) {
            try other.push(b, animated: false)
        }
        #expect(throws: ControllerError("cannot set the stack of ui.NavigationController: A is listed twice")) {
            try navigation.setViewControllers([a, a], animated: false)
        }
        #expect(throws: ControllerError("a navigation controller needs at least one controller on its stack")) {
            try navigation.setViewControllers([], animated: false)
        }
    }

    @Test func aStackTenThousandDeepPushesAndPopsAtTheTop() throws {
        let log = CallbackLog()
        let depth = 10_000
        let controllers = (0...depth).map { LoggingController("C\($0)", log: log) }
        for controller in controllers { controller.title = controller.name }
        let (navigation, _, _) = try onScreen(controllers[0], log: log)
        for controller in controllers[1..<depth] { try navigation.push(controller, animated: false) }
        _ = log.take()
        try navigation.push(controllers[depth], animated: false)
        #expect(log.take() == [
            "C10000.willMove(ui.NavigationController)", "willShow(C10000 'C10000', false)", "C10000.viewDidLoad",
            "C9999.viewWillDisappear(false)", "C10000.viewWillAppear(false)",
            "C9999.viewDidDisappear(false)", "C10000.viewDidAppear(false)",
            "C10000.didMove(ui.NavigationController)", "didShow(C10000 'C10000', false)",
        ])
        #expect(navigation.viewControllers.elementsEqual(controllers, by: { $0 === $1 }))
        #expect(navigation.children.elementsEqual(controllers, by: { $0 === $1 }))
        #expect(navigation.navigationBar.title == "C10000" && navigation.navigationBar.backTitle == "C9999")
        #expect(controllers[depth].view.superview != nil && controllers[depth - 1].viewIfLoaded?.superview == nil)

        #expect(try navigation.pop(animated: false) === controllers[depth])
        #expect(log.take() == [
            "C10000.willMove(nil)", "willShow(C9999 'C9999', false)",
            "C10000.viewWillDisappear(false)", "C9999.viewWillAppear(false)",
            "C10000.viewDidDisappear(false)", "C9999.viewDidAppear(false)",
            "C10000.didMove(nil)", "didShow(C9999 'C9999', false)",
        ])
        while try navigation.pop(animated: false) != nil {}
        #expect(navigation.viewControllers.elementsEqual([controllers[0]], by: { $0 === $1 }))
        #expect(navigation.children.elementsEqual([controllers[0]], by: { $0 === $1 }))
        #expect(controllers.dropFirst().allSatisfy { $0.parent == nil && $0.appearanceState == .disappeared })
        #expect(controllers[0].appearanceState == .appeared)
        #expect(navigation.navigationBar.title == "C0" && navigation.navigationBar.backTitle == nil)
    }

    @Test func aControllerThatLeftTheStackByItselfIsAddedBackByTheNextTransition() throws {
        let log = CallbackLog()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        let c = LoggingController("C", log: log), d = LoggingController("D", log: log)
        let (navigation, _, _) = try onScreen(a, log: log)
        try navigation.push(b, animated: false)
        try navigation.push(c, animated: false)
        b.removeFromParent()
        #expect(navigation.children.map(\.description) == ["A", "C"])
        _ = log.take()
        try navigation.push(d, animated: false)
        #expect(log.take() == [
            "B.willMove(ui.NavigationController)", "D.willMove(ui.NavigationController)", "willShow(D, false)",
            "D.viewDidLoad", "C.viewWillDisappear(false)", "D.viewWillAppear(false)",
            "C.viewDidDisappear(false)", "D.viewDidAppear(false)",
            "B.didMove(ui.NavigationController)", "D.didMove(ui.NavigationController)", "didShow(D, false)",
        ])
        #expect(navigation.children.map(\.description) == ["A", "C", "B", "D"])
        #expect(try navigation.popToRoot(animated: false).map(\.description) == ["B", "C", "D"])
        #expect(navigation.children.map(\.description) == ["A"])
    }

    // MARK: - The bar

    @Test func theBarShowsTheOwnLeftButtonElseTheBackButtonElseTheTitleBelow() throws {
        let log = CallbackLog()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        a.title = "Diary"
        b.title = "Entry"
        let (navigation, _, _) = try onScreen(a, log: log)
        let bar = navigation.navigationBar
        #expect(bar.title == "Diary" && bar.backTitle == nil, "no back button on the root")

        try navigation.push(b, animated: false)
        #expect(bar.title == "Entry")
        #expect(bar.backTitle == "Diary", "3. a back button titled with the previous controller's title")

        a.navigationItem.backButton = BarButtonItem(title: "Overview")
        #expect(bar.backTitle == "Overview", "2. the previous controller's back button")

        let cancel = BarButtonItem(title: "Cancel")
        b.navigationItem.leftButton = cancel
        #expect(bar.backTitle == nil && bar.leftButton === cancel, "1. the controller's own left button")

        b.navigationItem.leftButton = nil
        a.navigationItem.backButton = nil
        a.title = nil
        #expect(bar.backTitle == nil, "the last rule does not apply when the previous title is not set")

        b.navigationItem.prompt = "Pick one"
        let save = BarButtonItem(title: "Save")
        b.navigationItem.rightButton = save
        #expect(bar.prompt == "Pick one" && bar.rightButton === save)
        navigation.view.layoutIfNeeded()
        #expect(bar.frame.height == NavigationBar.heightWithPrompt)
    }

    @Test func theBackButtonGivesWayBeforeTheTitleIsCut() throws {
        let log = CallbackLog()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        a.title = "All Conversations"
        b.title = "Thread"
        let (navigation, _, _) = try onScreen(a, log: log)
        try navigation.push(b, animated: false)
        let bar = navigation.navigationBar
        let back = { bar.subviews.compactMap { $0 as? Button }.first { $0.tag == -1 }?.title(for: .normal) }
        let title = try #require(bar.subviews.compactMap { $0 as? Label }.first { $0.text == "Thread" })
        // 320 points: "< All Conversations" (184) and "Thread" beside it.
        #expect(bar.backTitle == "All Conversations" && back() == "< All Conversations")
        #expect(title.frame.minX >= 184 + 16 && title.frame.width >= 6 * 8)

        b.title = "Quarterly Report"
        #expect(bar.backTitle == "Back" && back() == "< Back", "no room for both: the generic title")
        #expect(title.frame.width >= 16 * 8)

        b.title = "The Analytical Engine of Babbage"
        #expect(bar.backTitle == "" && back() == "<", "no room for \"Back\": the chevron alone")
        #expect(title.frame.width >= 32 * 8)

        b.title = String(repeating: "x", count: 40)
        #expect(bar.backTitle == "" && back() == "<", "only then is the title cut")
        #expect(title.frame.minX == 56 && title.frame.maxX == 312)

        b.title = "Thread"
        #expect(bar.backTitle == "All Conversations", "a shorter title gives the previous title back")

        b.title = "Quarterly Report"
        navigation.view.window?.rotate(to: .landscape)
        navigation.view.window?.layoutIfNeeded()
        #expect(bar.backTitle == "All Conversations", "480 points hold both")
        navigation.view.window?.rotate(to: .portrait)
        navigation.view.window?.layoutIfNeeded()
        #expect(bar.backTitle == "Back")

        a.navigationItem.backButton = BarButtonItem(title: "Overview")
        b.title = String(repeating: "x", count: 40)
        #expect(bar.backTitle == "Overview", "a back button the previous controller set keeps its title")
    }

    @Test func theBackButtonPopsWithoutCallingAnAction() throws {
        let log = CallbackLog()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        a.title = "Diary"
        var actions = 0
        a.navigationItem.backButton = BarButtonItem(title: "Back") { _ in actions += 1 }
        let (navigation, loop, _) = try onScreen(a, log: log)
        try navigation.push(b, animated: false)
        let window = try #require(navigation.view.window)
        window.layoutIfNeeded()
        let back = try #require(navigation.navigationBar.subviews.compactMap { $0 as? Button }.first)
        #expect(back.currentTitle == "< Back")
        let point = back.convert(Point(x: 4, y: 4), to: nil)
        window.touch(.began, at: point)
        window.touch(.ended, at: point)
        loop.advance(by: 1)
        #expect(navigation.topViewController === a)
        #expect(actions == 0)
    }

    @Test func theToolbarShowsTheTopControllersItems() throws {
        let log = CallbackLog()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        var tapped: [String] = []
        a.toolbarItems = [BarButtonItem(title: "Edit") { tapped.append($0.title ?? "") }]
        b.toolbarItems = [BarButtonItem(title: "Play"), BarButtonItem(title: "Stop")]
        let (navigation, _, _) = try onScreen(a, log: log)
        navigation.isToolbarHidden = false
        navigation.view.layoutIfNeeded()
        #expect(navigation.toolbar.items.map(\.title) == ["Edit"])
        #expect(navigation.toolbar.frame == Rect(x: 0, y: 436, width: 320, height: 44))
        #expect(a.view.frame.height == 480 - 44 - 44)
        navigation.toolbar.items.first?.tap()
        #expect(tapped == ["Edit"])
        try navigation.push(b, animated: false)
        #expect(navigation.toolbar.items.map(\.title) == ["Play", "Stop"])
    }

    @Test func anAncestorNavigationControllerIsFound() throws {
        let log = CallbackLog()
        let a = LoggingController("A", log: log), child = LoggingController("Child", log: log)
        let navigation = try NavigationController(root: a)
        try a.addChild(child)
        #expect(a.navigationController === navigation)
        #expect(child.navigationController === navigation)
        #expect(navigation.navigationController == nil)
    }
}

extension NavigationControllerTests {
    @Test func theScreenTakesNoTouchesWhileTheStackSlides() throws {
        let (window, loop) = makeWindow()
        let a = ViewController(), b = ViewController()
        let navigation = try NavigationController(root: a)
        window.rootViewController = navigation
        let button = Button(frame: Rect(x: 0, y: 100, width: 320, height: 100))
        try b.view.addSubview(button)
        var taps = 0
        button.addTarget({ _, _ in taps += 1 }, for: [.touchUpInside])
        try navigation.push(b, animated: true)
        #expect(tapsDuringAndAfterATransition(window, loop: loop) { taps } == [0, 1])
        #expect(navigation.view.isUserInteractionEnabled)
    }

    @Test("the other side of a split view takes no touches either while a stack slides")
    func theOtherPaneWaitsForThePush() throws {
        let loop = EventLoop(clock: .virtual)
        let window = Window(device: .ipad, orientation: .landscape, loop: loop)
        window.makeKeyAndVisible()
        let master = ViewController(), detail = try NavigationController(root: ViewController())
        window.rootViewController = try SplitViewController(master: master, detail: detail)
        let button = Button(frame: Rect(x: 0, y: 100, width: 320, height: 100))
        try master.view.addSubview(button)
        var taps = 0
        button.addTarget({ _, _ in taps += 1 }, for: [.touchUpInside])
        try detail.push(ViewController(), animated: true)
        #expect(tapsDuringAndAfterATransition(window, loop: loop) { taps } == [0, 1])
    }

    /// How many taps a button under (160, 150) has counted after a tap halfway through the
    /// transition under way, and after one once it has ended.
    private func tapsDuringAndAfterATransition(_ window: Window, loop: EventLoop, taps: () -> Int) -> [Int] {
        var counts: [Int] = []
        for wait in [NavigationController.transitionDuration / 2, NavigationController.transitionDuration] {
            loop.advance(by: wait)
            window.touch(.began, at: Point(x: 160, y: 150))
            window.touch(.ended, at: Point(x: 160, y: 150))
            counts.append(taps())
        }
        return counts
    }
}
