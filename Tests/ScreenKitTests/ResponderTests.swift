import Testing
@testable import ScreenKit

/// A view that counts the touches that reach it and passes nothing on.
final class TouchCountingView: View {
    var began = 0
    var ended = 0
    override func touchesBegan(_ touches: [Touch]) { began += 1 }
    override func touchesEnded(_ touches: [Touch]) { ended += 1 }
}

/// A controller that logs the touches its view passes up, then passes them on (super).
final class TouchLogController: ViewController {
    var log: [String] = []
    override func touchesBegan(_ touches: [Touch]) {
        log.append("began \(touches[0].location(in: viewIfLoaded))")
        super.touchesBegan(touches)
    }
    override func touchesEnded(_ touches: [Touch]) {
        log.append("ended")
        super.touchesEnded(touches)
    }
}

/// A controller whose touches methods are replaced, as a scripting layer replaces them.
final class ReplacedTouchesController: ViewController {
    /// Replaces the touches callbacks, logging them.
    final class Hook: OverrideHook {
        var log: [String] = []
        var className: String? { nil }
        func callOverride<Method: OverridableMethod>(_ method: Method, on object: AnyObject) -> Method.Answer? {
            guard case .touches(let phase, let touches)? = method as? ViewController.Callback else { return nil }
            log.append("\(phase) \(touches.count)")
            return () as? Method.Answer
        }
    }

    private let hook = Hook()
    var log: [String] { hook.log }

    override init() {
        super.init()
        overrideHook = hook
    }
}

/// A view whose layout puts its one subview on its left or its right half.
final class SideLayoutView: View {
    let child = TouchCountingView()
    var onRight = false {
        didSet { setNeedsLayout() }
    }
    override func layoutSubviews() {
        let half = bounds.width / 2
        child.frame = Rect(x: onRight ? half : 0, y: 0, width: half, height: bounds.height)
    }
}

/// Touches a view does not handle go up the responder chain: to the controller whose view
/// it is, then to the superview, as UIKit passes them.
@MainActor
struct ResponderTests {
    let window = Window(device: .iphone)

    @Test func aControllerGetsTheTouchesItsViewPassesUpAndPassesThemOn() throws {
        let back = TouchCountingView(frame: window.bounds)
        try window.addSubview(back)
        let controller = TouchLogController()
        try back.addSubview(controller.view)
        controller.view.frame = Rect(x: 0, y: 40, width: 320, height: 440)
        let plain = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        try controller.view.addSubview(plain)
        window.touch(.began, at: Point(x: 20, y: 60))
        window.touch(.ended, at: Point(x: 20, y: 60))
        #expect(controller.log == ["began \(Point(x: 20, y: 20))", "ended"])
        #expect(back.began == 1 && back.ended == 1)
    }

    @Test func aTouchFindsTheViewsWhereLayoutStillToComePutsThem() throws {
        let side = SideLayoutView(frame: window.bounds)
        try window.addSubview(side)
        try side.addSubview(side.child)
        side.layoutIfNeeded()
        side.onRight = true
        // Nothing has laid the view out since: the touch must not go by the old frames.
        window.touch(.began, at: Point(x: 300, y: 100))
        window.touch(.ended, at: Point(x: 300, y: 100))
        #expect(side.child.began == 1 && side.child.ended == 1)
    }

    @Test func aReplacementOfAControllersTouchesMethodsIsAsked() throws {
        let back = TouchCountingView(frame: window.bounds)
        try window.addSubview(back)
        let controller = ReplacedTouchesController()
        try back.addSubview(controller.view)
        window.touch(.began, at: Point(x: 20, y: 60))
        window.touch(.moved, at: Point(x: 25, y: 60))
        window.touch(.ended, at: Point(x: 25, y: 60))
        #expect(controller.log == ["began 1", "moved 1", "ended 1"])
        #expect(back.began == 0 && back.ended == 0)
    }

    /// Passing a touch up a chain this deep overflows the stack when each level calls the
    /// next.
    @Test func touchesGoUpAChainOfAnyDepthWithoutRecursing() throws {
        let top = TouchCountingView(frame: window.bounds)
        try window.addSubview(top)
        var deepest: View = top
        for _ in 0..<ViewTests.depth {
            let view = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
            try deepest.addSubview(view)
            deepest = view
        }
        #expect(window.hitTest(Point(x: 5, y: 5)) === deepest)
        window.touch(.began, at: Point(x: 5, y: 5))
        window.touch(.ended, at: Point(x: 5, y: 5))
        #expect(top.began == 1 && top.ended == 1)
    }

    @Test func aMethodThatPassesOnAndGoesOnRunsBeforeTheNextResponder() throws {
        final class Noting: View {
            var log: (String) -> Void = { _ in }
            override func touchesBegan(_ touches: [Touch]) {
                super.touchesBegan(touches)
                log("after super")
            }
        }
        final class Back: View {
            var log: (String) -> Void = { _ in }
            override func touchesBegan(_ touches: [Touch]) { log("back") }
        }
        var log: [String] = []
        let back = Back(frame: window.bounds)
        let front = Noting(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        back.log = { log.append($0) }
        front.log = { log.append($0) }
        try window.addSubview(back)
        try back.addSubview(front)
        window.touch(.began, at: Point(x: 5, y: 5))
        // Passing on is the default implementation's work: the superview gets the touch once
        // the method that called it has returned, and only once.
        #expect(log == ["after super", "back"])
    }
}
