import EventLoop
import Testing
@testable import ScreenKit

@MainActor
struct ViewControllerTests {
    // MARK: - Life cycle

    @Test func theViewLoadsOnFirstAccessWithLoadViewThenViewDidLoad() {
        let log = CallbackLog()
        let a = LoggingController("A", log: log)
        #expect(!a.isViewLoaded)
        #expect(a.viewIfLoaded == nil)
        _ = a.view
        _ = a.view
        #expect(a.isViewLoaded)
        #expect(log.take() == ["A.viewDidLoad"])
        #expect(a.view.viewController === a)
        #expect(a.view.next === a)
    }

    @Test func firstAppearanceAsTheRootOfAVisibleWindow() {
        let log = CallbackLog()
        let (window, _) = makeWindow()
        let a = LoggingController("A", log: log)
        window.rootViewController = a
        #expect(log.take() == ["A.viewDidLoad", "A.viewWillAppear(false)", "A.viewDidAppear(false)"])
        #expect(a.view.frame == window.bounds)
        #expect(a.appearanceState == .appeared)
    }

    @Test func aWindowShownLaterMakesItsRootAppear() {
        let log = CallbackLog()
        let window = Window(device: .iphone, loop: EventLoop(clock: .virtual))
        let a = LoggingController("A", log: log)
        window.rootViewController = a
        #expect(log.take() == ["A.viewDidLoad"])
        window.makeKeyAndVisible()
        #expect(log.take() == ["A.viewWillAppear(false)", "A.viewDidAppear(false)"])
    }

    @Test func replacingTheRootMakesTheOldOneDisappear() {
        let log = CallbackLog()
        let (window, _) = makeWindow()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        window.rootViewController = a
        _ = log.take()
        window.rootViewController = b
        #expect(log.take() == [
            "A.viewWillDisappear(false)", "A.viewDidDisappear(false)",
            "B.viewDidLoad", "B.viewWillAppear(false)", "B.viewDidAppear(false)",
        ])
        #expect(a.viewIfLoaded?.superview == nil)
    }

    @Test func appearanceCallbacksNeverRepeatTheSameState() {
        let log = CallbackLog()
        let a = LoggingController("A", log: log)
        a.beginAppearanceTransition(true, animated: true)
        a.beginAppearanceTransition(true, animated: true)
        a.endAppearanceTransition()
        a.endAppearanceTransition()
        a.beginAppearanceTransition(true, animated: false)
        a.beginAppearanceTransition(false, animated: false)
        a.beginAppearanceTransition(false, animated: false)
        a.endAppearanceTransition()
        a.beginAppearanceTransition(false, animated: false)
        #expect(log.take() == [
            "A.viewDidLoad", "A.viewWillAppear(true)", "A.viewDidAppear(true)",
            "A.viewWillDisappear(false)", "A.viewDidDisappear(false)",
        ])
    }

    @Test func layoutCallbacksSurroundTheViewsLayout() {
        final class Laying: ViewController {
            var calls: [String] = []
            override func loadView() {
                final class Logged: View {
                    var onLayout: () -> Void = {}
                    override func layoutSubviews() { onLayout() }
                }
                let view = Logged(frame: Rect(x: 0, y: 0, width: 100, height: 100))
                view.onLayout = { [unowned self] in calls.append("layoutSubviews") }
                self.view = view
            }
            override func viewWillLayoutSubviews() { calls.append("viewWillLayoutSubviews") }
            override func viewDidLayoutSubviews() { calls.append("viewDidLayoutSubviews") }
        }
        let controller = Laying()
        controller.view.layoutIfNeeded()
        #expect(controller.calls == ["viewWillLayoutSubviews", "layoutSubviews", "viewDidLayoutSubviews"])
    }

    // MARK: - Memory warnings

    @Test func aMemoryWarningReachesEveryControllerAndReleasesViewsOffScreen() throws {
        let log = CallbackLog()
        let (window, _) = makeWindow()
        let root = LoggingController("Root", log: log), a = LoggingController("A", log: log)
        let b = LoggingController("B", log: log)
        let navigation = try NavigationController(root: root)
        window.rootViewController = navigation
        try navigation.push(a, animated: false)
        try a.present(b, animated: false)
        _ = log.take()
        window.memoryWarning()
        #expect(log.take() == ["Root.didReceiveMemoryWarning", "A.didReceiveMemoryWarning", "B.didReceiveMemoryWarning"])
        #expect(!root.isViewLoaded, "the root's view is off screen below A")
        #expect(!a.isViewLoaded, "A's view is off screen below the presented B")
        #expect(!navigation.isViewLoaded, "the presenter's view left the window for the presentation")
        #expect(b.isViewLoaded)
        try b.dismiss(animated: false)
        #expect(log.take() == [
            "B.viewWillDisappear(false)", "A.viewDidLoad", "A.viewWillAppear(false)", "A.viewDidAppear(false)",
            "B.viewDidDisappear(false)",
        ])
        _ = try navigation.pop(animated: false)
        #expect(log.take() == [
            "A.willMove(nil)", "Root.viewDidLoad", "A.viewWillDisappear(false)", "Root.viewWillAppear(false)",
            "A.viewDidDisappear(false)", "Root.viewDidAppear(false)", "A.didMove(nil)",
        ])
    }

    // MARK: - Containment

    @Test func addingAndRemovingAChildFollowsUIKitsContainmentOrder() throws {
        let log = CallbackLog()
        let (window, _) = makeWindow()
        let parent = LoggingController("Parent", log: log), child = LoggingController("Child", log: log)
        window.rootViewController = parent
        _ = log.take()
        // RaisingSegue: addChild, add the view, didMove.
        try parent.addChild(child)
        try parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(log.take() == [
            "Child.willMove(Parent)", "Child.viewDidLoad", "Child.viewWillAppear(false)", "Child.viewDidAppear(false)",
            "Child.didMove(Parent)",
        ])
        #expect(parent.children.map(\.description) == ["Child"])
        #expect(child.parent === parent)
        // ShrinkingSegue: willMove(nil), remove the view, removeFromParent.
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(log.take() == [
            "Child.willMove(nil)", "Child.viewWillDisappear(false)", "Child.viewDidDisappear(false)", "Child.didMove(nil)",
        ])
        #expect(parent.children.isEmpty && child.parent == nil)
    }

    @Test func childrenAppearWithTheirParent() throws {
        let log = CallbackLog()
        let (window, _) = makeWindow()
        let parent = LoggingController("Parent", log: log), child = LoggingController("Child", log: log)
        try parent.addChild(child)
        try parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        _ = log.take()
        window.rootViewController = parent
        #expect(log.take() == [
            "Parent.viewWillAppear(false)", "Child.viewWillAppear(false)",
            "Parent.viewDidAppear(false)", "Child.viewDidAppear(false)",
        ])
        window.rootViewController = nil
        #expect(log.take() == [
            "Parent.viewWillDisappear(false)", "Child.viewWillDisappear(false)",
            "Parent.viewDidDisappear(false)", "Child.viewDidDisappear(false)",
        ])
    }

    @Test func aChildHasOneParent() throws {
        let log = CallbackLog()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        let child = LoggingController("Child", log: log)
        try a.addChild(child)
        try a.addChild(child)
        #expect(a.children.count == 1)
        #expect(throws: ControllerError(
            "cannot add Child as a child of B: it is already a child of A; remove it from its parent first")) {
            try b.addChild(child)
        }
        #expect(throws: ControllerError("cannot add A as a child of Child: a controller cannot contain itself")) {
            try child.addChild(a)
        }
    }

    @Test func manualForwardingLeavesAppearanceToTheParent() throws {
        final class Manual: LoggingController {
            override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
        }
        let log = CallbackLog()
        let (window, _) = makeWindow()
        let parent = Manual("Parent", log: log), child = LoggingController("Child", log: log)
        window.rootViewController = parent
        try parent.addChild(child)
        try parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(log.take() == [
            "Parent.viewDidLoad", "Parent.viewWillAppear(false)", "Parent.viewDidAppear(false)",
            "Child.willMove(Parent)", "Child.viewDidLoad", "Child.didMove(Parent)",
        ])
        child.beginAppearanceTransition(true, animated: true)
        child.endAppearanceTransition()
        window.rootViewController = nil
        #expect(log.take() == [
            "Child.viewWillAppear(true)", "Child.viewDidAppear(true)",
            "Parent.viewWillDisappear(false)", "Parent.viewDidDisappear(false)",
        ])
    }

    @Test func transitionSwapsChildViewsOnTheLoopsAnimationDriver() throws {
        let log = CallbackLog()
        let (window, loop) = makeWindow()
        let parent = LoggingController("Parent", log: log)
        let old = LoggingController("Old", log: log), new = LoggingController("New", log: log)
        window.rootViewController = parent
        try parent.addChild(old)
        try parent.view.addSubview(old.view)
        old.didMove(toParent: parent)
        _ = log.take()

        try parent.addChild(new)
        old.willMove(toParent: nil)
        new.view.alpha = 0
        var finished: Bool?
        try parent.transition(from: old, to: new, duration: 0.25, animations: {
            new.view.alpha = 1
            old.view.alpha = 0
        }, completion: { done in
            finished = done
            log.entries.append("completion(\(done))")
            old.removeFromParent()
            new.didMove(toParent: parent)
        })
        #expect(log.take() == [
            "New.willMove(Parent)", "Old.willMove(nil)", "New.viewDidLoad",
            "Old.viewWillDisappear(true)", "New.viewWillAppear(true)",
        ])
        #expect(new.view.superview === parent.view && old.view.superview === parent.view)
        #expect(new.view.alpha == 0)
        loop.advance(by: 0.125)
        #expect(new.view.alpha > 0.2 && new.view.alpha < 0.8)
        #expect(finished == nil)
        loop.advance(by: 0.2)
        #expect(log.take() == [
            "Old.viewDidDisappear(true)", "New.viewDidAppear(true)", "completion(true)",
            "Old.didMove(nil)", "New.didMove(Parent)",
        ])
        #expect(new.view.alpha == 1)
        #expect(old.viewIfLoaded?.superview == nil)
        #expect(parent.children.map(\.description) == ["New"])
    }

    @Test func transitionNeedsTwoChildren() throws {
        let log = CallbackLog()
        let parent = LoggingController("Parent", log: log)
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        try parent.addChild(a)
        #expect(throws: ControllerError("cannot transition from A to B: B is not a child of Parent")) {
            try parent.transition(from: a, to: b, duration: 0)
        }
    }

    // MARK: - Rotation

    @Test func rotationReachesEveryControllerBeforeTheBoundsChange() throws {
        let log = CallbackLog()
        let (window, _) = makeWindow()
        let root = LoggingController("Root", log: log), top = LoggingController("Top", log: log)
        let child = LoggingController("Child", log: log), presented = LoggingController("Presented", log: log)
        let navigation = try NavigationController(root: root)
        window.rootViewController = navigation
        try navigation.push(top, animated: false)
        try top.addChild(child)
        try top.present(presented, animated: false)
        _ = log.take()
        window.rotate(to: .landscape)
        #expect(log.take() == [
            "Root.viewWillTransition(480×320)", "Top.viewWillTransition(480×320)",
            "Child.viewWillTransition(480×320)", "Presented.viewWillTransition(480×320)",
        ])
        #expect(presented.view.frame == Rect(x: 0, y: 0, width: 480, height: 320))
        try top.dismiss(animated: false)
        window.layoutIfNeeded()
        #expect(navigation.view.frame == Rect(x: 0, y: 0, width: 480, height: 320))
        #expect(navigation.navigationBar.frame.width == 480)
        #expect(top.view.convert(top.view.bounds, to: nil) == Rect(x: 0, y: 44, width: 480, height: 276))
    }

    // MARK: - Deep trees

    /// Counts the callbacks that reach it, without a log that would grow with the tree.
    final class Counting: ViewController {
        var appearances = 0, warnings = 0, transitions = 0
        override func viewDidAppear(_ animated: Bool) { appearances += 1 }
        override func didReceiveMemoryWarning() { warnings += 1 }
        override func viewWillTransition(to size: Size) { transitions += 1 }
    }

    @Test func aDeepChainOfChildrenBuildsInLinearTimeInEitherOrderAndFrees() throws {
        // The chain so far as the child of a new root each time...
        var top = Counting()
        for _ in 0..<ViewTests.depth {
            let parent = Counting()
            try parent.addChild(top)
            top = parent
        }
        var bottom = top
        while let child = bottom.children.first { bottom = child as! Counting }
        #expect(throws: ControllerError.self) { try bottom.addChild(top) }
        // ... and a new child under the deepest each time.
        for _ in 0..<ViewTests.depth {
            let child = Counting()
            try bottom.addChild(child)
            bottom = child
        }
        weak let deepest = bottom
        // Messages to the whole tree reach the bottom.
        top.receiveMemoryWarning()
        top.willTransition(to: Size(width: 480, height: 320))
        #expect(deepest?.warnings == 1 && deepest?.transitions == 1)
        bottom = top
        // The last reference to the top goes: the chain is freed one controller at a time.
        top = Counting()
        bottom = top
        #expect(deepest == nil)
    }

    @Test func aDeepChainOfChildrenWithTheirViewsAppearsAndDisappears() throws {
        let top = Counting()
        var bottom = top
        for _ in 0..<ViewTests.depth {
            let child = Counting()
            try bottom.addChild(child)
            try bottom.view.addSubview(child.view)
            bottom = child
        }
        let (window, _) = makeWindow()
        window.rootViewController = top
        #expect(bottom.appearanceState == .appeared && bottom.appearances == 1)
        window.rootViewController = nil
        #expect(bottom.appearanceState == .disappeared)
    }
}
