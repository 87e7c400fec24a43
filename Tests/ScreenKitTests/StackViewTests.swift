import Testing
@testable import ScreenKit

/// A view with a fixed intrinsic size and hugging priority.
final class Box: View {
    let size: Size
    let hugging: Float

    init(_ width: Double, _ height: Double, hugging: Float = 250) {
        size = Size(width: width, height: height)
        self.hugging = hugging
        super.init(frame: .zero)
    }

    override var intrinsicContentSize: Size { size }
    override func contentHuggingPriority(for axis: LayoutAxis) -> Float { hugging }
}

/// A hook that answers a view's intrinsic size with what `answer` returns.
final class SizeHook: OverrideHook {
    var answer: () -> Size
    var className: String? { "Sized" }

    init(_ answer: @escaping () -> Size) { self.answer = answer }

    func callOverride<Method: OverridableMethod>(_ method: Method, on object: AnyObject) -> Method.Answer? {
        method is View.IntrinsicSizeQuestion ? answer() as? Method.Answer : nil
    }
}

/// Stacks lay out their arranged views as UIKit's stack view does; the expected frames are
/// UIKit's, worked out by hand on a screen of one pixel a point.
@MainActor
struct StackViewTests {
    /// Three views 20, 30 and 50 long and 10, 20 and 30 across, in a stack 200 long and 40
    /// across, 10 apart: where each distribution puts them along the axis (start, length)...
    static let along: [StackView.Distribution: [(Double, Double)]] = [
        // 80 points left over: the last view, of those that hug alike, takes them.
        .fill: [(0, 20), (30, 30), (70, 130)],
        // (200 - 2 × 10) / 3 each.
        .fillEqually: [(0, 60), (70, 60), (140, 60)],
        // 180 points shared 20 : 30 : 50.
        .fillProportionally: [(0, 36), (46, 54), (110, 90)],
        // 100 points left over, two equal gaps of 50.
        .equalSpacing: [(0, 20), (70, 30), (150, 50)],
        // Centres at 10 and 175, the middle one halfway at 92.5: it starts at 77.5, rounded.
        .equalCentering: [(0, 20), (78, 30), (150, 50)],
    ]

    /// ...and where each alignment puts them across it.
    static let across: [StackView.Alignment: [(Double, Double)]] = [
        .fill: [(0, 40), (0, 40), (0, 40)],
        .leading: [(0, 10), (0, 20), (0, 30)],
        .top: [(0, 10), (0, 20), (0, 30)],
        .center: [(15, 10), (10, 20), (5, 30)],
        .trailing: [(30, 10), (20, 20), (10, 30)],
        .bottom: [(30, 10), (20, 20), (10, 30)],
    ]

    @Test(arguments: StackView.Distribution.allCases, StackView.Alignment.allCases)
    func everyAxisPlacesItsViewsAsUIKit(distribution: StackView.Distribution, alignment: StackView.Alignment) throws {
        for axis in LayoutAxis.allCases {
            let vertical = axis == .vertical
            let stack = StackView(axis: axis, frame: vertical ? Rect(x: 5, y: 7, width: 40, height: 200) : Rect(x: 5, y: 7, width: 200, height: 40))
            stack.distribution = distribution
            stack.alignment = alignment
            stack.spacing = 10
            let boxes = [(20.0, 10.0), (30, 20), (50, 30)].map { length, breadth in
                vertical ? Box(breadth, length) : Box(length, breadth)
            }
            for box in boxes { try stack.addArrangedSubview(box) }
            stack.layoutIfNeeded()
            let along = try #require(Self.along[distribution]), across = try #require(Self.across[alignment])
            for (index, box) in boxes.enumerated() {
                let (start, length) = along[index], (offset, breadth) = across[index]
                let expected = vertical
                    ? Rect(x: offset, y: start, width: breadth, height: length)
                    : Rect(x: start, y: offset, width: length, height: breadth)
                #expect(box.frame == expected, "\(axis) \(distribution) \(alignment): view \(index + 1)")
            }
        }
    }

    @Test func fillGivesTheRoomToTheViewThatHugsLeast() throws {
        let stack = StackView(frame: Rect(x: 0, y: 0, width: 200, height: 16))
        let loose = Box(30, 16), tight = Box(20, 16, hugging: 251)
        try stack.addArrangedSubview(loose)
        try stack.addArrangedSubview(tight)
        stack.layoutIfNeeded()
        #expect(loose.frame == Rect(x: 0, y: 0, width: 180, height: 16))
        #expect(tight.frame == Rect(x: 180, y: 0, width: 20, height: 16))
        // A view with no intrinsic width hugs least of all: a spacer takes the room.
        let spacer = View()
        try stack.insertArrangedSubview(spacer, at: 1)
        stack.layoutIfNeeded()
        #expect(loose.frame == Rect(x: 0, y: 0, width: 30, height: 16))
        #expect(spacer.frame == Rect(x: 30, y: 0, width: 150, height: 16))
        #expect(tight.frame == Rect(x: 180, y: 0, width: 20, height: 16))
    }

    @Test func labelsHugMoreThanFieldsAndSwitchesMoreThanLabels() throws {
        let row = StackView(frame: Rect(x: 0, y: 0, width: 320, height: 16))
        let name = Label(), field = TextField(), toggle = Switch()
        name.text = "Name"
        field.placeholder = "Ann"
        try row.setArrangedSubviews([name, field])
        row.layoutIfNeeded()
        #expect(name.frame == Rect(x: 0, y: 0, width: 32, height: 16))
        #expect(field.frame == Rect(x: 32, y: 0, width: 288, height: 16))
        try row.setArrangedSubviews([toggle, name])
        row.layoutIfNeeded()
        #expect(toggle.frame == Rect(x: 0, y: 0, width: 40, height: 16))
        #expect(name.frame == Rect(x: 40, y: 0, width: 280, height: 16))
    }

    @Test func viewsThatDoNotFitGiveWayFromTheLast() throws {
        for distribution in [StackView.Distribution.fill, .equalSpacing, .equalCentering] {
            let stack = StackView(frame: Rect(x: 0, y: 0, width: 200, height: 10))
            stack.distribution = distribution
            stack.spacing = 10
            let boxes = [Box(100, 10), Box(100, 10), Box(100, 10)]
            try stack.setArrangedSubviews(boxes)
            stack.layoutIfNeeded()
            // 320 points asked, 200 there: the last gives its 100, the second 20 more.
            #expect(boxes.map(\.frame) == [
                Rect(x: 0, y: 0, width: 100, height: 10), Rect(x: 110, y: 0, width: 80, height: 10),
                Rect(x: 200, y: 0, width: 0, height: 10),
            ], "\(distribution)")
        }
    }

    @Test func equalCenteringKeepsTheSpacingBetweenNeighbours() throws {
        let stack = StackView(frame: Rect(x: 0, y: 0, width: 320, height: 10))
        stack.distribution = .equalCentering
        stack.spacing = 30
        let boxes = [Box(10, 10), Box(100, 10), Box(150, 10)]
        try stack.setArrangedSubviews(boxes)
        stack.layoutIfNeeded()
        // Equal centres would put the middle view 5 points into the last; it stops 30 before it.
        #expect(boxes.map(\.frame.minX) == [0, 40, 170])
    }

    @Test func oneViewFillsTheStackWhateverTheDistribution() throws {
        for distribution in StackView.Distribution.allCases {
            let stack = StackView(frame: Rect(x: 0, y: 0, width: 200, height: 10))
            stack.distribution = distribution
            let box = Box(20, 10)
            try stack.addArrangedSubview(box)
            stack.layoutIfNeeded()
            #expect(box.frame == Rect(x: 0, y: 0, width: 200, height: 10), "\(distribution)")
        }
    }

    @Test func aHiddenViewTakesNoRoomAndItsSpacingGoesWithIt() throws {
        let stack = StackView(frame: Rect(x: 0, y: 0, width: 200, height: 10))
        stack.spacing = 10
        stack.distribution = .equalSpacing
        let a = Box(20, 10), b = Box(30, 10), c = Box(50, 10)
        try stack.setArrangedSubviews([a, b, c])
        stack.layoutIfNeeded()
        b.isHidden = true
        #expect(stack.needsLayout)
        stack.layoutIfNeeded()
        #expect(a.frame == Rect(x: 0, y: 0, width: 20, height: 10))
        #expect(c.frame == Rect(x: 150, y: 0, width: 50, height: 10))
        stack.distribution = .fill
        stack.layoutIfNeeded()
        // 200 - 20 - 50 - one spacing of 10: the last takes the 120 left.
        #expect(a.frame.width == 20)
        #expect(c.frame == Rect(x: 30, y: 0, width: 170, height: 10))
        #expect(stack.intrinsicContentSize == Size(width: 80, height: 10))
        b.isHidden = false
        #expect(stack.needsLayout)
        #expect(stack.intrinsicContentSize == Size(width: 120, height: 10))
    }

    @Test func stacksNestAndTakeTheirSizeFromTheirViews() throws {
        let top = StackView(axis: .horizontal), bottom = StackView(axis: .horizontal)
        top.spacing = 5
        let a = Box(20, 10), b = Box(30, 20), c = Box(40, 10)
        try top.setArrangedSubviews([a, b])
        try bottom.addArrangedSubview(c)
        let column = StackView(axis: .vertical)
        column.spacing = 4
        column.alignment = .leading
        try column.setArrangedSubviews([top, bottom])
        #expect(top.intrinsicContentSize == Size(width: 55, height: 20))
        #expect(column.intrinsicContentSize == Size(width: 55, height: 34))
        column.frame = Rect(x: 0, y: 0, width: 100, height: 34)
        column.layoutIfNeeded()
        #expect(top.frame == Rect(x: 0, y: 0, width: 55, height: 20))
        #expect(bottom.frame == Rect(x: 0, y: 24, width: 40, height: 10))
        #expect(a.frame == Rect(x: 0, y: 0, width: 20, height: 20))
        #expect(b.frame == Rect(x: 25, y: 0, width: 30, height: 20))
        #expect(c.frame == Rect(x: 0, y: 0, width: 40, height: 10))
    }

    @Test func aChangedTextLaysOutEveryStackAroundTheLabel() throws {
        let label = Label(), loose = Label()
        label.text = "Hi"
        let row = StackView(), column = StackView(axis: .vertical, frame: Rect(x: 0, y: 0, width: 200, height: 100))
        try row.addArrangedSubview(label)
        try column.addArrangedSubview(row)
        try column.addSubview(loose)
        column.layoutIfNeeded()
        #expect(!row.needsLayout && !column.needsLayout)
        // A subview that is not arranged changes nothing of the layout.
        loose.text = "Not arranged"
        #expect(!column.needsLayout)
        label.text = "Hello there"
        #expect(row.needsLayout && column.needsLayout)
        #expect(row.intrinsicContentSize == Size(width: 88, height: 16))
    }

    @Test func aLabelOfSeveralLinesWrapsAtTheColumnsWidth() throws {
        let label = Label()
        label.text = "one two three four"
        label.lines = 0
        label.lineBreakMode = .wordWrap
        let box = Box(10, 10)
        let column = StackView(axis: .vertical, frame: Rect(x: 0, y: 0, width: 64, height: 58))
        try column.setArrangedSubviews([label, box])
        // Unlimited, the text is one line; 8 cells wide, three: "one two", "three", "four".
        #expect(label.intrinsicContentSize == Size(width: 144, height: 16))
        #expect(column.intrinsicContentSize == Size(width: 144, height: 26))
        #expect(column.intrinsicContentSize(forWidth: 64).height == 58)
        column.layoutIfNeeded()
        #expect(label.frame == Rect(x: 0, y: 0, width: 64, height: 48))
        #expect(box.frame == Rect(x: 0, y: 48, width: 64, height: 10))
    }

    @Test func controlsKnowTheirIntrinsicSizes() {
        let label = Label(), button = Button(), field = TextField(), segments = SegmentedControl(segments: ["a", "bb"])
        label.text = "Hello"
        button.setTitle("OK", for: .normal)
        field.placeholder = "Name"
        let pages = PageControl()
        pages.numberOfPages = 3
        let none = View.noIntrinsicMetric
        #expect(label.intrinsicContentSize == Size(width: 40, height: 16))
        #expect(button.intrinsicContentSize == Size(width: 48, height: 16))
        #expect(field.intrinsicContentSize == Size(width: 56, height: 16))
        field.text = "Bo"
        #expect(field.intrinsicContentSize == Size(width: 40, height: 16))
        #expect(Switch().intrinsicContentSize == Size(width: 40, height: 16))
        #expect(Slider().intrinsicContentSize == Size(width: none, height: 16))
        #expect(ProgressView().intrinsicContentSize == Size(width: none, height: 16))
        #expect(Stepper().intrinsicContentSize == Size(width: 72, height: 16))
        #expect(segments.intrinsicContentSize == Size(width: 88, height: 16))
        #expect(pages.intrinsicContentSize == Size(width: 24, height: 16))
        #expect(View().intrinsicContentSize == Size(width: none, height: none))
        #expect(Label().intrinsicContentSize == .zero)
    }

    @Test func aHookReplacesTheIntrinsicSizeAndCannotMakeTheStackMeasureItselfForever() throws {
        let stack = StackView(frame: Rect(x: 0, y: 0, width: 100, height: 20))
        let custom = View(), other = Box(10, 20)
        custom.overrideHook = SizeHook { Size(width: 30, height: 20) }
        try stack.setArrangedSubviews([custom, other])
        #expect(custom.effectiveIntrinsicContentSize == Size(width: 30, height: 20))
        #expect(stack.intrinsicContentSize == Size(width: 40, height: 20))
        // A view that asks the stack's size for its own gets none while the stack measures.
        custom.overrideHook = SizeHook { [unowned stack] in
            Size(width: stack.intrinsicContentSize.width + 1, height: 20)
        }
        #expect(stack.intrinsicContentSize == Size(width: 11, height: 20))
        stack.layoutIfNeeded()
        #expect(custom.frame == Rect(x: 0, y: 0, width: 1, height: 20))
        #expect(other.frame == Rect(x: 1, y: 0, width: 99, height: 20))
    }

    @Test func arrangedViewsAreSubviewsAndLeaveTheArrangementWithTheStack() throws {
        let stack = StackView(), other = StackView()
        let a = Box(10, 10), b = Box(10, 10), c = Box(10, 10)
        try stack.setArrangedSubviews([a, b, c, a])
        #expect(stack.arrangedSubviews.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
        #expect(stack.subviews.count == 3)
        try stack.insertArrangedSubview(c, at: 0)
        #expect(stack.arrangedSubviews.map(ObjectIdentifier.init) == [c, a, b].map(ObjectIdentifier.init))
        // As in UIKit, a view taken out of the arrangement stays a subview.
        stack.removeArrangedSubview(a)
        #expect(a.superview === stack && !stack.isArranged(a))
        stack.removeArrangedSubview(a)
        stack.removeArrangedSubview(View())
        #expect(stack.arrangedSubviews.count == 2)
        // Removed from the stack, or arranged in another, it leaves this arrangement.
        b.removeFromSuperview()
        try other.addArrangedSubview(c)
        #expect(stack.arrangedSubviews.isEmpty)
        #expect(c.superview === other && other.isArranged(c))
        // Setting the list lets the views not in it go.
        try other.setArrangedSubviews([a])
        #expect(c.superview == nil)
        #expect(other.arrangedSubviews.count == 1 && a.superview === other)
    }

    @Test func aStackCannotArrangeItselfOrItsAncestors() throws {
        let outer = StackView(), inner = StackView(), a = Box(10, 10)
        try outer.addArrangedSubview(inner)
        try inner.addArrangedSubview(a)
        #expect(throws: ViewError.containsItself) { try inner.addArrangedSubview(inner) }
        #expect(throws: ViewError.containsItself) { try inner.addArrangedSubview(outer) }
        #expect(throws: ViewError.containsItself) { try inner.setArrangedSubviews([Box(1, 1), outer]) }
        #expect(throws: ViewError.windowAsSubview) { try inner.insertArrangedSubview(Window(device: .iphone), at: 0) }
        #expect(inner.arrangedSubviews.count == 1 && inner.arrangedSubviews.first === a)
        #expect(outer.superview == nil)
    }

    @Test func spacingThatIsNotANumberIsNone() {
        let stack = StackView()
        stack.spacing = .nan
        #expect(stack.spacing == 0)
        stack.spacing = -.infinity
        #expect(stack.spacing == -StackView.largestLength)
    }

    @Test func aChainOfThousandsOfStacksLaysOutAndMeasures() throws {
        let window = Window(device: .iphone)
        let top = StackView(axis: .vertical, frame: Rect(x: 0, y: 0, width: 320, height: 480))
        try window.addSubview(top)
        var stack = top
        for index in 1..<3_000 {
            let inner = StackView(axis: index % 2 == 0 ? .vertical : .horizontal)
            try stack.addArrangedSubview(inner)
            stack = inner
        }
        let label = Label()
        label.text = "deep"
        try stack.addArrangedSubview(label)
        window.layoutIfNeeded()
        // Nested deeper than a stack measures, the label counts as empty up there.
        #expect(top.intrinsicContentSize == .zero)
        label.text = "deeper"
        #expect(top.needsLayout)
        window.layoutIfNeeded()
        #expect(stack.intrinsicContentSize == Size(width: 48, height: 16))
    }

    @Test func tensOfThousandsOfViewsLayOutInOnePass() throws {
        let stack = StackView(axis: .vertical, frame: Rect(x: 0, y: 0, width: 320, height: 480))
        stack.distribution = .fillEqually
        let views = (0..<20_000).map { _ in Box(10, 10) }
        try stack.setArrangedSubviews(views)
        stack.layoutIfNeeded()
        #expect(views.last?.frame.maxY == 480)
        try stack.setArrangedSubviews([])
        #expect(stack.subviews.isEmpty)
    }
}
