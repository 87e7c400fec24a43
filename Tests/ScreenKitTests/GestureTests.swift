import EventLoop
import Testing
@testable import ScreenKit

/// A view that logs the touches the responder chain gives it.
final class TouchLogView: View {
    var log: [String] = []
    override func touchesBegan(_ touches: [Touch]) { log.append("began") }
    override func touchesMoved(_ touches: [Touch]) { log.append("moved") }
    override func touchesEnded(_ touches: [Touch]) { log.append("ended") }
    override func touchesCancelled(_ touches: [Touch]) { log.append("cancelled") }
}

@MainActor
struct GestureTests {
    let loop = EventLoop(clock: .virtual)
    let window: Window
    let view = TouchLogView(frame: Rect(x: 0, y: 0, width: 320, height: 480))

    init() throws {
        window = Window(device: .iphone, loop: loop)
        try window.addSubview(view)
    }

    /// Attaches `recognizer` and returns the states its action saw.
    func states(of recognizer: GestureRecognizer) -> () -> [String] {
        var log: [String] = []
        recognizer.addTarget { log.append($0.state.rawValue) }
        view.addGestureRecognizer(recognizer)
        return { log }
    }

    func drag(_ points: [Point], id: Int = 0, step: Double = 0.01) {
        window.touch(.began, at: points[0], id: id)
        for point in points.dropFirst() {
            loop.advance(by: step)
            window.touch(.moved, at: point, id: id)
        }
        window.touch(.ended, at: points.last!, id: id)
    }

    @Test func aTapIsRecognizedOnRelease() {
        let tap = TapGestureRecognizer()
        let log = states(of: tap)
        window.touch(.began, at: Point(x: 50, y: 50))
        #expect(tap.state == .possible)
        window.touch(.ended, at: Point(x: 52, y: 50))
        #expect(log() == ["ended"])
        #expect(tap.state == .possible)
        #expect(tap.location(in: view) == Point(x: 52, y: 50))
        // Recognizing cancels the view's touches.
        #expect(view.log == ["began", "cancelled"])
    }

    @Test func aTapFailsWhenTheFingerMoves() {
        let tap = TapGestureRecognizer()
        let log = states(of: tap)
        drag([Point(x: 50, y: 50), Point(x: 80, y: 50)])
        #expect(log() == [])
        #expect(view.log == ["began", "moved", "ended"])
    }

    @Test func aDoubleTapNeedsTwoTaps() {
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let log = states(of: double)
        window.touch(.began, at: Point(x: 50, y: 50))
        window.touch(.ended, at: Point(x: 50, y: 50))
        loop.advance(by: 0.1)
        #expect(log() == [])
        window.touch(.began, at: Point(x: 51, y: 50))
        window.touch(.ended, at: Point(x: 51, y: 50))
        #expect(log() == ["ended"])
    }

    @Test func aTwoFingerTapNeedsTwoFingers() {
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        let log = states(of: tap)
        window.touch(.began, at: Point(x: 50, y: 50), id: 1)
        window.touch(.began, at: Point(x: 90, y: 50), id: 2)
        window.touch(.ended, at: Point(x: 50, y: 50), id: 1)
        window.touch(.ended, at: Point(x: 90, y: 50), id: 2)
        #expect(log() == ["ended"])
    }

    @Test func aLongPressBeginsAfterItsDurationOfLoopTime() {
        let press = LongPressGestureRecognizer()
        let log = states(of: press)
        window.touch(.began, at: Point(x: 100, y: 100))
        loop.advance(by: 0.49)
        #expect(press.state == .possible)
        loop.advance(by: 0.01)
        #expect(press.state == .began)
        window.touch(.moved, at: Point(x: 130, y: 100))
        window.touch(.ended, at: Point(x: 130, y: 100))
        #expect(log() == ["began", "changed", "ended"])
        #expect(view.log == ["began", "cancelled"])
    }

    @Test func aLongPressFailsWhenReleasedEarlyOrMoved() {
        let press = LongPressGestureRecognizer()
        let log = states(of: press)
        window.touch(.began, at: Point(x: 100, y: 100))
        loop.advance(by: 0.2)
        window.touch(.ended, at: Point(x: 100, y: 100))
        loop.advance(by: 1)
        window.touch(.began, at: Point(x: 100, y: 100))
        window.touch(.moved, at: Point(x: 150, y: 100))
        loop.advance(by: 1)
        window.touch(.ended, at: Point(x: 150, y: 100))
        #expect(log() == [])
    }

    @Test func swipesRecognizeTheirDirections() {
        let swipe = SwipeGestureRecognizer()
        swipe.directions = [.left, .up]
        let log = states(of: swipe)
        drag([Point(x: 200, y: 200), Point(x: 150, y: 205), Point(x: 100, y: 210)])
        #expect(swipe.direction == .left)
        drag([Point(x: 100, y: 200), Point(x: 200, y: 200)])   // right: not allowed
        drag([Point(x: 100, y: 300), Point(x: 105, y: 250)])
        #expect(swipe.direction == .up)
        drag([Point(x: 100, y: 300), Point(x: 110, y: 290)])   // too short
        #expect(log() == ["ended", "ended"])
    }

    @Test func aPanReportsTranslationAndVelocity() {
        let pan = PanGestureRecognizer()
        var translations: [Point] = []
        pan.addTarget { translations.append(($0 as! PanGestureRecognizer).translation(in: nil)) }
        let log = states(of: pan)
        window.touch(.began, at: Point(x: 100, y: 100))
        loop.advance(by: 0.1)
        window.touch(.moved, at: Point(x: 105, y: 100))   // under the 10-point threshold
        loop.advance(by: 0.1)
        window.touch(.moved, at: Point(x: 120, y: 100))
        loop.advance(by: 0.1)
        window.touch(.moved, at: Point(x: 140, y: 110))
        #expect(pan.velocity.distance(to: Point(x: 200, y: 100)) < 1e-9)
        window.touch(.ended, at: Point(x: 140, y: 110))
        #expect(log() == ["began", "changed", "ended"])
        #expect(translations == [Point(x: 20, y: 0), Point(x: 40, y: 10), Point(x: 40, y: 10)])
    }

    @Test func aPinchReportsItsScale() {
        let pinch = PinchGestureRecognizer()
        let log = states(of: pinch)
        window.touch(.began, at: Point(x: 100, y: 200), id: 1)
        window.touch(.began, at: Point(x: 200, y: 200), id: 2)
        window.touch(.moved, at: Point(x: 50, y: 200), id: 1)
        #expect(pinch.scale == 1.5)
        window.touch(.moved, at: Point(x: 250, y: 200), id: 2)
        #expect(pinch.scale == 2)
        window.touch(.ended, at: Point(x: 50, y: 200), id: 1)
        window.touch(.ended, at: Point(x: 250, y: 200), id: 2)
        #expect(log() == ["began", "changed", "ended"])
    }

    @Test func aRotationReportsItsAngle() {
        let rotation = RotationGestureRecognizer()
        let log = states(of: rotation)
        window.touch(.began, at: Point(x: 100, y: 200), id: 1)
        window.touch(.began, at: Point(x: 200, y: 200), id: 2)
        window.touch(.moved, at: Point(x: 100, y: 300), id: 2)
        #expect(abs(rotation.rotation - .pi / 2) < 1e-12)
        window.touch(.ended, at: Point(x: 100, y: 300), id: 2)
        #expect(log() == ["began", "ended"])
    }

    @Test func theFirstRecognizerToRecognizeMakesTheOthersFail() {
        let pan = PanGestureRecognizer()
        let swipe = SwipeGestureRecognizer()
        let panLog = states(of: pan)
        let swipeLog = states(of: swipe)
        drag([Point(x: 100, y: 100), Point(x: 150, y: 100), Point(x: 200, y: 100)])
        #expect(panLog() == ["began", "changed", "ended"])
        #expect(swipeLog() == [])
    }

    @Test func recognizersOnAncestorsSeeTouchesOnSubviews() throws {
        let child = TouchLogView(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        try view.addSubview(child)
        let tap = TapGestureRecognizer()
        let log = states(of: tap)
        window.touch(.began, at: Point(x: 20, y: 20))
        window.touch(.ended, at: Point(x: 20, y: 20))
        #expect(log() == ["ended"])
        #expect(child.log == ["began", "cancelled"])
        tap.cancelsTouchesInView = false
        window.touch(.began, at: Point(x: 20, y: 20))
        window.touch(.ended, at: Point(x: 20, y: 20))
        #expect(child.log == ["began", "cancelled", "began", "ended"])
    }

    // MARK: - Cancelled continuous gestures

    @Test func aCancelledTouchCancelsALongPressUnderWay() {
        let press = LongPressGestureRecognizer()
        let log = states(of: press)
        window.touch(.began, at: Point(x: 100, y: 100))
        loop.advance(by: 0.5)
        window.touch(.moved, at: Point(x: 110, y: 100))
        window.touch(.cancelled, at: Point(x: 110, y: 100))
        #expect(log() == ["began", "changed", "cancelled"])
        #expect(press.state == .possible)
    }

    @Test func aCancelledTouchCancelsAPanUnderWay() {
        let pan = PanGestureRecognizer()
        let log = states(of: pan)
        window.touch(.began, at: Point(x: 100, y: 100))
        window.touch(.moved, at: Point(x: 130, y: 100))
        window.touch(.moved, at: Point(x: 160, y: 100))
        window.touch(.cancelled, at: Point(x: 160, y: 100))
        #expect(log() == ["began", "changed", "cancelled"])
        #expect(pan.state == .possible)
    }

    @Test func aCancelledFingerCancelsAPinchAndARotationUnderWay() {
        for recognizer in [PinchGestureRecognizer(), RotationGestureRecognizer()] as [GestureRecognizer] {
            let log = states(of: recognizer)
            window.touch(.began, at: Point(x: 100, y: 200), id: 1)
            window.touch(.began, at: Point(x: 200, y: 200), id: 2)
            window.touch(.moved, at: Point(x: 200, y: 300), id: 2)
            window.touch(.cancelled, at: Point(x: 200, y: 300), id: 2)
            window.touch(.ended, at: Point(x: 100, y: 200), id: 1)
            #expect(log() == ["began", "cancelled"], "\(type(of: recognizer))")
            #expect(recognizer.state == .possible)
            view.removeGestureRecognizer(recognizer)
        }
    }

    @Test func aCancelledTouchBeforeAGestureBeganMakesItFailQuietly() {
        let pan = PanGestureRecognizer()
        let log = states(of: pan)
        window.touch(.began, at: Point(x: 100, y: 100))
        window.touch(.cancelled, at: Point(x: 100, y: 100))
        #expect(log() == [])
        #expect(view.log == ["began", "cancelled"])
    }

    // MARK: - Responder chain

    @Test func aPlainSubviewPassesItsTouchesToItsSuperview() throws {
        let child = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        try view.addSubview(child)
        window.touch(.began, at: Point(x: 20, y: 20))
        window.touch(.moved, at: Point(x: 30, y: 20))
        window.touch(.ended, at: Point(x: 30, y: 20))
        window.touch(.began, at: Point(x: 20, y: 20))
        window.touch(.cancelled, at: Point(x: 20, y: 20))
        #expect(window.hitTest(Point(x: 20, y: 20)) === child)
        #expect(view.log == ["began", "moved", "ended", "began", "cancelled"])
    }

    @Test func aControllersRootViewPassesItsTouchesThroughTheControllerToTheSuperview() throws {
        let controller = ViewController()
        controller.view.frame = Rect(x: 0, y: 100, width: 100, height: 100)
        try view.addSubview(controller.view)
        #expect(controller.view.next === controller)
        window.touch(.began, at: Point(x: 20, y: 120))
        window.touch(.ended, at: Point(x: 20, y: 120))
        #expect(view.log == ["began", "ended"])
    }
}
