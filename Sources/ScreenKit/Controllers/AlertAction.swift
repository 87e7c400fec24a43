/// A button of an alert or action sheet (`UIAlertAction`): its title, its style, whether it
/// can be tapped, and what its tap does once the alert is dismissed.
///
/// ```swift
/// let delete = AlertAction(title: "Delete", style: .destructive) { _ in diary.removePhoto() }
/// try alert.addAction(delete)
/// ```
public final class AlertAction: CustomStringConvertible {
    /// How an action looks and where it goes (`UIAlertAction.Style`).
    public enum Style: String, CaseIterable, Sendable {
        /// A plain action, in the tint.
        case `default`
        /// Leaves things as they were: bold, and last (in an action sheet, apart from the
        /// others); Escape chooses it. An alert has one at most.
        case cancel
        /// Changes or deletes data: in red.
        case destructive
    }

    public let title: String?
    public let style: Style
    /// What the action does, called with the action after the alert is dismissed.
    public var handler: ((AlertAction) -> Void)?

    /// Whether the action can be tapped; a disabled one is grey, and neither a tap, Return
    /// nor Escape chooses it.
    public var isEnabled = true {
        didSet { if isEnabled != oldValue { alert?.actionChanged(self) } }
    }

    /// The alert the action was added to; an action belongs to one alert.
    public internal(set) weak var alert: AlertController?

    public init(title: String?, style: Style = .default, handler: ((AlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }

    /// `"Delete" (destructive)`: its title, and its style unless it is the default one.
    public var description: String {
        "\"\(title ?? "")\"" + (style == .default ? "" : " (\(style.rawValue))")
    }

    /// "the action 'Delete'", for messages.
    var named: String { "the action '\(title ?? "")'" }
}
