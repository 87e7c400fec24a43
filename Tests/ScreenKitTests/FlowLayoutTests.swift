import Testing
@testable import ScreenKit

@MainActor
struct FlowLayoutTests {
    /// A flow layout over `context`, with the context kept alive by the caller.
    func layout(
        _ context: LayoutContext, itemSize: Size = Size(width: 100, height: 50),
        interitem: Double = 10, line: Double = 10
    ) -> FlowLayout {
        let layout = FlowLayout()
        layout.itemSize = itemSize
        layout.minimumInteritemSpacing = interitem
        layout.minimumLineSpacing = line
        layout.collectionView = context
        return layout
    }

    func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
        Rect(x: x, y: y, width: width, height: height)
    }

    // MARK: - One item size

    @Test func fullLinesShareTheirSpareSpaceBetweenTheGaps() {
        // 340 wide holds 3 items of 100 with at least 10 between them; the 40 left over
        // makes each gap 20.
        let context = LayoutContext(width: 340, counts: [8])
        let flow = layout(context)
        #expect(flow.frame(0) == rect(0, 0, 100, 50))
        #expect(flow.frame(1) == rect(120, 0, 100, 50))
        #expect(flow.frame(2) == rect(240, 0, 100, 50))
        #expect(flow.frame(3) == rect(0, 60, 100, 50))
        // The last line of two is justified too: its items touch both edges.
        #expect(flow.frame(6) == rect(0, 120, 100, 50))
        #expect(flow.frame(7) == rect(240, 120, 100, 50))
        #expect(flow.frame(8) == nil)
        #expect(flow.collectionViewContentSize == Size(width: 340, height: 170))
    }

    @Test func anItemAloneInItsLineIsCentred() {
        let context = LayoutContext(width: 320, counts: [7, 1])
        let flow = layout(context)
        // Lines of 3 at exactly the minimum spacing, then item 6 alone.
        #expect(flow.frame(5) == rect(220, 60, 100, 50))
        #expect(flow.frame(6) == rect(110, 120, 100, 50))
        // A section of one item, right after the first: the same.
        #expect(flow.frame(0, 1) == rect(110, 170, 100, 50))
        // A view only one item wide: every item is alone and centred.
        context.bounds.size.width = 150
        flow.invalidateLayout()
        #expect(flow.frame(1) == rect(25, 60, 100, 50))
    }

    @Test func insetsHeadersAndFootersFrameEachSection() {
        let context = LayoutContext(width: 320, counts: [5, 0, 1])
        let flow = layout(context, itemSize: Size(width: 90, height: 40), interitem: 5, line: 8)
        flow.sectionInset = EdgeInsets(top: 5, left: 10, bottom: 15, right: 10)
        flow.headerReferenceSize = Size(width: 0, height: 30)
        flow.footerReferenceSize = Size(width: 999, height: 20)
        // Lines are 300 long: 3 items of 90, gaps of 15.
        #expect(flow.frame(0) == rect(10, 35, 90, 40))
        #expect(flow.frame(1) == rect(115, 35, 90, 40))
        #expect(flow.frame(2) == rect(220, 35, 90, 40))
        #expect(flow.frame(3) == rect(10, 83, 90, 40))
        #expect(flow.frame(4) == rect(220, 83, 90, 40))
        let first = IndexPath(item: 0, section: 0)
        let header = flow.layoutAttributesForSupplementaryView(ofKind: SupplementaryKind.header, at: first)
        let footer = flow.layoutAttributesForSupplementaryView(ofKind: SupplementaryKind.footer, at: first)
        #expect(header?.frame == rect(0, 0, 320, 30))
        #expect(header?.category == .supplementary(kind: "header"))
        #expect(footer?.frame == rect(0, 138, 320, 20))
        // An empty section keeps its header, insets and footer: 30 + 5 + 15 + 20.
        let emptyHeader = flow.layoutAttributesForSupplementaryView(ofKind: "header", at: IndexPath(item: 0, section: 1))
        #expect(emptyHeader?.frame == rect(0, 158, 320, 30))
        #expect(flow.frame(0, 2) == rect(115, 228 + 30 + 5, 90, 40))
        #expect(flow.collectionViewContentSize == Size(width: 320, height: 228 + 30 + 5 + 40 + 15 + 20))
        #expect(flow.layoutAttributesForSupplementaryView(ofKind: "badge", at: first) == nil)
        flow.footerReferenceSize = .zero
        #expect(flow.layoutAttributesForSupplementaryView(ofKind: SupplementaryKind.footer, at: first) == nil)
    }

    @Test func horizontalScrollingFillsColumnsAndPutsTheHeaderOnTheLeft() {
        let context = LayoutContext(width: 320, height: 200, counts: [5])
        let flow = layout(context, itemSize: Size(width: 60, height: 50), interitem: 10, line: 20)
        flow.scrollDirection = .horizontal
        flow.sectionInset = EdgeInsets(top: 10, left: 5, bottom: 10, right: 5)
        flow.headerReferenceSize = Size(width: 40, height: 999)
        // Columns are 180 high: 3 items of 50, gaps of 15; columns 20 apart.
        #expect(flow.frame(0) == rect(45, 10, 60, 50))
        #expect(flow.frame(1) == rect(45, 75, 60, 50))
        #expect(flow.frame(2) == rect(45, 140, 60, 50))
        #expect(flow.frame(3) == rect(125, 10, 60, 50))
        #expect(flow.frame(4) == rect(125, 140, 60, 50))
        let header = flow.layoutAttributesForSupplementaryView(ofKind: "header", at: IndexPath(item: 0, section: 0))
        #expect(header?.frame == rect(0, 0, 40, 200))
        #expect(flow.collectionViewContentSize == Size(width: 190, height: 200))
        #expect(flow.items(in: rect(120, 0, 10, 60)) == [IndexPath(item: 3, section: 0)])
    }

    // MARK: - Sizes from the delegate

    @Test func sizesFromTheDelegateWrapAndCentreItemsInTheirLines() {
        let sizes = [
            Size(width: 100, height: 40), Size(width: 150, height: 60), Size(width: 200, height: 30),
            Size(width: 80, height: 20), Size(width: 90, height: 50), Size(width: 50, height: 50),
        ]
        let context = LayoutContext(width: 320, counts: [6]) { sizes[$0.item] }
        let flow = layout(context)
        // 100 + 150 fit, 200 does not: the 70 left over is the gap. Items are centred in
        // the line's depth (60).
        #expect(flow.frame(0) == rect(0, 10, 100, 40))
        #expect(flow.frame(1) == rect(170, 0, 150, 60))
        #expect(flow.frame(2) == rect(0, 70, 200, 30))
        #expect(flow.frame(3) == rect(240, 75, 80, 20))
        // The last line keeps the minimum spacing.
        #expect(flow.frame(4) == rect(0, 110, 90, 50))
        #expect(flow.frame(5) == rect(100, 110, 50, 50))
        #expect(flow.collectionViewContentSize == Size(width: 320, height: 160))
    }

    @Test func itemsAloneAndItemsTooLongForTheLine() {
        var sizes = [Size(width: 200, height: 40), Size(width: 200, height: 40), Size(width: 400, height: 40)]
        let context = LayoutContext(width: 320, counts: [3]) { sizes[$0.item] }
        let flow = layout(context)
        #expect(flow.frame(0) == rect(60, 0, 200, 40))
        #expect(flow.frame(1) == rect(60, 50, 200, 40))
        // Too long: alone, at the leading edge rather than sticking out on both sides.
        #expect(flow.frame(2) == rect(0, 100, 400, 40))
        // A size the delegate gets wrong is clamped; nil means the layout's own size.
        sizes[0] = Size(width: -5, height: .nan)
        context.sizes = { $0.item == 1 ? nil : sizes[$0.item] }
        flow.invalidateLayout()
        #expect(flow.frame(0) == rect(0, 25, 0, 0))
        #expect(flow.frame(1) == rect(220, 0, 100, 50))
    }

    // MARK: - Rectangles

    /// The items whose frames meet `rect`, asking for each item in turn.
    func itemsByAskingEach(_ flow: FlowLayout, _ context: LayoutContext, in rect: Rect) -> [IndexPath] {
        context.counts.indices.flatMap { section in
            (0..<context.counts[section]).map { IndexPath(item: $0, section: section) }
        }.filter { flow.frame($0.item, $0.section)?.intersects(rect) == true }
    }

    @Test(arguments: [FlowLayout.ScrollDirection.vertical, .horizontal], [false, true])
    func rectangleQueriesGiveExactlyTheItemsMeetingThem(direction: FlowLayout.ScrollDirection, ownSizes: Bool) {
        let context = LayoutContext(width: 330, height: 330, counts: [17, 0, 9, 1])
        if ownSizes {
            context.sizes = { Size(width: Double(30 + $0.item * 13 % 70), height: Double(20 + $0.item * 7 % 40)) }
        }
        let flow = layout(context, itemSize: Size(width: 70, height: 45), interitem: 7, line: 11)
        flow.scrollDirection = direction
        flow.sectionInset = EdgeInsets(top: 3, left: 9, bottom: 6, right: 4)
        flow.headerReferenceSize = Size(width: 25, height: 25)
        var state: UInt64 = 7
        func next(_ limit: Double) -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 33 % 1000) / 1000 * limit
        }
        let extent = flow.collectionViewContentSize
        var found = 0
        for _ in 0..<200 {
            let query = rect(next(extent.width), next(extent.height), next(200), next(200))
            let items = flow.items(in: query)
            #expect(items == itemsByAskingEach(flow, context, in: query), "\(query)")
            found += items.count
        }
        #expect(found > 200)
        let everything = rect(0, 0, extent.width, extent.height)
        #expect(flow.items(in: everything).count == 17 + 9 + 1)
        let kinds = flow.layoutAttributesForElements(in: everything).compactMap(\.representedElementKind)
        #expect(kinds == ["header", "header", "header", "header"])
    }

    @Test func aMillionItemsAreQueriedAtTheirEnd() {
        let context = LayoutContext(width: 320, counts: [1_000_000])
        let flow = layout(context)
        // 3 items a line: 333,334 lines of 50 with 333,333 gaps of 10.
        let size = flow.collectionViewContentSize
        #expect(size == Size(width: 320, height: 20_000_030))
        let visible = rect(0, size.height - 480, 320, 480)
        let attributes = flow.layoutAttributesForElements(in: visible)
        // The lines from y = 19,999,560 (the one before ends at 19,999,550): 7 of 3, then
        // the last item alone.
        #expect(attributes.count == 7 * 3 + 1)
        let last = attributes.first { $0.indexPath.item == 999_999 }
        #expect(last?.frame == rect(110, 19_999_980, 100, 50))
        let before = attributes.first { $0.indexPath.item == 999_998 }
        #expect(before?.frame == rect(220, 19_999_920, 100, 50))
        #expect(attributes.allSatisfy { $0.frame.intersects(visible) })
        #expect(flow.frame(1_000_000) == nil)
    }

    @Test func aMillionItemsOfTheirOwnSizesAreFoundByTheirLines() {
        let context = LayoutContext(width: 320, counts: [1_000_000]) { Size(width: 150, height: Double(10 + $0.item % 3)) }
        let flow = layout(context)
        // Two items a line, each as deep as the deeper of its two.
        let size = flow.collectionViewContentSize
        let attributes = flow.layoutAttributesForElements(in: rect(0, size.height - 30, 320, 30))
        #expect(attributes.map(\.indexPath.item).sorted() == [999_996, 999_997, 999_998, 999_999])
        // The last line keeps the minimum spacing.
        #expect(flow.frame(999_998) == rect(0, size.height - 12, 150, 12))
        #expect(flow.frame(999_999) == rect(160, size.height - 11, 150, 10))
    }

    // MARK: - Hostile numbers

    @Test func hostileLengthsAreClampedAndNothingLoops() {
        let context = LayoutContext(width: 320, counts: [1_000])
        let flow = layout(context)
        flow.itemSize = Size(width: .nan, height: .infinity)
        flow.minimumInteritemSpacing = -.infinity
        flow.minimumLineSpacing = 1e308
        #expect(flow.itemSize == Size(width: 0, height: FlowLayout.maximumLength))
        #expect(flow.minimumInteritemSpacing == 0 && flow.minimumLineSpacing == FlowLayout.maximumLength)
        // Items of no width all fit one line, and meet no rectangle.
        #expect(flow.items(in: rect(0, 0, 320, 480)) == [])
        #expect(flow.collectionViewContentSize == Size(width: 320, height: FlowLayout.maximumLength))

        flow.itemSize = Size(width: 1e308, height: 1e308)
        flow.sectionInset = EdgeInsets(top: .nan, left: 1e308, bottom: -1, right: .infinity)
        let size = flow.collectionViewContentSize
        #expect(size.height.isFinite)
        #expect(flow.frame(999) == rect(FlowLayout.maximumLength, 999 * 2e9, 1e9, 1e9))
        #expect(flow.items(in: rect(-.infinity, .nan, .infinity, 1e308)).count <= 1_000)
        #expect(flow.items(in: rect(0, 0, .infinity, .infinity)).count == 1_000)
    }

    @Test func aHugeCountIsLaidOutByArithmetic() {
        let context = LayoutContext(width: 320, counts: [Int.max, -4])
        let flow = layout(context)
        let size = flow.collectionViewContentSize
        #expect(size.height > 1e20 && size.height.isFinite)
        // Int.max items make lines of 3 and a last line of 1, centred.
        let last = flow.frame(Int.max - 1)
        #expect(last?.origin.x == 110 && last?.origin.y.isFinite == true && last!.origin.y > 1e20)
        #expect(flow.items(in: rect(0, 0, 320, 100)).map(\.item) == [0, 1, 2, 3, 4, 5])
        #expect(flow.frame(0, 1) == nil)
    }

    // MARK: - Invalidation

    @Test func changesInvalidateAndPrepareRunsOncePerInvalidation() {
        final class CountingFlow: FlowLayout {
            var prepares = 0
            override func prepare() {
                prepares += 1
                super.prepare()
            }
        }
        let context = LayoutContext(width: 320, counts: [10])
        let flow = CountingFlow()
        flow.collectionView = context
        _ = flow.collectionViewContentSize
        _ = flow.items(in: rect(0, 0, 320, 480))
        _ = flow.frame(3)
        #expect(flow.prepares == 1)
        let requests = context.layoutRequests
        flow.minimumLineSpacing = 0
        flow.sectionInset.left = 4
        #expect(context.layoutRequests == requests + 2)
        // 50 × 50 items, 5 to a line of 316.
        #expect(flow.frame(5) == rect(4, 50, 50, 50))
        #expect(flow.prepares == 2)
        // Scrolling moves the bounds' origin only: no new layout; a new width needs one.
        #expect(!flow.shouldInvalidateLayout(forBoundsChange: rect(0, 300, 320, 480)))
        #expect(flow.shouldInvalidateLayout(forBoundsChange: rect(0, 300, 480, 320)))
    }

    @Test func withoutACollectionViewThereIsNothingToLayOut() {
        let flow = FlowLayout()
        #expect(flow.collectionViewContentSize == .zero)
        #expect(flow.layoutAttributesForElements(in: rect(0, 0, 100, 100)).isEmpty)
        #expect(flow.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)) == nil)
    }
}
