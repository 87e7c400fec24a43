/// An on/off switch (`UISwitch`): a tap turns it over and sends `valueChanged`.
open class Switch: Control {
    public var isOn = false

    public func setOn(_ on: Bool) { isOn = on }

    /// On or off; its value reads "on" or "off".
    open override var contentDescription: ViewDescription {
        ViewDescription(.toggle(isOn: isOn), kind: "Switch", foreground: controlForeground(enabled: isEnabled),
                        accessibilityLabel: accessibilityLabel, accessibilityValue: isOn ? "on" : "off",
                        traits: traits.union(.button))
    }

    /// `(off)` on the text grid, as wide on or off.
    open override var intrinsicContentSize: Size {
        Size(width: 5 * Label.cellSize.width, height: Label.cellSize.height)
    }

    /// Its size is its own, as UIKit's switch keeps it: a stack stretches another view first.
    open override func contentHuggingPriority(for axis: LayoutAxis) -> Float { 750 }

    /// A single tap is its default action: a tap recognizer on a superview does not take it.
    open override var defaultActionIsATap: Bool { true }

    /// A sideways pan on the switch is the switch's too (UIKit): a pan recognizer on a
    /// superview fails when it would begin moving along the switch.
    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        if recognizer.view !== self, let pan = recognizer as? PanGestureRecognizer {
            let translation = pan.translation(in: nil)
            if abs(translation.x) >= abs(translation.y) { return false }
        }
        return super.gestureRecognizerShouldBegin(recognizer)
    }

    open override func endTracking(_ touch: Touch) {
        guard isInside(touch.location(in: self)) else { return }
        isOn.toggle()
        sendActions(for: .valueChanged)
    }
}
