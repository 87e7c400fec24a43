/// The bar at the top of a navigation controller, as `UINavigationBar`.
///
/// It shows the top controller's title, prompt and right button. The left side is found in
/// three steps: the top controller's own left button; else the back button of the
/// controller below it; else a back button titled with that controller's title;
/// and nothing on the root, or when the controller below has no title. The back button pops
/// without calling any action.
///
/// As in UIKit, the back button gives way before the title is cut: when the title and a
/// back button titled with the previous controller's title do not both fit, the back
/// button shows "Back", and where even that does not fit, the chevron alone. A back button
/// the controller below set keeps its own title. The title is centred in the bar where the
/// buttons leave it room, else put as near the centre as they allow, and cut only when it
/// does not fit between them.
public final class NavigationBar: View {
    /// The bar's height without and with a prompt, in points.
    public static let height = 44.0
    public static let heightWithPrompt = 74.0
    /// The space between the bar's edge and a button, and between a button and the title.
    private static let margin = 8.0

    public private(set) var title: String?
    public private(set) var prompt: String?
    /// The back button's title as shown ("" for the chevron alone), or nil when no back
    /// button shows.
    public private(set) var backTitle: String?
    public private(set) var leftButton: BarButtonItem?
    public private(set) var rightButton: BarButtonItem?

    /// Pops the navigation controller; set by it.
    var onBack: (() -> Void)?

    private let titleLabel = Label()
    private let promptLabel = Label()
    private var buttons: [Button] = []
    private var backButton: Button?
    /// The back button's title before the bar shortens it to fit, and whether it may: only
    /// one taken from the previous controller's title gives way.
    private var fullBackTitle: String?
    private var backTitleGivesWay = false
    /// The items whose changes redraw the bar: the ones it shows.
    private var observedItems: [BarButtonItem] = []

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = Color(white: 0.93)
        borderWidth = 0
        titleLabel.alignment = .center
        promptLabel.alignment = .center
        try? addSubview(promptLabel)
        try? addSubview(titleLabel)
    }

    /// The height the bar takes: taller with a prompt.
    public var preferredHeight: Double { prompt == nil ? Self.height : Self.heightWithPrompt }

    /// Shows `top`'s items, with `previous` deciding the back button.
    func show(top: ViewController?, previous: ViewController?) {
        let item = top?.navigationItem
        title = item?.title
        prompt = item?.prompt
        rightButton = item?.rightButton
        leftButton = item?.leftButton
        fullBackTitle = nil
        backTitleGivesWay = false
        if leftButton == nil, let previousItem = previous?.navigationItem {
            if let back = previousItem.backButton {
                fullBackTitle = back.title ?? previousItem.title ?? "Back"
            } else if let previousTitle = previousItem.title, !previousTitle.isEmpty {
                fullBackTitle = previousTitle
                backTitleGivesWay = true
            }
        }
        backTitle = fullBackTitle
        rebuild()
    }

    /// Taps the back button, as a finger would.
    public func tapBack() {
        guard backTitle != nil else { return }
        onBack?()
    }

    private func rebuild() {
        for button in buttons { button.removeFromSuperview() }
        buttons = []
        backButton = nil
        for item in observedItems { item.removeObserver(self) }
        observedItems = [leftButton, rightButton].compactMap { $0 }
        titleLabel.text = title ?? ""
        promptLabel.text = prompt ?? ""
        promptLabel.isHidden = prompt == nil
        if let fullBackTitle {
            let button = makeButton(Self.backButtonText(fullBackTitle), tag: -1) { [weak self] in self?.tapBack() }
            backButton = button
            buttons.append(button)
        } else if let leftButton {
            buttons.append(makeButton(for: leftButton, tag: 0))
        }
        if let rightButton {
            buttons.append(makeButton(for: rightButton, tag: 1))
        }
        // Laid out at once, so that a touch before the next layout pass finds the buttons.
        setNeedsLayout()
        layoutIfNeeded()
    }

    /// The back button's text: the chevron, then the title if any.
    private static func backButtonText(_ title: String) -> String {
        title.isEmpty ? "<" : "< " + title
    }

    private func makeButton(for item: BarButtonItem, tag: Int) -> Button {
        let button = makeButton(item.shownTitle, tag: tag) { item.tap() }
        button.setImage(item.image, for: .normal)
        button.isEnabled = item.isEnabled
        button.accessibilityLabel = item.shownAccessibilityLabel
        item.addObserver(self) { [weak self] in self?.rebuild() }
        return button
    }

    private func makeButton(_ title: String, tag: Int, action: @escaping () -> Void) -> Button {
        let button = Button()
        button.setTitle(title, for: .normal)
        button.tag = tag
        button.addTarget({ _, _ in action() }, for: [.touchUpInside])
        try? addSubview(button)
        return button
    }

    /// A rule along the bottom edge sets the bar off from the content.
    public override func draw(_ canvas: Canvas) {
        let y = bounds.height - 0.5
        canvas.line(from: Point(x: 0, y: y), to: Point(x: bounds.width, y: y), color: .gray)
    }

    public override func layoutSubviews() {
        let width = bounds.width
        let top = prompt == nil ? 0 : Self.heightWithPrompt - Self.height
        promptLabel.frame = Rect(x: 0, y: 4, width: width, height: 16)
        let row = top + (Self.height - 16) / 2
        // The width the title needs on one line, however long.
        let titleWidth = titleLabel.sizeThatFits(.zero).width
        fitBackTitle(beside: titleWidth)
        for button in buttons {
            let size = button.sizeThatFits(bounds.size)
            let x = button.tag == 1 ? width - size.width - Self.margin : Self.margin
            button.frame = Rect(x: x, y: row, width: size.width, height: size.height)
        }
        // What each side's button takes from the bar, with the space before the title.
        let left = buttons.first { $0.tag != 1 }.map { $0.frame.maxX + Self.margin }
        let right = buttons.first { $0.tag == 1 }.map { width - $0.frame.minX + Self.margin }
        let side = max(left ?? 0, right ?? 0)
        if titleWidth <= width - 2 * side {
            titleLabel.frame = Rect(x: side, y: row, width: max(0, width - 2 * side), height: 16)
        } else {
            // Off centre, between the buttons (or the bar's margin where there is none).
            let start = left ?? Self.margin, end = width - (right ?? Self.margin)
            let shown = min(titleWidth, max(0, end - start))
            let x = min(max((width - shown) / 2, start), end - shown)
            titleLabel.frame = Rect(x: x, y: row, width: shown, height: 16)
        }
    }

    /// Gives the back button the longest title that leaves the title room between the
    /// buttons: the previous controller's title, "Back", or none. A bar not given a width
    /// yet shows nothing, so it keeps the full title until it is laid out.
    private func fitBackTitle(beside titleWidth: Double) {
        guard let fullBackTitle, let backButton else { return }
        let width = bounds.width
        let right = buttons.first { $0.tag == 1 }.map { $0.sizeThatFits(bounds.size).width + 2 * Self.margin }
        let candidates = backTitleGivesWay && width > 0 ? [fullBackTitle, "Back", ""] : [fullBackTitle]
        for candidate in candidates {
            backTitle = candidate
            backButton.setTitle(Self.backButtonText(candidate), for: .normal)
            let back = backButton.sizeThatFits(bounds.size).width + 2 * Self.margin
            if back + titleWidth + (right ?? Self.margin) <= width { return }
        }
    }
}

/// The bar at the bottom of a navigation controller, as `UIToolbar`: its items left to right.
public final class Toolbar: View {
    public static let height = 44.0

    /// The items shown, left to right.
    public var items: [BarButtonItem] = [] {
        didSet { rebuild() }
    }

    /// The button of each item, nil for a space, in the items' order.
    private var buttons: [Button?] = []
    /// The items whose changes redraw the bar: the ones it shows.
    private var observedItems: [BarButtonItem] = []
    /// The space between two items, and a fixed space's width when it is given none.
    static let spacing = 8.0

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = Color(white: 0.93)
    }

    /// A rule along the top edge sets the bar off from the content.
    public override func draw(_ canvas: Canvas) {
        canvas.line(from: Point(x: 0, y: 0.5), to: Point(x: bounds.width, y: 0.5), color: .gray)
    }

    private func rebuild() {
        for button in buttons { button?.removeFromSuperview() }
        for item in observedItems { item.removeObserver(self) }
        observedItems = items
        buttons = items.map { item in
            item.addObserver(self) { [weak self] in self?.rebuild() }
            // A space is room, not a button: nothing to tap or focus.
            if item.systemItem?.isSpace == true { return nil }
            let button = Button()
            button.setTitle(item.shownTitle, for: .normal)
            button.setImage(item.image, for: .normal)
            button.isEnabled = item.isEnabled
            button.accessibilityLabel = item.shownAccessibilityLabel
            button.addTarget({ _, _ in item.tap() }, for: [.touchUpInside])
            try? addSubview(button)
            return button
        }
        setNeedsLayout()
        layoutIfNeeded()
    }

    /// Lays the items out left to right, 8 points apart; the room left over goes to the
    /// flexible spaces, shared equally (UIToolbar's layout): one flexible space before the
    /// last item puts it at the right edge, one on each side centres what is between.
    public override func layoutSubviews() {
        let spacing = Self.spacing
        let sizes = buttons.map { $0?.sizeThatFits(bounds.size) }
        var used = spacing
        var flexible = 0
        for (item, size) in zip(items, sizes) {
            switch item.systemItem {
            case .flexibleSpace?: flexible += 1
            case .fixedSpace?: used += (item.width > 0 ? item.width : spacing) + spacing
            default: used += (size?.width ?? 0) + spacing
            }
        }
        let share = flexible > 0 ? max(0, bounds.width - used) / Double(flexible) : 0
        var x = spacing
        for (index, item) in items.enumerated() {
            switch item.systemItem {
            case .flexibleSpace?:
                x += share
            case .fixedSpace?:
                x += (item.width > 0 ? item.width : spacing) + spacing
            default:
                guard let button = buttons[index], let size = sizes[index] else { continue }
                button.frame = Rect(x: x, y: (bounds.height - size.height) / 2, width: size.width, height: size.height)
                x += size.width + spacing
            }
        }
    }
}
