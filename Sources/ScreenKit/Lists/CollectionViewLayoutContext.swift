/// What a layout reads from the collection view it lays out: the visible area, the number of
/// sections and items, each item's size when the delegate gives one, and the selection.
///
/// A collection view conforms; a test can lay out with a small object of its own.
public protocol CollectionViewLayoutContext: AnyObject {
    /// The visible part of the content: its origin is the content offset, its size the
    /// view's (`UICollectionView.bounds`).
    var bounds: Rect { get }
    /// The number of sections, as the data source last said (a negative count is taken as 0).
    var numberOfSections: Int { get }
    /// The number of items in `section`, as the data source last said (0 for a section that
    /// does not exist; a negative count is taken as 0).
    func numberOfItems(inSection section: Int) -> Int
    /// Whether the delegate gives items their sizes (`sizeForItem`); when not, a layout uses
    /// its own item size and need not ask item by item.
    var providesItemSizes: Bool { get }
    /// The size the delegate gives the item at `indexPath`, or nil to use the layout's own
    /// (`collectionView(_:layout:sizeForItemAt:)`).
    func sizeForItem(at indexPath: IndexPath) -> Size?
    /// The selected items, for layouts that place them differently.
    var indexPathsForSelectedItems: [IndexPath] { get }
    /// Asks for the elements to be laid out again before the view is next drawn; a layout
    /// calls it when it is invalidated.
    func setNeedsLayout()
}
