import EventLoop
import Testing
@testable import ScreenKit

/// A cell that counts how often it is reused.
final class Card: CollectionViewCell {
    var reuses = 0
    override func prepareForReuse() { reuses += 1 }
}

/// A data source of cards in sections, logging which cells it is asked for and what the
/// collection view refused; some items can be made to fail (no cell) or to give a cell
/// shown already.
final class Cards: CollectionViewDataSource {
    var counts: [Int]
    var asked: [IndexPath] = []
    var failing: Set<IndexPath> = []
    /// Items answered with the cell of item 3, which is shown already.
    var strays: Set<IndexPath> = []
    /// The identifier headers are dequeued with.
    var headerIdentifier = "Title"
    /// What went wrong: dequeues that threw, and answers the collection view refused.
    var errors: [String] = []

    init(_ counts: [Int]) { self.counts = counts }

    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell? {
        asked.append(indexPath)
        if failing.contains(indexPath) { return nil }
        if strays.contains(indexPath) { return collectionView.cellForItem(at: IndexPath(item: 3, section: 0)) }
        let cell = dequeue { () throws(ListError) in try collectionView.dequeueCell(withIdentifier: "Card", for: indexPath) }
        cell?.tag = indexPath.item
        return cell
    }

    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CollectionReusableView? {
        let identifier = kind == SupplementaryKind.header ? headerIdentifier : "Count"
        return dequeue { () throws(ListError) in
            try collectionView.dequeueSupplementary(ofKind: kind, withIdentifier: identifier, for: indexPath)
        }
    }

    func collectionView(_ collectionView: CollectionView, refusedAnswer error: ListError) {
        errors.append(error.description)
    }

    private func dequeue<View>(_ make: () throws(ListError) -> View) -> View? {
        do {
            return try make()
        } catch {
            errors.append(error.description)
            return nil
        }
    }
}

/// Logs what a collection view tells its delegate, and may refuse selections.
final class SelectionLog: CollectionViewDelegate {
    var entries: [String] = []
    var refused: Set<IndexPath> = []
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        !refused.contains(indexPath)
    }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        entries.append("select \(indexPath.item)")
    }
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
        entries.append("deselect \(indexPath.item)")
    }
}

@MainActor
struct CollectionViewTests {
    let loop = EventLoop(clock: .virtual)
    let window: Window
    let cards = Cards([100])
    let log = SelectionLog()
    let flow = FlowLayout()
    let collection: CollectionView
    /// How many cards the registered factory made.
    let made = Counter()

    final class Counter {
        var count = 0
    }

    init() throws {
        window = Window(device: .iphone, loop: loop)
        // 3 cards of 100 × 50 a line, lines every 60 points: 8 lines, 24 cards on screen.
        flow.itemSize = Size(width: 100, height: 50)
        collection = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), layout: flow)
        let made = self.made
        collection.register("Card") {
            made.count += 1
            return Card()
        }
        collection.registerSupplementary(kind: SupplementaryKind.header, identifier: "Title") { CollectionReusableView() }
        collection.registerSupplementary(kind: SupplementaryKind.footer, identifier: "Count") { CollectionReusableView() }
        collection.dataSource = cards
        collection.delegate = log
        try window.addSubview(collection)
        window.makeKeyAndVisible()
        collection.layoutIfNeeded()
    }

    func path(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

    /// The cell shown for each item, by item.
    func cellsByItem() -> [Int: ObjectIdentifier] {
        Dictionary(uniqueKeysWithValues: collection.indexPathsForVisibleItems.map {
            ($0.item, ObjectIdentifier(collection.cellForItem(at: $0)!))
        })
    }

    func elementViews() -> [CollectionReusableView] {
        collection.subviews.compactMap { $0 as? CollectionReusableView }
    }

    func tap(_ point: Point) {
        window.touch(.began, at: point)
        loop.advance(by: 0.05)
        window.touch(.ended, at: point)
        loop.advance(by: 1)
    }

    // MARK: - Visible only, and reuse

    @Test func onlyTheVisibleItemsHaveCells() {
        #expect(collection.indexPathsForVisibleItems == (0..<24).map { path($0) })
        #expect(cards.asked == (0..<24).map { path($0) })
        #expect(elementViews().count == 24 && made.count == 24)
        #expect(collection.contentSize == Size(width: 320, height: 34 * 50 + 33 * 10))
        let cell = collection.cellForItem(at: path(4))
        #expect(cell?.frame == Rect(x: 110, y: 60, width: 100, height: 50) && cell?.tag == 4)
        #expect(collection.cellForItem(at: path(24)) == nil)
    }

    @Test func cellsThatScrollOutAreTheOnesThatComeBackIn() {
        let first = Set(cellsByItem().values)
        collection.contentOffset = Point(x: 0, y: 480)
        // Lines 8 to 15: the 24 cards that left are the 24 that came in.
        #expect(collection.indexPathsForVisibleItems == (24..<48).map { path($0) })
        #expect(Set(cellsByItem().values) == first && made.count == 24)
        #expect(collection.visibleCells.allSatisfy { ($0 as? Card)?.reuses == 1 })
        // Half a screen back: 12 cards leave and the same 12 come back in.
        collection.contentOffset = Point(x: 0, y: 240)
        #expect(collection.indexPathsForVisibleItems == (12..<36).map { path($0) })
        #expect(Set(cellsByItem().values) == first && made.count == 24)
        #expect(collection.cellForItem(at: path(12))?.frame.minY == 240)
    }

    @Test func aMillionItemsMakeOnlyTheCellsOnScreen() {
        cards.counts = [1_000_000]
        collection.reloadData()
        collection.layoutIfNeeded()
        cards.asked = []
        for step in 1...50 {
            collection.scroll(by: Point(x: 0, y: 480))
            #expect(collection.indexPathsForVisibleItems.count == 24, "step \(step)")
        }
        collection.contentOffset = Point(x: 0, y: .infinity)
        #expect(collection.contentOffset.y == 20_000_030 - 480)
        #expect(collection.indexPathsForVisibleItems == (999_978..<1_000_000).map { path($0) })
        #expect(collection.cellForItem(at: path(999_999))?.frame == Rect(x: 110, y: 19_999_980, width: 100, height: 50))
        #expect(made.count == 24 && elementViews().count == 22)
        #expect(cards.asked.count == 50 * 24 + 22)
    }

    @Test func aViewFramedWithoutBoundsShowsAtMostTheLimitAndLetsThemGoAgainInOrder() throws {
        // Ten million cards of 1 × 1 over a view as wide as a Double goes: the flow layout
        // hands out the first elements the view can show, not one for each card.
        cards.counts = [10_000_000]
        flow.itemSize = Size(width: 1, height: 1)
        collection.reloadData()
        collection.frame = Rect(x: 0, y: 0, width: 1e308, height: 4_294_967_296)
        collection.layoutIfNeeded()
        let limit = CollectionView.maximumVisibleElements
        #expect(flow.layoutAttributesForElements(in: collection.bounds).count == FlowLayout.maximumElementsInRect)
        #expect(FlowLayout.maximumElementsInRect == limit)
        #expect(collection.indexPathsForVisibleItems.count == limit)
        #expect(elementViews().count == limit)
        // Drawn in the order of their index paths, at the back of the subviews.
        #expect(elementViews().map(\.tag) == Array(0..<limit))
        // A normal frame again: all but the 24 on screen go back to the queue, and out of
        // the view.
        collection.frame = Rect(x: 0, y: 0, width: 320, height: 480)
        flow.itemSize = Size(width: 100, height: 50)
        collection.layoutIfNeeded()
        #expect(collection.indexPathsForVisibleItems == (0..<24).map { path($0) })
        #expect(elementViews().count == 24)
        #expect(elementViews().map(\.tag) == Array(0..<24))
    }

    @Test func aNewWidthLaysTheItemsOutAgainAndScrollingDoesNot() {
        final class CountingFlow: FlowLayout {
            var prepares = 0
            override func prepare() {
                prepares += 1
                super.prepare()
            }
        }
        let counting = CountingFlow()
        counting.itemSize = Size(width: 100, height: 50)
        collection.layout = counting
        #expect(counting.collectionView === collection && flow.collectionView == nil)
        collection.layoutIfNeeded()
        collection.contentOffset = Point(x: 0, y: 300)
        collection.layoutIfNeeded()
        #expect(counting.prepares == 1)
        // As a window turns: 480 wide holds 4 items a line.
        collection.frame = Rect(x: 0, y: 0, width: 480, height: 320)
        collection.layoutIfNeeded()
        #expect(counting.prepares == 2)
        #expect(collection.layoutAttributesForItem(at: path(4))?.frame == Rect(x: 0, y: 60, width: 100, height: 50))
        #expect(collection.contentSize == Size(width: 480, height: 25 * 50 + 24 * 10))
    }

    // MARK: - Supplementary views

    @Test func headersAndFootersHaveTheirOwnQueues() throws {
        flow.headerReferenceSize = Size(width: 0, height: 40)
        flow.footerReferenceSize = Size(width: 0, height: 20)
        cards.counts = [3, 3, 3, 3, 3, 3, 3, 3, 3, 3]
        collection.reloadData()
        collection.layoutIfNeeded()
        // Sections of 40 + 50 + 20 = 110 points: 0 to 4 meet the screen.
        let header = try #require(collection.supplementaryView(ofKind: "header", at: path(0, 0)))
        #expect(header.frame == Rect(x: 0, y: 0, width: 320, height: 40) && header.reuseIdentifier == "Title")
        #expect(collection.supplementaryView(ofKind: "footer", at: path(0, 3))?.frame == Rect(x: 0, y: 420, width: 320, height: 20))
        #expect(collection.supplementaryView(ofKind: "header", at: path(0, 5)) == nil)
        let shown = Set(elementViews().map(ObjectIdentifier.init))
        collection.contentOffset = Point(x: 0, y: 660)
        // Sections 6 to 9 reuse the views of 0 to 3, each kind from its own queue.
        let reused = try #require(collection.supplementaryView(ofKind: "header", at: path(0, 6)))
        #expect(shown.contains(ObjectIdentifier(reused)) && reused.reuseIdentifier == "Title")
        #expect(collection.supplementaryView(ofKind: "footer", at: path(0, 9))?.reuseIdentifier == "Count")
    }

    @Test func dequeuingAnUnregisteredIdentifierIsAnErrorAndTheElementStaysEmpty() {
        flow.headerReferenceSize = Size(width: 0, height: 40)
        cards.headerIdentifier = "Missing"
        collection.reloadData()
        collection.layoutIfNeeded()
        #expect(cards.errors == ["could not dequeue a view of kind: header with identifier Missing - must register a nib or a class for the identifier"])
        #expect(throws: ListError.unregisteredView(kind: CollectionView.cellKind, identifier: "Cell")) {
            try collection.dequeueCell(withIdentifier: "Cell", for: path(0))
        }
        let header = collection.supplementaryView(ofKind: "header", at: path(0))
        #expect(header?.reuseIdentifier == nil && header?.frame == Rect(x: 0, y: 0, width: 320, height: 40))
        #expect(collection.indexPathsForVisibleItems.count == 24)
    }

    // MARK: - A data source that fails

    @Test func aCellThatFailsIsEmptyAndTheListStaysUsable() throws {
        cards.failing = [path(25)]
        cards.strays = [path(26)]
        collection.contentOffset = Point(x: 0, y: 60)
        // Item 25 gets no cell, item 26 the cell of item 3, which is still on screen.
        #expect(cards.errors == ["the cell given for item 26 of section 0 is shown elsewhere already; the collection view shows an empty cell there"])
        let failed = try #require(collection.cellForItem(at: path(25)))
        #expect(!(failed is Card) && failed.frame == Rect(x: 110, y: 480, width: 100, height: 50))
        #expect(collection.cellForItem(at: path(26))?.reuseIdentifier == nil)
        #expect(collection.cellForItem(at: path(24)) is Card)
        // Scrolling on reuses the good cells and lets the empty ones go.
        collection.contentOffset = Point(x: 0, y: 600)
        #expect(collection.indexPathsForVisibleItems == (30..<54).map { path($0) })
        #expect(made.count == 24 && collection.visibleCells.allSatisfy { $0 is Card })
    }

    @Test func countsTheCollectionViewCannotTakeAreCutAndReported() throws {
        cards.counts = [-5, Int.max, 7]
        collection.reloadData()
        #expect(collection.numberOfSections == 3)
        #expect(collection.numberOfItems(inSection: 0) == 0 && collection.numberOfItems(inSection: 1) == CollectionView.maximumItems)
        #expect(collection.numberOfItems(inSection: 2) == 0)
        #expect(cards.errors == [
            "the data source counted -5 items in section 0; the collection view counts 0",
            "the data source counted \(Int.max) items in section 1, more than a collection view holds (10000000 items in all); it takes 10000000",
        ])
    }

    // MARK: - Batch updates

    /// Expects `change` to be refused with `error`, and nothing to have changed: counts,
    /// cells, selection, and no cell asked for.
    func expectRefused(_ error: ListError, after newCounts: [Int], _ change: () throws(ListError) -> Void) {
        let cells = cellsByItem(), selection = collection.indexPathsForSelectedItems
        let counts = cards.counts
        cards.counts = newCounts
        cards.asked = []
        #expect(throws: error) { try change() }
        #expect(collection.numberOfSections == counts.count && collection.numberOfItems(inSection: 0) == counts[0])
        collection.layoutIfNeeded()
        #expect(cellsByItem() == cells && collection.indexPathsForSelectedItems == selection && cards.asked.isEmpty)
        cards.counts = counts
    }

    @Test func everyUpdateThatDoesNotAddUpIsRefusedBeforeAnythingChanges() throws {
        try collection.selectItem(at: path(3))
        expectRefused(.invalidItemCount(.items, section: 0, before: 100, after: 100, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0),
                      after: [100]) { () throws(ListError) in try collection.insertItems(at: [path(0)]) }
        expectRefused(.itemOutOfRange(.items, .delete, path(100), count: 100), after: [99]) { () throws(ListError) in
            try collection.deleteItems(at: [path(100)])
        }
        expectRefused(.itemChangedTwice(.items, .delete, .delete, path(5)), after: [98]) { () throws(ListError) in
            try collection.deleteItems(at: [path(5), path(5)])
        }
        expectRefused(.itemChangedTwice(.items, .delete, .reload, path(5)), after: [99]) { () throws(ListError) in
            try collection.performBatchUpdates {
                try? collection.deleteItems(at: [path(5)])
                try? collection.reloadItems(at: [path(5)])
            }
        }
        expectRefused(.invalidSectionCount(.items, before: 1, after: 2, inserted: 0, deleted: 0), after: [100, 1]) { () throws(ListError) in
            try collection.reloadItems(at: [path(1)])
        }
        expectRefused(.sectionOutOfRange(.delete, section: 1, count: 1), after: []) { () throws(ListError) in
            try collection.deleteSections([1])
        }
        expectRefused(.moveWithChangedSection(.items, .moveTo, path(0, 1), sectionChange: .insert), after: [99, 1]) { () throws(ListError) in
            try collection.performBatchUpdates {
                try? collection.insertSections([1])
                try? collection.moveItem(at: path(0), to: path(0, 1))
            }
        }
        #expect(throws: ListError.invalidIndexPath(.items, path(0, 1), action: "select")) {
            try collection.selectItem(at: path(0, 1))
        }
    }

    @Test func anUpdateFromInsideACountIsRefused() throws {
        final class Recounting: CollectionViewDataSource {
            weak var collection: CollectionView?
            var refusal: ListError?
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
                do {
                    try collectionView.insertItems(at: [IndexPath(item: 0, section: 0)])
                } catch {
                    refusal = error
                }
                return 3
            }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell? { nil }
        }
        let recounting = Recounting()
        collection.dataSource = recounting
        #expect(collection.numberOfItems(inSection: 0) == 3)
        #expect(recounting.refusal == .updateWhileCounting(.items))
    }

    @Test func updatesThatAddUpMoveTheCellsAndTheSelectionWithTheirItems() throws {
        try collection.selectItem(at: path(3))
        let before = cellsByItem()
        cards.counts = [100]
        try collection.performBatchUpdates {
            try? collection.insertItems(at: [path(0)])
            try? collection.deleteItems(at: [path(10)])
        }
        // Items 0 to 9 moved one on, item 10 went, 11 and on stayed.
        #expect(collection.indexPathsForSelectedItems == [path(4)])
        #expect(collection.cellForItem(at: path(4))?.isSelected == true)
        #expect(collection.cellForItem(at: path(1)).map(ObjectIdentifier.init) == before[0])
        #expect(collection.cellForItem(at: path(11)).map(ObjectIdentifier.init) == before[11])
        cards.asked = []
        collection.layoutIfNeeded()
        // Only the new item is asked for; the others kept their cells, now placed anew.
        #expect(cards.asked == [path(0)])
        #expect(collection.cellForItem(at: path(1))?.frame.minX == 110)

        cards.asked = []
        try collection.reloadItems(at: [path(4)])
        collection.layoutIfNeeded()
        #expect(cards.asked == [path(4)] && collection.indexPathsForSelectedItems == [path(4)])
        try collection.moveItem(at: path(4), to: path(0))
        #expect(collection.indexPathsForSelectedItems == [path(0)])
        cards.counts = [100, 2]
        try collection.insertSections([1])
        #expect(collection.numberOfSections == 2 && collection.numberOfItems(inSection: 1) == 2)
    }

    // MARK: - Selection

    @Test func singleSelectionByCodeAndByTap() throws {
        try collection.selectItem(at: path(1))
        try collection.selectItem(at: path(2))
        #expect(collection.indexPathsForSelectedItems == [path(2)] && log.entries.isEmpty)
        #expect(collection.cellForItem(at: path(1))?.isSelected == false)
        // A tap on item 4 (110...210, 60...110).
        tap(Point(x: 150, y: 80))
        #expect(log.entries == ["deselect 2", "select 4"] && collection.indexPathsForSelectedItems == [path(4)])
        #expect(collection.cellForItem(at: path(4))?.isSelected == true)
        tap(Point(x: 150, y: 80))
        #expect(log.entries == ["deselect 2", "select 4", "select 4"])
        log.refused = [path(5)]
        tap(Point(x: 250, y: 80))
        #expect(collection.indexPathsForSelectedItems == [path(4)])
        // Between the cells is no item.
        tap(Point(x: 105, y: 80))
        #expect(collection.indexPathsForSelectedItems == [path(4)] && log.entries.count == 3)
        collection.deselectItem(at: path(4))
        #expect(collection.indexPathsForSelectedItems.isEmpty && log.entries.count == 3)
    }

    @Test func aTapOnAnItemThatTheDeselectedOnesDelegateRemovedSelectsNothing() throws {
        /// Empties the data source when it hears of a deselection.
        final class Emptying: CollectionViewDelegate {
            let cards: Cards
            var selected: [IndexPath] = []
            init(_ cards: Cards) { self.cards = cards }
            func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
                selected.append(indexPath)
            }
            func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
                cards.counts = [1]
                collectionView.reloadData()
            }
        }
        let emptying = Emptying(cards)
        collection.delegate = emptying
        tap(Point(x: 50, y: 20))
        tap(Point(x: 150, y: 20))
        #expect(emptying.selected == [path(0)])
        #expect(collection.indexPathsForSelectedItems.isEmpty && collection.numberOfItems(inSection: 0) == 1)
    }

    @Test func multipleSelectionTogglesEachItem() throws {
        collection.allowsMultipleSelection = true
        tap(Point(x: 50, y: 20))
        tap(Point(x: 150, y: 20))
        try collection.selectItem(at: path(7))
        #expect(collection.indexPathsForSelectedItems == [path(0), path(1), path(7)])
        tap(Point(x: 50, y: 20))
        #expect(log.entries == ["select 0", "select 1", "deselect 0"])
        #expect(collection.indexPathsForSelectedItems == [path(1), path(7)])
    }

    @Test func aTouchHighlightsItsCellAndADragThatScrollsDoesNotSelect() {
        window.touch(.began, at: Point(x: 50, y: 200))
        #expect(collection.cellForItem(at: path(9))?.isHighlighted == true)
        for step in 1...10 {
            loop.advance(by: 0.01)
            window.touch(.moved, at: Point(x: 50, y: 200 - Double(step) * 10))
        }
        window.touch(.ended, at: Point(x: 50, y: 100))
        #expect(collection.contentOffset.y > 50)
        #expect(collection.indexPathsForSelectedItems.isEmpty && log.entries.isEmpty)
        #expect(collection.visibleCells.allSatisfy { !$0.isHighlighted })
    }

    // MARK: - A custom layout

    /// The cards stacked diagonally, as ``StackLayout`` does, in a view 320 × 400.
    func stacked(_ count: Int) -> (CollectionView, StackLayout) {
        cards.counts = [count]
        collection.reloadData()
        let stack = StackLayout()
        stack.register(decorationKind: "logo") { CollectionReusableView() }
        collection.layout = stack
        collection.frame = Rect(x: 0, y: 0, width: 320, height: 400)
        collection.layoutIfNeeded()
        return (collection, stack)
    }

    @Test func subviewsFollowTheZIndexAndSoDoesHitTesting() throws {
        let (collection, stack) = stacked(9)
        #expect(stack.collectionView === collection && flow.collectionView == nil)
        let order = elementViews().map { $0.layoutAttributes?.description ?? "" }
        // Cards from the oldest (behind) to the newest, the header and footer, the logo in front.
        #expect(order.count == 9 + 3)
        let cells = elementViews().compactMap { $0.layoutAttributes }.filter { $0.category == .cell }
        #expect(cells.map(\.indexPath.item) == [8, 7, 6, 5, 4, 3, 2, 1, 0])
        #expect(elementViews().last?.layoutAttributes?.category == .decoration(kind: "logo"))
        #expect(elementViews().map(\.layoutAttributes?.zIndex) == [-8, -7, -6, -5, -4, -3, -2, -1, 0, 0, 0, 1])
        // Cards 0 and 1 overlap at (250, 320): the front one takes the touch.
        #expect(collection.indexPathForItem(at: Point(x: 250, y: 320)) == path(0))
        #expect(window.hitTest(Point(x: 250, y: 320))?.isDescendant(of: collection.cellForItem(at: path(0))!) == true)
    }

    @Test func selectingACardLiftsItToTheFront() throws {
        let (collection, _) = stacked(9)
        // (200, 290) is on cards 1 and 2; card 1 is in front.
        tap(Point(x: 200, y: 290))
        #expect(log.entries == ["select 1"])
        collection.layoutIfNeeded()
        #expect(collection.cellForItem(at: path(1))?.layoutAttributes?.zIndex == 0)
        // Now card 1 is in front of card 0 where they overlap.
        #expect(collection.indexPathForItem(at: Point(x: 250, y: 320)) == path(1))
        tap(Point(x: 250, y: 320))
        #expect(log.entries == ["select 1", "select 1"])
        try collection.selectItem(at: path(0))
        collection.layoutIfNeeded()
        #expect(collection.indexPathForItem(at: Point(x: 250, y: 320)) == path(0))
        #expect(collection.cellForItem(at: path(1))?.layoutAttributes?.zIndex == -1)
    }

    @Test func decorationViewsComeFromTheLayoutsRegistration() throws {
        final class Logo: CollectionReusableView {}
        let stack = StackLayout()
        stack.register(decorationKind: "logo") { Logo() }
        cards.counts = [3]
        collection.reloadData()
        collection.layout = stack
        collection.layoutIfNeeded()
        let logo = elementViews().first { $0 is Logo }
        #expect(logo?.frame == Rect(x: 215, y: 79, width: 70, height: 70) && logo?.reuseIdentifier == "logo")
        // A layout without the registration shows no decoration.
        collection.layout = StackLayout()
        collection.layoutIfNeeded()
        #expect(!elementViews().contains { $0 is Logo } && stack.collectionView == nil)
    }

    // MARK: - Hostile layouts and counts

    @Test func attributesThatAreNotFiniteOrNameNoItemAreNotShown() {
        final class Wild: CollectionViewLayout {
            override var collectionViewContentSize: Size { Size(width: 320, height: 480) }
            override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
                var nan = LayoutAttributes(forCellAt: IndexPath(item: 0, section: 0), frame: Rect(x: .nan, y: 0, width: 10, height: 10))
                nan.zIndex = 3
                let missing = LayoutAttributes(forCellAt: IndexPath(item: 5, section: 0), frame: Rect(x: 0, y: 0, width: 10, height: 10))
                let twice = LayoutAttributes(forCellAt: IndexPath(item: 1, section: 0), frame: Rect(x: 0, y: 0, width: 10, height: 10))
                let far = LayoutAttributes(forCellAt: IndexPath(item: 2, section: 0), frame: Rect(x: 0, y: 1e308, width: 1e308, height: 1e308))
                let swarm = (0..<20_000).map { _ in LayoutAttributes(forDecorationOfKind: "dot", at: IndexPath(item: 0, section: 0), frame: Rect(x: 1, y: 1, width: 1, height: 1)) }
                return [nan, missing, twice, twice, far] + swarm
            }
        }
        cards.counts = [3]
        collection.reloadData()
        collection.layout = Wild()
        collection.layoutIfNeeded()
        #expect(collection.indexPathsForVisibleItems == [path(1)])
    }

    // MARK: - The controller

    @Test func aCollectionViewControllerIsItsViewsDataSourceAndDelegate() throws {
        final class Grid: CollectionViewController {
            override func viewDidLoad() {
                collectionView.register("Cell") { CollectionViewCell() }
            }
            override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 5 }
            override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell? {
                try? collectionView.dequeueCell(withIdentifier: "Cell", for: indexPath)
            }
        }
        let grid = Grid()
        window.rootViewController = grid
        #expect(grid.view === grid.collectionView)
        grid.view.layoutIfNeeded()
        #expect(grid.collectionView.indexPathsForVisibleItems.count == 5)
        try grid.collectionView.selectItem(at: path(2))
        grid.viewWillAppear(false)
        #expect(grid.collectionView.indexPathsForSelectedItems.isEmpty)
    }

    @Test func aControllerOfAGivenCollectionViewFeedsThatView() {
        final class Shelf: CollectionView {}
        let layout = FlowLayout()
        let shelf = Shelf(frame: .zero, layout: layout)
        let controller = CollectionViewController(collectionView: shelf)
        #expect(controller.collectionView === shelf && controller.view === shelf && layout.collectionView === shelf)
        #expect(shelf.dataSource === controller && shelf.delegate === controller)
        #expect(shelf.autoresizingMask == [.flexibleWidth, .flexibleHeight])
    }
}
