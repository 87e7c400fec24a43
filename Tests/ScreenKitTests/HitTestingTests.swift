import Testing
@testable import ScreenKit

/// A round view: only points within its inscribed circle are inside.
final class RoundView: View {
    override func point(inside point: Point) -> Bool {
        point.distance(to: Point(x: bounds.midX, y: bounds.midY)) <= bounds.width / 2
    }
}

@MainActor
struct HitTestingTests {
    let window = Window(device: .iphone)
    let back = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let front = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
    let inner = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))

    init() throws {
        try window.addSubview(back)
        try window.addSubview(front)
        try front.addSubview(inner)
    }

    @Test func theDeepestFrontmostViewWins() {
        #expect(window.hitTest(Point(x: 65, y: 65)) === inner)
        #expect(window.hitTest(Point(x: 100, y: 100)) === front)
        #expect(window.hitTest(Point(x: 10, y: 10)) === back)
        #expect(window.hitTest(Point(x: 300, y: 400)) === window)
        #expect(window.hitTest(Point(x: 400, y: 10)) == nil)
    }

    @Test func hiddenViewsAndTheirSubviewsTakeNoTouches() {
        front.isHidden = true
        #expect(window.hitTest(Point(x: 65, y: 65)) === back)
    }

    @Test func disabledInteractionPassesTouchesThrough() {
        front.isUserInteractionEnabled = false
        #expect(window.hitTest(Point(x: 65, y: 65)) === back)
        front.isUserInteractionEnabled = true
        inner.isUserInteractionEnabled = false
        #expect(window.hitTest(Point(x: 65, y: 65)) === front)
    }

    @Test func aLabelTakesNoTouchesUntilToldTo() throws {
        // As a UILabel: a caption over a view leaves the taps to the view.
        let caption = Label(frame: Rect(x: 10, y: 10, width: 30, height: 16))
        try front.addSubview(caption)
        #expect(!caption.isUserInteractionEnabled)
        #expect(window.hitTest(Point(x: 85, y: 65)) === front)
        caption.isUserInteractionEnabled = true
        #expect(window.hitTest(Point(x: 85, y: 65)) === caption)
    }

    @Test func nearlyTransparentViewsTakeNoTouches() {
        front.alpha = 0.01
        #expect(window.hitTest(Point(x: 100, y: 100)) === back)
        front.alpha = 0.011
        #expect(window.hitTest(Point(x: 100, y: 100)) === front)
    }

    @Test func aSubviewOutsideItsSuperviewsBoundsGetsNoTouchesThere() throws {
        let sticking = View(frame: Rect(x: 90, y: 90, width: 40, height: 40))
        try front.addSubview(sticking)
        // Inside front's bounds the subview takes the touch; outside them it does not,
        // whether or not front clips its subviews.
        #expect(window.hitTest(Point(x: 145, y: 145)) === sticking)
        #expect(window.hitTest(Point(x: 170, y: 170)) === back)
        front.clipsToBounds = true
        #expect(window.hitTest(Point(x: 170, y: 170)) === back)
    }

    @Test func pointInsideCanBeOverridden() throws {
        let round = RoundView(frame: Rect(x: 200, y: 200, width: 100, height: 100))
        try window.addSubview(round)
        #expect(window.hitTest(Point(x: 250, y: 250)) === round)
        #expect(window.hitTest(Point(x: 203, y: 203)) === window)
    }

    @Test func transformedViewsAreHitWhereTheyAreDrawn() {
        front.transform = AffineTransform(scaleX: 2, y: 2)
        // front now covers 0...200; inner sits at (20...60) scaled around front's centre.
        #expect(window.hitTest(Point(x: 10, y: 10)) === front)
        #expect(window.hitTest(Point(x: 30, y: 30)) === inner)
    }
}
