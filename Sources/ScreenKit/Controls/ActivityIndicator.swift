import EventLoop

/// A spinner that shows a task is under way (`UIActivityIndicatorView`): while it animates
/// and is in a window with a loop, a repeating timer of that loop turns it a spoke every
/// ``frameInterval``. A repeating timer is what an idle app runs, so a spinner never keeps a
/// run waiting for the screen to settle; it stops when the view leaves its window, and
/// starts again when it comes back still animating.
///
/// ```swift
/// let spinner = ActivityIndicator()      // 20 × 20, hidden until it animates
/// view.addSubview(spinner)
/// spinner.startAnimating()
/// ```
open class ActivityIndicator: View {
    /// How large it is: UIKit's medium (20 points) and large (37 points) styles.
    public enum Style: String, CaseIterable, Sendable {
        case medium, large

        /// The side of the square it takes when made without a frame.
        public var side: Double { self == .large ? 37 : 20 }
    }

    /// How long one frame shows: a turn takes a second, as UIKit's spinner does.
    public static let frameInterval = 1.0 / Double(ViewDescription.Spinner.spokes)

    /// Its size: an indicator still of the old style's size (made without a frame) takes
    /// the new one's, keeping its top-left corner.
    public var style: Style {
        didSet {
            let old = oldValue.side
            guard style != oldValue, bounds.size == Size(width: old, height: old) else { return }
            frame = Rect(origin: frame.origin, size: Size(width: style.side, height: style.side))
        }
    }

    /// The colour of the spokes; nil for UIKit's grey.
    public var color: Color?

    /// Whether it hides while stopped (true by default, as UIKit's): stopping hides it and
    /// starting shows it; set while it is stopped, it hides or shows it now.
    public var hidesWhenStopped = true {
        didSet { if !isAnimating && hidesWhenStopped != oldValue { isHidden = hidesWhenStopped } }
    }

    /// Whether it is animating: between ``startAnimating()`` and ``stopAnimating()``, on
    /// screen or not.
    public private(set) var isAnimating = false

    /// The spoke that leads now, from 0 (at the top) clockwise.
    public private(set) var phase = 0

    /// The timer that turns it, while it animates in a window with a loop.
    private var timer: LoopTimer?
    /// The loop the timer is on.
    private weak var timerLoop: EventLoop?

    /// Its style's size, as UIKit's.
    open override var intrinsicContentSize: Size { Size(width: style.side, height: style.side) }

    /// A stopped indicator of `style`, hidden (it hides when stopped).
    public init(frame: Rect, style: Style = .medium) {
        self.style = style
        super.init(frame: frame)
        isHidden = true
    }

    /// A stopped indicator of `style`, of the style's size.
    public convenience init(style: Style = .medium) {
        self.init(frame: Rect(x: 0, y: 0, width: style.side, height: style.side), style: style)
    }

    public convenience init() {
        self.init(style: .medium)
    }

    /// Starts turning, and shows it when it hides while stopped.
    public func startAnimating() {
        isAnimating = true
        if hidesWhenStopped { isHidden = false }
        updateTimer()
    }

    /// Stops turning at the frame it is at, and hides it when it hides while stopped.
    public func stopAnimating() {
        isAnimating = false
        if hidesWhenStopped { isHidden = true }
        updateTimer()
    }

    open override func didMoveToWindow() {
        updateTimer()
    }

    /// Runs the timer while it animates in a window with a loop; stops it otherwise.
    private func updateTimer() {
        let loop = isAnimating ? window?.loop : nil
        if let timer, loop == nil || loop !== timerLoop {
            timer.cancel()
            self.timer = nil
        }
        guard let loop, timer == nil else { return }
        timerLoop = loop
        timer = loop.every(Self.frameInterval) { [weak self] timer in
            // A window that went without telling (it was let go) stops it too.
            guard let self, isAnimating, window?.loop === loop else {
                timer.cancel()
                self?.timer = nil
                return
            }
            phase = (phase + 1) % ViewDescription.Spinner.spokes
        }
    }

    /// The spinner at its frame, in its colour; called "In progress" while it animates.
    open override var contentDescription: ViewDescription {
        ViewDescription(
            .spinner(ViewDescription.Spinner(phase: phase, isLarge: style == .large, isAnimating: isAnimating)),
            kind: "ActivityIndicator", foreground: color ?? .systemGray,
            accessibilityLabel: accessibilityLabel ?? (isAnimating ? "In progress" : nil),
            accessibilityValue: isAnimating ? "animating" : "stopped")
    }
}
