/// A panel that shows a controller's view over other content, as `UIPopoverController`;
/// a tap outside the panel dismisses it.
///
/// A split view controller makes one for its master while the master is hidden (portrait)
/// and shows it when the bar button item it gave its delegate is tapped. The content
/// controller stays the split view controller's child; the popover only places its view and
/// tells it when it appears and disappears.
public final class Popover {
    /// The controller whose view the panel shows.
    public let contentViewController: ViewController
    /// The size of the panel when the container has room for it, as UIKit's
    /// `popoverContentSize`; a smaller container makes it smaller.
    public var contentSize = Size(width: 320, height: 600) {
        didSet { layoutPanel() }
    }

    /// Covers the container and catches the taps outside the panel.
    let backdrop = PopoverBackdrop()
    /// The panel holding the content's view.
    let panel = View()
    /// The panel's border, in front of the content so that both renderers draw it.
    private let border = View()

    init(content: ViewController) {
        contentViewController = content
        panel.backgroundColor = .white
        panel.clipsToBounds = true
        border.borderWidth = 1
        border.borderColor = .darkGray
        border.isUserInteractionEnabled = false
        border.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        try? panel.addSubview(border)
        backdrop.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        try? backdrop.addSubview(panel)
        backdrop.popover = self
    }

    /// Whether the panel is on screen.
    public var isPresented: Bool { backdrop.superview != nil }

    /// The panel's frame in the container: below a bar's height from the top, at the left,
    /// where a bar's first button is.
    public var panelFrame: Rect { panel.frame }

    /// Shows the panel over `container`, the content appearing.
    func present(in container: View) {
        guard !isPresented else { return }
        let content = contentViewController
        content.beginAppearanceTransition(true, animated: false)
        backdrop.frame = container.bounds
        layoutPanel()
        let contentView = content.view
        contentView.frame = panel.bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        try? panel.insertSubview(contentView, below: border)
        try? container.addSubview(backdrop)
        content.endAppearanceTransition()
    }

    /// Takes the panel away, the content disappearing. Does nothing when it is not shown.
    public func dismiss() {
        guard isPresented else { return }
        let content = contentViewController
        content.beginAppearanceTransition(false, animated: false)
        backdrop.removeFromSuperview()
        content.viewIfLoaded?.removeFromSuperview()
        content.endAppearanceTransition()
    }

    /// Takes the panel away without appearance callbacks: the container has already moved
    /// the content's view elsewhere on screen.
    func close() {
        backdrop.removeFromSuperview()
    }

    /// Sizes the panel to the backdrop: the content size, less where the container is
    /// smaller (always leaving room at the right for a tap outside).
    func layoutPanel() {
        let bounds = backdrop.bounds
        let top = NavigationBar.height + 8
        panel.frame = Rect(x: 8, y: top, width: max(0, min(contentSize.width, bounds.width - 48)),
                           height: max(0, min(contentSize.height, bounds.height - top - 8)))
        border.frame = panel.bounds
    }
}

/// The transparent view under a popover's panel: a touch that begins on it (outside the
/// panel) dismisses the popover.
final class PopoverBackdrop: View {
    override class var publicName: String { "ui.View" }

    weak var popover: Popover?

    override func touchesBegan(_ touches: [Touch]) {
        // Touches in the panel that its views do not handle come up the responder chain
        // to here; only those that began outside the panel dismiss.
        guard touches.contains(where: { $0.view === self }) else { return super.touchesBegan(touches) }
        popover?.dismiss()
    }

    override func layoutSubviews() {
        popover?.layoutPanel()
    }
}
