extension View {
    /// The tint the view draws its marks in: its own ``tintColor``, else the nearest
    /// superview's, else systemBlue, as UIKit's `tintColor` reads.
    public var effectiveTintColor: Color {
        var view: View? = self
        while let current = view {
            if let tint = current.tintColor { return tint }
            view = current.superview
        }
        return .systemBlue
    }

    /// The colour of a control's marks: its tint, or systemGray while it is disabled.
    func controlForeground(enabled: Bool) -> Color {
        enabled ? effectiveTintColor : .systemGray
    }
}
