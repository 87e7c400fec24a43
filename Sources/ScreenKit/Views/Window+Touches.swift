import EventLoop

/// How close in time and place a touch must follow the last tap to count as the next one.
private let multiTapInterval = 0.35
private let multiTapDistance = 20.0

extension Window {
    /// Sends a touch at `point` (window coordinates) through hit testing, the gesture
    /// recognizers and the responder chain, as the screen would.
    ///
    /// The view hit when a touch begins receives all its phases. Recognizers on that view
    /// and its superviews see each phase first; once one recognizes the gesture (and
    /// cancels touches in view), the others fail and the view's touches are cancelled. A
    /// recognizer the touched view declines (`gestureRecognizerShouldBegin`) fails instead:
    /// that is how a button keeps its tap from a tap recognizer on a superview.
    ///
    /// A touch that begins finds the views where the screen shows them: layout that is still
    /// pending (a list given a new layout, a view that asked for `setNeedsLayout`) runs first,
    /// as the screen would have been drawn with it before the finger came down.
    ///
    /// - Parameters:
    ///   - phase: began, moved, ended or cancelled.
    ///   - id: tells simultaneous fingers apart.
    public func touch(_ phase: TouchPhase, at point: Point, id: Int = 0) {
        let now = self.now
        let touch: Touch
        if phase == .began {
            if let stale = activeTouches[id] { finish(stale, as: .cancelled, at: stale.locationInWindow, time: now) }
            // Its later phases find no active touch and go nowhere either.
            guard touchHolds == 0 else { return }
            layoutIfNeeded()
            let hit = hitTest(point) ?? self
            touch = Touch(id: id, view: hit, window: self, location: point, timestamp: now, tapCount: tapCount(at: point, time: now))
            touch.gestureRecognizers = recognizers(for: hit)
            activeTouches[id] = touch
            deliver(touch)
        } else {
            guard let active = activeTouches[id] else { return }
            finish(active, as: phase, at: point, time: now)
        }
    }

    private func finish(_ touch: Touch, as phase: TouchPhase, at point: Point, time: Double) {
        touch.phase = phase
        touch.previousLocationInWindow = touch.locationInWindow
        touch.locationInWindow = point
        touch.timestamp = time
        if phase == .ended || phase == .cancelled {
            activeTouches[touch.id] = nil
            if phase == .ended { lastTap = (time, point, touch.tapCount) }
        }
        deliver(touch)
    }

    private func deliver(_ touch: Touch) {
        for recognizer in touch.gestureRecognizers { recognizer.deliver(touch) }
        let key = ObjectIdentifier(touch)
        defer { if touch.phase == .ended || touch.phase == .cancelled { cancelledTouches.remove(key) } }
        guard let view = touch.view, !cancelledTouches.contains(key) else { return }
        view.deliverTouches(touch.phase, [touch])
    }

    /// A recognizer recognized its gesture (from a touch or a timer): the other recognizers
    /// of its touches fail, and the views' touches are cancelled when it asks for that.
    func gestureRecognized(_ recognizer: GestureRecognizer) {
        for touch in recognizer.touches {
            for other in touch.gestureRecognizers where other !== recognizer { other.otherRecognized() }
            let key = ObjectIdentifier(touch)
            guard recognizer.cancelsTouchesInView, let view = touch.view, !cancelledTouches.contains(key) else { continue }
            cancelledTouches.insert(key)
            view.deliverTouches(.cancelled, [touch])
        }
    }

    /// Ignores the touches that begin until ``releaseTouches()``, as UIKit ignores interaction
    /// events while a presentation, a dismissal, a push or a pop animates: a tap on what the
    /// moving view uncovers, or on the other side of a split view, would start another
    /// transition before this one ends. Holds nest; the touches already down go on.
    func holdTouches() {
        touchHolds += 1
    }

    func releaseTouches() {
        touchHolds = max(0, touchHolds - 1)
    }

    /// Whether a touch that began now would be ignored (see ``holdTouches()``), as UIKit's
    /// `isIgnoringInteractionEvents`.
    public var isIgnoringTouches: Bool { touchHolds > 0 }

    /// Cancels every touch in progress (a memory warning, a rotation).
    public func cancelAllTouches() {
        for touch in activeTouches.values {
            finish(touch, as: .cancelled, at: touch.locationInWindow, time: now)
        }
    }

    private func recognizers(for view: View) -> [GestureRecognizer] {
        var result: [GestureRecognizer] = []
        var current: View? = view
        while let view = current {
            result += view.gestureRecognizers.filter(\.isEnabled)
            current = view.superview
        }
        return result
    }

    private func tapCount(at point: Point, time: Double) -> Int {
        guard let last = lastTap, time - last.time <= multiTapInterval, point.distance(to: last.point) <= multiTapDistance else {
            return 1
        }
        return last.count + 1
    }

    // MARK: - Wheel

    /// The mouse wheel turned by `dy` points at `point` (window coordinates): the innermost
    /// view under it that takes the wheel (``View/scrollWheel(_:at:)``: a scroll view, a
    /// picker) gets it.
    ///
    /// - Returns: the view that took it; nil when none under the point does.
    @discardableResult
    public func wheel(_ dy: Double, at point: Point) -> View? {
        layoutIfNeeded()
        var view = hitTest(point)
        while let current = view {
            if current.scrollWheel(dy, at: current.convert(point, from: nil)) { return current }
            view = current.superview
        }
        return nil
    }

    // MARK: - Keyboard

    /// Types text into the text field being edited. With none being edited, the text goes
    /// nowhere, as on a screen whose keyboard is down: a focused text field starts editing
    /// with Enter or Space (``activateFocused()``).
    public func type(_ text: String) {
        editingField?.insertText(text)
    }

    /// The names ``key(_:)`` knows, besides a single character.
    public static let keyNames = [
        "return", "enter", "space", "tab", "shift-tab", "up", "down", "left", "right", "pageup", "pagedown",
        "home", "end", "backspace", "delete", "escape",
    ]

    /// Presses a key, as the terminal's keyboard does:
    /// - "return" (or "enter"): the return key of the text field being edited, which ends
    ///   editing; with none, taps the focused view (``activateFocused()``);
    /// - "space": types a space into the field being edited; with none, taps the focused view;
    /// - "tab" and "shift-tab": move the focus to the next or previous view in reading order
    ///   (``moveFocus(forward:)``);
    /// - "up", "down", "left", "right", "pageup", "pagedown", "home", "end": move within
    ///   what has the focus (``scrollFocused(_:)``);
    /// - "backspace" (or "delete"): deletes the last character of the field being edited;
    /// - "escape": ends editing in the field being edited; with none, goes back (see
    ///   ``goBack()``);
    /// - a single character: types it (see ``type(_:)``).
    ///
    /// Other names do nothing. The controller presented on top sees the key first
    /// (``ViewController/handleKey(_:)``): an alert's Return and Escape are its actions.
    public func key(_ name: String) {
        if let top = topPresentedController, top.handleKey(name) { return }
        if let direction = FocusDirection(key: name) {
            scrollFocused(direction)
            return
        }
        switch name {
        case "return", "enter":
            if let field = editingField { field.returnKey() } else { activateFocused() }
        case "space":
            if editingField != nil { type(" ") } else { activateFocused() }
        case "tab": moveFocus(forward: true)
        case "shift-tab": moveFocus(forward: false)
        case "backspace", "delete": editingField?.deleteBackward()
        case "escape":
            if let field = editingField { field.endEditing() } else { goBack() }
        case _ where name.count == 1: type(name)
        default: break
        }
    }

    /// Goes back as a back or Cancel button would: pops the navigation stack nearest the
    /// screen in what is shown on top, or else dismisses the controller presented on top.
    /// At the root, or while that stack or presentation is still moving, nothing happens.
    ///
    /// - Returns: whether it went back.
    @discardableResult
    public func goBack() -> Bool {
        guard let root = rootViewController, let top = topPresentedController else { return false }
        if let navigation = Self.innermostStack(in: top) {
            return (try? navigation.pop(animated: true)) != nil
        }
        guard top !== root else { return false }
        do {
            try top.dismiss(animated: true)
            return true
        } catch {
            return false
        }
    }

    /// The navigation controller with something to pop that is deepest among the controllers
    /// on screen under `top`: the one whose back button the screen shows.
    private static func innermostStack(in top: ViewController) -> NavigationController? {
        var found: NavigationController?
        var pending = [top]
        var seen: Set<ObjectIdentifier> = []
        while let controller = pending.popLast() {
            guard seen.insert(ObjectIdentifier(controller)).inserted else { continue }
            if let navigation = controller as? NavigationController, navigation.viewControllers.count > 1 {
                found = navigation
            }
            pending += controller.children.filter { $0.viewIfLoaded?.window != nil }
        }
        return found
    }

    /// Ends editing in the text field being edited.
    public func endEditing() {
        editingField?.endEditing()
    }
}
