import LuaBridge
import ScreenKit

/// What a collection view asks of its data source and delegate in Lua, and tells them:
/// tables or objects a script set, or a `ui.CollectionViewController`'s own Lua class.
/// Sections and index paths reach Lua counted from 1. Where a callback fails or gives an
/// answer the view cannot use (reported), the view goes on without it: an empty cell, a
/// count of 0, the layout's own item size.
struct CollectionCallbacks {
    let target: ScriptCallbackTarget

    static let dataSourceNames = ["numberOfSections", "numberOfItems", "cellForItem", "viewForSupplementary"]
    static let delegateNames = ["sizeForItem", "shouldSelectItem", "didSelectItem", "didDeselectItem", "didScroll"]

    // MARK: - Data source

    func numberOfSections(_ collectionView: CollectionView) -> Int {
        guard target.has("numberOfSections") else { return 1 }
        return target.answer(Int.self, of: "numberOfSections", collectionView) ?? 0
    }

    func numberOfItems(_ collectionView: CollectionView, _ section: Int) -> Int {
        target.answer(Int.self, of: "numberOfItems", collectionView, section + 1) ?? 0
    }

    func cellForItem(_ collectionView: CollectionView, _ path: IndexPath) -> CollectionViewCell? {
        target.answer(CollectionViewCell.self, of: "cellForItem", collectionView, path)
    }

    func viewForSupplementary(_ collectionView: CollectionView, _ kind: String, _ path: IndexPath) -> CollectionReusableView? {
        target.answer(CollectionReusableView.self, of: "viewForSupplementary", collectionView, kind, path)
    }

    /// Reports an answer the collection view refused, naming the callback that gave it.
    func refused(_ error: ListError) {
        let name = switch error {
        case .negativeCount(_, nil, _), .countOverLimit(_, nil, _, _, _): "numberOfSections"
        case .negativeCount, .countOverLimit: "numberOfItems"
        default: "cellForItem"
        }
        target.report(error.message(countingFrom: 1), from: name)
    }

    // MARK: - Delegate

    var providesItemSizes: Bool { target.has("sizeForItem") }

    func sizeForItem(_ collectionView: CollectionView, _ layout: CollectionViewLayout, _ path: IndexPath) -> Size? {
        target.answer(Size.self, of: "sizeForItem", collectionView, layout, path)
    }

    /// False refuses the tap; nil (or no method) allows it.
    func shouldSelectItem(_ collectionView: CollectionView, _ path: IndexPath) -> Bool {
        guard let result = target.call("shouldSelectItem", collectionView, path)?.first else { return true }
        return result.isNil || result.isTruthy
    }

    func tell<each Argument: LuaPushable>(_ name: String, _ arguments: repeat each Argument) {
        target.call(name, repeat each arguments)
    }
}

/// A Lua collection data source: `numberOfSections(cv)` (1 without it),
/// `numberOfItems(cv, section)`, `cellForItem(cv, ip)` returning a dequeued cell,
/// `viewForSupplementary(cv, kind, ip)` returning a dequeued supplementary view (nil for an
/// empty one).
final class ScriptCollectionDataSource: LuaDelegate, CollectionViewDataSource {
    override class var role: String { "collection data source" }
    override class var callbacks: [String] { CollectionCallbacks.dataSourceNames }
    private var calls: CollectionCallbacks { CollectionCallbacks(target: .delegate(self)) }

    func numberOfSections(in collectionView: CollectionView) -> Int { calls.numberOfSections(collectionView) }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        calls.numberOfItems(collectionView, section)
    }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell? {
        calls.cellForItem(collectionView, indexPath)
    }
    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CollectionReusableView? {
        calls.viewForSupplementary(collectionView, kind, indexPath)
    }
    func collectionView(_ collectionView: CollectionView, refusedAnswer error: ListError) { calls.refused(error) }
}

/// A Lua collection delegate: `sizeForItem(cv, layout, ip)` returning a size (nil for the
/// layout's own; asked only when there is one), `shouldSelectItem(cv, ip)`,
/// `didSelectItem(cv, ip)`, `didDeselectItem(cv, ip)`, and the scroll view's `didScroll(cv)`.
final class ScriptCollectionDelegate: LuaDelegate, CollectionViewDelegateFlowLayout {
    override class var role: String { "collection delegate" }
    override class var callbacks: [String] { CollectionCallbacks.delegateNames }
    private var calls: CollectionCallbacks { CollectionCallbacks(target: .delegate(self)) }

    var providesItemSizes: Bool { calls.providesItemSizes }
    func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
        calls.sizeForItem(collectionView, layout, indexPath)
    }
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        calls.shouldSelectItem(collectionView, indexPath)
    }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        calls.tell("didSelectItem", collectionView, indexPath)
    }
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
        calls.tell("didDeselectItem", collectionView, indexPath)
    }
    func scrollViewDidScroll(_ scrollView: ScrollView) { calls.tell("didScroll", scrollView) }
}
