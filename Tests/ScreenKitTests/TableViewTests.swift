import EventLoop
import Testing
@testable import ScreenKit

/// A data source and delegate over counts per section, logging what the table asks and
/// tells. Cells show "section.row".
final class RowSource: TableViewDataSource, TableViewDelegate {
    var counts: [Int]
    var heights: ((IndexPath) -> Double?)?
    var givesRowHeights = true
    var headerTitles: [Int: String] = [:]
    var footerTitles: [Int: String] = [:]
    var editable: (IndexPath) -> Bool = { _ in true }
    /// Replaces the cell the source gives, for the rows it answers.
    var cellOverride: ((IndexPath) -> TableViewCell??)?

    var cellsAsked: [IndexPath] = []
    var heightsAsked = 0
    var refused: [ListError] = []
    var events: [String] = []
    var prefetched: [[IndexPath]] = []
    var scrolls = 0

    init(_ counts: [Int]) {
        self.counts = counts
    }

    func numberOfSections(in tableView: TableView) -> Int { counts.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { counts[section] }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell? {
        cellsAsked.append(indexPath)
        if let answer = cellOverride?(indexPath) { return answer }
        let cell = try? tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
        cell?.textLabel.text = "\(indexPath.section).\(indexPath.row)"
        return cell
    }

    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { headerTitles[section] }
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { footerTitles[section] }
    func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { editable(indexPath) }

    func tableView(_ tableView: TableView, commitDeleteForRowAt indexPath: IndexPath) {
        events.append("commitDelete \(indexPath)")
        counts[indexPath.section] -= 1
        try? tableView.deleteRows(at: [indexPath])
    }

    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) { prefetched.append(indexPaths) }
    func tableView(_ tableView: TableView, refusedAnswer error: ListError) { refused.append(error) }

    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double? {
        heightsAsked += 1
        return heights?(indexPath)
    }

    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { events.append("select \(indexPath)") }
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) { events.append("deselect \(indexPath)") }
    func scrollViewDidScroll(_ scrollView: ScrollView) { scrolls += 1 }
}

@MainActor
struct TableViewTests {
    let loop = EventLoop(clock: .virtual)
    let window: Window
    let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    let source: RowSource
    /// How many cells the registered factory made.
    let made: () -> Int

    init() throws {
        window = Window(device: .iphone, loop: loop)
        source = RowSource([20])
        var count = 0
        table.register({
            count += 1
            return TableViewCell(style: .subtitle)
        }, forCellReuseIdentifier: "Row")
        made = { count }
        table.dataSource = source
        table.delegate = source
        try window.addSubview(table)
    }

    func path(_ section: Int, _ row: Int) -> IndexPath { IndexPath(row: row, section: section) }

    /// The cells that are subviews of the table.
    var cellsInTable: [TableViewCell] { table.subviews.compactMap { $0 as? TableViewCell } }

    func tap(_ point: Point) {
        window.touch(.began, at: point)
        window.touch(.ended, at: point)
        loop.advance(by: 1)
    }

    func swipe(from start: Point, to end: Point) {
        window.touch(.began, at: start)
        loop.advance(by: 0.05)
        window.touch(.moved, at: Point(x: (start.x + end.x) / 2, y: (start.y + end.y) / 2))
        loop.advance(by: 0.05)
        window.touch(.moved, at: end)
        window.touch(.ended, at: end)
        loop.advance(by: 1)
    }

    // MARK: - Visible cells and reuse

    @Test func onlyTheRowsInViewHaveCells() {
        window.layoutIfNeeded()
        // 480 / 44: rows 0...10 meet the view.
        #expect(table.indexPathsForVisibleRows == (0...10).map { path(0, $0) })
        #expect(cellsInTable.count == 11)
        #expect(source.cellsAsked == (0...10).map { path(0, $0) })
        #expect(table.cellForRow(at: path(0, 3))?.textLabel.text == "0.3")
        #expect(table.cellForRow(at: path(0, 3))?.frame == Rect(x: 0, y: 132, width: 320, height: 44))
        #expect(table.cellForRow(at: path(0, 11)) == nil)
        #expect(table.contentSize == Size(width: 320, height: 880))
    }

    @Test func cellsThatLeaveAreTheOnesThatComeBack() {
        source.counts = [40]
        window.layoutIfNeeded()
        let first = Set(table.visibleCells.map(ObjectIdentifier.init))
        table.contentOffset = Point(x: 0, y: 484)
        // Rows 11...21, each in a cell that showed one of rows 0...10.
        #expect(table.indexPathsForVisibleRows == (11...21).map { path(0, $0) })
        #expect(Set(table.visibleCells.map(ObjectIdentifier.init)) == first)
        #expect(made() == 11)
        #expect(table.visibleCells.map(\.textLabel.text) == (11...21).map { "0.\($0)" })
        #expect(source.scrolls == 1)
    }

    @Test func aMillionRowsScrollWithOnlyTheRowsInViewAlive() {
        source.counts = [1_000_000]
        table.reloadData()
        var maximumAlive = 0
        var offset = 0.0
        for step in 0..<200 {
            // A screen a step, with a jump now and then.
            offset = step % 50 == 49 ? Double(step) * 200_000 : offset + 480
            table.contentOffset = Point(x: 0, y: offset)
            let y = table.contentOffset.y
            let first = Int((y / 44).rounded(.down)), last = Int(((y + 480) / 44).rounded(.up)) - 1
            #expect(table.indexPathsForVisibleRows == (first...min(last, 999_999)).map { path(0, $0) })
            #expect(cellsInTable.count == table.visibleCells.count)
            maximumAlive = max(maximumAlive, made())
        }
        #expect(maximumAlive <= 12)
    }

    @Test func aJumpToRow900000ShowsItWithTheDelegatesHeights() throws {
        source.counts = [1_000_000]
        source.heights = { Double(20 + $0.row % 3 * 10) }
        source.heightsAsked = 0
        table.reloadData()
        #expect(source.heightsAsked == 1_000_000)
        try table.scrollToRow(at: path(0, 900_000), at: .top)
        // Every three rows take 20 + 30 + 40 = 90 points.
        #expect(table.contentOffset.y == 300_000 * 90)
        #expect(table.indexPathsForVisibleRows.first == path(0, 900_000))
        #expect(table.cellForRow(at: path(0, 900_000))?.frame == Rect(x: 0, y: 27_000_000, width: 320, height: 20))
        #expect(table.cellForRow(at: path(0, 900_001))?.frame.height == 30)
        let shown = table.indexPathsForVisibleRows
        #expect(shown.count == 17 && shown.last == path(0, 900_016))
        try table.scrollToRow(at: path(0, 9), at: .top)
        #expect(table.indexPathsForVisibleRows.first == path(0, 9))
        #expect(source.heightsAsked == 1_000_000)
        #expect(table.contentSize.height == 333_333 * 90 + 20)
    }

    @Test func scrollToRowPlacesTheRowAndRefusesARowThatIsNot() throws {
        try table.scrollToRow(at: path(0, 15), at: .bottom)
        #expect(table.contentOffset.y == 16 * 44 - 480)
        try table.scrollToRow(at: path(0, 2))
        #expect(table.contentOffset.y == 88)
        try table.scrollToRow(at: path(0, 10), at: .middle)
        #expect(table.contentOffset.y == 10 * 44 + 22 - 240)
        #expect(throws: ListError.invalidIndexPath(.rows, path(0, 20), action: "scroll to")) {
            try table.scrollToRow(at: path(0, 20))
        }
        #expect(ListError.invalidIndexPath(.rows, path(0, 20), action: "scroll to").message(countingFrom: 1)
            == "attempt to scroll to an invalid index path: row 21 of section 1")
        #expect(throws: ListError.self) { try table.scrollToRow(at: path(Int.min, Int.max)) }
    }

    // MARK: - Sections

    @Test func sectionsHaveTitledHeadersAndFootersThatScroll() throws {
        source.counts = [2, 3]
        source.headerTitles = [0: "Today", 1: "Yesterday"]
        source.footerTitles = [1: "3 entries"]
        table.reloadData()
        // Header 28, two rows, header 28, three rows, footer 28.
        #expect(table.rectForRow(at: path(1, 0)) == Rect(x: 0, y: 28 + 88 + 28, width: 320, height: 44))
        #expect(table.rectForSection(1) == Rect(x: 0, y: 116, width: 320, height: 28 + 132 + 28))
        #expect(table.headerView(forSection: 0)?.textLabel.text == "Today")
        #expect(table.headerView(forSection: 1)?.frame.minY == 116)
        #expect(table.footerView(forSection: 1)?.textLabel.text == "3 entries")
        #expect(table.indexPathForRow(at: Point(x: 10, y: 120)) == nil)
        #expect(table.indexPathForRow(at: Point(x: 10, y: 150)) == path(1, 0))

        // A plain table keeps the header of the section at the top in view.
        table.frame = Rect(x: 0, y: 0, width: 320, height: 40)
        table.layoutIfNeeded()
        table.contentOffset = Point(x: 0, y: 170)
        #expect(table.headerView(forSection: 1)?.frame.minY == 170)
        #expect(table.headerView(forSection: 0) == nil)
        // ...until the end of its rows pushes it up.
        table.contentOffset = Point(x: 0, y: 260)
        #expect(table.headerView(forSection: 1)?.frame.minY == 248)
    }

    @Test func groupedSectionsStandApart() throws {
        let grouped = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 480), style: .grouped)
        grouped.register({ TableViewCell() }, forCellReuseIdentifier: "Row")
        let source = RowSource([1, 1])
        grouped.dataSource = source
        grouped.layoutIfNeeded()
        #expect(grouped.rectForRow(at: path(0, 0))?.minY == TableView.groupedSectionSpacing)
        #expect(grouped.rectForRow(at: path(1, 0))?.minY == 2 * TableView.groupedSectionSpacing + 44)
        #expect(grouped.headerView(forSection: 0) == nil)
    }

    @Test func updatesChangeRowsAndKeepTheCellsOfTheOthers() throws {
        window.layoutIfNeeded()
        let cellOf3 = table.cellForRow(at: path(0, 3))
        try table.selectRow(at: path(0, 3))
        source.cellsAsked = []
        source.counts = [21]
        try table.insertRows(at: [path(0, 1)])
        #expect(source.cellsAsked == [path(0, 1)])
        #expect(table.cellForRow(at: path(0, 4)) === cellOf3)
        #expect(table.cellForRow(at: path(0, 4))?.frame.minY == 176)
        #expect(table.indexPathForSelectedRow == path(0, 4))
        #expect(table.numberOfRows(inSection: 0) == 21)

        source.cellsAsked = []
        try table.performBatchUpdates {
            try? table.deleteRows(at: [path(0, 0)])
            try? table.reloadRows(at: [path(0, 4)])
            try? table.insertRows(at: [path(0, 5)])
            try? table.moveRow(at: path(0, 2), to: path(0, 0))
        }
        #expect(Set(source.cellsAsked) == [path(0, 3), path(0, 5)])
        #expect(table.indexPathForSelectedRow == nil)
    }

    @Test func anUpdateThatDoesNotAddUpChangesNothing() throws {
        window.layoutIfNeeded()
        try table.selectRow(at: path(0, 2))
        let cells = table.visibleCells
        source.cellsAsked = []
        source.counts = [22]
        let expected = ListError.invalidItemCount(.rows, section: 0, before: 20, after: 22, inserted: 2, deleted: 2, movedIn: 0, movedOut: 0)
        #expect(throws: expected) {
            try table.performBatchUpdates {
                try? table.insertRows(at: [path(0, 0), path(0, 1)])
                try? table.deleteRows(at: [path(0, 3), path(0, 4)])
            }
        }
        #expect(expected.message(countingFrom: 1) == "invalid number of rows in section 1. The number of rows contained in an existing section after the update (22) must be equal to the number of rows contained in that section before the update (20), plus or minus the number of rows inserted or deleted from that section (2 inserted, 2 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).")
        #expect(table.visibleCells.map(ObjectIdentifier.init) == cells.map(ObjectIdentifier.init))
        #expect(table.numberOfRows(inSection: 0) == 20)
        #expect(table.indexPathForSelectedRow == path(0, 2))
        #expect(source.cellsAsked.isEmpty)
        #expect(throws: ListError.sectionOutOfRange(.delete, section: 3, count: 1)) { try table.deleteSections([3]) }
        // Still usable: it scrolls, and takes a fitting update.
        table.contentOffset = Point(x: 0, y: 44)
        #expect(table.indexPathsForVisibleRows.first == path(0, 1))
        try table.insertRows(at: [path(0, 20), path(0, 21)])
        #expect(table.numberOfRows(inSection: 0) == 22)
    }

    @Test func sectionUpdatesAreChecked() throws {
        source.counts = [2, 2]
        table.reloadData()
        source.counts = [2, 2, 2]
        #expect(throws: ListError.invalidSectionCount(.rows, before: 2, after: 3, inserted: 0, deleted: 0)) {
            try table.reloadSections([0])
        }
        try table.insertSections([1])
        #expect(table.numberOfSections == 3)
        source.counts = [2, 2]
        try table.deleteSections([0])
        try table.moveSection(0, toSection: 1)
        #expect(table.rectForRow(at: path(1, 1))?.minY == 132)
    }

    @Test func beginAndEndUpdatesMakeOneCheckedUpdateOfWhatIsAskedBetween() throws {
        window.layoutIfNeeded()
        let cellOf5 = table.cellForRow(at: path(0, 5))
        source.counts = [20]
        table.beginUpdates()
        try table.deleteRows(at: [path(0, 0)])
        table.beginUpdates()
        try table.insertRows(at: [path(0, 19)])
        try table.endUpdates()
        // Nothing is checked or changed before the outermost end.
        #expect(table.cellForRow(at: path(0, 5)) === cellOf5)
        try table.endUpdates()
        #expect(table.cellForRow(at: path(0, 4)) === cellOf5)
        #expect(table.numberOfRows(inSection: 0) == 20)

        // An update that does not add up is refused at the end, and nothing changes.
        source.counts = [21]
        table.beginUpdates()
        try table.deleteRows(at: [path(0, 0)])
        #expect(throws: ListError.invalidItemCount(.rows, section: 0, before: 20, after: 21, inserted: 0, deleted: 1, movedIn: 0, movedOut: 0)) {
            try table.endUpdates()
        }
        #expect(table.cellForRow(at: path(0, 4)) === cellOf5)
        #expect(table.numberOfRows(inSection: 0) == 20)
        // The pair is closed: the next change is an update of its own, and an extra end does nothing.
        try table.insertRows(at: [path(0, 0)])
        #expect(table.numberOfRows(inSection: 0) == 21)
        try table.endUpdates()
        // A batch inside a pair joins it.
        source.counts = [24]
        table.beginUpdates()
        try table.performBatchUpdates { try? table.insertRows(at: [path(0, 0)]) }
        #expect(table.numberOfRows(inSection: 0) == 21)
        try table.insertRows(at: [path(0, 1), path(0, 2)])
        try table.endUpdates()
        #expect(table.numberOfRows(inSection: 0) == 24)
    }

    @Test func aDelegateWithoutRowHeightsIsNotAskedForThem() {
        source.counts = [1000]
        source.givesRowHeights = false
        source.heights = { _ in 10 }
        source.heightsAsked = 0
        table.reloadData()
        #expect(source.heightsAsked == 0)
        #expect(table.rectForRow(at: path(0, 999)) == Rect(x: 0, y: 999 * 44, width: 320, height: 44))
        source.givesRowHeights = true
        table.reloadData()
        #expect(source.heightsAsked == 1000)
        #expect(table.rectForRow(at: path(0, 999)) == Rect(x: 0, y: 9990, width: 320, height: 10))
    }

    // MARK: - Selection

    @Test func aTapSelectsTheRowAndTellsTheDelegate() throws {
        window.layoutIfNeeded()
        tap(Point(x: 100, y: 100))
        #expect(table.indexPathForSelectedRow == path(0, 2))
        #expect(table.cellForRow(at: path(0, 2))?.isSelected == true)
        tap(Point(x: 100, y: 10))
        #expect(source.events == ["select [0, 2]", "deselect [0, 2]", "select [0, 0]"])
        #expect(table.cellForRow(at: path(0, 2))?.isSelected == false)

        // Selected rows keep the mark as they scroll out and back in.
        table.contentOffset = Point(x: 0, y: 400)
        table.contentOffset = .zero
        #expect(table.cellForRow(at: path(0, 0))?.isSelected == true)
        #expect(table.visibleCells.filter(\.isSelected).count == 1)

        table.deselectRow(at: path(0, 0))
        #expect(table.indexPathForSelectedRow == nil)
        table.allowsSelection = false
        tap(Point(x: 100, y: 100))
        #expect(table.indexPathForSelectedRow == nil)
    }

    @Test func aFingerDownHighlightsAndADragCancels() {
        window.layoutIfNeeded()
        window.touch(.began, at: Point(x: 100, y: 100))
        #expect(table.cellForRow(at: path(0, 2))?.isHighlighted == true)
        loop.advance(by: 0.05)
        window.touch(.moved, at: Point(x: 100, y: 60))
        window.touch(.ended, at: Point(x: 100, y: 60))
        #expect(table.visibleCells.allSatisfy { !$0.isHighlighted })
        #expect(table.indexPathForSelectedRow == nil)
        #expect(table.contentOffset.y == 40)
    }

    @Test func selectingByCodeIsCheckedAndNotTold() throws {
        try table.selectRow(at: path(0, 15), scrollPosition: .middle)
        #expect(table.indexPathForSelectedRow == path(0, 15))
        #expect(table.cellForRow(at: path(0, 15))?.isSelected == true)
        #expect(source.events.isEmpty)
        #expect(throws: ListError.invalidIndexPath(.rows, path(0, -1), action: "select")) { try table.selectRow(at: path(0, -1)) }
        try table.selectRow(at: nil)
        #expect(table.indexPathForSelectedRow == nil)
    }

    // MARK: - Editing

    @Test func editingShowsDeleteControlsOnEditableRowsAndATappedControlItsRowsDeleteButton() {
        source.editable = { $0.row != 1 }
        window.layoutIfNeeded()
        table.isEditing = true
        #expect(table.cellForRow(at: path(0, 0))?.showsEditingControl == true)
        #expect(table.cellForRow(at: path(0, 1))?.showsEditingControl == false)
        #expect(table.visibleCells.allSatisfy { !$0.showsDeleteButton })
        // The content moves right to make room for the control.
        window.layoutIfNeeded()
        #expect(table.cellForRow(at: path(0, 0))?.contentView.frame.minX == TableViewCell.editingControlWidth)
        #expect(table.cellForRow(at: path(0, 1))?.contentView.frame.minX == 0)
        table.contentOffset = Point(x: 0, y: 440)
        #expect(table.visibleCells.allSatisfy { $0.showsEditingControl })
        // A tap beside the controls does not select while editing, nor show a button.
        tap(Point(x: 100, y: 30))
        #expect(table.indexPathForSelectedRow == nil)
        #expect(table.visibleCells.allSatisfy { !$0.showsDeleteButton })
        // A tap on row 11's control shows its delete button alone; the button commits the delete.
        window.layoutIfNeeded()
        let cell = table.cellForRow(at: path(0, 11))!
        tap(cell.convert(Point(x: 10, y: 20), to: nil))
        #expect(table.visibleCells.filter(\.showsDeleteButton).map { table.indexPath(for: $0) } == [path(0, 11)])
        window.layoutIfNeeded()
        tap(cell.deleteButton.convert(Point(x: 5, y: 5), to: nil))
        #expect(source.events == ["commitDelete [0, 11]"])
        #expect(table.numberOfRows(inSection: 0) == 19)
        #expect(table.visibleCells.allSatisfy { !$0.showsDeleteButton })
        // A tap elsewhere hides a shown delete button without deleting.
        let next = table.cellForRow(at: path(0, 12))!
        tap(next.convert(Point(x: 10, y: 20), to: nil))
        #expect(next.showsDeleteButton)
        tap(Point(x: 200, y: 30))
        #expect(!next.showsDeleteButton && source.events.count == 1)
        table.isEditing = false
        #expect(table.visibleCells.allSatisfy { !$0.showsDeleteButton && !$0.showsEditingControl })
        window.layoutIfNeeded()
        #expect(table.cellForRow(at: path(0, 12))?.contentView.frame.minX == 0)
    }

    @Test func aSwipeToTheLeftShowsTheDeleteButtonOfThatRow() {
        source.editable = { $0.row != 4 }
        window.layoutIfNeeded()
        swipe(from: Point(x: 250, y: 100), to: Point(x: 150, y: 100))
        #expect(table.visibleCells.filter(\.showsDeleteButton).map { table.indexPath(for: $0) } == [path(0, 2)])
        // A tap elsewhere hides it without selecting.
        tap(Point(x: 100, y: 10))
        #expect(table.visibleCells.allSatisfy { !$0.showsDeleteButton })
        #expect(table.indexPathForSelectedRow == nil)
        // A row that cannot be edited shows none.
        swipe(from: Point(x: 250, y: 200), to: Point(x: 150, y: 200))
        #expect(table.visibleCells.allSatisfy { !$0.showsDeleteButton })

        swipe(from: Point(x: 250, y: 100), to: Point(x: 150, y: 100))
        window.layoutIfNeeded()
        let cell = table.cellForRow(at: path(0, 2))!
        tap(cell.deleteButton.convert(Point(x: 5, y: 5), to: nil))
        #expect(source.events == ["commitDelete [0, 2]"])
        #expect(table.numberOfRows(inSection: 0) == 19)
        #expect(table.visibleCells.allSatisfy { !$0.showsDeleteButton })
    }

    // MARK: - Mistakes of data sources

    @Test func badCountsAreTakenAsNoneOrTheLimitAndReported() {
        source.counts = [-3, 5]
        table.reloadData()
        #expect(table.numberOfRows(inSection: 0) == 0 && table.numberOfRows(inSection: 1) == 5)
        #expect(source.refused == [.negativeCount(.rows, section: 0, count: -3)])
        #expect(source.refused[0].message(countingFrom: 1) == "the data source counted -3 rows in section 1; the table view counts 0")

        source.refused = []
        source.counts = [Int.max, Int.max]
        table.reloadData()
        #expect(table.numberOfRows(inSection: 0) == TableView.maximumRows && table.numberOfRows(inSection: 1) == 0)
        #expect(source.refused == [.countOverLimit(.rows, section: 0, count: Int.max, limit: TableView.maximumRows, taken: TableView.maximumRows)])
        table.contentOffset = Point(x: 0, y: .infinity)
        #expect(table.indexPathsForVisibleRows.last == path(0, TableView.maximumRows - 1))
    }

    @Test func aMissingOrStolenCellIsShownEmpty() throws {
        let other = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        other.register({ TableViewCell() }, forCellReuseIdentifier: "Row")
        let otherSource = RowSource([3])
        other.dataSource = otherSource
        other.layoutIfNeeded()
        let stolen = other.cellForRow(at: path(0, 0))!
        source.cellOverride = { path in
            switch path.row {
            case 1: .some(nil)
            case 2: stolen
            default: nil
            }
        }
        window.layoutIfNeeded()
        #expect(table.cellForRow(at: path(0, 1))?.textLabel.text == "")
        #expect(table.cellForRow(at: path(0, 2)) !== stolen)
        #expect(stolen.superview === other)
        #expect(source.refused == [.cellInUse(.rows, path(0, 2))])
        #expect(table.cellForRow(at: path(0, 3))?.textLabel.text == "0.3")
        table.contentOffset = Point(x: 0, y: 400)
        #expect(table.indexPathsForVisibleRows.count == 11)
    }

    @Test func hostileHeightsAreSane() {
        source.heights = { path in [Double.nan, -5, .infinity, 10][path.row % 4] }
        table.rowHeight = .nan
        table.reloadData()
        #expect(table.rowHeight == 0)
        #expect(table.rectForRow(at: path(0, 0))?.height == 0)
        #expect(table.rectForRow(at: path(0, 2))?.height == ScrollView.maximumContentLength)
        #expect(table.contentSize.height == ScrollView.maximumContentLength)
        table.contentOffset = Point(x: 0, y: 1e308)
        #expect(table.indexPathsForVisibleRows == [path(0, 2)])
        table.contentOffset = .zero
        #expect(table.indexPathsForVisibleRows == [path(0, 2)])
    }

    @Test func aDataSourceThatReloadsWhileAskedIsServed() {
        var reloads = 0
        source.cellOverride = { [table] path in
            if path.row == 3 && reloads < 2 {
                reloads += 1
                table.reloadData()
            }
            return nil
        }
        window.layoutIfNeeded()
        #expect(table.indexPathsForVisibleRows == (0...10).map { path(0, $0) })
        #expect(cellsInTable.count == 11)
    }

    @Test func anUpdateRefusedWhileTheTableCountsIsCountedAgain() {
        var inserted = false
        source.heights = { [table, source] _ in
            if !inserted {
                inserted = true
                source.counts[0] += 1
                #expect(throws: ListError.updateWhileCounting(.rows)) { try table.insertRows(at: [IndexPath(row: 20, section: 0)]) }
            }
            return nil
        }
        window.layoutIfNeeded()
        #expect(table.numberOfRows(inSection: 0) == 21)
        window.layoutIfNeeded()
        #expect(table.indexPathsForVisibleRows == (0...10).map { path(0, $0) })
    }

    @Test func cellsLiveOnlyInTheTableAndItsQueue() throws {
        weak var weakTable: TableView?
        var weakCells: [() -> TableViewCell?] = []
        do {
            let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
            weakTable = table
            table.register({ TableViewCell() }, forCellReuseIdentifier: "Row")
            table.dataSource = source
            table.delegate = source
            try window.addSubview(table)
            table.layoutIfNeeded()
            table.contentOffset = Point(x: 0, y: 200)
            table.isEditing = true
            for cell in table.visibleCells {
                weak let weakCell = cell
                weakCells.append { weakCell }
            }
            table.removeFromSuperview()
        }
        #expect(weakTable == nil)
        #expect(!weakCells.isEmpty && weakCells.allSatisfy { $0() == nil })
    }

    @Test func theNextScreenOfRowsIsAnnouncedOnce() {
        source.counts = [100]
        window.layoutIfNeeded()
        #expect(source.prefetched == [(11...21).map { path(0, $0) }])
        // Twelve rows in view now: the screen ahead reaches two rows further.
        table.contentOffset = Point(x: 0, y: 10)
        #expect(source.prefetched.last == [path(0, 22), path(0, 23)])
        table.contentOffset = Point(x: 0, y: 20)
        #expect(source.prefetched.count == 2)
    }

    @Test func aTableInAPagerTakesTheVerticalDragsAndLeavesTheSidewaysOnes() throws {
        let pager = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        pager.contentSize = Size(width: 960, height: 480)
        try window.addSubview(pager)
        try pager.addSubview(table)
        window.layoutIfNeeded()
        window.touch(.began, at: Point(x: 100, y: 400))
        loop.advance(by: 0.05)
        window.touch(.moved, at: Point(x: 100, y: 300))
        window.touch(.ended, at: Point(x: 100, y: 300))
        #expect(table.contentOffset.y == 100 && pager.contentOffset.x == 0)
        #expect(table.indexPathsForVisibleRows.first == path(0, 2))
        window.touch(.began, at: Point(x: 300, y: 200))
        loop.advance(by: 0.5)
        window.touch(.moved, at: Point(x: 200, y: 200))
        window.touch(.ended, at: Point(x: 200, y: 200))
        #expect(pager.contentOffset.x == 100 && table.contentOffset.y == 100)
        #expect(table.indexPathForSelectedRow == nil)
    }

    @Test func dequeuingAnUnregisteredCellIsAnError() {
        #expect(throws: ListError.unregisteredCell(identifier: "Nope")) {
            try table.dequeueReusableCell(withIdentifier: "Nope", for: path(0, 0))
        }
    }
}
