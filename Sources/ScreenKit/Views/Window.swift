import EventLoop

/// The root of a view hierarchy, sized like a device screen (`UIWindow`).
open class Window: View {
    /// The screens scripts can ask for, portrait sizes in points.
    public enum Device: String, CaseIterable, Sendable {
        case iphone, ipad

        public var portraitSize: Size {
            switch self {
            case .iphone: Size(width: 320, height: 480)
            case .ipad: Size(width: 768, height: 1024)
            }
        }
    }

    public enum Orientation: String, CaseIterable, Sendable {
        case portrait, landscape
    }

    public let device: Device
    public private(set) var orientation: Orientation

    /// The loop that times gestures and animations; without one, time stands still at 0.
    public var loop: EventLoop?

    /// The text field that typed text goes to.
    public internal(set) weak var editingField: TextField?

    var activeTouches: [Int: Touch] = [:]
    var cancelledTouches: Set<ObjectIdentifier> = []
    var lastTap: (time: Double, point: Point, count: Int)?
    /// How many controller transitions are animating: touches that begin meanwhile are
    /// ignored (see ``holdTouches()``).
    var touchHolds = 0
    /// What has the keyboard focus (see `Window+Focus.swift`).
    var focusTarget: FocusTarget?

    /// The loop's time, for touch timestamps.
    public var now: Double { loop?.now ?? 0 }

    /// Runs `body` after `seconds` of loop time; nil without a loop.
    @discardableResult
    public func schedule(after seconds: Double, _ body: @escaping () -> Void) -> LoopTimer? {
        loop?.after(seconds) { _ in body() }
    }

    /// Nothing of its own, named for the window.
    open override var contentDescription: ViewDescription {
        ViewDescription(kind: "Window", accessibilityLabel: accessibilityLabel)
    }

    public init(device: Device = .iphone, orientation: Orientation = .portrait, loop: EventLoop? = nil) {
        self.device = device
        self.orientation = orientation
        self.loop = loop
        super.init(frame: Rect(origin: .zero, size: Window.size(of: device, in: orientation)))
        windowStorage = self
    }

    static func size(of device: Device, in orientation: Orientation) -> Size {
        let portrait = device.portraitSize
        return orientation == .portrait ? portrait : Size(width: portrait.height, height: portrait.width)
    }

    /// Turns the screen: every controller hears `viewWillTransition(to:)` with the new size,
    /// then the bounds swap, the subviews follow their autoresizing masks and layout runs.
    public func rotate(to orientation: Orientation) {
        guard orientation != self.orientation else { return }
        let size = Window.size(of: device, in: orientation)
        rootViewController?.willTransition(to: size)
        self.orientation = orientation
        frame = Rect(origin: .zero, size: size)
        layoutIfNeeded()
    }

    // MARK: - Controllers

    /// Whether the window is on screen; controllers appear only in a visible window.
    public private(set) var isVisible = false

    /// Shows the window: the controllers whose views are in it appear.
    public func makeKeyAndVisible() {
        guard !isVisible else { return }
        let move = WindowMove(of: self, appearing: true)
        move.begin()
        isVisible = true
        layoutIfNeeded()
        move.end()
    }

    /// The controller whose view fills the window. Setting it replaces the old root's view
    /// with the new one's; on a visible window the old root disappears and the new appears.
    public var rootViewController: ViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            if let old = oldValue, let oldView = old.viewIfLoaded, oldView.superview === self {
                oldView.removeFromSuperview()
            }
            guard let root = rootViewController else { return }
            let view = root.view
            view.frame = bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            // A controller whose view a script made a window cannot show it here.
            try? insertSubview(view, at: 0)
        }
    }

    /// Sends a memory warning to every controller, presented ones included. The touches in
    /// progress are cancelled first, as the system does on a memory warning: views get
    /// `touchesCancelled`, controls send `touchCancel`, and gestures under way are cancelled.
    public func memoryWarning() {
        cancelAllTouches()
        rootViewController?.receiveMemoryWarning()
    }
}
