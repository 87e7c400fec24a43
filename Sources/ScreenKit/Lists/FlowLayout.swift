/// Lays items out in lines that wrap, section after section, with optional section headers
/// and footers (`UICollectionViewFlowLayout`).
///
/// Scrolling vertically, lines are rows filled left to right and stacked downwards; scrolling
/// horizontally, they are columns filled top to bottom and placed left to right, the header
/// on the left of its section and the footer on the right. In the rules below "across" is
/// the direction a line runs (x when scrolling vertically) and "along" the scroll direction.
///
/// - A section is its header (``headerReferenceSize``'s height, or its width when scrolling
///   horizontally, across the whole view; none when that length is 0), the top (left)
///   ``sectionInset``, its lines separated by ``minimumLineSpacing``, the bottom (right)
///   inset, and its footer likewise. An empty section keeps its header, insets and footer.
/// - Items fill a line in order while they fit between the side insets with
///   ``minimumInteritemSpacing`` between them; the next item starts a new line. A line is
///   as deep as its deepest item, and smaller items are centred in it.
/// - The space a line leaves over is shared between its gaps, so the spacing grows beyond
///   the minimum and the line's first and last items touch the insets. An item alone in its
///   line is centred in it.
/// - With one item size for all (``itemSize``) every line follows these rules, the last
///   too. With sizes from the delegate (`sizeForItem`), a section's last line of more than
///   one item keeps the minimum spacing from the leading inset, as UIKit's does.
///
/// Lengths are clamped where they are set or read from the delegate: below 0 (or not a
/// number) to 0, above ``maximumLength`` to it. An item longer than its line sits alone in
/// it at the leading inset. Items of no width or height take space but meet no rectangle,
/// so a collection view shows none of them.
///
/// With one item size, a question costs the same however many items there are: the lines
/// and items that meet a rectangle are found by division, and ``prepare()`` only walks the
/// sections. With sizes from the delegate, `prepare` asks for every size once per
/// invalidation and keeps each frame; a rectangle's first line is then found by binary
/// search.
///
/// ```swift
/// let layout = FlowLayout()
/// layout.itemSize = Size(width: 100, height: 60)
/// layout.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
/// layout.headerReferenceSize = Size(width: 0, height: 44)
/// ```
open class FlowLayout: CollectionViewLayout {
    public enum ScrollDirection: String, CaseIterable, Sendable {
        case vertical, horizontal
    }

    /// The largest length a size, spacing or inset is taken as: sums over millions of items
    /// stay exact and finite.
    public nonisolated static let maximumLength = 1e9

    public var scrollDirection: ScrollDirection = .vertical {
        didSet { invalidateLayout() }
    }

    /// The size of every item when the delegate gives none (50 × 50, as UIKit's).
    public var itemSize = Size(width: 50, height: 50) {
        didSet {
            itemSize = Self.clamped(itemSize)
            invalidateLayout()
        }
    }

    /// The least space between items in a line (10).
    public var minimumInteritemSpacing = 10.0 {
        didSet {
            minimumInteritemSpacing = Self.clamped(minimumInteritemSpacing)
            invalidateLayout()
        }
    }

    /// The space between lines (10); not between a header and the first line, nor between
    /// the last line and the footer.
    public var minimumLineSpacing = 10.0 {
        didSet {
            minimumLineSpacing = Self.clamped(minimumLineSpacing)
            invalidateLayout()
        }
    }

    /// The space around each section's items, inside its header and footer.
    public var sectionInset = EdgeInsets.zero {
        didSet {
            sectionInset = EdgeInsets(
                top: Self.clamped(sectionInset.top), left: Self.clamped(sectionInset.left),
                bottom: Self.clamped(sectionInset.bottom), right: Self.clamped(sectionInset.right))
            invalidateLayout()
        }
    }

    /// The size of each section's header: its height counts when scrolling vertically, its
    /// width when scrolling horizontally. Zero for none.
    public var headerReferenceSize = Size.zero {
        didSet {
            headerReferenceSize = Self.clamped(headerReferenceSize)
            invalidateLayout()
        }
    }

    /// The size of each section's footer, counted as ``headerReferenceSize`` is.
    public var footerReferenceSize = Size.zero {
        didSet {
            footerReferenceSize = Self.clamped(footerReferenceSize)
            invalidateLayout()
        }
    }

    public override init() {
        super.init()
    }

    // MARK: - Preparing

    /// The sections as the last ``prepare()`` placed them.
    private var sections: [FlowSection] = []
    private var axes = FlowAxes(isVertical: true)
    private var contentSize = Size.zero

    open override func prepare() {
        axes = FlowAxes(isVertical: scrollDirection == .vertical)
        sections = []
        guard let collectionView else {
            contentSize = .zero
            return
        }
        let viewSize = Self.clamped(collectionView.bounds.size)
        let metrics = FlowMetrics(
            axes: axes, viewLength: axes.across(viewSize), inset: sectionInset,
            interitemSpacing: minimumInteritemSpacing, lineSpacing: minimumLineSpacing)
        let sectionCount = max(collectionView.numberOfSections, 0)
        let sizesFromDelegate = collectionView.providesItemSizes
        sections.reserveCapacity(sectionCount)
        var position = 0.0
        for section in 0..<sectionCount {
            let count = max(collectionView.numberOfItems(inSection: section), 0)
            let sizes = sizesFromDelegate ? (0..<count).map { item in
                collectionView.sizeForItem(at: IndexPath(item: item, section: section)).map(Self.clamped) ?? itemSize
            } : nil
            let placed = FlowSection(
                at: position, count: count, itemSize: itemSize, sizes: sizes, metrics: metrics,
                headerLength: axes.along(headerReferenceSize), footerLength: axes.along(footerReferenceSize))
            position = placed.end
            sections.append(placed)
        }
        contentSize = axes.size(across: metrics.viewLength, along: position)
    }

    // MARK: - Answers

    open override var collectionViewContentSize: Size {
        prepareIfNeeded()
        return contentSize
    }

    /// The attributes of the elements meeting `rect`, in order along the flow: at most
    /// ``maximumElementsInRect`` of them, the first ones.
    open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        prepareIfNeeded()
        let rect = rect.standardized
        let (start, end) = axes.alongRange(of: rect)
        let limit = Self.maximumElementsInRect
        var attributes: [LayoutAttributes] = []
        var section = firstSection(endingAfter: start)
        while section < sections.count, sections[section].start < end, attributes.count < limit {
            sections[section].appendAttributes(meeting: rect, section: section, axes: axes, limit: limit, to: &attributes)
            section += 1
        }
        return attributes
    }

    /// The most elements one rectangle gets: as many as a collection view shows at once.
    /// A rectangle of a view framed without bounds (1e308 points wide) over ten million
    /// items would otherwise make an attribute for each, and hand them all to a layout's
    /// Lua override.
    public static let maximumElementsInRect = CollectionView.maximumVisibleElements

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        prepareIfNeeded()
        guard sections.indices.contains(indexPath.section),
              let frame = sections[indexPath.section].items.frame(of: indexPath.item, axes: axes) else { return nil }
        return LayoutAttributes(forCellAt: indexPath, frame: frame)
    }

    open override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        prepareIfNeeded()
        guard indexPath.item == 0, sections.indices.contains(indexPath.section) else { return nil }
        let section = sections[indexPath.section]
        let frame = switch kind {
        case SupplementaryKind.header: section.header
        case SupplementaryKind.footer: section.footer
        default: Rect?.none
        }
        return frame.map { LayoutAttributes(forSupplementaryOfKind: kind, at: indexPath, frame: $0) }
    }

    /// The first section that ends after `position` along the scroll direction (the count
    /// when none does), by binary search: sections follow each other without overlapping.
    private func firstSection(endingAfter position: Double) -> Int {
        var low = 0, high = sections.count
        while low < high {
            let middle = low + (high - low) / 2
            if sections[middle].end > position { high = middle } else { low = middle + 1 }
        }
        return low
    }

    // MARK: - Clamping

    /// `length` kept between 0 and ``maximumLength``; not a number is 0.
    nonisolated static func clamped(_ length: Double) -> Double {
        guard length > 0 else { return 0 }
        return min(length, maximumLength)
    }

    nonisolated static func clamped(_ size: Size) -> Size {
        Size(width: clamped(size.width), height: clamped(size.height))
    }
}
