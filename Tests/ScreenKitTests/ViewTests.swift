import Testing
@testable import ScreenKit

/// A view that counts its layout passes.
final class CountingView: View {
    var layouts = 0
    override func layoutSubviews() { layouts += 1 }
}

@MainActor
struct ViewTests {
    @Test func frameBoundsAndCenterStayConsistent() {
        let view = View(frame: Rect(x: 10, y: 20, width: 100, height: 40))
        #expect(view.bounds == Rect(x: 0, y: 0, width: 100, height: 40))
        #expect(view.center == Point(x: 60, y: 40))
        view.center = Point(x: 50, y: 50)
        #expect(view.frame == Rect(x: 0, y: 30, width: 100, height: 40))
        view.bounds.size = Size(width: 60, height: 20)
        #expect(view.frame == Rect(x: 20, y: 40, width: 60, height: 20))
        view.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(view.frame == Rect(x: -10, y: 30, width: 120, height: 40))
        view.frame = Rect(x: 0, y: 0, width: 40, height: 40)
        #expect(view.bounds.size == Size(width: 20, height: 20))
    }

    @Test func subviewsKeepTheirOrderAndHaveOneSuperview() {
        let a = View(), b = View(), c = View()
        let parent = View(), other = View()
        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(c, at: 0)
        #expect(parent.subviews.map { ObjectIdentifier($0) } == [c, a, b].map { ObjectIdentifier($0) })
        parent.bringSubviewToFront(c)
        #expect(parent.subviews.last === c)
        parent.insertSubview(c, below: a)
        #expect(parent.subviews.map { ObjectIdentifier($0) } == [c, a, b].map { ObjectIdentifier($0) })
        other.addSubview(a)
        #expect(a.superview === other)
        #expect(parent.subviews.count == 2)
        b.removeFromSuperview()
        #expect(b.superview == nil)
        #expect(parent.subviews.count == 1)
    }

    @Test func tagsFindTheFirstDescendantDepthFirst() {
        let root = View(), branch = View(), leaf = View(), sibling = View()
        leaf.tag = 7
        sibling.tag = 7
        root.addSubview(branch)
        branch.addSubview(leaf)
        root.addSubview(sibling)
        #expect(root.viewWithTag(7) === leaf)
        #expect(root.viewWithTag(8) == nil)
        root.tag = 7
        #expect(root.viewWithTag(7) === root)
    }

    @Test func autoresizingSharesTheChangeAmongFlexibleParts() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let fixed = View(frame: Rect(x: 10, y: 10, width: 100, height: 50))
        let width = View(frame: Rect(x: 10, y: 10, width: 300, height: 50))
        width.autoresizingMask = [.flexibleWidth]
        let right = View(frame: Rect(x: 270, y: 10, width: 40, height: 40))
        right.autoresizingMask = [.flexibleLeftMargin]
        let centered = View(frame: Rect(x: 110, y: 190, width: 100, height: 100))
        centered.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
        let fill = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        fill.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        for view in [fixed, width, right, centered, fill] { parent.addSubview(view) }

        parent.frame = Rect(x: 0, y: 0, width: 480, height: 320)

        #expect(fixed.frame == Rect(x: 10, y: 10, width: 100, height: 50))
        #expect(width.frame == Rect(x: 10, y: 10, width: 460, height: 50))
        #expect(right.frame == Rect(x: 430, y: 10, width: 40, height: 40))
        #expect(centered.frame == Rect(x: 190, y: 110, width: 100, height: 100))
        #expect(fill.frame == Rect(x: 0, y: 0, width: 480, height: 320))
    }

    @Test func autoresizingSharesInProportionToTheFlexibleLengths() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let view = View(frame: Rect(x: 25, y: 0, width: 50, height: 100))
        view.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth]
        parent.addSubview(view)
        parent.bounds.size.width = 175
        // 75 more points: a third to the 25-point margin, two thirds to the 50-point width.
        #expect(view.frame == Rect(x: 50, y: 0, width: 100, height: 100))
        parent.autoresizesSubviews = false
        parent.bounds.size.width = 100
        #expect(view.frame == Rect(x: 50, y: 0, width: 100, height: 100))
    }

    @Test func layoutRunsOnceWhenNeededTopDown() {
        let parent = CountingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = CountingView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        parent.addSubview(child)
        parent.layoutIfNeeded()
        #expect(parent.layouts == 1 && child.layouts == 1)
        parent.layoutIfNeeded()
        #expect(parent.layouts == 1)
        parent.setNeedsLayout()
        parent.layoutIfNeeded()
        #expect(parent.layouts == 2 && child.layouts == 1)
        child.frame = Rect(x: 0, y: 0, width: 20, height: 20)
        parent.layoutIfNeeded()
        #expect(child.layouts == 2)
        child.center = Point(x: 50, y: 50)
        parent.layoutIfNeeded()
        #expect(child.layouts == 2)
    }

    @Test func pointsConvertBetweenAnyTwoViews() {
        let window = Window(device: .iphone)
        let panel = View(frame: Rect(x: 20, y: 100, width: 200, height: 200))
        let button = View(frame: Rect(x: 10, y: 30, width: 50, height: 20))
        let other = View(frame: Rect(x: 100, y: 0, width: 100, height: 100))
        window.addSubview(panel)
        panel.addSubview(button)
        window.addSubview(other)
        #expect(button.convert(Point(x: 5, y: 5), to: nil) == Point(x: 35, y: 135))
        #expect(button.convert(Point(x: 5, y: 5), to: other) == Point(x: -65, y: 135))
        #expect(other.convert(Point(x: -65, y: 135), to: button) == Point(x: 5, y: 5))
        #expect(button.convert(Point(x: 35, y: 135), from: nil) == Point(x: 5, y: 5))
        panel.bounds.origin = Point(x: 0, y: 50)   // scrolled
        #expect(button.convert(Point(x: 5, y: 5), to: nil) == Point(x: 35, y: 85))
        panel.transform = AffineTransform(rotationAngle: .pi / 2)
        let there = button.convert(Point(x: 5, y: 5), to: other)
        #expect(button.convert(there, from: other) == Point(x: 5, y: 5))
    }

    @Test func windowsRotate() {
        let window = Window(device: .ipad)
        let bar = View(frame: Rect(x: 0, y: 0, width: 768, height: 44))
        bar.autoresizingMask = [.flexibleWidth]
        window.addSubview(bar)
        #expect(window.bounds.size == Size(width: 768, height: 1024))
        window.rotate(to: .landscape)
        #expect(window.bounds.size == Size(width: 1024, height: 768))
        #expect(bar.frame == Rect(x: 0, y: 0, width: 1024, height: 44))
        #expect(bar.window === window)
    }
}
