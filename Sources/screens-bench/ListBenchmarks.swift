import ScreenKit

/// The list figures: scrolling a table of 10^6 rows one screen a step against the same over
/// 100 rows (only visible cells may exist), and a jump to row 900,000 against a jump to row 9
/// in a table whose rows have heights of their own.
///
/// `screens-bench lists` runs them all.
func runListBenchmarks(_ bench: inout Benchmark) throws {
    let all = bench.wants("lists")
    let scroll = "lists: scroll a table of 10^6 rows, one screen a step (vs 100 rows)"
    if all || bench.wants(scroll) {
        bench.report(try scrollFigure(scroll, bench))
    }
    let jump = "lists: jump to row 900,000 (vs a jump to row 9)"
    if all || bench.wants(jump) {
        bench.report(try jumpFigure(jump, bench))
    }
}

/// A data source of `count` rows in one section, each a dequeued cell showing its number,
/// that counts the cells the table made.
private final class NumberedRows: TableViewDataSource, TableViewDelegate {
    let count: Int
    /// Per-row heights from the delegate when set (44 or 60 by row), else the table's.
    let variedHeights: Bool
    private(set) var cellsMade = 0

    init(count: Int, variedHeights: Bool = false) {
        self.count = count
        self.variedHeights = variedHeights
    }

    func attach(to table: TableView) {
        table.register({ [unowned self] in
            cellsMade += 1
            return TableViewCell(style: .default, reuseIdentifier: "Row")
        }, forCellReuseIdentifier: "Row")
        table.dataSource = self
        table.delegate = self
        table.reloadData()
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell? {
        let cell = try? tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
        cell?.textLabel.text = "Row \(indexPath.row)"
        return cell
    }

    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double? {
        variedHeights ? (indexPath.row % 3 == 0 ? 60 : 44) : nil
    }
}

/// A table the size of an iPhone screen on a visible window.
private func makeTable(_ rows: NumberedRows) -> (TableView, Window) {
    let window = Window(device: .iphone)
    window.makeKeyAndVisible()
    let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    try? window.addSubview(table)
    rows.attach(to: table)
    table.layoutIfNeeded()
    return (table, window)
}

/// One screen further down per step, back to the top at the end. Returns false when a step
/// left more cells alive than the visible ones plus 2.
private func scrollScreens(_ table: TableView, _ rows: NumberedRows, steps: Int) -> Bool {
    let screen = table.bounds.height
    var withinBound = true
    for _ in 0..<steps {
        var next = table.contentOffset.y + screen
        if next > table.maximumContentOffset.y { next = 0 }
        table.setContentOffset(Point(x: 0, y: next), animated: false)
        if rows.cellsMade > table.visibleCells.count + 2 { withinBound = false }
    }
    return withinBound
}

/// A step is one screen's worth of rows leaving and coming into view; the same work over 100
/// rows and over 10^6 when only the visible rows cost anything. Cells made stay at most the
/// visible ones plus 2 at every step, or the figure fails.
private func scrollFigure(_ name: String, _ bench: Benchmark) throws -> Figure {
    let million = NumberedRows(count: 1_000_000)
    let hundred = NumberedRows(count: 100)
    let (large, largeWindow) = makeTable(million)
    let (small, smallWindow) = makeTable(hundred)
    var withinBound = true
    let (ours, baseline) = bench.compare(
        operations: 20_000,
        ours: { n in bench.time { withinBound = scrollScreens(large, million, steps: n) && withinBound } },
        baseline: { n in bench.time { withinBound = scrollScreens(small, hundred, steps: n) && withinBound } })
    withExtendedLifetime((largeWindow, smallWindow)) {}
    guard withinBound else {
        print("\(name): more cells alive than the visible ones plus 2 (made \(million.cellsMade) and \(hundred.cellsMade))")
        return Figure(name: name, ours: .infinity, baseline: baseline, unit: "ns/step", target: 1.2)
    }
    return Figure(name: name, ours: ours, baseline: baseline, unit: "ns/step", target: 1.2)
}

/// Jumps between two rows a few screens apart near row 900,000, against the same near row
/// 9, in one table of 10^6 rows whose heights come from the delegate: finding where a row
/// starts must not depend on how far down it is.
private func jumpFigure(_ name: String, _ bench: Benchmark) throws -> Figure {
    let rows = NumberedRows(count: 1_000_000, variedHeights: true)
    let (table, window) = makeTable(rows)
    var failure: Error?
    func jumps(between first: Int, and second: Int, _ count: Int) -> Double {
        bench.time {
            do {
                for index in 0..<count {
                    let row = index.isMultiple(of: 2) ? first : second
                    try table.scrollToRow(at: IndexPath(row: row, section: 0), at: .top, animated: false)
                }
            } catch { failure = error }
        }
    }
    let (ours, baseline) = bench.compare(
        operations: 20_000,
        ours: { n in jumps(between: 900_000, and: 900_040, n) },
        baseline: { n in jumps(between: 9, and: 49, n) })
    if let failure { throw failure }
    withExtendedLifetime(window) {}
    return Figure(name: name, ours: ours, baseline: baseline, unit: "ns/jump", target: 1.5)
}
