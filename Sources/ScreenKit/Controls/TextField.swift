/// A one-line text field (`UITextField`). A tap starts editing (`editingDidBegin`); typed
/// text goes in at the end (`editingChanged`); the return key ends editing
/// (`editingDidEndOnExit`, then `editingDidEnd`), and so does ``endEditing()``.
open class TextField: Control {
    public var text = "" {
        didSet { invalidateIntrinsicContentSize() }
    }
    public var placeholder: String? {
        didSet { invalidateIntrinsicContentSize() }
    }
    public private(set) var isEditing = false
    /// The colour of the text.
    public var textColor: Color = .black

    /// Its text (or placeholder) in its text colour, a magnifier first in a search bar; its
    /// value is its text, or its placeholder while it is empty.
    open override var contentDescription: ViewDescription {
        let isSearch = superview is SearchBar
        var traits = traits
        if isSearch { traits.insert(.searchField) }
        return ViewDescription(
            .field(ViewDescription.Field(
                text: text, placeholder: placeholder, isEditing: isEditing, isSearch: isSearch,
                cursorColor: effectiveTintColor)),
            kind: "TextField", foreground: textColor, accessibilityLabel: accessibilityLabel,
            accessibilityValue: text.isEmpty ? placeholder : text, traits: traits)
    }

    /// Its text (its placeholder while empty) in brackets, with a cell for the cursor, one row.
    open override var intrinsicContentSize: Size {
        let shown = text.isEmpty ? placeholder ?? "" : text
        let cells = shown.reduce(0) { $0 + TextLayout.cellWidth(of: $1) } + 3
        return Size(width: Double(cells) * Label.cellSize.width, height: Label.cellSize.height)
    }

    open override func endTracking(_ touch: Touch) {
        guard isInside(touch.location(in: self)) else { return }
        beginEditing()
    }

    /// Starts editing: the window sends typed text here, and the field takes the focus.
    public func beginEditing() {
        guard isEnabled, !isEditing else { return }
        window?.endEditing()
        isEditing = true
        window?.editingField = self
        window?.focus(self)
        sendActions(for: .editingDidBegin)
    }

    /// Types `characters` at the end of the text.
    public func insertText(_ characters: String) {
        guard isEditing, !characters.isEmpty else { return }
        text += characters
        sendActions(for: .editingChanged)
    }

    /// Removes the last character.
    public func deleteBackward() {
        guard isEditing, !text.isEmpty else { return }
        text.removeLast()
        sendActions(for: .editingChanged)
    }

    /// The return key: ends editing with `editingDidEndOnExit`, then `editingDidEnd`.
    public func returnKey() {
        guard isEditing else { return }
        sendActions(for: .editingDidEndOnExit)
        endEditing()
    }

    /// Ends editing.
    public func endEditing() {
        guard isEditing else { return }
        isEditing = false
        if window?.editingField === self { window?.editingField = nil }
        sendActions(for: .editingDidEnd)
    }
}
