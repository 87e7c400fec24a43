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

    // MARK: - Targets

    @Test func removedTargetsAreNotCalledAndKeepTheirSource() {
        let tap = TapGestureRecognizer()
        var log: [String] = []
        let source = CallbackLog()
        let first = tap.addTarget({ _ in log.append("first") }, source: source)
        tap.addTarget { _ in log.append("second") }
        view.addGestureRecognizer(tap)
        #expect(tap.targets.count == 2)
        #expect(tap.targets.first?.source === source)
        #expect(tap.targets.last?.source == nil)
        window.touch(.began, at: Point(x: 50, y: 50))
        window.touch(.ended, at: Point(x: 50, y: 50))
        tap.removeTarget(first)
        loop.advance(by: 1)
        window.touch(.began, at: Point(x: 50, y: 50))
        window.touch(.ended, at: Point(x: 50, y: 50))
        #expect(log == ["first", "second", "second"])
    }

    // MARK: - A view's list

    @Test func settingAViewsRecognizersReplacesThemAndTakesEachFromItsView() throws {
        let other = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let tap = TapGestureRecognizer(), pan = PanGestureRecognizer(), swipe = SwipeGestureRecognizer()
        view.addGestureRecognizer(tap)
        other.addGestureRecognizer(pan)
        view.gestureRecognizers = [pan, swipe, pan]
        #expect(view.gestureRecognizers.map(ObjectIdentifier.init) == [pan, swipe].map(ObjectIdentifier.init))
        #expect(pan.view === view && swipe.view === view && tap.view == nil)
        #expect(other.gestureRecognizers.isEmpty)
        view.gestureRecognizers = []
        #expect(pan.view == nil && swipe.view == nil)
    }

    /// Moving every recognizer of a view at once takes one pass over each list: a list of
    /// this length would take minutes where each is looked for in the other view's list.
    @Test func settingAViewsRecognizersTakesLinearTime() throws {
        let other = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let recognizers = (0..<100_000).map { _ in GestureRecognizer() }
        other.gestureRecognizers = recognizers
        view.gestureRecognizers = recognizers.reversed() + recognizers
        #expect(view.gestureRecognizers.count == 100_000)
        #expect(other.gestureRecognizers.isEmpty)
        #expect(recognizers.allSatisfy { $0.view === view })
    }

    // MARK: - Recognizers of one's own

    /// Recognizes a horizontal back-and-forth drag that turns back three times.
    final class ScratchRecognizer: GestureRecognizer {
        var resets = 0
        private var lastX: Double?
        private var direction = 0.0
        private var turns = 0

        override func touchesBegan(_ touches: [Touch]) { lastX = touches[0].locationInWindow.x }

        override func touchesMoved(_ touches: [Touch]) {
            guard let lastX else { return }
            let x = touches[0].locationInWindow.x
            guard abs(x - lastX) >= 10 else { return }
            let direction: Double = x > lastX ? 1 : -1
            if self.direction != 0 && direction != self.direction { turns += 1 }
            self.direction = direction
            self.lastX = x
            if turns >= 3 { state = .recognized }
        }

        override func touchesEnded(_ touches: [Touch]) {
            if state == .possible { state = .failed }
        }

        override func reset() {
            resets += 1
            lastX = nil
            direction = 0
            turns = 0
        }
    }

    @Test func aRecognizerOfOnesOwnDrivesItsStateAndIsResetWhenTheTouchesAreLifted() {
        let scratch = ScratchRecognizer()
        let log = states(of: scratch)
        drag([Point(x: 100, y: 100), Point(x: 140, y: 100), Point(x: 100, y: 100), Point(x: 140, y: 100), Point(x: 100, y: 100)])
        #expect(log() == ["ended"])
        #expect(scratch.resets == 1)
        #expect(view.log == ["began", "moved", "moved", "moved", "cancelled"])
        drag([Point(x: 100, y: 100), Point(x: 200, y: 100)])
        #expect(log() == ["ended"])
        #expect(scratch.resets == 2)
        #expect(scratch.state == .possible)
    }

    @Test func aSubclassMovesItsStateOnlyAlongTheGesturesPaths() {
        let recognizer = GestureRecognizer()
        let allowed = { GestureRecognizer.State.allCases.filter(recognizer.allowsTransition) }
        #expect(allowed() == [.began, .ended, .failed])
        recognizer.state = .began
        #expect(allowed() == [.changed, .ended, .cancelled])
        recognizer.state = .changed
        #expect(allowed() == [.changed, .ended, .cancelled])
        recognizer.state = .cancelled
        #expect(allowed() == [])
        #expect(GestureRecognizer.State.recognized == .ended)
    }
}
