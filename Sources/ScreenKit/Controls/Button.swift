/// A push button with a title and an image per state (`UIButton`). A state combination
/// without its own title shows the normal title: a selected button being pressed (selected
/// + highlighted) shows the normal title unless that combination was given one; images fall
/// back the same way. The image goes before the title, or alone.
open class Button: Control {
    private var titles: [ControlState: String] = [:]
    private var images: [ControlState: Image] = [:]

    /// Sets the title for exactly `state` (nil removes it).
    public func setTitle(_ title: String?, for state: ControlState) {
        titles[state] = title
        invalidateIntrinsicContentSize()
    }

    /// The title for `state`, falling back to the normal title when that state has none.
    public func title(for state: ControlState) -> String? {
        titles[state] ?? titles[.normal]
    }

    /// The title for the current state.
    public var currentTitle: String? { title(for: state) }

    /// Sets the image for exactly `state` (nil removes it).
    public func setImage(_ image: Image?, for state: ControlState) {
        images[state] = image
    }

    /// The image for `state`, falling back to the normal image when that state has none.
    public func image(for state: ControlState) -> Image? {
        images[state] ?? images[.normal]
    }

    /// The image for the current state.
    public var currentImage: Image? { image(for: state) }

    /// What the button is called: its accessibility label, else its title, else for a
    /// button that shows only an image, the image's name (as VoiceOver reads it).
    private var name: String? {
        if let accessibilityLabel { return accessibilityLabel }
        if let image = currentImage, currentTitle?.isEmpty ?? true { return image.baseName }
        return currentTitle
    }

    /// The text the text grid shows: the title, or in place of an image without one, the
    /// button's name.
    private var shownText: String? {
        if let title = currentTitle, !title.isEmpty { return title }
        return currentImage == nil ? nil : name
    }

    /// A single tap is its default action: a tap recognizer on a superview does not take it.
    open override var defaultActionIsATap: Bool { true }

    /// Its title for the current state, in its tint (grey while disabled), with a wash while
    /// highlighted: in a frame, or bare in a bar (a search bar's Cancel), or white on red as
    /// a table row's delete button.
    open override var contentDescription: ViewDescription {
        let style: ViewDescription.ButtonTitle.Style
        var foreground = controlForeground(enabled: isEnabled)
        var highlight = isHighlighted ? Color.highlight(for: effectiveTintColor) : nil
        if let cell = superview as? TableViewCell, cell.deleteButton === self {
            style = .delete(cell.rowTitle(placement: placementInSuperview.inverted()))
            (foreground, highlight) = (.white, nil)
        } else if superview is SearchBar {
            style = .bar
            // A bar button has no frame to wash: its title takes the wash.
            if let wash = highlight { (foreground, highlight) = (wash, nil) }
        } else {
            style = .bordered
        }
        return ViewDescription(
            .button(ViewDescription.ButtonTitle(
                title: currentTitle, isHighlighted: isHighlighted, isEnabled: isEnabled, style: style, image: currentImage)),
            kind: "Button", foreground: foreground, highlight: highlight,
            accessibilityLabel: name, traits: traits.union(.button))
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        // `[ title ]` on the text grid: the title (or what stands for the image) plus four
        // cells, one row; a wide character takes two.
        let cells = (shownText ?? "").reduce(0) { $0 + TextLayout.cellWidth(of: $1) }
        return Size(width: Double(cells + 4) * Label.cellSize.width, height: Label.cellSize.height)
    }

    /// Its title for the current state in its brackets, one row.
    open override var intrinsicContentSize: Size { sizeThatFits(.zero) }
}
