/// What a collection view asks of its data source (`UICollectionViewDataSource`): how many
/// sections and items there are, and the view of each element as it comes into sight.
public protocol CollectionViewDataSource: AnyObject {
    /// The number of sections; the default is 1.
    func numberOfSections(in collectionView: CollectionView) -> Int
    /// The number of items in `section`.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// The cell for the item at `indexPath`, usually one from
    /// ``CollectionView/dequeueCell(withIdentifier:for:)`` with the item's content set. Nil
    /// when the data source could not make one (a scripting layer answers nil once it has
    /// reported the script's error): the collection view shows an empty cell there and goes on.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell?
    /// The supplementary view of `kind` (``SupplementaryKind/header``, ``SupplementaryKind/footer``
    /// or a kind the layout names) at `indexPath`, usually one from
    /// ``CollectionView/dequeueSupplementary(ofKind:withIdentifier:for:)``; nil (the default)
    /// shows an empty view there.
    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CollectionReusableView?
    /// The collection view could not use an answer and went on without it, as `error` says
    /// (a count below 0 or past what a collection view holds, a view shown elsewhere
    /// already). The default does nothing; a scripting layer reports it as the script's
    /// mistake.
    func collectionView(_ collectionView: CollectionView, refusedAnswer error: ListError)
}

extension CollectionViewDataSource {
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

    public func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CollectionReusableView? {
        nil
    }

    public func collectionView(_ collectionView: CollectionView, refusedAnswer error: ListError) {}
}

/// What a collection view tells its delegate (`UICollectionViewDelegate`), besides the
/// scrolling a scroll view's delegate hears of. Selection by code (``CollectionView/selectItem(at:)``)
/// tells the delegate nothing, as in UIKit; a tap does.
public protocol CollectionViewDelegate: ScrollViewDelegate {
    /// Whether a tap may select the item at `indexPath`; the default is true.
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    /// A tap selected the item at `indexPath`. The default does nothing.
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
    /// A tap deselected the item at `indexPath` (another item was selected, or, with multiple
    /// selection, the item was tapped again). The default does nothing.
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
}

extension CollectionViewDelegate {
    public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
}

/// A delegate that gives each item its own size (`UICollectionViewDelegateFlowLayout`): a
/// flow layout asks it for every item once per invalidation, and a custom layout may too.
public protocol CollectionViewDelegateFlowLayout: CollectionViewDelegate {
    /// The size of the item at `indexPath`; nil for the layout's own item size.
    func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> Size?
    /// Whether it gives sizes at all; the default is true. A delegate that only sometimes
    /// has sizes (one made for a script) says false when it has none, so that a layout
    /// need not ask item by item.
    var providesItemSizes: Bool { get }
}

extension CollectionViewDelegateFlowLayout {
    public var providesItemSizes: Bool { true }
}
