#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The common part of pinch and rotation: two fingers, recognized once their distance or
/// angle changes, ended when one is lifted.
open class TwoFingerGestureRecognizer: GestureRecognizer {
    private var startPair: (Point, Point)?

    /// The positions of the two fingers in window coordinates.
    var pair: (Point, Point)? {
        guard touches.count >= 2 else { return nil }
        return (touches[0].locationInWindow, touches[1].locationInWindow)
    }

    /// The pair when the second finger came down.
    var initialPair: (Point, Point)? { startPair }

    open override func touchesBegan(_ touches: [Touch]) {
        if numberOfTouches > 2 { state = state == .possible ? .failed : .cancelled }
        if numberOfTouches == 2 { startPair = pair }
    }

    open override func touchesMoved(_ touches: [Touch]) {
        guard pair != nil, startPair != nil else { return }
        update()
        switch state {
        case .possible: if hasMeaningfulChange { state = .began }
        case .began, .changed: state = .changed
        default: break
        }
    }

    open override func touchesEnded(_ touches: [Touch]) {
        if state == .began || state == .changed { state = .ended } else if state == .possible { state = .failed }
    }

    open override func reset() {
        startPair = nil
    }

    /// Subclasses compute their value from `pair` and `initialPair`.
    func update() {}
    var hasMeaningfulChange: Bool { false }
}

/// Recognizes a pinch (`UIPinchGestureRecognizer`): `scale` is the fingers' distance over
/// their distance when the second came down.
open class PinchGestureRecognizer: TwoFingerGestureRecognizer {
    public private(set) var scale = 1.0

    override func update() {
        guard let (a, b) = pair, let (a0, b0) = initialPair, a0.distance(to: b0) > 0 else { return }
        scale = a.distance(to: b) / a0.distance(to: b0)
    }

    override var hasMeaningfulChange: Bool { abs(scale - 1) > 0.05 }

    open override func reset() {
        super.reset()
        scale = 1
    }
}

/// Recognizes a rotation (`UIRotationGestureRecognizer`): `rotation` is the angle in radians
/// the line between the fingers has turned, clockwise positive.
open class RotationGestureRecognizer: TwoFingerGestureRecognizer {
    public private(set) var rotation = 0.0

    override func update() {
        guard let (a, b) = pair, let (a0, b0) = initialPair else { return }
        var angle = Self.angle(a, b) - Self.angle(a0, b0)
        while angle > .pi { angle -= 2 * .pi }
        while angle < -.pi { angle += 2 * .pi }
        rotation = angle
    }

    override var hasMeaningfulChange: Bool { abs(rotation) > 0.05 }

    open override func reset() {
        super.reset()
        rotation = 0
    }

    private static func angle(_ a: Point, _ b: Point) -> Double {
        atan2(b.y - a.y, b.x - a.x)
    }
}
