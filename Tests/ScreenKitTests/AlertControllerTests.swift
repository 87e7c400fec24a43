import EventLoop
import Testing
@testable import ScreenKit

/// `AlertController`: presented over the screen, its actions dismiss it and then run their
/// handlers, with UIKit's rules for cancel and preferred actions, fields and keys.
@MainActor
struct AlertControllerTests {
    /// A window showing `A`, the log of its callbacks cleared.
    private func screen() -> (Window, EventLoop, LoggingController, CallbackLog) {
        let log = CallbackLog()
        let (window, loop) = makeWindow()
        let home = LoggingController("A", log: log)
        window.rootViewController = home
        _ = log.take()
        return (window, loop, home, log)
    }

    /// An alert whose actions log their handler calls as "handler Title".
    private func alert(
        _ actions: [(String, AlertAction.Style)], log: CallbackLog, style: AlertController.Style = .alert
    ) throws -> AlertController {
        let alert = AlertController(title: "Delete the photo?", message: "It cannot be undone.", style: style)
        for (title, actionStyle) in actions {
            try alert.addAction(AlertAction(title: title, style: actionStyle) { action in
                log.entries.append("handler \(action.title ?? "")")
            })
        }
        return alert
    }

    private func button(_ title: String, in alert: AlertController) -> Button? {
        alert.view.layoutIfNeeded()
        return alert.parts?.buttons.first { $0.currentTitle == title }
    }

    /// Taps the middle of `view` as a finger would.
    private func tap(_ view: View, in window: Window) {
        let point = view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil)
        window.touch(.began, at: point)
        window.touch(.ended, at: point)
    }

    // MARK: - Presentation

    @Test("an alert lies over the presenter, which stays on screen without callbacks")
    func presentsOverThePresenter() throws {
        let (window, loop, home, log) = screen()
        let alert = try alert([("OK", .default)], log: log)
        try home.present(alert, animated: true)
        #expect(alert.view.alpha == 0, "it fades in")
        loop.advance(by: ViewController.presentationDuration)
        #expect(log.take() == [])
        #expect(home.view.superview === window && home.appearanceState == .appeared)
        #expect(window.subviews.last === alert.view && alert.view.frame == window.bounds && alert.view.alpha == 1)
        #expect(alert.appearanceState == .appeared && alert.presentingViewController === home)
    }

    @Test("a tap on an action dismisses the alert, then calls the action's handler with it")
    func tapDismissesThenCallsHandler() throws {
        let (window, loop, home, log) = screen()
        let alert = try alert([("Cancel", .cancel), ("Delete", .destructive)], log: log)
        var seen: (action: AlertAction?, presented: Bool, onScreen: Bool)?
        alert.actions[1].handler = { action in
            seen = (action, alert.presentingViewController != nil, alert.viewIfLoaded?.window != nil)
            log.entries.append("handler Delete")
        }
        try home.present(alert, animated: true)
        loop.advance(by: ViewController.presentationDuration)
        tap(try #require(button("Delete", in: alert)), in: window)
        #expect(log.take() == [], "the handler waits for the dismissal")
        #expect(alert.appearanceState == .disappearing)
        loop.advance(by: ViewController.presentationDuration)
        #expect(log.take() == ["handler Delete"], "the presenter gets no callbacks")
        #expect(seen?.action === alert.actions[1] && seen?.presented == false && seen?.onScreen == false)
        #expect(home.presentedViewController == nil && alert.appearanceState == .disappeared)
        #expect(window.subviews.count == 1 && window.subviews[0] === home.view && alert.view.alpha == 1)
    }

    @Test("a second tap while the alert goes does nothing; a disabled action takes no tap")
    func oneChoice() throws {
        let (window, loop, home, log) = screen()
        let alert = try alert([("Cancel", .cancel), ("Delete", .destructive)], log: log)
        alert.actions[1].isEnabled = false
        try home.present(alert, animated: false)
        let delete = try #require(button("Delete", in: alert))
        #expect(!delete.isEnabled && delete.contentDescription.foreground == .systemGray)
        tap(delete, in: window)
        loop.advance(by: 1)
        #expect(log.take() == [] && home.presentedViewController === alert)
        let cancel = try #require(button("Cancel", in: alert))
        tap(cancel, in: window)
        tap(cancel, in: window)
        loop.advance(by: 1)
        #expect(log.take() == ["handler Cancel"])
    }

    @Test("an alert presented twice, or over another, is refused")
    func presentingTwiceIsRefused() throws {
        let (window, _, home, log) = screen()
        let alert = try alert([("OK", .default)], log: log)
        try home.present(alert, animated: false)
        #expect(throws: ControllerError.self) { try home.present(alert, animated: false) }
        let other = try self.alert([("OK", .default)], log: log)
        #expect(throws: ControllerError.self) { try home.present(other, animated: false) }
        #expect(home.presentedViewController === alert && window.subviews.last === alert.view)
    }

    // MARK: - UIKit's rules

    @Test("an alert has one cancel action at most: a second is refused, naming both")
    func oneCancelAction() throws {
        let alert = AlertController(title: "Quit?", message: nil)
        try alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        #expect(throws: ControllerError(
            "cannot add the cancel action 'Never mind' to ui.AlertController 'Quit?': an alert has one at most, and it has 'Cancel'")) {
            try alert.addAction(AlertAction(title: "Never mind", style: .cancel))
        }
        let action = AlertAction(title: "OK")
        try alert.addAction(action)
        #expect(throws: ControllerError.self) { try alert.addAction(action) }
        #expect(throws: ControllerError.self) { try AlertController(title: nil, message: nil).addAction(action) }
        #expect(alert.actions.map(\.title) == ["Cancel", "OK"])
    }

    @Test("text fields belong to alerts: an action sheet refuses one")
    func textFieldsOnlyInAlerts() throws {
        let sheet = AlertController(title: nil, message: nil, style: .actionSheet)
        #expect(throws: ControllerError.self) { try sheet.addTextField() }
        #expect(sheet.textFields.isEmpty)
        let alert = AlertController(title: "Rename", message: nil)
        let field = try alert.addTextField()
        #expect(alert.textFields.count == 1 && alert.textFields[0] === field)
    }

    @Test("the preferred action must be one of the alert's; it is bold instead of the cancel action")
    func preferredAction() throws {
        let alert = AlertController(title: "Save?", message: nil)
        let cancel = AlertAction(title: "Cancel", style: .cancel), save = AlertAction(title: "Save")
        try alert.addAction(cancel)
        #expect(throws: ControllerError.self) { try alert.setPreferredAction(save) }
        #expect(alert.isEmphasized(cancel))
        try alert.addAction(save)
        try alert.setPreferredAction(save)
        #expect(alert.isEmphasized(save) && !alert.isEmphasized(cancel))
        guard case .button(let title) = try #require(button("Save", in: alert)).contentDescription.content,
              case .alertAction(emphasized: true) = title.style else {
            Issue.record("the preferred action is not drawn bold")
            return
        }
    }

    // MARK: - Layout

    @Test("two actions sit side by side, the cancel one on the left; three are stacked, cancel last")
    func actionsLayout() throws {
        let log = CallbackLog()
        let two = try alert([("Delete", .destructive), ("Cancel", .cancel)], log: log)
        two.view.frame = Rect(x: 0, y: 0, width: 320, height: 480)
        let (cancel, delete) = (try #require(button("Cancel", in: two)), try #require(button("Delete", in: two)))
        #expect(cancel.frame.minY == delete.frame.minY && cancel.frame.maxX == delete.frame.minX)

        let three = try alert([("Cancel", .cancel), ("Keep", .default), ("Delete", .destructive)], log: log)
        three.view.frame = Rect(x: 0, y: 0, width: 320, height: 480)
        let tops = try ["Keep", "Delete", "Cancel"].map { try #require(button($0, in: three)).frame.minY }
        #expect(tops == tops.sorted() && Set(tops).count == 3)
    }

    @Test("an action sheet sits at the bottom, its cancel action apart and last")
    func sheetLayout() throws {
        let (window, _, home, log) = screen()
        let sheet = try alert([("Cancel", .cancel), ("Delete", .destructive), ("Share", .default)], log: log, style: .actionSheet)
        try home.present(sheet, animated: false)
        window.layoutIfNeeded()
        let frames = try ["Delete", "Share", "Cancel"].map { try #require(button($0, in: sheet)).convert(Rect(x: 0, y: 0, width: 1, height: 1), to: nil) }
        #expect(frames[0].minY < frames[1].minY && frames[1].minY < frames[2].minY)
        let parts = try #require(sheet.parts)
        #expect(button("Cancel", in: sheet)?.superview === parts.cancelPanel)
        #expect(parts.cancelPanel.frame.maxY == window.bounds.height - 16)
        #expect(parts.panel.frame.maxY < parts.cancelPanel.frame.minY)
    }

    @Test("actions added while the alert is on screen show at once")
    func actionsAddedLater() throws {
        let (window, _, home, log) = screen()
        let alert = try alert([("OK", .default)], log: log)
        try home.present(alert, animated: false)
        try alert.addAction(AlertAction(title: "Later", style: .default))
        window.layoutIfNeeded()
        let later = try #require(button("Later", in: alert))
        #expect(later.window === window && later.frame.height == 48)
        alert.message = "Changed"
        window.layoutIfNeeded()
        #expect(alert.parts?.messageLabel.text == "Changed")
    }

    // MARK: - Touches outside

    @Test("a tap outside an action sheet is its cancel action; outside an alert, nothing")
    func tapOutside() throws {
        let (window, loop, home, log) = screen()
        let sheet = try alert([("Delete", .destructive), ("Cancel", .cancel)], log: log, style: .actionSheet)
        try home.present(sheet, animated: false)
        window.touch(.began, at: Point(x: 160, y: 40))
        window.touch(.ended, at: Point(x: 160, y: 40))
        loop.advance(by: 1)
        #expect(log.take() == ["handler Cancel"] && home.presentedViewController == nil)

        let alert = try alert([("Delete", .destructive), ("Cancel", .cancel)], log: log)
        try home.present(alert, animated: false)
        window.touch(.began, at: Point(x: 160, y: 40))
        window.touch(.ended, at: Point(x: 160, y: 40))
        loop.advance(by: 1)
        #expect(log.take() == [] && home.presentedViewController === alert)
    }

    // MARK: - Keys

    @Test("Return is the preferred action, else the only one that is not the cancel action")
    func returnKey() throws {
        let (window, loop, home, log) = screen()
        let one = try alert([("Cancel", .cancel), ("Delete", .destructive)], log: log)
        try home.present(one, animated: false)
        window.key("return")
        loop.advance(by: 1)
        #expect(log.take() == ["handler Delete"])

        let two = try alert([("Keep", .default), ("Delete", .destructive)], log: log)
        try home.present(two, animated: false)
        window.key("return")
        loop.advance(by: 1)
        #expect(log.take() == [] && home.presentedViewController === two, "two candidates: Return chooses none")
        try two.setPreferredAction(two.actions[0])
        two.actions[0].isEnabled = false
        window.key("enter")
        loop.advance(by: 1)
        #expect(log.take() == [], "a disabled preferred action is not chosen")
        two.actions[0].isEnabled = true
        window.key("enter")
        loop.advance(by: 1)
        #expect(log.take() == ["handler Keep"] && home.presentedViewController == nil)
    }

    @Test("Escape is the cancel action; without one the alert stays and nothing goes back")
    func escapeKey() throws {
        let (window, loop, home, log) = screen()
        let alert = try alert([("OK", .default), ("Cancel", .cancel)], log: log)
        try home.present(alert, animated: false)
        window.key("escape")
        loop.advance(by: 1)
        #expect(log.take() == ["handler Cancel"])

        let stuck = try self.alert([("OK", .default), ("Other", .default)], log: log)
        try home.present(stuck, animated: false)
        window.key("escape")
        loop.advance(by: 1)
        #expect(log.take() == [] && home.presentedViewController === stuck)
    }

    @Test("Tab and the arrows move the focus among the alert's fields and actions; Return taps the focused one")
    func focus() throws {
        let (window, loop, home, log) = screen()
        let alert = try alert([("Cancel", .cancel), ("Save", .default), ("Copy", .default)], log: log)
        try alert.addTextField().placeholder = "Name"
        try home.present(alert, animated: false)
        let field = alert.textFields[0]
        #expect(field.isEditing && window.editingField === field, "the first field takes the typing")
        window.type("Ann")
        #expect(field.text == "Ann")
        let views = window.focusableViews()
        #expect(views.count == 4 && views.allSatisfy { $0.isDescendant(of: alert.view) })
        window.key("down")
        #expect(!field.isEditing && window.focusedView === button("Save", in: alert))
        window.key("right")
        #expect(window.focusedView === button("Copy", in: alert))
        window.key("up")
        window.key("tab")
        #expect(window.focusedView === button("Copy", in: alert))
        window.key("return")
        loop.advance(by: 1)
        #expect(log.take() == ["handler Copy"])
    }

    @Test("Return in the alert's field ends editing, then chooses the preferred action")
    func returnInField() throws {
        let (window, loop, home, log) = screen()
        let alert = try alert([("Cancel", .cancel), ("Rename", .default)], log: log)
        let field = try alert.addTextField()
        var ended = 0
        field.addTarget({ _, _ in ended += 1 }, for: [.editingDidEndOnExit])
        try home.present(alert, animated: false)
        window.type("Sea")
        window.key("return")
        #expect(ended == 1 && !field.isEditing)
        loop.advance(by: 1)
        #expect(log.take() == ["handler Rename"] && field.text == "Sea")
    }
}
