/// The views of an ``AlertController``: a dimming view over the window holding the panel
/// (title, message, text fields and actions) and, for an action sheet with a cancel action,
/// a second panel for it below.
///
/// Everything is placed on the text grid (8×16-point cells), so that the text render draws
/// each part on its own rows: the panel's box on its outermost cells, a separator on the
/// top row of each action, the action's title on the row under it. An action is 48 points
/// high (three rows), a text field's place 32 (the field 24 high, its text on the lower
/// row), and the title and message take as many 16-point lines as they need.
final class AlertParts {
    weak var alert: AlertController?
    let dimming = AlertView()
    let panel = AlertPanelView()
    let cancelPanel = AlertPanelView()
    let titleLabel = Label()
    let messageLabel = Label()
    /// One button per action of the alert, in the same order.
    private(set) var buttons: [AlertActionButton] = []

    static let actionHeight = 48.0
    static let fieldHeight = 32.0
    /// Above and below the title, message and fields, and at their sides.
    static let padding = 16.0
    static let alertWidth = 272.0
    static let sheetWidth = 304.0

    init(alert: AlertController) {
        self.alert = alert
        dimming.parts = self
        dimming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        for label in [titleLabel, messageLabel] {
            label.lines = 0
            label.lineBreakMode = .wordWrap
            label.alignment = .center
            label.textColor = alert.preferredStyle == .alert ? .black : .systemGray
            try? panel.addSubview(label)
        }
        try? dimming.addSubview(panel)
        try? dimming.addSubview(cancelPanel)
    }

    /// Brings the views in line with the alert's title, message, fields and actions, to be
    /// laid out again.
    func update(for alert: AlertController) {
        titleLabel.text = alert.title ?? ""
        titleLabel.isHidden = titleLabel.text.isEmpty
        messageLabel.text = alert.message ?? ""
        messageLabel.isHidden = messageLabel.text.isEmpty
        while buttons.count < alert.actions.count {
            buttons.append(AlertActionButton(action: alert.actions[buttons.count], alert: alert))
        }
        for button in buttons {
            button.setTitle(button.action.title, for: .normal)
            button.isEnabled = button.action.isEnabled
            button.isEmphasized = alert.isEmphasized(button.action)
        }
        dimming.setNeedsLayout()
    }

    // MARK: - Layout

    /// Places the panels in `bounds` (the window's): an alert in the middle, an action sheet
    /// at the bottom.
    func layout(in bounds: Rect) {
        guard let alert, bounds.width.isFinite, bounds.height.isFinite else { return }
        let isSheet = alert.preferredStyle == .actionSheet
        let margin = isSheet ? 8.0 : 24.0
        let width = max(min(isSheet ? Self.sheetWidth : Self.alertWidth, Self.snap(bounds.width - 2 * margin, 8)), 64)
        let x = Self.snap((bounds.width - width) / 2, 8)

        // The panel's views: the others (fields, or views a script put there) are left be.
        for view in [titleLabel, messageLabel] + alert.textFields where view.superview !== panel {
            try? panel.addSubview(view)
        }
        var y = layoutText(alert, width: width)
        let cancel = isSheet ? buttons.first { $0.action.style == .cancel } : nil
        var main = buttons.filter { $0 !== cancel && $0.action.style != .cancel }
        var separators: [ViewDescription.AlertPanel.Separator] = []
        if !isSheet, let button = buttons.first(where: { $0.action.style == .cancel }) {
            // Two actions side by side have the cancel one on the left; stacked, it is last.
            if main.count == 1 && fitsHalf(button, main[0], width: width) { main.insert(button, at: 0) } else { main.append(button) }
        }
        if !isSheet, main.count == 2, fitsHalf(main[0], main[1], width: width) {
            if y > 0 { separators.append(.init(start: Point(x: 0, y: y), end: Point(x: width, y: y))) }
            separators.append(.init(start: Point(x: width / 2, y: y), end: Point(x: width / 2, y: y + Self.actionHeight)))
            place(main[0], in: panel, Rect(x: 0, y: y, width: width / 2, height: Self.actionHeight))
            place(main[1], in: panel, Rect(x: width / 2, y: y, width: width / 2, height: Self.actionHeight))
            y += Self.actionHeight
        } else {
            for button in main {
                if y > 0 { separators.append(.init(start: Point(x: 0, y: y), end: Point(x: width, y: y))) }
                place(button, in: panel, Rect(x: 0, y: y, width: width, height: Self.actionHeight))
                y += Self.actionHeight
            }
        }
        panel.separators = separators
        panel.isHidden = y == 0
        cancelPanel.isHidden = cancel == nil

        let top: Double
        if isSheet {
            let below = cancel == nil ? 0 : (y > 0 ? Self.padding : 0) + Self.actionHeight
            top = max(0, Self.snap(bounds.height - y - below - Self.padding, 16))
            if let cancel {
                cancelPanel.frame = Rect(x: x, y: top + y + (y > 0 ? Self.padding : 0), width: width, height: Self.actionHeight)
                place(cancel, in: cancelPanel, Rect(x: 0, y: 0, width: width, height: Self.actionHeight))
            }
        } else {
            top = max(0, Self.snap((bounds.height - y) / 2, 16))
        }
        panel.frame = Rect(x: x, y: top, width: width, height: y)
    }

    /// Lays out the title, message and fields from the top of the panel; returns where the
    /// actions start (0 when there is none of them).
    private func layoutText(_ alert: AlertController, width: Double) -> Double {
        let inner = width - 2 * Self.padding
        let labels = [titleLabel, messageLabel].filter { !$0.isHidden }
        guard !labels.isEmpty || !alert.textFields.isEmpty else { return 0 }
        var y = Self.padding
        for label in labels {
            let height = max(16, label.sizeThatFits(Size(width: inner, height: 0)).height)
            label.frame = Rect(x: Self.padding, y: y, width: inner, height: height)
            y += height
        }
        for field in alert.textFields {
            // 24 points high, its middle on the lower row of its place: a blank row above it.
            field.frame = Rect(x: Self.padding, y: y + Self.fieldHeight - 20, width: inner, height: 24)
            y += Self.fieldHeight
        }
        return y + Self.padding
    }

    private func place(_ button: AlertActionButton, in panel: AlertPanelView, _ frame: Rect) {
        if button.superview !== panel { try? panel.addSubview(button) }
        button.frame = frame
    }

    /// Whether both titles fit, in brackets, in half the width: else the actions are stacked.
    private func fitsHalf(_ a: AlertActionButton, _ b: AlertActionButton, width: Double) -> Bool {
        let cells = Label.columns(in: width / 2)
        return [a, b].allSatisfy { button in
            (button.currentTitle ?? "").reduce(4) { $0 + TextLayout.cellWidth(of: $1) } <= cells
        }
    }

    /// `value` rounded down to a multiple of `step`.
    static func snap(_ value: Double, _ step: Double) -> Double {
        value.isFinite ? (value / step).rounded(.down) * step : 0
    }
}

/// The root view of an alert: it covers the window and dims what is under it, and takes
/// the touches outside the panels (in an action sheet, a tap there is the cancel action).
final class AlertView: View {
    override class var publicName: String { "ui.View" }

    weak var parts: AlertParts?

    /// The black laid over the screen under an alert.
    static let dimming = Color(white: 0, alpha: 0.4)

    override var contentDescription: ViewDescription {
        ViewDescription(.dimming(Self.dimming), kind: "AlertView", accessibilityLabel: accessibilityLabel)
    }

    override func layoutSubviews() {
        parts?.layout(in: bounds)
    }

    // Touches stop here: the screen under an alert takes none.
    override func touchesBegan(_ touches: [Touch]) {}
    override func touchesMoved(_ touches: [Touch]) {}
    override func touchesCancelled(_ touches: [Touch]) {}

    override func touchesEnded(_ touches: [Touch]) {
        guard touches.contains(where: { $0.view === self && isInside($0.location(in: self)) }) else { return }
        parts?.alert?.tappedOutside()
    }
}

/// A panel of an alert: a rounded box, with separators over its actions.
final class AlertPanelView: View {
    override class var publicName: String { "ui.View" }

    var separators: [ViewDescription.AlertPanel.Separator] = []

    /// The panel's colour, iOS's light grey of alerts.
    static let fill = Color.systemGray6

    override var contentDescription: ViewDescription {
        ViewDescription(
            .alertPanel(ViewDescription.AlertPanel(fill: Self.fill, cornerRadius: 13, separators: separators)),
            kind: "AlertPanelView", accessibilityLabel: accessibilityLabel)
    }

    // A touch on the panel between its controls goes nowhere.
    override func touchesBegan(_ touches: [Touch]) {}
    override func touchesMoved(_ touches: [Touch]) {}
    override func touchesEnded(_ touches: [Touch]) {}
    override func touchesCancelled(_ touches: [Touch]) {}
}

/// The button of an action: its title alone, in the tint (red for a destructive action,
/// grey while disabled), bold when emphasized; a tap chooses the action.
final class AlertActionButton: Button {
    override class var publicName: String { "ui.Button" }

    let action: AlertAction
    var isEmphasized = false

    init(action: AlertAction, alert: AlertController) {
        self.action = action
        super.init(frame: .zero)
        addTarget({ [weak alert, weak action] _, _ in
            guard let alert, let action else { return }
            alert.choose(action)
        }, for: [.touchUpInside])
    }

    override var contentDescription: ViewDescription {
        let foreground = isEnabled ? (action.style == .destructive ? .systemRed : effectiveTintColor) : .systemGray
        return ViewDescription(
            .button(ViewDescription.ButtonTitle(
                title: currentTitle, isHighlighted: isHighlighted, isEnabled: isEnabled,
                style: .alertAction(emphasized: isEmphasized))),
            kind: "Button", foreground: foreground, highlight: isHighlighted ? .systemGray5 : nil,
            accessibilityLabel: accessibilityLabel ?? currentTitle, traits: traits.union(.button))
    }
}
