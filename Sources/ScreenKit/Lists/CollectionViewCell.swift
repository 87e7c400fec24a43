/// A cell of a collection view (`UICollectionViewCell`): a reusable view whose content goes
/// in ``contentView``, and which shows whether it is selected or highlighted.
///
/// ```swift
/// collectionView.register("Card") { CollectionViewCell() }
/// let cell = try collectionView.dequeueCell(withIdentifier: "Card", for: indexPath)
/// let title = Label(frame: cell.contentView.bounds)
/// title.text = "Cologne"
/// try cell.contentView.addSubview(title)
/// ```
open class CollectionViewCell: CollectionReusableView {
    /// The view the cell's content goes in; it fills the cell and follows its size.
    public let contentView: View

    /// Whether the item is selected; the collection view sets it as the selection changes.
    public var isSelected = false
    /// Whether a finger is down on the cell; the collection view sets it while it is.
    public var isHighlighted = false

    /// Framed in its tint while selected or highlighted.
    open override var contentDescription: ViewDescription {
        ViewDescription(
            .collectionCell(selected: isSelected || isHighlighted), kind: "CollectionViewCell",
            foreground: effectiveTintColor, accessibilityLabel: accessibilityLabel, traits: isSelected ? .selected : [])
    }

    public override init(frame: Rect = .zero) {
        contentView = View(frame: Rect(origin: .zero, size: frame.standardized.size))
        super.init(frame: frame)
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        // The content view is new and this view's own: adding it cannot fail.
        try? addSubview(contentView)
    }
}
