/// Where the thumb of a scroll indicator goes along its track, the same for both
/// renderers.
enum ScrollIndicator {
    /// Scrolling shorter than this (points) shows no indicator.
    static let slack = 0.5

    /// Whether content of length `content` scrolls in a view of length `visible`, and so
    /// shows an indicator.
    static func scrolls(visible: Double, content: Double) -> Bool {
        visible.isFinite && visible > 0 && content.isFinite && content - visible > slack
    }

    /// The start and length of the thumb on a track `track` long, or nil when the content
    /// fits in the view: the thumb is as long against the track as the part shown is against
    /// the content, and at least `minimum`; it is as far along the rest of the track as the
    /// offset is along the furthest it can go. Whatever the numbers (content of 10^15
    /// points included), the thumb lies inside the track.
    static func place(
        offset: Double, visible: Double, content: Double, track: Double, minimum: Double
    ) -> (start: Double, length: Double)? {
        guard track.isFinite, track > 0, scrolls(visible: visible, content: content) else { return nil }
        let length = min(track, max(minimum, track * (visible / content)))
        let fraction = offset.isNaN ? 0 : min(max(offset / (content - visible), 0), 1)
        return (fraction * (track - length), length)
    }
}
