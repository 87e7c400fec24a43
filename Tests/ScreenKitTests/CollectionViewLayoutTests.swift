import Testing
@testable import ScreenKit

/// A stack of cards along the diagonal of the view, newest (item 0) at the bottom right and
/// in front; a selected card comes to the front. A header above, a footer below and a logo
/// decoration, all computed once per invalidation.
final class StackLayout: CollectionViewLayout {
    static let headerHeight = 40.0, footerHeight = 30.0
    static let cardSize = Size(width: 100, height: 60)

    private var attributes: [LayoutAttributes] = []
    private var contentSize = Size.zero
    var prepares = 0

    override init() {
        super.init()
        invalidatesOnSelection = true
    }

    override func prepare() {
        prepares += 1
        attributes = []
        guard let collectionView else { return }
        contentSize = collectionView.bounds.size
        for section in 0..<collectionView.numberOfSections {
            let first = IndexPath(item: 0, section: section)
            attributes.append(layoutAttributesForSupplementaryView(ofKind: SupplementaryKind.header, at: first)!)
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                attributes.append(layoutAttributesForItem(at: IndexPath(item: item, section: section))!)
            }
            attributes.append(layoutAttributesForSupplementaryView(ofKind: SupplementaryKind.footer, at: first)!)
            attributes.append(layoutAttributesForDecorationView(ofKind: "logo", at: first)!)
        }
    }

    override var collectionViewContentSize: Size { contentSize }

    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        attributes.filter { $0.frame.intersects(rect) }
    }

    /// The rectangle the cards' centres run along, from its bottom right corner (item 0) to
    /// its top left.
    private func diagonal() -> Rect {
        let size = collectionView?.bounds.size ?? .zero, card = Self.cardSize
        return Rect(
            x: card.width / 2, y: Self.headerHeight + card.height / 2, width: size.width - card.width,
            height: size.height - card.height - Self.headerHeight - Self.footerHeight)
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard let collectionView else { return nil }
        let count = collectionView.numberOfItems(inSection: indexPath.section)
        let line = diagonal()
        var attributes = LayoutAttributes(forCellAt: indexPath)
        if count <= 1 {
            attributes.center = line.center
        } else {
            let fraction = Double(indexPath.item) / Double(count - 1)
            attributes.center = Point(x: line.maxX - fraction * line.width, y: line.maxY - fraction * line.height)
        }
        attributes.size = Self.cardSize
        attributes.zIndex = collectionView.indexPathsForSelectedItems.contains(indexPath) ? 0 : -indexPath.item
        return attributes
    }

    override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        var attributes = LayoutAttributes(forSupplementaryOfKind: kind, at: indexPath)
        switch kind {
        case SupplementaryKind.header:
            attributes.frame = Rect(x: 0, y: 0, width: contentSize.width, height: Self.headerHeight)
        case SupplementaryKind.footer:
            attributes.frame = Rect(
                x: 0, y: contentSize.height - Self.footerHeight, width: contentSize.width, height: Self.footerHeight)
        default:
            return nil
        }
        return attributes
    }

    override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        var attributes = LayoutAttributes(forDecorationOfKind: kind, at: indexPath)
        attributes.size = Size(width: 70, height: 70)
        attributes.center = Point(x: contentSize.width - 70, y: 114)
        attributes.zIndex = 1
        return attributes
    }
}

@MainActor
struct CollectionViewLayoutTests {
    @Test func attributesPlaceByFrameOrByCentreAndSize() {
        var attributes = LayoutAttributes(forCellAt: IndexPath(item: 2, section: 1))
        attributes.size = Size(width: 100, height: 40)
        attributes.center = Point(x: 200, y: 100)
        #expect(attributes.frame == Rect(x: 150, y: 80, width: 100, height: 40))
        // A new size keeps the centre.
        attributes.size = Size(width: 50, height: 20)
        #expect(attributes.frame == Rect(x: 175, y: 90, width: 50, height: 20))
        #expect(attributes.representedElementKind == nil)
        #expect(attributes.alpha == 1 && !attributes.isHidden && attributes.transform.isIdentity && attributes.zIndex == 0)
        let footer = LayoutAttributes(forSupplementaryOfKind: "footer", at: IndexPath(item: 0, section: 3))
        #expect(footer.representedElementKind == "footer")
        #expect(footer.element == LayoutAttributes.Element(category: .supplementary(kind: "footer"), indexPath: IndexPath(item: 0, section: 3)))
        #expect(footer.element != LayoutAttributes(forDecorationOfKind: "footer", at: IndexPath(item: 0, section: 3)).element)
    }

    @Test func attributesNameTheirFirstNumberThatIsNotFinite() {
        var attributes = LayoutAttributes(forCellAt: IndexPath(item: 0, section: 0))
        #expect(attributes.isFinite)
        attributes.transform.tx = .infinity
        #expect(attributes.firstNonFiniteField == "transform")
        attributes.alpha = .nan
        #expect(attributes.firstNonFiniteField == "alpha")
        // Computing with a huge centre and size stays in numbers, however large.
        attributes.center = Point(x: 1e308, y: -1e308)
        attributes.size = Size(width: 1e308, height: 1e308)
        #expect(attributes.firstNonFiniteField == "alpha")
        attributes.center = Point(x: .nan, y: 0)
        #expect(attributes.firstNonFiniteField == "frame")
    }

    @Test func aCustomLayoutStacksItsCardsByZIndex() {
        let context = LayoutContext(width: 500, height: 400, counts: [5])
        let stack = StackLayout()
        stack.collectionView = context
        stack.prepareIfNeeded()
        let all = stack.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 500, height: 400))
        let cells = all.filter { $0.category == .cell }.sorted { $0.indexPath < $1.indexPath }
        // Item 0 at the bottom right, item 4 at the top left, each behind the one before.
        #expect(cells.map(\.zIndex) == [0, -1, -2, -3, -4])
        #expect(cells.first?.frame == Rect(x: 400, y: 310, width: 100, height: 60))
        #expect(cells.last?.frame == Rect(x: 0, y: 40, width: 100, height: 60))
        #expect(cells[2].center == Point(x: 250, y: 205))
        let kinds = all.compactMap(\.representedElementKind).sorted()
        #expect(kinds == ["footer", "header", "logo"])
        #expect(all.first { $0.category == .decoration(kind: "logo") }?.frame == Rect(x: 395, y: 79, width: 70, height: 70))
        // Only what meets the rectangle: the top left card and the header, not the footer.
        let topLeft = stack.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 60, height: 60))
        #expect(Set(topLeft.map(\.element)) == [
            LayoutAttributes.Element(category: .cell, indexPath: IndexPath(item: 4, section: 0)),
            LayoutAttributes.Element(category: .supplementary(kind: "header"), indexPath: IndexPath(item: 0, section: 0)),
        ])
    }

    @Test func selectingACardLiftsItAfterTheLayoutIsInvalidated() {
        let context = LayoutContext(width: 500, height: 400, counts: [5])
        let stack = StackLayout()
        stack.collectionView = context
        stack.prepareIfNeeded()
        #expect(stack.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.zIndex == -3)
        context.indexPathsForSelectedItems = [IndexPath(item: 3, section: 0)]
        #expect(stack.invalidatesOnSelection)
        stack.invalidateLayout()
        stack.prepareIfNeeded()
        let cards = stack.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 500, height: 400))
            .filter { $0.category == .cell }
        // The selected card has the highest zIndex the stack gives; the others keep theirs.
        #expect(cards.sorted { $0.indexPath < $1.indexPath }.map(\.zIndex) == [0, -1, -2, 0, -4])
    }

    @Test func prepareRunsOncePerInvalidationAndBeforeTheNextQuestion() {
        let context = LayoutContext(width: 500, height: 400, counts: [3])
        let stack = StackLayout()
        stack.collectionView = context
        #expect(stack.needsPrepare && stack.prepares == 0)
        stack.prepareIfNeeded()
        stack.prepareIfNeeded()
        #expect(stack.prepares == 1)
        let requests = context.layoutRequests
        stack.invalidateLayout()
        stack.invalidateLayout()
        #expect(context.layoutRequests == requests + 2)
        #expect(stack.prepares == 1)
        stack.prepareIfNeeded()
        #expect(stack.prepares == 2)
    }

    @Test func decorationViewsAreMadeFromTheLayoutsRegistration() {
        final class Logo: CollectionReusableView {}
        let stack = StackLayout()
        #expect(stack.decorationFactory(ofKind: "logo") == nil && !stack.hasDecoration(ofKind: "logo"))
        stack.register(decorationKind: "logo") { Logo() }
        #expect(stack.hasDecoration(ofKind: "logo"))
        #expect(stack.decorationFactory(ofKind: "logo")?() is Logo)
    }
}
