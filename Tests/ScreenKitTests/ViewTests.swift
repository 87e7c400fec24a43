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

    @Test func subviewsKeepTheirOrderAndHaveOneSuperview() throws {
        let a = View(), b = View(), c = View()
        let parent = View(), other = View()
        try parent.addSubview(a)
        try parent.addSubview(b)
        try parent.insertSubview(c, at: 0)
        #expect(parent.subviews.map { ObjectIdentifier($0) } == [c, a, b].map { ObjectIdentifier($0) })
        parent.bringSubviewToFront(c)
        #expect(parent.subviews.last === c)
        try parent.insertSubview(c, below: a)
        #expect(parent.subviews.map { ObjectIdentifier($0) } == [c, a, b].map { ObjectIdentifier($0) })
        try other.addSubview(a)
        #expect(a.superview === other)
        #expect(parent.subviews.count == 2)
        b.removeFromSuperview()
        #expect(b.superview == nil)
        #expect(parent.subviews.count == 1)
    }

    @Test func tagsFindTheFirstDescendantDepthFirst() throws {
        let root = View(), branch = View(), leaf = View(), sibling = View()
        leaf.tag = 7
        sibling.tag = 7
        try root.addSubview(branch)
        try branch.addSubview(leaf)
        try root.addSubview(sibling)
        #expect(root.viewWithTag(7) === leaf)
        #expect(root.viewWithTag(8) == nil)
        root.tag = 7
        #expect(root.viewWithTag(7) === root)
    }

    @Test func autoresizingSharesTheChangeAmongFlexibleParts() throws {
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
        for view in [fixed, width, right, centered, fill] { try parent.addSubview(view) }

        parent.frame = Rect(x: 0, y: 0, width: 480, height: 320)

        #expect(fixed.frame == Rect(x: 10, y: 10, width: 100, height: 50))
        #expect(width.frame == Rect(x: 10, y: 10, width: 460, height: 50))
        #expect(right.frame == Rect(x: 430, y: 10, width: 40, height: 40))
        #expect(centered.frame == Rect(x: 190, y: 110, width: 100, height: 100))
        #expect(fill.frame == Rect(x: 0, y: 0, width: 480, height: 320))
    }

    @Test func autoresizingSharesInProportionToTheFlexibleLengths() throws {
        let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let view = View(frame: Rect(x: 25, y: 0, width: 50, height: 100))
        view.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth]
        try parent.addSubview(view)
        parent.bounds.size.width = 175
        // 75 more points: a third to the 25-point margin, two thirds to the 50-point width.
        #expect(view.frame == Rect(x: 50, y: 0, width: 100, height: 100))
        parent.autoresizesSubviews = false
        parent.bounds.size.width = 100
        #expect(view.frame == Rect(x: 50, y: 0, width: 100, height: 100))
    }

    @Test func layoutRunsOnceWhenNeededTopDown() throws {
        let parent = CountingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = CountingView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try parent.addSubview(child)
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

    @Test func pointsConvertBetweenAnyTwoViews() throws {
        let window = Window(device: .iphone)
        let panel = View(frame: Rect(x: 20, y: 100, width: 200, height: 200))
        let button = View(frame: Rect(x: 10, y: 30, width: 50, height: 20))
        let other = View(frame: Rect(x: 100, y: 0, width: 100, height: 100))
        try window.addSubview(panel)
        try panel.addSubview(button)
        try window.addSubview(other)
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

    @Test func windowsRotate() throws {
        let window = Window(device: .ipad)
        let bar = View(frame: Rect(x: 0, y: 0, width: 768, height: 44))
        bar.autoresizingMask = [.flexibleWidth]
        try window.addSubview(bar)
        #expect(window.bounds.size == Size(width: 768, height: 1024))
        window.rotate(to: .landscape)
        #expect(window.bounds.size == Size(width: 1024, height: 768))
        #expect(bar.frame == Rect(x: 0, y: 0, width: 1024, height: 44))
        #expect(bar.window === window)
    }

    // MARK: - What a script may try

    @Test func aViewCannotContainItself() throws {
        let root = View(), middle = View(), leaf = View()
        try root.addSubview(middle)
        try middle.addSubview(leaf)
        #expect(throws: ViewError.containsItself) { try root.addSubview(root) }
        #expect(throws: ViewError.containsItself) { try leaf.addSubview(root) }
        #expect(throws: ViewError.containsItself) { try leaf.insertSubview(middle, at: 0) }
        #expect(throws: ViewError.containsItself) { try middle.insertSubview(root, below: leaf) }
        #expect(throws: ViewError.containsItself) { try middle.insertSubview(root, above: leaf) }
        // Nothing moved.
        #expect(root.superview == nil && middle.superview === root && leaf.superview === middle)
        #expect(ViewError.containsItself.description.hasSuffix("a view cannot contain itself"))
    }

    @Test func aWindowIsNotASubview() throws {
        let window = Window(device: .iphone), other = Window(device: .iphone), view = View()
        #expect(throws: ViewError.windowAsSubview) { try view.addSubview(window) }
        #expect(throws: ViewError.windowAsSubview) { try window.addSubview(other) }
        #expect(throws: ViewError.windowAsSubview) { try window.addSubview(window) }
        #expect(window.superview == nil && other.superview == nil && window.window === window)
    }

    @Test func controllersViewsCannotContainTheirContainers() throws {
        let window = Window(device: .iphone)
        let parent = ViewController(), child = ViewController()
        try parent.addChild(child)
        try parent.view.addSubview(child.view)
        try window.addSubview(parent.view)
        #expect(throws: ViewError.containsItself) { try child.view.addSubview(parent.view) }
        // A controller whose view a script made a window, or an ancestor of where it goes,
        // is left out by the container rather than stopping the app.
        let odd = ViewController()
        odd.view = window
        window.rootViewController = odd
        #expect(window.superview == nil)
        let inner = ViewController()
        inner.view = parent.view
        let outer = ViewController()
        try parent.view.addSubview(outer.view)
        try outer.addChild(inner)
        try? outer.view.addSubview(inner.view)
        #expect(outer.view.superview === parent.view)
    }

    @Test func insertingClampsTheIndexToTheEnds() throws {
        let parent = View(), a = View(), b = View(), c = View()
        try parent.insertSubview(a, at: Int.min)
        try parent.insertSubview(b, at: Int.max)
        try parent.insertSubview(c, at: -1)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [c, a, b].map(ObjectIdentifier.init))
        try parent.insertSubview(c, at: Int.max)
        try parent.insertSubview(b, at: Int.min)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [b, a, c].map(ObjectIdentifier.init))
    }

    /// A chain this deep overflows the stack wherever a view's work recurses down or up
    /// the tree, and takes minutes where an add walks the whole chain.
    static let depth = 100_000

    @Test func aDeepChainBuildsInEitherOrderInLinearTime() throws {
        // A new leaf under the deepest view each time.
        let window = Window(device: .iphone)
        window.makeKeyAndVisible()
        var deepest: View = window
        for _ in 0..<Self.depth {
            let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            try deepest.addSubview(view)
            deepest = view
        }
        #expect(deepest.window === window)
        // The chain so far under a new root each time.
        var root = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let bottom = root
        for _ in 0..<Self.depth {
            let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            try view.addSubview(root)
            root = view
        }
        #expect(bottom.isDescendant(of: root))
        #expect(throws: ViewError.containsItself) { try bottom.addSubview(root) }
    }

    @Test func aDeepChainLaysOutHitTestsConvertsMovesAndFrees() throws {
        let window = Window(device: .iphone)
        window.makeKeyAndVisible()
        var top: View? = View(frame: window.bounds)
        top?.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        weak let deepest: CountingView? = try {
            var deepest = try #require(top)
            for _ in 0..<Self.depth {
                let view = CountingView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
                view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                try deepest.addSubview(view)
                deepest = view
            }
            deepest.tag = 7
            return deepest as? CountingView
        }()
        try window.addSubview(try #require(top))
        #expect(deepest?.window === window)
        window.layoutIfNeeded()
        #expect(deepest?.layouts == 1)
        #expect(window.hitTest(Point(x: 5, y: 5)) === deepest)
        #expect(deepest?.convert(Point(x: 1, y: 2), to: nil) == Point(x: 1, y: 2))
        #expect(window.viewWithTag(7) === deepest)
        // Autoresizing reaches the bottom of the chain.
        window.rotate(to: .landscape)
        #expect(deepest?.bounds.size == Size(width: 480, height: 320))
        top?.removeFromSuperview()
        #expect(deepest?.window == nil && deepest != nil)
        try window.addSubview(try #require(top))
        #expect(deepest?.window === window)
        top?.removeFromSuperview()
        // The last reference to the top goes: the whole chain is freed, one view at a time.
        top = nil
        #expect(deepest == nil)
    }

    @Test func hugeAndNonFiniteGeometryIsNoTrap() throws {
        let window = Window(device: .iphone)
        let parent = View(frame: Rect(x: -1e308, y: 1e-300, width: 1e308, height: 1e308))
        let child = View(frame: Rect(x: 0, y: 0, width: 1e308, height: 1e-300))
        child.autoresizingMask = [.flexibleWidth, .flexibleLeftMargin, .flexibleHeight]
        child.transform = AffineTransform(rotationAngle: 1e308)
        try parent.addSubview(child)
        try window.addSubview(parent)
        // What arithmetic on huge numbers makes of them.
        parent.bounds.size = Size(width: 1e308 * 2, height: 1e308 * 2 - 1e308 * 2)
        window.layoutIfNeeded()
        window.rotate(to: .landscape)
        #expect(window.hitTest(Point(x: 1e308, y: .nan)) == nil)
        _ = child.convert(Point(x: .infinity, y: -1e308), to: window)
        _ = child.frame
        window.touch(.began, at: Point(x: .nan, y: .infinity))
        window.touch(.ended, at: Point(x: .nan, y: .infinity))
        #expect(child.superview === parent && parent.window === window)
    }
}
