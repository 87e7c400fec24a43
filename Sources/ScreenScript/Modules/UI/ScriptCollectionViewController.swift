import LuaBridge
import ScreenKit

/// The collection view controller Lua classes extend: the data source and delegate of its
/// own view, whose questions its Lua class's methods answer (`numberOfItems(cv, section)`,
/// `cellForItem(cv, ip)`, `sizeForItem(cv, layout, ip)`, ...), as ``CollectionCallbacks``
/// asks them; an error in one is reported as "cellForItem of Videos". Its controller
/// overrides are its `ScriptHook`'s, as every controller's.
final class ScriptCollectionViewController: CollectionViewController, CollectionViewDelegateFlowLayout {
    private lazy var calls = CollectionCallbacks(target: .controller(WeakObject(self)))

    override init(layout: CollectionViewLayout) {
        let frame = Rect(origin: .zero, size: Window.Device.iphone.portraitSize)
        super.init(collectionView: CollectionView(frame: frame, layout: layout))
    }

    override func numberOfSections(in collectionView: CollectionView) -> Int { calls.numberOfSections(collectionView) }
    override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        calls.numberOfItems(collectionView, section)
    }
    override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell? {
        calls.cellForItem(collectionView, indexPath)
    }
    override func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CollectionReusableView? {
        calls.viewForSupplementary(collectionView, kind, indexPath)
    }
    override func collectionView(_ collectionView: CollectionView, refusedAnswer error: ListError) { calls.refused(error) }
    var providesItemSizes: Bool { calls.providesItemSizes }
    func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
        calls.sizeForItem(collectionView, layout, indexPath)
    }
    override func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        calls.shouldSelectItem(collectionView, indexPath)
    }
    override func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        calls.tell("didSelectItem", collectionView, indexPath)
    }
    override func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
        calls.tell("didDeselectItem", collectionView, indexPath)
    }
    override func scrollViewDidScroll(_ scrollView: ScrollView) { calls.tell("didScroll", scrollView) }
}
