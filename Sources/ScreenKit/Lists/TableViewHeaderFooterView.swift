/// The header or footer of a table view section, as `UITableViewHeaderFooterView`: a label
/// with the title the data source gives for the section. Tables make and reuse these
/// themselves.
open class TableViewHeaderFooterView: View, ReusableView {
    public var reuseIdentifier: String?
    public let textLabel = Label()

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        textLabel.textColor = .darkGray
        try? addSubview(textLabel)
    }

    /// A band that, in a plain table, stays over the rows scrolling under it.
    open override var contentDescription: ViewDescription {
        ViewDescription(
            .sectionHeader(floating: (superview as? TableView)?.style == .plain), kind: "TableViewHeaderFooterView",
            accessibilityLabel: accessibilityLabel, traits: .header)
    }

    /// Clears the title; the table sets the next section's.
    open func prepareForReuse() {
        textLabel.text = ""
    }

    open override func layoutSubviews() {
        let line = Label.cellSize.height, inset = TableViewCell.labelInset
        textLabel.frame = Rect(
            x: inset, y: max(0, bounds.height - line - 4).rounded(.down),
            width: max(0, bounds.width - 2 * inset), height: min(line, max(0, bounds.height)))
    }
}
