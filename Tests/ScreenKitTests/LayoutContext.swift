@testable import ScreenKit

/// A collection view's side of a layout, without the view: a size, counts per section and
/// optional sizes per item.
final class LayoutContext: CollectionViewLayoutContext {
    var bounds: Rect
    var counts: [Int]
    /// The delegate's sizes; nil for a delegate without `sizeForItem`.
    var sizes: ((IndexPath) -> Size?)?
    var indexPathsForSelectedItems: [IndexPath] = []
    /// How often a layout asked for a new layout pass.
    var layoutRequests = 0

    init(width: Double = 320, height: Double = 480, counts: [Int], sizes: ((IndexPath) -> Size?)? = nil) {
        bounds = Rect(x: 0, y: 0, width: width, height: height)
        self.counts = counts
        self.sizes = sizes
    }

    var numberOfSections: Int { counts.count }

    func numberOfItems(inSection section: Int) -> Int {
        counts.indices.contains(section) ? counts[section] : 0
    }

    var providesItemSizes: Bool { sizes != nil }

    func sizeForItem(at indexPath: IndexPath) -> Size? { sizes?(indexPath) }

    func setNeedsLayout() { layoutRequests += 1 }
}

extension CollectionViewLayout {
    /// The frame of the item at `item` in `section`, or nil when it has none.
    func frame(_ item: Int, _ section: Int = 0) -> Rect? {
        prepareIfNeeded()
        return layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    /// The index paths of the cells meeting `rect`, sorted.
    func items(in rect: Rect) -> [IndexPath] {
        prepareIfNeeded()
        return layoutAttributesForElements(in: rect).filter { $0.category == .cell }.map(\.indexPath).sorted()
    }
}
