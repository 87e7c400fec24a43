/// What a view shows, what it is called for someone who does not see it, and how it can be
/// stepped: the one account of a view that the renderers draw, focus and the keyboard step,
/// and the pilot and the REPL read.
///
/// A view class says it once, in ``View/contentDescription``; nothing else switches on the
/// view's class.
public struct ViewDescription {
    /// What the view draws inside its bounds.
    public enum Content {
        /// Nothing of its own (its background, border and subviews only).
        case none
    }

    public var content: Content
    /// The colour the view's text and marks are drawn in: a label's text colour, a control's
    /// tint; nil for the renderer's default.
    public var foreground: Color?
    /// A colour laid over the view's background for a state: a selected row, a highlighted
    /// button; nil for none.
    public var highlight: Color?

    public init(_ content: Content = .none, foreground: Color? = nil, highlight: Color? = nil) {
        self.content = content
        self.foreground = foreground
        self.highlight = highlight
    }

    /// A view that draws nothing of its own.
    public static let none = ViewDescription()
}
