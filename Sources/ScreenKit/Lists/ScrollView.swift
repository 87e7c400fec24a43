import EventLoop

/// What a scroll view tells its delegate, as `UIScrollViewDelegate`.
///
/// Main-actor isolated as a whole (not only by the module's default), so that a class
/// conforming to a protocol that refines it, as ``TableViewDelegate`` does, needs no
/// isolated conformance.
@MainActor
public protocol ScrollViewDelegate: AnyObject {
    /// The content offset changed: once per change, whether code, a drag, the wheel or an
    /// animation frame moved it. The default does nothing.
    func scrollViewDidScroll(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
}

/// A view whose content is larger than itself and moves under it, as `UIScrollView`.
///
/// The content offset is the origin of ``View/bounds``: the subviews, placed in content
/// coordinates, move up as it grows. It stays within `0...max(0, content - bounds)` on each
/// axis however it is set (by code, a drag, ``scroll(by:)`` or ``scrollTo(_:animated:)``);
/// a value that is not a number counts as 0, and infinities go to the nearest end.
///
/// A drag scrolls the innermost scroll view that can still move the way the finger goes:
/// a vertical list inside a horizontal pager leaves sideways drags to the pager, and a list
/// scrolled to its top leaves a further pull down to the scroll view around it.
///
/// ```swift
/// let scroller = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
/// scroller.contentSize = Size(width: 320, height: 2000)
/// scroller.contentOffset = Point(x: 0, y: 600)
/// scroller.scrollTo(Rect(x: 0, y: 1800, width: 10, height: 10), animated: true)
/// ```
open class ScrollView: View {
    /// The largest content length on either axis: beyond it a `Double` no longer tells
    /// neighbouring points apart, and offsets would stop moving.
    public static let maximumContentLength = 1e15

    /// How long ``scrollTo(_:animated:)`` and ``setContentOffset(_:animated:)`` take to move
    /// when animated, in seconds.
    public static let scrollAnimationDuration = 0.3

    /// Hears about scrolling; held weakly, as UIKit's.
    public weak var delegate: ScrollViewDelegate?

    /// Whether drags scroll the view (code still can).
    public var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }

    /// The drag that scrolls the view.
    public let panGestureRecognizer: ScrollPanGestureRecognizer

    /// The scroll running from an animated ``scrollTo(_:animated:)``, stopped by any other
    /// change of the offset.
    private var scrollAnimation: LoopAnimation?

    public override init(frame: Rect = .zero) {
        panGestureRecognizer = ScrollPanGestureRecognizer()
        super.init(frame: frame)
        clipsToBounds = true
        // Weak: a touch in progress keeps the recognizer after the view may be gone.
        panGestureRecognizer.addTarget { [weak self] recognizer in
            guard let pan = recognizer as? PanGestureRecognizer else { return }
            self?.follow(pan)
        }
        addGestureRecognizer(panGestureRecognizer)
    }

    // MARK: - Content

    /// The size of the content in points. Negative and non-numbers count as 0, and lengths
    /// are at most ``maximumContentLength``. Shrinking it pulls the offset back in range.
    /// Its scroll indicators, drawn over its subviews.
    open override var contentDescription: ViewDescription {
        ViewDescription(.scroll(contentSize: contentSize), kind: "ScrollView", accessibilityLabel: accessibilityLabel)
    }

    public var contentSize: Size = .zero {
        didSet {
            let sane = Size(width: ScrollView.length(contentSize.width), height: ScrollView.length(contentSize.height))
            // Assigning in `didSet` does not run the observer again.
            if sane != contentSize { contentSize = sane }
            guard contentSize != oldValue else { return }
            moveContent(to: contentOffset)
        }
    }

    /// The point of the content shown at the view's top-left (the origin of ``View/bounds``).
    public var contentOffset: Point {
        get { bounds.origin }
        set {
            stopScrollAnimation()
            moveContent(to: newValue)
        }
    }

    /// The largest offset on each axis: how far the content reaches past the bounds.
    public var maximumContentOffset: Point {
        Point(x: ScrollView.room(contentSize.width, bounds.width), y: ScrollView.room(contentSize.height, bounds.height))
    }

    /// The part of the content shown, in content coordinates (the bounds).
    public var visibleRect: Rect { bounds }

    /// Sets the offset, moving to it over ``scrollAnimationDuration`` when `animated` and the
    /// view is in a window with a loop (at once otherwise).
    public func setContentOffset(_ offset: Point, animated: Bool) {
        stopScrollAnimation()
        let target = clamped(offset)
        guard animated, let loop = window?.loop, target != contentOffset else {
            moveContent(to: target)
            return
        }
        let start = contentOffset
        scrollAnimation = loop.animate(duration: ScrollView.scrollAnimationDuration, curve: .easeInOut, step: { [weak self] progress in
            self?.moveContent(to: Point(x: start.x + (target.x - start.x) * progress, y: start.y + (target.y - start.y) * progress))
        }, completion: { [weak self] _ in
            self?.scrollAnimation = nil
        })
        scrollAnimation?.describe = { [weak self] in "the scroll of \(self?.summary ?? "a scroll view")" }
    }

    /// Scrolls as little as it takes to show `rect` (in content coordinates), as
    /// `scrollRectToVisible(_:animated:)`: nothing when it is shown already; a rectangle
    /// larger than the view shows its top-left part. A rectangle with a coordinate that is
    /// not a number is ignored.
    public func scrollTo(_ rect: Rect, animated: Bool) {
        let rect = rect.standardized
        guard [rect.minX, rect.minY, rect.width, rect.height].allSatisfy({ !$0.isNaN }) else { return }
        let offset = contentOffset
        let target = Point(
            x: ScrollView.minimalMove(from: offset.x, showing: rect.minX, rect.maxX, in: bounds.width),
            y: ScrollView.minimalMove(from: offset.y, showing: rect.minY, rect.maxY, in: bounds.height))
        guard target != offset else { return }
        setContentOffset(target, animated: animated)
    }

    /// Moves the content by `delta` points (positive `y` shows what is further down), as the
    /// mouse wheel and the arrow keys do; clamped like any offset.
    public func scroll(by delta: Point) {
        let offset = contentOffset
        contentOffset = Point(x: ScrollView.sum(offset.x, delta.x), y: ScrollView.sum(offset.y, delta.y))
    }

    /// The wheel scrolls it (at either end too: the innermost scroll view under the pointer
    /// keeps the wheel, as on a screen).
    open override func scrollWheel(_ dy: Double, at point: Point) -> Bool {
        scroll(by: Point(x: 0, y: dy))
        return true
    }

    /// Whether the content can still move the way a finger moving by `translation` pushes
    /// it, along the axis the finger mostly moves on.
    public func canScroll(following translation: Point) -> Bool {
        let offset = contentOffset, maximum = maximumContentOffset
        if abs(translation.x) >= abs(translation.y) {
            if translation.x > 0 { return offset.x > 0 }
            return translation.x < 0 && offset.x < maximum.x
        }
        if translation.y > 0 { return offset.y > 0 }
        return translation.y < 0 && offset.y < maximum.y
    }

    // MARK: - For subclasses

    /// The content offset changed (by any means); called before the delegate hears of it.
    /// Lists lay out the cells that came into view here. The default does nothing.
    open func contentOffsetDidChange() {}

    // MARK: - Moving

    /// Puts the offset at `offset`, clamped, and tells of the change when there is one.
    private func moveContent(to offset: Point) {
        let target = clamped(offset)
        guard target != bounds.origin else { return }
        bounds.origin = target
        contentOffsetDidChange()
        delegate?.scrollViewDidScroll(self)
    }

    private func stopScrollAnimation() {
        guard let animation = scrollAnimation else { return }
        scrollAnimation = nil
        animation.cancel()
    }

    /// `offset` within the allowed range on each axis.
    func clamped(_ offset: Point) -> Point {
        let maximum = maximumContentOffset
        return Point(x: ScrollView.clamp(offset.x, to: maximum.x), y: ScrollView.clamp(offset.y, to: maximum.y))
    }

    /// Follows a drag: the content moves with the finger.
    private func follow(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began, .changed:
            let translation = pan.translation(in: nil)
            pan.setTranslation(.zero, in: nil)
            scroll(by: Point(x: -translation.x, y: -translation.y))
        default:
            break
        }
    }

    // MARK: - Arithmetic on hostile numbers

    /// `value` within `0...upper`; not a number counts as 0.
    static func clamp(_ value: Double, to upper: Double) -> Double {
        guard !value.isNaN, value > 0 else { return 0 }
        return min(value, upper)
    }

    /// A content length as the view keeps it.
    static func length(_ value: Double) -> Double {
        guard !value.isNaN, value > 0 else { return 0 }
        return min(value, maximumContentLength)
    }

    /// How far content of length `content` reaches past a view of length `visible`.
    static func room(_ content: Double, _ visible: Double) -> Double {
        let room = content - visible
        return room.isNaN || room < 0 ? 0 : room
    }

    /// `a + b` where either may be any value; the result may be infinite, never not a number
    /// unless an operand is.
    static func sum(_ a: Double, _ b: Double) -> Double {
        let result = a + b
        return result.isNaN ? a : result
    }

    /// The offset nearest `offset` on one axis at which `min...max` is shown in a view of
    /// length `visible`; the start wins when the range is longer than the view.
    static func minimalMove(from offset: Double, showing min: Double, _ max: Double, in visible: Double) -> Double {
        if min < offset || max - min > visible { return min }
        if max > offset + visible { return max - visible }
        return offset
    }
}

/// The drag of a ``ScrollView``: a pan that fails, leaving the touch to a scroll view around
/// it, when its own view cannot move the way the finger starts to go.
public final class ScrollPanGestureRecognizer: PanGestureRecognizer {
    public override func touchesMoved(_ touches: [Touch]) {
        if state == .possible, let scrollView = view as? ScrollView {
            let translation = self.translation(in: nil)
            if Point.zero.distance(to: translation) >= hysteresis && !scrollView.canScroll(following: translation) {
                state = .failed
                return
            }
        }
        super.touchesMoved(touches)
    }
}
