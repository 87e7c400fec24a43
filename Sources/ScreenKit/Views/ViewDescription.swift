/// What a view shows, what it is called for someone who does not see it, and how it can be
/// stepped: the one account of a view that the renderers draw, focus and the keyboard step,
/// and the pilot and the REPL read.
///
/// A view class says it once, in ``View/contentDescription``; nothing else switches on the
/// view's class. A new kind of view that shows a known kind of content only overrides that
/// property:
///
/// ```swift
/// final class Meter: View {
///     var level = 0.0
///     override var contentDescription: ViewDescription {
///         ViewDescription(.progress(level), kind: "Meter", foreground: effectiveTintColor,
///                         accessibilityLabel: accessibilityLabel,
///                         accessibilityValue: ViewDescription.percent(level))
///     }
/// }
/// ```
///
/// The content's numbers come from the view as they are: a renderer clamps what it draws
/// (a NaN progress draws as none), so no value a script sets can trap one.
public struct ViewDescription {
    /// What the view draws inside its bounds; see the nested types for each case's parts.
    public enum Content {
        /// Nothing of its own (its background, border and subviews only).
        case none
        /// Lines of text, as a label shows them.
        case text(Text)
        /// A titled button.
        case button(ButtonTitle)
        /// An on/off switch.
        case toggle(isOn: Bool)
        /// A value on a track between two bounds, as a slider shows it.
        case track(value: Double, minimum: Double, maximum: Double)
        /// How far something has got, from 0 to 1, drawn as a bar.
        case progress(Double)
        /// A row of titled segments, `selected` the index of the selected one.
        case segments([String], selected: Int?)
        /// A minus and a plus button, with the value they step.
        case stepper(value: Double)
        /// A dot per page, `current` the page shown (from 0).
        case dots(count: Int, current: Int)
        /// A one-line text field.
        case field(Field)
        /// An image where the view places it; without one, or where colours are not drawn,
        /// a frame with the accessibility label.
        case image(Picture)
        /// A row of a table: its selection, marks and editing control.
        case tableCell(TableCell)
        /// A header or footer of a table section; `floating` when it stays over the rows
        /// scrolling under it (a plain table's), hiding them.
        case sectionHeader(floating: Bool)
        /// A search bar, a line under it.
        case searchBar
        /// A scroll view: its scroll indicators, drawn over its subviews.
        case scroll(contentSize: Size)
        /// A table view: its separators and grouped sections, and its scroll indicators.
        case table(Table)
        /// A cell of a collection view, framed while `selected` (or highlighted).
        case collectionCell(selected: Bool)
        /// Wheels of rows side by side, each turned to its selected row (a picker's
        /// components, a date picker's fields).
        case wheels(Wheels)
        /// An activity indicator's spinner, at one frame of its turn.
        case spinner(Spinner)
        /// A translucent layer of a colour over what is behind it, which still shows
        /// through: the screen dimmed under an alert.
        case dimming(Color)
        /// The panel of an alert or an action sheet: a rounded box, its separators.
        case alertPanel(AlertPanel)
    }

    public var content: Content
    /// The ScreenKit class the view is, or descends from ("Label", "TableView", "View"): a
    /// stable name for output, where the Swift type's own could be a script's or a private one.
    public var kind: String
    /// The colour the view's text and marks are drawn in: a label's text colour, a control's
    /// tint (grey while disabled); nil for the renderer's default.
    public var foreground: Color?
    /// A colour laid over the view's background for a state: a selected row, a highlighted
    /// button; nil for none.
    public var highlight: Color?
    /// What the view is called (UIKit's `accessibilityLabel`): the one a script set, else
    /// what the view shows as its name (a label's text, a button's title).
    public var accessibilityLabel: String?
    /// The view's value, as a person would read it out (UIKit's `accessibilityValue`): a
    /// field's text (its placeholder while empty), "50%" for a slider, "on" for a switch.
    public var accessibilityValue: String?
    /// What kind of element it is for accessibility: a button, static text, adjustable.
    public var traits: Traits
    /// Whether Enter or Space on the focused view taps its middle, as a double tap with
    /// VoiceOver does; false for a view that a tap would set by where it lands (a slider),
    /// which the arrows step instead.
    public var activatesByTap: Bool

    /// A description; every part but the content can be left out.
    public init(
        _ content: Content = .none, kind: String = "View", foreground: Color? = nil, highlight: Color? = nil,
        accessibilityLabel: String? = nil, accessibilityValue: String? = nil, traits: Traits = [],
        activatesByTap: Bool = true
    ) {
        self.content = content
        self.kind = kind
        self.foreground = foreground
        self.highlight = highlight
        self.accessibilityLabel = accessibilityLabel
        self.accessibilityValue = accessibilityValue
        self.traits = traits
        self.activatesByTap = activatesByTap
    }

    /// A view that draws nothing of its own.
    public static let none = ViewDescription()

    /// The texts the content shows as text, as a person reads them: a label's whole text, a
    /// button's title, a field's text (its placeholder while it is empty), the segments'
    /// titles, a picker's selected titles (a date picker's date). Empty texts are left out.
    public var shownTexts: [String] {
        let texts: [String]
        switch content {
        case .text(let text): texts = [text.string]
        case .button(let button): texts = [button.shownTitle(label: accessibilityLabel) ?? ""]
        case .field(let field): texts = [field.text.isEmpty ? field.placeholder ?? "" : field.text]
        case .segments(let titles, _): texts = titles
        case .wheels(let wheels): texts = wheels.shownTexts
        default: texts = []
        }
        return texts.filter { !$0.isEmpty }
    }

    /// `fraction` of a whole as a percentage ("50%"), rounded to a whole number; nil when it
    /// is not a number.
    public static func percent(_ fraction: Double) -> String? {
        guard fraction.isFinite else { return nil }
        let clamped = min(max(fraction, 0), 1)
        return String(Int((clamped * 100).rounded())) + "%"
    }

    /// Where `value` is between `minimum` and `maximum`, from 0 to 1: 0 for bounds that
    /// make no range and for a value that is not a number.
    public static func fraction(_ value: Double, minimum: Double, maximum: Double) -> Double {
        let fraction = maximum > minimum ? (value - minimum) / (maximum - minimum) : 0
        return fraction.isFinite ? min(max(fraction, 0), 1) : 0
    }
}

/// The ways focus and the keyboard step an adjustable view (UIAccessibility's adjustable
/// elements): by one step, as `accessibilityIncrement()` and `accessibilityDecrement()`,
/// or to either end (Home and End).
public nonisolated enum AccessibilityStep: Sendable, CaseIterable {
    case increment, decrement, toStart, toEnd
}

extension View {
    /// Steps an adjustable view's value up one step (UIKit's `accessibilityIncrement()`).
    ///
    /// - Returns: whether the value changed.
    @discardableResult
    public func accessibilityIncrement() -> Bool { accessibilityAdjust(.increment) }

    /// Steps an adjustable view's value down one step (UIKit's `accessibilityDecrement()`).
    ///
    /// - Returns: whether the value changed.
    @discardableResult
    public func accessibilityDecrement() -> Bool { accessibilityAdjust(.decrement) }
}
