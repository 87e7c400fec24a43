/// How a label fits text that is longer than its lines: UIKit's `NSLineBreakMode`.
///
/// The raw values are the names scripts give `ui.Label`'s `lineBreakMode`. ``TextLayout``
/// explains how each mode lays out text on the character grid.
///
/// ```swift
/// LineBreakMode(rawValue: "truncateMiddle")   // .truncateMiddle
/// ```
public nonisolated enum LineBreakMode: String, CaseIterable, Sendable {
    /// Cuts the text at the right edge, without an ellipsis.
    case clip
    /// Replaces the start of the text with "…", so that its end shows.
    case truncateHead
    /// Replaces the end of the text with "…"; UIKit's default for labels.
    case truncateTail
    /// Replaces the middle of the text with "…", showing its start and its end.
    case truncateMiddle
    /// Breaks lines between words; a word longer than a line breaks between characters.
    case wordWrap
    /// Breaks lines between any two characters.
    case charWrap

    /// Whether the last visible line of text that needs more lines is shortened to the rest
    /// of its paragraph; the wrapping modes just leave the lines after it out.
    var shortensLastLine: Bool {
        switch self {
        case .clip, .truncateHead, .truncateTail, .truncateMiddle: return true
        case .wordWrap, .charWrap: return false
        }
    }
}
