/// An alert or an action sheet (`UIAlertController`): a title, a message, text fields
/// (alerts only) and actions, presented over the screen, which it dims.
///
/// Present it as any controller; it lies over the presenter, which stays on screen and gets
/// no appearance callbacks. A tap on an action dismisses the alert, then calls the action's
/// handler. Return chooses the preferred action (else the one action that is not the cancel
/// one, when there is just one), Escape the cancel action; Tab and the arrows move the focus
/// among the fields and actions. In an action sheet a tap outside the sheet is the cancel
/// action too.
///
/// ```swift
/// let sheet = AlertController(title: "Delete the photo?", message: nil, style: .actionSheet)
/// try sheet.addAction(AlertAction(title: "Delete", style: .destructive) { _ in remove() })
/// try sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
/// try diary.present(sheet, animated: true)
/// ```
///
/// The views are ordinary ones (labels, text fields, buttons on panels over a dimming
/// view), laid out on the text grid, so every renderer, focus and the pilot read them as
/// they read any screen.
public final class AlertController: ViewController {
    /// How the alert shows (`UIAlertController.Style`).
    public enum Style: String, CaseIterable, Sendable {
        /// A panel in the middle of the screen.
        case alert
        /// A list of actions at the bottom, the cancel action apart below them.
        case actionSheet
    }

    /// Whether it is an alert or an action sheet, fixed when it is made.
    public let preferredStyle: Style

    /// The text under the title.
    public var message: String? {
        didSet { contentChanged() }
    }

    /// The title, over the message.
    public override var title: String? {
        didSet { contentChanged() }
    }

    /// The actions, in the order they were added.
    public private(set) var actions: [AlertAction] = []
    /// The text fields, in the order they were added.
    public private(set) var textFields: [TextField] = []
    /// The action Return chooses, drawn bold (the cancel action then is not); alerts only.
    public private(set) var preferredAction: AlertAction?

    /// The action Return chooses: the preferred action, else the one action that is not the
    /// cancel action when there is just one; nil when none (or it is disabled).
    public var returnAction: AlertAction? {
        let chosen: AlertAction?
        if preferredStyle == .alert, let preferredAction {
            chosen = preferredAction
        } else {
            let others = actions.filter { $0.style != .cancel }
            chosen = others.count == 1 ? others[0] : nil
        }
        return chosen?.isEnabled == true ? chosen : nil
    }

    /// The cancel action, which Escape chooses.
    public var cancelAction: AlertAction? {
        actions.first { $0.style == .cancel }
    }

    /// The views, made with the root view.
    var parts: AlertParts?
    /// Set from an action's tap until the dismissal is done: a second tap does nothing.
    private var isChoosing = false

    public init(title: String?, message: String?, style: Style = .alert) {
        preferredStyle = style
        self.message = message
        super.init()
        self.title = title
        modalPresentationStyle = .overFullScreen
    }

    // MARK: - Actions and fields

    /// Adds an action, as a button after the others (a cancel action goes last). Actions
    /// added while the alert is on screen show at once.
    /// - Throws: ``ControllerError`` for a second cancel action, as UIKit raises, or an action
    ///   already added to an alert.
    public func addAction(_ action: AlertAction) throws(ControllerError) {
        if let owner = action.alert {
            throw ControllerError(
                "cannot add \(action.named) to \(self): it is already an action of \(owner === self ? "this alert" : owner.description)")
        }
        if action.style == .cancel, let cancel = cancelAction {
            throw ControllerError(
                "cannot add the cancel action '\(action.title ?? "")' to \(self): an alert has one at most, and it has '\(cancel.title ?? "")'")
        }
        action.alert = self
        actions.append(action)
        contentChanged()
    }

    /// Adds a text field under the message and returns it, for the caller to set up.
    /// - Throws: ``ControllerError`` on an action sheet: text fields belong to alerts, as
    ///   UIKit raises.
    @discardableResult
    public func addTextField() throws(ControllerError) -> TextField {
        guard preferredStyle == .alert else {
            throw ControllerError("cannot add a text field to \(self): only an alert of style \"alert\" has text fields, not an action sheet")
        }
        let field = TextField()
        textFields.append(field)
        contentChanged()
        return field
    }

    /// Makes `action` the one Return chooses and draws it bold; nil for none.
    /// - Throws: ``ControllerError`` when the action is not one of this alert's: add it first.
    public func setPreferredAction(_ action: AlertAction?) throws(ControllerError) {
        if let action, action.alert !== self {
            throw ControllerError("cannot make \(action.named) the preferred action of \(self): add it to the alert first")
        }
        preferredAction = action
        contentChanged()
    }

    /// Whether `action` is drawn bold: the preferred action in an alert, else the cancel one.
    func isEmphasized(_ action: AlertAction) -> Bool {
        if preferredStyle == .alert, let preferredAction { return action === preferredAction }
        return action.style == .cancel
    }

    func actionChanged(_ action: AlertAction) {
        contentChanged()
    }

    private func contentChanged() {
        guard let parts else { return }
        parts.update(for: self)
    }

    // MARK: - Choosing an action

    /// What a tap on an action's button does: dismisses the alert, then calls the action's
    /// handler with it. Nothing while the alert is still coming or going, or for a disabled
    /// action. An alert that is not presented (one shown as a window's root) calls the
    /// handler at once.
    public func choose(_ action: AlertAction) {
        guard action.isEnabled, action.alert === self, !isChoosing else { return }
        guard let presenter = presentingViewController else {
            action.handler?(action)
            return
        }
        guard !presenter.isPresentationTransitioning else { return }
        isChoosing = true
        for field in textFields { field.endEditing() }
        do {
            try dismiss(animated: true) { [weak self] in
                self?.isChoosing = false
                action.handler?(action)
            }
        } catch {
            isChoosing = false
        }
    }

    /// A tap outside an action sheet: its cancel action, as UIKit takes it.
    func tappedOutside() {
        guard preferredStyle == .actionSheet, let cancel = cancelAction else { return }
        choose(cancel)
    }

    // MARK: - View

    public override func loadView() {
        let parts = AlertParts(alert: self)
        self.parts = parts
        view = parts.dimming
        parts.update(for: self)
    }

    /// The first text field takes the typing, as UIKit makes it the first responder.
    public override func viewDidAppear(_ animated: Bool) {
        textFields.first?.beginEditing()
    }

    public override func viewWillDisappear(_ animated: Bool) {
        for field in textFields { field.endEditing() }
    }

    // MARK: - Keys

    /// Return chooses ``returnAction`` (after ending the editing of a field of the alert);
    /// with the focus on an action Return taps that one instead. Escape chooses the cancel
    /// action, and without one only ends editing: the alert stays. The arrows move the
    /// focus among the fields and actions, as Tab and Shift-Tab do.
    public override func handleKey(_ name: String) -> Bool {
        guard let window = viewIfLoaded?.window else { return false }
        switch name {
        case "return", "enter":
            if let field = window.editingField, textFields.contains(where: { $0 === field }) {
                field.returnKey()
            } else if let focused = window.focusedView, focused.isDescendant(of: view) {
                return false
            }
            if let action = returnAction { choose(action) }
            return true
        case "escape":
            window.endEditing()
            if let cancel = cancelAction { choose(cancel) }
            return true
        case "up", "left":
            window.moveFocus(forward: false)
            return true
        case "down", "right":
            window.moveFocus(forward: true)
            return true
        default:
            return false
        }
    }
}
