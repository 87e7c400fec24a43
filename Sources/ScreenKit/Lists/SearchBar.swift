/// What a search bar tells its delegate, as `UISearchBarDelegate`.
public protocol SearchBarDelegate: AnyObject {
    /// The user changed the text (typing or deleting); not called for text set by code.
    func searchBar(_ searchBar: SearchBar, textDidChange searchText: String)
    /// The user pressed the return key.
    func searchBarSearchButtonClicked(_ searchBar: SearchBar)
    /// The user tapped the cancel button.
    func searchBarCancelButtonClicked(_ searchBar: SearchBar)
}

extension SearchBarDelegate {
    public func searchBar(_ searchBar: SearchBar, textDidChange searchText: String) {}
    public func searchBarSearchButtonClicked(_ searchBar: SearchBar) {}
    public func searchBarCancelButtonClicked(_ searchBar: SearchBar) {}
}

/// A text field to type a search into, with a cancel button beside it, as `UISearchBar`;
/// lists use one as their header to filter their rows.
///
/// ```swift
/// let search = SearchBar(frame: Rect(x: 0, y: 0, width: 320, height: 44))
/// search.placeholder = "Search"
/// search.delegate = filter
/// ```
open class SearchBar: View {
    /// The height a search bar usually has.
    public static let defaultHeight = 44.0

    public let textField = TextField()
    public let cancelButton = Button()

    /// Hears of typing, the return key and the cancel button; held weakly.
    public weak var delegate: SearchBarDelegate?

    /// The text searched for. Setting it does not tell the delegate.
    public var text: String {
        get { textField.text }
        set { textField.text = newValue }
    }

    /// Shown in the field while it is empty.
    public var placeholder: String? {
        get { textField.placeholder }
        set { textField.placeholder = newValue }
    }

    /// Whether the cancel button is shown beside the field; false by default, as UIKit's.
    public var showsCancelButton = false {
        didSet {
            cancelButton.isHidden = !showsCancelButton
            setNeedsLayout()
        }
    }

    /// A line under the bar; its field and button describe themselves.
    open override var contentDescription: ViewDescription {
        ViewDescription(.searchBar, kind: "SearchBar", accessibilityLabel: accessibilityLabel)
    }

    /// A search bar as wide as an iPhone screen and ``defaultHeight`` high.
    public convenience init() {
        self.init(frame: Rect(x: 0, y: 0, width: 320, height: SearchBar.defaultHeight))
    }

    public override init(frame: Rect) {
        super.init(frame: frame)
        cancelButton.setTitle("Cancel", for: .normal)
        cancelButton.isHidden = true
        // Weak: the bar owns its field and button, which must not keep it alive.
        textField.addTarget({ [weak self] _, event in
            guard let self else { return }
            switch event {
            case .editingChanged: self.delegate?.searchBar(self, textDidChange: self.text)
            case .editingDidEndOnExit: self.delegate?.searchBarSearchButtonClicked(self)
            default: break
            }
        }, for: [.editingChanged, .editingDidEndOnExit])
        cancelButton.addTarget({ [weak self] _, _ in
            guard let self else { return }
            self.delegate?.searchBarCancelButtonClicked(self)
        }, for: [.touchUpInside])
        try? addSubview(textField)
        try? addSubview(cancelButton)
    }

    open override func layoutSubviews() {
        let width = max(0, bounds.width), height = max(0, bounds.height)
        let inset = Label.cellSize.width, line = Label.cellSize.height
        let top = max(0, ((height - line) / 2).rounded(.down))
        var right = width - inset
        if showsCancelButton {
            let buttonWidth = cancelButton.sizeThatFits(bounds.size).width
            cancelButton.frame = Rect(x: max(0, right - buttonWidth), y: top, width: min(buttonWidth, width), height: line)
            right -= buttonWidth + inset
        }
        textField.frame = Rect(x: inset, y: top, width: max(0, right - inset), height: line)
    }
}
