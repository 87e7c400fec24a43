import EventLoop
import LuaBridge
import ScreenKit
import ScreenScript

/// The list figures: scrolling a table of 10^6 rows one screen a step against the same over
/// 100 rows (only visible cells may exist), a jump to row 900,000 against a jump to row 9
/// in a table whose rows have heights of their own, and a flow layout's rect query at the end
/// of 10^6 items against one over 100 (one item size: arithmetic; sizes from the delegate:
/// a binary search), and a Lua data source's cellForRow against a Swift one.
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
    let query = "lists: flow layout rect query over 10^6 items (vs 100 items)"
    if all || bench.wants(query) {
        bench.report(flowQueryFigure(query, bench, sizedByDelegate: false, target: 1.5))
    }
    let sizedQuery = "lists: flow rect query, sizes from the delegate (10^6 vs 100)"
    if all || bench.wants(sizedQuery) {
        bench.report(flowQueryFigure(sizedQuery, bench, sizedByDelegate: true, target: nil))
    }
    let lua = "lists: Lua cellForRow per visible cell (vs a Swift data source)"
    if all || bench.wants(lua) {
        bench.report(try luaCellFigure(lua, bench))
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

/// `count` items in one section, sized by the delegate (three widths, two heights) when asked.
private final class CountedItems: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
    let count: Int
    let sizedByDelegate: Bool

    init(count: Int, sizedByDelegate: Bool) {
        self.count = count
        self.sizedByDelegate = sizedByDelegate
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell? {
        try? collectionView.dequeueCell(withIdentifier: "Item", for: indexPath)
    }

    var providesItemSizes: Bool { sizedByDelegate }

    func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
        Size(width: Double(60 + 20 * (indexPath.item % 3)), height: Double(40 + 30 * (indexPath.item % 2)))
    }
}

/// A screen-sized rect query at the end of the content: the items it meets, found without a
/// pass over the items before them.
private func flowQueryFigure(_ name: String, _ bench: Benchmark, sizedByDelegate: Bool, target: Double?) -> Figure {
    func makeView(_ items: CountedItems) -> (CollectionView, FlowLayout) {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 70, height: 50)
        layout.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), layout: layout)
        view.register("Item") { CollectionViewCell() }
        view.dataSource = items
        view.delegate = items
        layout.prepareIfNeeded()
        return (view, layout)
    }
    let million = CountedItems(count: 1_000_000, sizedByDelegate: sizedByDelegate)
    let hundred = CountedItems(count: 100, sizedByDelegate: sizedByDelegate)
    let (largeView, large) = makeView(million)
    let (smallView, small) = makeView(hundred)
    var found = 0
    func queries(_ layout: FlowLayout, _ count: Int) -> Double {
        let height = layout.collectionViewContentSize.height
        // Two screens near the end, in turn, so that no query can reuse the one before.
        let rects = [Rect(x: 0, y: max(0, height - 480), width: 320, height: 480),
                     Rect(x: 0, y: max(0, height - 960), width: 320, height: 480)]
        return bench.time {
            for index in 0..<count {
                found &+= layout.layoutAttributesForElements(in: rects[index & 1]).count
            }
        }
    }
    let (ours, baseline) = bench.compare(
        operations: 50_000,
        ours: { n in queries(large, n) },
        baseline: { n in queries(small, n) })
    withExtendedLifetime((largeView, smallView, found)) {}
    return Figure(name: name, ours: ours, baseline: baseline, unit: "ns/query", target: target)
}

/// A table of 100,000 rows whose data source is Lua, in a window.
private let cellsChunk = LuaResourceChunk("cells.lua", name: "=bench", in: .bench)

/// Scrolling a screen at a time through a table whose data source is Lua (dequeue a cell,
/// set its text) against the same table with ``NumberedRows``, per cell that comes into view.
private func luaCellFigure(_ name: String, _ bench: Benchmark) throws -> Figure {
    let host = try ScriptHost(loop: EventLoop(clock: .virtual))
    let results = try cellsChunk.load(in: host.lua).callReturningAll()
    guard case .userdata(let userdata)? = results.first, let luaTable = userdata.object(as: TableView.self) else {
        throw LuaError(kind: .runtime, message: "the benchmark script returned no table view")
    }
    let rows = NumberedRows(count: 100_000)
    let (swiftTable, window) = makeTable(rows)
    let cellsPerStep = Double(max(1, swiftTable.visibleCells.count))
    let (ours, baseline) = bench.compare(
        operations: 10_000,
        ours: { n in bench.time { _ = scrollScreens(luaTable, rows, steps: n) } },
        baseline: { n in bench.time { _ = scrollScreens(swiftTable, rows, steps: n) } })
    withExtendedLifetime((window, results)) {}
    return Figure(name: name, ours: ours / cellsPerStep, baseline: baseline / cellsPerStep, unit: "ns/cell", target: 2)
}
