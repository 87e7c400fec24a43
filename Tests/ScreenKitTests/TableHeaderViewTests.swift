import EventLoop
import Testing
@testable import ScreenKit

/// A table's header and footer views (UITableView's `tableHeaderView` and
/// `tableFooterView`): above the first section and below the last, as wide as the table,
/// scrolling with the rows.
@MainActor
struct TableHeaderViewTests {
    private final class Rows: TableViewDataSource {
        var asked = 0
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 20 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell? {
            asked += 1
            let cell = TableViewCell()
            cell.textLabel.text = "Row \(indexPath.row)"
            return cell
        }
    }

    private func makeTable() -> (TableView, Rows) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 440))
        let rows = Rows()
        table.dataSource = rows
        table.layoutIfNeeded()
        return (table, rows)
    }

    @Test func theRowsMoveBelowTheHeaderViewWhichScrollsWithThem() throws {
        let (table, rows) = makeTable()
        let asked = rows.asked
        let bar = SearchBar()
        try table.setTableHeaderView(bar)
        #expect(bar.superview === table)
        #expect(bar.frame == Rect(x: 0, y: 0, width: 320, height: 44))
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0))?.minY == 44)
        #expect(table.contentSize.height == 44 + 20 * 44)
        // Only the cells that came into view were asked for: no reload.
        #expect(rows.asked - asked <= 1)
        table.contentOffset = Point(x: 0, y: 100)
        table.layoutIfNeeded()
        #expect(bar.frame.minY == 0)
        #expect(table.indexPathForRow(at: Point(x: 10, y: 120)) == IndexPath(row: 1, section: 0))
        #expect(table.indexPathForRow(at: Point(x: 10, y: 20)) == nil)
    }

    @Test func theFooterViewIsBelowTheLastSectionAndRemovingThemMovesTheRowsBack() throws {
        let (table, _) = makeTable()
        let header = View(frame: Rect(x: 0, y: 0, width: 10, height: 30))
        let footer = View(frame: Rect(x: 0, y: 0, width: 10, height: 50))
        try table.setTableHeaderView(header)
        try table.setTableFooterView(footer)
        #expect(footer.frame == Rect(x: 0, y: 30 + 20 * 44, width: 320, height: 50))
        #expect(table.contentSize.height == 30 + 20 * 44 + 50)
        try table.setTableHeaderView(nil)
        #expect(header.superview == nil)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0))?.minY == 0)
        #expect(footer.frame.minY == 20 * 44)
    }

    @Test func aViewThatHoldsTheTableOrAHostileHeightIsRefusedOrTamed() throws {
        let (table, _) = makeTable()
        let holder = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        try holder.addSubview(table)
        #expect(throws: ViewError.self) { try table.setTableHeaderView(holder) }
        #expect(table.tableHeaderView == nil)
        let huge = View(frame: Rect(x: 0, y: 0, width: 10, height: .infinity))
        try table.setTableHeaderView(huge)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0))?.minY == 0)
        #expect(table.contentSize.height.isFinite)
    }

    private final class SectionViews: TableViewDelegate {
        var asked: [Int] = []
        var givesHeaderViews: Bool { true }
        func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? {
            asked.append(section)
            return Label(frame: .zero)
        }
        func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double? { section == 0 ? 60 : .nan }
    }

    private final class Sections: TableViewDataSource {
        func numberOfSections(in tableView: TableView) -> Int { 30 }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell? { TableViewCell() }
    }

    /// The delegate's header views are asked for as they come into view, at the heights it
    /// gives (a height that is not a number is none), and leave the table as they leave it.
    @Test func delegateHeaderViewsComeAndGoWithTheirSections() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 440))
        let sections = Sections(), views = SectionViews()
        table.dataSource = sections
        table.delegate = views
        table.layoutIfNeeded()
        #expect(views.asked == [0])
        let first = table.shownHeader(forSection: 0)
        #expect(first?.frame == Rect(x: 0, y: 0, width: 320, height: 60))
        let second: Double = 60 + 3 * 44
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 1))?.minY == second)
        table.contentOffset = Point(x: 0, y: 2_000)
        table.layoutIfNeeded()
        #expect(first?.superview == nil)
        #expect(table.shownHeader(forSection: 0) == nil)
        #expect(views.asked == [0])
    }
}
