import EventLoop
import Testing
@testable import ScreenKit

@MainActor
struct PresentationTests {
    @Test func presentAndDismissRunInUIKitsOrder() throws {
        let log = CallbackLog()
        let (window, loop) = makeWindow()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        window.rootViewController = a
        _ = log.take()
        try a.present(b, animated: true) { log.entries.append("presented") }
        #expect(a.presentedViewController === b && b.presentingViewController === a)
        #expect(log.take() == ["B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)"])
        loop.advance(by: ViewController.presentationDuration)
        #expect(log.take() == ["B.viewDidAppear(true)", "A.viewDidDisappear(true)", "presented"])
        #expect(a.view.superview == nil && b.view.superview === window)

        try b.dismiss(animated: true) { log.entries.append("dismissed") }
        #expect(log.take() == ["B.viewWillDisappear(true)", "A.viewWillAppear(true)"])
        loop.advance(by: ViewController.presentationDuration)
        #expect(log.take() == ["A.viewDidAppear(true)", "B.viewDidDisappear(true)", "dismissed"])
        #expect(a.presentedViewController == nil && b.presentingViewController == nil)
        #expect(b.view.superview == nil && a.view.superview === window)
    }

    @Test("a touch that begins while a presentation or a dismissal animates goes nowhere, as UIKit ignores it")
    func touchesWaitForTheTransition() throws {
        let log = CallbackLog()
        let (window, loop) = makeWindow()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        window.rootViewController = a
        var taps = 0
        let button = Button(frame: Rect(x: 0, y: 0, width: 320, height: 40))
        button.addTarget({ _, _ in taps += 1 }, for: [.touchUpInside])
        try a.view.addSubview(button)
        func tap() {
            window.touch(.began, at: Point(x: 160, y: 20))
            window.touch(.ended, at: Point(x: 160, y: 20))
        }
        tap()
        #expect(taps == 1)
        try a.present(b, animated: true)
        loop.advance(by: ViewController.presentationDuration * 0.5)
        tap()
        #expect(taps == 1)
        loop.advance(by: ViewController.presentationDuration)
        try b.dismiss(animated: true)
        // Near the end, the button is uncovered where the finger comes down; the tap is ignored.
        loop.advance(by: ViewController.presentationDuration * 0.9)
        #expect(window.hitTest(Point(x: 160, y: 20)) === button)
        #expect(window.isIgnoringTouches)
        tap()
        #expect(taps == 1)
        loop.advance(by: ViewController.presentationDuration)
        #expect(!window.isIgnoringTouches)
        tap()
        #expect(taps == 2)
        // A touch already down when a transition begins goes on.
        window.touch(.began, at: Point(x: 160, y: 20))
        try a.present(b, animated: true)
        window.touch(.ended, at: Point(x: 160, y: 20))
        #expect(taps == 3)
    }

    @Test func dismissingAPresenterDismissesEverythingAboveIt() throws {
        let log = CallbackLog()
        let (window, _) = makeWindow()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        let c = LoggingController("C", log: log)
        window.rootViewController = a
        try a.present(b, animated: false)
        try b.present(c, animated: false)
        #expect(c.presentingViewController === b)
        _ = log.take()
        try a.dismiss(animated: false) { log.entries.append("done") }
        #expect(log.take() == [
            "C.viewWillDisappear(false)", "A.viewWillAppear(false)", "A.viewDidAppear(false)",
            "C.viewDidDisappear(false)", "done",
        ])
        #expect(a.presentedViewController == nil && b.presentedViewController == nil)
        #expect(b.presentingViewController == nil && c.presentingViewController == nil)
        #expect(window.subviews.count == 1 && window.subviews.first === a.view)
    }

    @Test func onePresentationAtATime() throws {
        let log = CallbackLog()
        let (window, _) = makeWindow()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        let c = LoggingController("C", log: log)
        window.rootViewController = a
        try a.present(b, animated: true)
        #expect(throws: ControllerError("cannot present C from A: it is already presenting B; dismiss that first")) {
            try a.present(c, animated: true)
        }
        #expect(throws: ControllerError("cannot present D from C: its view is not in a window")) {
            try c.present(LoggingController("D", log: log), animated: false)
        }
    }

    @Test func overFullScreenLeavesThePresenterOnScreenAndFades() throws {
        let log = CallbackLog()
        let (window, loop) = makeWindow()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        b.modalPresentationStyle = .overFullScreen
        window.rootViewController = a
        _ = log.take()
        try a.present(b, animated: true)
        #expect(b.view.alpha == 0 && b.view.frame == window.bounds)
        loop.advance(by: ViewController.presentationDuration)
        #expect(log.take() == ["B.viewDidLoad", "B.viewWillAppear(true)", "B.viewDidAppear(true)"])
        #expect(window.subviews.count == 2 && window.subviews[0] === a.view && window.subviews[1] === b.view)
        #expect(b.view.alpha == 1)

        try a.dismiss(animated: true)
        loop.advance(by: ViewController.presentationDuration / 2)
        #expect(b.view.alpha > 0 && b.view.alpha < 1)
        loop.advance(by: ViewController.presentationDuration)
        #expect(log.take() == ["B.viewWillDisappear(true)", "B.viewDidDisappear(true)"])
        #expect(window.subviews.count == 1 && window.subviews[0] === a.view)
        #expect(b.view.alpha == 1 && a.presentedViewController == nil)
    }

    @Test func aChildPresentsThroughItsOutermostAncestor() throws {
        let log = CallbackLog()
        let (window, _) = makeWindow()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        let navigation = try NavigationController(root: a)
        window.rootViewController = navigation
        try a.present(b, animated: false)
        #expect(b.presentingViewController === navigation)
        #expect(navigation.presentedViewController === b)
        _ = log.take()
        try b.dismiss(animated: false)
        #expect(log.take() == [
            "B.viewWillDisappear(false)", "A.viewWillAppear(false)", "A.viewDidAppear(false)", "B.viewDidDisappear(false)",
        ])
    }

    /// A presented controller taking its presenter in (as a child, on a stack, as a tab)
    /// would make the presenter contain itself: each is refused, and the tree stays one a
    /// memory warning can walk (that walk used to loop for ever on such a cycle).
    @Test func aPresentedControllerCannotTakeItsPresenterIn() throws {
        let log = CallbackLog()
        let (window, _) = makeWindow()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        window.rootViewController = a
        try a.present(b, animated: false)
        #expect(throws: ControllerError("cannot add A as a child of B: a controller cannot contain itself")) {
            try b.addChild(a)
        }
        let navigation = try NavigationController(root: LoggingController("R", log: log))
        try b.addChild(navigation)
        #expect(throws: ControllerError("cannot push A on \(navigation): a controller cannot contain itself")) {
            try navigation.push(a, animated: false)
        }
        #expect(a.parent == nil && b.children.count == 1)
        window.memoryWarning()
        #expect(log.entries.filter { $0.hasSuffix("didReceiveMemoryWarning") }.count >= 2)
    }
}
