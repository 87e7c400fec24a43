/// An on/off switch (`UISwitch`): a tap turns it over and sends `valueChanged`.
open class Switch: Control {
    public var isOn = false

    public func setOn(_ on: Bool) { isOn = on }

    open override func endTracking(_ touch: Touch) {
        guard point(inside: touch.location(in: self)) else { return }
        isOn.toggle()
        sendActions(for: .valueChanged)
    }
}
