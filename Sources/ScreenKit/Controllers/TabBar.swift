/// The bar at the bottom of a tab bar controller, as `UITabBar`: one button per tab, titled
/// with the tab's `tabBarItem`, the selected one marked, and a badge over a tab that has one.
///
/// The selected tab's button is in the selected state, whose title starts with `▸`, and its
/// slot is tinted; a badge is a red label over the top right of its slot. Both renderers
/// draw these, so a snapshot shows which tab is selected.
public final class TabBar: View {
    /// The bar's height, in points.
    public static let height = 49.0
    /// What the selected tab's title starts with.
    public static let selectedMark = "▸ "

    /// The tabs' titles, left to right ("" for a tab without one).
    public private(set) var titles: [String] = []
    /// The tabs' badges, left to right (nil for a tab without one).
    public private(set) var badges: [String?] = []
    /// The index of the tab shown as selected, if any.
    public private(set) var selectedIndex: Int?

    /// Called with a tab's index when its button is tapped; set by the tab bar controller.
    var onSelect: ((Int) -> Void)?

    private(set) var buttons: [Button] = []
    private var badgeLabels: [Label] = []

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = Color(white: 0.93)
    }

    /// Shows `items`, marking the one at `selectedIndex`.
    func show(_ items: [TabBarItem], selectedIndex: Int?) {
        titles = items.map { $0.title ?? "" }
        badges = items.map(\.badgeValue)
        self.selectedIndex = selectedIndex
        // Buttons are kept while the number of tabs stays, so that a tap that selects a tab
        // does not take away the button it is delivered to.
        if buttons.count != items.count { rebuild(count: items.count) }
        for (index, button) in buttons.enumerated() {
            button.setTitle(titles[index], for: .normal)
            button.setTitle(Self.selectedMark + titles[index], for: .selected)
            button.isSelected = index == selectedIndex
            let badge = badgeLabels[index]
            badge.text = badges[index] ?? ""
            badge.isHidden = badges[index] == nil
        }
        // Laid out at once rather than at the next layout pass: a touch that comes first
        // must find the new buttons where they are drawn.
        layoutSubviews()
    }

    /// Taps the tab at `index`, as a finger would.
    public func tapTab(at index: Int) {
        guard buttons.indices.contains(index) else { return }
        buttons[index].sendActions(for: .touchUpInside)
    }

    /// The rectangle of the tab at `index`, in the bar's coordinates.
    public func slot(at index: Int) -> Rect {
        let width = bounds.width / Double(max(buttons.count, 1))
        return Rect(x: Double(index) * width, y: 0, width: width, height: bounds.height)
    }

    private func rebuild(count: Int) {
        for view in buttons as [View] + badgeLabels { view.removeFromSuperview() }
        buttons = (0..<count).map { index in
            let button = Button()
            button.addTarget({ [weak self] _, _ in self?.onSelect?(index) }, for: [.touchUpInside])
            try? addSubview(button)
            return button
        }
        badgeLabels = (0..<count).map { _ in
            let badge = Label()
            badge.alignment = .center
            badge.backgroundColor = .red
            badge.textColor = .white
            try? addSubview(badge)
            return badge
        }
    }

    public override func layoutSubviews() {
        // The button takes the bar's lower rows and the badge the row above it, so that on
        // the text grid (whose rows the bar's top straddles) they never share a row.
        for (index, button) in buttons.enumerated() {
            let slot = slot(at: index)
            button.frame = Rect(x: slot.minX + 2, y: 17, width: max(0, slot.width - 4), height: 30)
            let badge = badgeLabels[index]
            let width = Double((badge.text.count + 2) * 8)
            badge.frame = Rect(x: max(slot.minX, slot.maxX - width - 4), y: 2, width: width, height: 14)
        }
    }

    public override func draw(_ canvas: Canvas) {
        if let selectedIndex, buttons.indices.contains(selectedIndex) {
            let slot = slot(at: selectedIndex)
            canvas.fill(Rect(x: slot.minX, y: 1, width: slot.width, height: bounds.height - 1),
                        color: Color(red: 0.84, green: 0.91, blue: 1))
        }
        canvas.line(from: Point(x: 0, y: 0), to: Point(x: bounds.width, y: 0), color: .gray)
    }
}
