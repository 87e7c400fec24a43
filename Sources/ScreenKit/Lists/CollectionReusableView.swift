/// A view a collection view shows for a supplementary or decoration element, and the base
/// of its cells (`UICollectionReusableView`). The collection view takes it from a reuse
/// queue, places it by its layout attributes and puts it back when it leaves the visible
/// area.
open class CollectionReusableView: View, ReusableView {
    /// The identifier it was registered under (for a decoration view, its kind).
    public var reuseIdentifier: String?

    /// The attributes the collection view last placed it by; nil while it is not shown.
    public internal(set) var layoutAttributes: LayoutAttributes?

    /// Nothing of its own, named for the class.
    open override var contentDescription: ViewDescription {
        ViewDescription(kind: "CollectionReusableView", accessibilityLabel: accessibilityLabel)
    }

    /// Called as the view is taken from its reuse queue to be shown again: reset what the
    /// data source set for the element it showed before. The default does nothing.
    open func prepareForReuse() {}

    /// Called after the collection view placed the view by `attributes`, for views that
    /// show more of them than the frame, alpha, hidden and transform the collection view
    /// applies. The default does nothing.
    open func apply(_ attributes: LayoutAttributes) {}
}
