import EventLoop
import Testing
@testable import ScreenKit

/// Counts what a scroll view tells its delegate.
final class ScrollLog: ScrollViewDelegate {
    var offsets: [Point] = []
    func scrollViewDidScroll(_ scrollView: ScrollView) { offsets.append(scrollView.contentOffset) }
}

@MainActor
struct ScrollViewTests {
    let loop = EventLoop(clock: .virtual)
    let window: Window
    let scroller = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    let log = ScrollLog()

    init() throws {
        window = Window(device: .iphone, loop: loop)
        try window.addSubview(scroller)
        scroller.contentSize = Size(width: 320, height: 2000)
        scroller.delegate = log
    }

    func drag(_ points: [Point], id: Int = 0) {
        window.touch(.began, at: points[0], id: id)
        for point in points.dropFirst() {
            loop.advance(by: 0.01)
            window.touch(.moved, at: point, id: id)
        }
        window.touch(.ended, at: points.last!, id: id)
    }

    @Test func theOffsetIsTheOriginOfTheBoundsAndMovesTheSubviews() throws {
        let label = View(frame: Rect(x: 0, y: 1000, width: 100, height: 40))
        try scroller.addSubview(label)
        scroller.contentOffset = Point(x: 0, y: 980)
        #expect(scroller.bounds.origin == Point(x: 0, y: 980))
        #expect(scroller.visibleRect == Rect(x: 0, y: 980, width: 320, height: 480))
        #expect(label.convert(Point.zero, to: nil) == Point(x: 0, y: 20))
        #expect(window.hitTest(Point(x: 10, y: 30)) === label)
        #expect(window.hitTest(Point(x: 10, y: 70)) === scroller)
        #expect(scroller.clipsToBounds)
    }

    @Test func offsetsAreClampedToTheContent() {
        let cases: [(Point, Point)] = [
            (Point(x: 0, y: 5000), Point(x: 0, y: 1520)),
            (Point(x: -10, y: -10), Point(x: 0, y: 0)),
            (Point(x: 50, y: 100), Point(x: 0, y: 100)),
            (Point(x: .nan, y: .nan), Point(x: 0, y: 0)),
            (Point(x: .infinity, y: .infinity), Point(x: 0, y: 1520)),
            (Point(x: 0, y: -.infinity), Point(x: 0, y: 0)),
            (Point(x: 0, y: 1e308), Point(x: 0, y: 1520)),
            (Point(x: 0, y: -Double.greatestFiniteMagnitude), Point(x: 0, y: 0)),
        ]
        for (asked, got) in cases {
            scroller.contentOffset = asked
            #expect(scroller.contentOffset == got, "asked \(asked)")
        }
    }

    @Test func hostileContentSizesAreMadeSane() {
        scroller.contentSize = Size(width: .nan, height: -5)
        #expect(scroller.contentSize == .zero)
        scroller.contentSize = Size(width: .infinity, height: 1e308)
        #expect(scroller.contentSize == Size(width: ScrollView.maximumContentLength, height: ScrollView.maximumContentLength))
        scroller.contentOffset = Point(x: .infinity, y: .infinity)
        #expect(scroller.contentOffset == Point(x: ScrollView.maximumContentLength - 320, y: ScrollView.maximumContentLength - 480))
    }

    @Test func shrinkingTheContentPullsTheOffsetBack() {
        scroller.contentOffset = Point(x: 0, y: 1500)
        scroller.contentSize = Size(width: 320, height: 600)
        #expect(scroller.contentOffset == Point(x: 0, y: 120))
        scroller.contentSize = Size(width: 100, height: 100)
        #expect(scroller.contentOffset == .zero)
        #expect(log.offsets == [Point(x: 0, y: 1500), Point(x: 0, y: 120), .zero])
    }

    @Test func theDelegateHearsOncePerChange() {
        scroller.contentOffset = Point(x: 0, y: 100)
        scroller.contentOffset = Point(x: 0, y: 100)
        scroller.contentOffset = Point(x: 0, y: 9000)
        scroller.contentOffset = Point(x: 0, y: 9999)
        #expect(log.offsets == [Point(x: 0, y: 100), Point(x: 0, y: 1520)])
    }

    @Test func scrollByMovesAndClamps() {
        scroller.scroll(by: Point(x: 0, y: 40))
        scroller.scroll(by: Point(x: 0, y: 40))
        #expect(scroller.contentOffset == Point(x: 0, y: 80))
        scroller.scroll(by: Point(x: .nan, y: .nan))
        #expect(scroller.contentOffset == Point(x: 0, y: 80))
        scroller.scroll(by: Point(x: 0, y: .infinity))
        #expect(scroller.contentOffset == Point(x: 0, y: 1520))
        scroller.scroll(by: Point(x: 0, y: -1e308))
        #expect(scroller.contentOffset == .zero)
    }

    @Test func scrollToMovesAsLittleAsItTakes() {
        scroller.scrollTo(Rect(x: 0, y: 100, width: 10, height: 10), animated: false)
        #expect(scroller.contentOffset == .zero)
        scroller.scrollTo(Rect(x: 0, y: 900, width: 10, height: 100), animated: false)
        #expect(scroller.contentOffset == Point(x: 0, y: 520))
        scroller.scrollTo(Rect(x: 0, y: 300, width: 10, height: 10), animated: false)
        #expect(scroller.contentOffset == Point(x: 0, y: 300))
        // Taller than the view: its top is shown.
        scroller.scrollTo(Rect(x: 0, y: 1000, width: 10, height: 900), animated: false)
        #expect(scroller.contentOffset == Point(x: 0, y: 1000))
        scroller.scrollTo(Rect(x: .nan, y: 0, width: 10, height: 10), animated: false)
        #expect(scroller.contentOffset == Point(x: 0, y: 1000))
        scroller.scrollTo(Rect(x: 0, y: 1e308, width: 10, height: 10), animated: false)
        #expect(scroller.contentOffset == Point(x: 0, y: 1520))
    }

    @Test func anAnimatedScrollMovesOverTimeAndStopsWhenTouched() {
        scroller.scrollTo(Rect(x: 0, y: 1400, width: 10, height: 100), animated: true)
        #expect(scroller.contentOffset == .zero)
        loop.advance(by: ScrollView.scrollAnimationDuration / 2)
        let halfway = scroller.contentOffset.y
        #expect(halfway > 0 && halfway < 1020)
        loop.advance(by: ScrollView.scrollAnimationDuration)
        #expect(scroller.contentOffset == Point(x: 0, y: 1020))
        #expect(log.offsets.count > 2)

        scroller.setContentOffset(.zero, animated: true)
        loop.advance(by: 0.05)
        scroller.contentOffset = Point(x: 0, y: 700)
        loop.advance(by: 1)
        #expect(scroller.contentOffset == Point(x: 0, y: 700))
    }

    @Test func aDragMovesTheContentWithTheFinger() {
        drag([Point(x: 100, y: 400), Point(x: 100, y: 380), Point(x: 100, y: 300)])
        #expect(scroller.contentOffset == Point(x: 0, y: 100))
        drag([Point(x: 100, y: 100), Point(x: 100, y: 450)])
        #expect(scroller.contentOffset == .zero)
        scroller.isScrollEnabled = false
        drag([Point(x: 100, y: 400), Point(x: 100, y: 300)])
        #expect(scroller.contentOffset == .zero)
    }

    @Test func aDragCancelsTheTouchesOfTheViewUnderTheFinger() throws {
        let content = TouchLogView(frame: Rect(x: 0, y: 0, width: 320, height: 2000))
        try scroller.addSubview(content)
        drag([Point(x: 100, y: 400), Point(x: 100, y: 395), Point(x: 100, y: 300)])
        #expect(content.log == ["began", "moved", "cancelled"])
        content.log = []
        // Content that fits does not scroll, and the view keeps its touches.
        scroller.contentSize = Size(width: 320, height: 480)
        drag([Point(x: 100, y: 400), Point(x: 100, y: 300)])
        #expect(content.log == ["began", "moved", "ended"])
    }

    @Test func aDragScrollsTheInnermostViewThatCanMoveThatWay() throws {
        // A horizontal pager holding a vertical list, inside a vertical page.
        let page = scroller
        let pager = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        pager.contentSize = Size(width: 960, height: 480)
        try page.addSubview(pager)
        let list = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        list.contentSize = Size(width: 320, height: 1000)
        try pager.addSubview(list)

        drag([Point(x: 100, y: 400), Point(x: 100, y: 300)])
        #expect(list.contentOffset == Point(x: 0, y: 100))
        #expect(pager.contentOffset == .zero && page.contentOffset == .zero)

        drag([Point(x: 300, y: 200), Point(x: 150, y: 210)])
        #expect(pager.contentOffset == Point(x: 150, y: 0))
        #expect(list.contentOffset == Point(x: 0, y: 100))

        // At its end the list leaves a further push up to the page around it; a pull down
        // is the list's again.
        list.contentOffset = Point(x: 0, y: 520)
        pager.contentOffset = .zero
        drag([Point(x: 100, y: 400), Point(x: 100, y: 200)])
        #expect(list.contentOffset == Point(x: 0, y: 520))
        #expect(page.contentOffset == Point(x: 0, y: 200))
        drag([Point(x: 100, y: 200), Point(x: 100, y: 300)])
        #expect(list.contentOffset == Point(x: 0, y: 420))
        #expect(page.contentOffset == Point(x: 0, y: 200))
    }

    @Test func aScrollViewGoneMidDragIsNotTouched() throws {
        var inner: ScrollView? = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        inner!.contentSize = Size(width: 320, height: 1000)
        try scroller.addSubview(inner!)
        window.touch(.began, at: Point(x: 100, y: 400))
        loop.advance(by: 0.01)
        window.touch(.moved, at: Point(x: 100, y: 350))
        inner!.removeFromSuperview()
        inner = nil
        window.touch(.moved, at: Point(x: 100, y: 300))
        window.touch(.ended, at: Point(x: 100, y: 300))
        #expect(scroller.contentOffset == .zero)
    }
}
