/// Gives a table view its sections, rows and cells, as `UITableViewDataSource`. The table
/// asks only for what it shows: counts on a reload or update, and a cell for each row that
/// comes into view.
public protocol TableViewDataSource: AnyObject {
    /// The number of sections; the default is 1.
    func numberOfSections(in tableView: TableView) -> Int
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// The cell for the row, usually one from ``TableView/dequeueReusableCell(withIdentifier:for:)``
    /// with the row's content set. Nil when the data source could not make one (a scripting
    /// layer answers nil once it has reported the script's error): the table shows an empty
    /// cell there and goes on.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell?
    /// The title of the section's header; nil (the default) for none.
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
    /// The title of the section's footer; nil (the default) for none.
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String?
    /// Whether the row shows a delete button while the table edits, and can be swiped to
    /// delete; the default is true.
    func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool
    /// The user tapped the row's delete button: delete the row from the data, then call
    /// ``TableView/deleteRows(at:)``. The default does nothing.
    func tableView(_ tableView: TableView, commitDeleteForRowAt indexPath: IndexPath)
    /// Rows about to come into view as the table scrolls, to load their data ahead; each row
    /// is announced once per stretch of scrolling. The default does nothing.
    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath])
    /// The table could not use an answer and went on without it, as `error` says (a count
    /// below 0 or past what a table holds, a cell shown elsewhere already). The default does
    /// nothing; a scripting layer reports it as the script's mistake.
    func tableView(_ tableView: TableView, refusedAnswer error: ListError)
}

extension TableViewDataSource {
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: TableView, commitDeleteForRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {}
    public func tableView(_ tableView: TableView, refusedAnswer error: ListError) {}
}

/// What a table view tells its delegate and asks it, as `UITableViewDelegate`; it is the
/// table's scroll view delegate as well.
public protocol TableViewDelegate: ScrollViewDelegate {
    /// The height of the row; nil (the default) for the table's ``TableView/rowHeight``.
    /// Asked for every row on each reload and update, and never while scrolling.
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double?
    /// Whether the delegate gives rows heights of their own: when false, the table asks no
    /// row for its height, as UIKit asks only a delegate that implements the method, so a
    /// delegate without heights costs nothing per row on a reload. The default is true.
    var givesRowHeights: Bool { get }
    /// The user tapped the row and it is now selected.
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
    /// Tapping another row deselected this one.
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
    /// The cell is about to be shown for the row.
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath)
    /// Whether the delegate gives section header views or heights, and footer ones: when
    /// false (the default) the table asks it for neither, as UIKit asks a delegate only for
    /// what it implements.
    var givesHeaderViews: Bool { get }
    var givesFooterViews: Bool { get }
    /// The view of the section's header, asked when the header comes into view; nil (the
    /// default) for the header of the data source's title, if any.
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View?
    func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View?
    /// The height of the section's header; nil for the table's ``TableView/sectionHeaderHeight``.
    /// Asked for every section on each reload and update.
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double?
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double?
}

extension TableViewDelegate {
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double? { nil }
    public var givesRowHeights: Bool { true }
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    public var givesHeaderViews: Bool { false }
    public var givesFooterViews: Bool { false }
    public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? { nil }
    public func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View? { nil }
    public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double? { nil }
    public func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double? { nil }
}

/// A list of rows in sections, scrolling vertically, as `UITableView`.
///
/// The table asks its ``dataSource`` for the counts when it first lays out and on
/// ``reloadData()``, and for a cell only when a row comes into view: only the rows whose
/// frames meet the visible part have cells, and a cell whose row scrolls away goes back to
/// the reuse queue, to be handed out again by ``dequeueReusableCell(withIdentifier:for:)``.
/// Row heights are ``rowHeight`` or the delegate's, asked once per reload; the places of
/// rows are kept so that finding the rows at any offset, or scrolling to row 900,000, is a
/// binary search.
///
/// Changes to the rows go through ``insertRows(at:)``, ``deleteRows(at:)`` and the other
/// update methods, or several at once in ``performBatchUpdates(_:)``: each update is
/// checked against the counts the data source gives before anything changes, and one that
/// does not add up throws UIKit's message and leaves the table as it was.
///
/// ```swift
/// let table = TableView(frame: window.bounds, style: .grouped)
/// table.register({ TableViewCell(style: .subtitle) }, forCellReuseIdentifier: "Entry")
/// table.dataSource = diary
/// try window.addSubview(table)
/// ```
open class TableView: ScrollView, BatchUpdating {
    public enum Style: String, CaseIterable, Sendable {
        /// Sections run into each other; a section's header stays at the top while its rows
        /// scroll under it.
        case plain
        /// Sections stand apart, with space between them.
        case grouped
    }

    /// Where a row goes when the table scrolls to it.
    public enum ScrollPosition: String, CaseIterable, Sendable {
        /// As little as it takes to show it.
        case none
        case top, middle, bottom
    }

    public static let defaultRowHeight = 44.0
    /// The most sections a table holds; a data source counting more is cut to these.
    public static let maximumSections = 1_000_000
    /// The most rows a table holds in all its sections together (heights are asked for each
    /// on a reload, so this bounds the time a reload takes).
    public static let maximumRows = 10_000_000
    /// The most cells a table shows at once, however small its rows.
    public static let maximumVisibleRows = 1_000
    /// The space above a grouped section without a header title.
    public static let groupedSectionSpacing = 16.0
    /// The kind the reuse queue keeps cells under.
    static let cellKind = "UITableViewCell"
    static let headerKind = "UITableViewHeaderFooterView"

    public let style: Style

    /// Gives the sections, rows and cells; held weakly, as UIKit's. Setting it reloads the
    /// table when it next lays out.
    public weak var dataSource: TableViewDataSource? {
        didSet { setNeedsReload() }
    }

    /// The scroll view delegate, which a table asks and tells more when it is a
    /// ``TableViewDelegate``. Setting it reloads the table when it next lays out (the row
    /// heights may change).
    public override weak var delegate: ScrollViewDelegate? {
        didSet { setNeedsReload() }
    }

    /// The delegate as a ``TableViewDelegate``, when it is one.
    public var tableDelegate: TableViewDelegate? { delegate as? TableViewDelegate }

    /// The height of rows the delegate gives none for. Below 0 or not a number counts as 0.
    public var rowHeight = TableView.defaultRowHeight {
        didSet { sanitize(&rowHeight, oldValue) }
    }
    /// The height of a section header with a title.
    public var sectionHeaderHeight = 28.0 {
        didSet { sanitize(&sectionHeaderHeight, oldValue) }
    }
    /// The height of a section footer with a title.
    public var sectionFooterHeight = 28.0 {
        didSet { sanitize(&sectionFooterHeight, oldValue) }
    }

    /// Whether a tap selects a row.
    public var allowsSelection = true {
        didSet { if !allowsSelection { clearSelection() } }
    }

    /// The view above the first section, as wide as the table and as high as its frame
    /// says when set; it scrolls with the rows (a search bar is the usual one). Set it again
    /// to take a new height, as UIKit. See ``setTableHeaderView(_:)`` for the error a view
    /// that holds the table gets.
    public internal(set) var tableHeaderView: View?
    /// The view below the last section.
    public internal(set) var tableFooterView: View?

    // MARK: - State

    var layout = TableLayout()
    /// The rows of each section as the table last counted them: the "before" of an update.
    var rowCounts: [Int] = []
    /// Whether the counts must be asked before the table can answer anything.
    var needsReload = true
    /// Set while the table asks its data source for counts, titles or heights, and while it
    /// resizes its content after a reload or update: nothing is laid out or reloaded then.
    var isRebuilding = false
    /// Grows with each reload and update, so that a pass over the rows notices one made by a
    /// callback it called.
    var generation = 0

    var visibleRows: [IndexPath: TableViewCell] = [:]
    var visibleHeaders: [Int: TableViewHeaderFooterView] = [:]
    var visibleFooters: [Int: TableViewHeaderFooterView] = [:]
    /// The section header and footer views the delegate gave, while in view.
    var delegateHeaders: [Int: View] = [:]
    var delegateFooters: [Int: View] = [:]
    let cellQueue = ReuseQueue<TableViewCell>()
    let headerQueue = ReuseQueue<TableViewHeaderFooterView>()
    var isTiling = false
    var needsTilingAgain = false
    /// The rows last announced to `prefetchRowsAt`, and the offset then.
    var prefetchedRows: Range<Int> = 0..<0
    var prefetchOffset = 0.0

    var selectedRow: IndexPath?
    var highlightedRow: IndexPath?
    /// The row showing its delete button, after a swipe or a tap on its delete control.
    var deleteConfirmationRow: IndexPath?
    var isEditingStorage = false
    /// The changes of the batch update being gathered by ``performBatchUpdates(_:)`` or
    /// between ``beginUpdates()`` and ``endUpdates()``.
    var pendingUpdate: ListUpdate?
    /// How many ``beginUpdates()`` wait for their ``endUpdates()``.
    var updateDepth = 0

    /// The swipe that shows a row's delete button (left) or hides it (right).
    public let swipeGestureRecognizer = SwipeGestureRecognizer()

    public init(frame: Rect = .zero, style: Style = .plain) {
        self.style = style
        super.init(frame: frame)
        headerQueue.register(kind: TableView.headerKind, identifier: TableView.headerKind) { TableViewHeaderFooterView() }
        swipeGestureRecognizer.directions = [.left, .right]
        swipeGestureRecognizer.addTarget { [weak self] recognizer in
            guard let swipe = recognizer as? SwipeGestureRecognizer else { return }
            self?.swiped(swipe)
        }
        addGestureRecognizer(swipeGestureRecognizer)
    }

    private func sanitize(_ value: inout Double, _ oldValue: Double) {
        if value.isNaN || value < 0 { value = 0 }
        value = min(value, ScrollView.maximumContentLength)
        if value != oldValue { setNeedsReload() }
    }

    // MARK: - Cells

    /// Registers how to make cells for `identifier`, replacing an earlier registration.
    public func register(_ make: @escaping () -> TableViewCell, forCellReuseIdentifier identifier: String) {
        cellQueue.register(kind: TableView.cellKind, identifier: identifier, make)
    }

    /// Registers a cell class for `identifier`; its cells have the default style.
    public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
        register({ cellClass.init(style: .default, reuseIdentifier: identifier) }, forCellReuseIdentifier: identifier)
    }

    /// A cell for `identifier`: one that scrolled away, after its `prepareForReuse()`, or a
    /// new one.
    /// - Throws: ``ListError/unregisteredCell(identifier:)`` when nothing is registered for it.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) throws(ListError) -> TableViewCell {
        guard cellQueue.isRegistered(kind: TableView.cellKind, identifier: identifier) else {
            throw .unregisteredCell(identifier: identifier)
        }
        return try cellQueue.dequeue(kind: TableView.cellKind, identifier: identifier)
    }

    // MARK: - Reloading

    /// Asks the counts again when the table next lays out or answers a question.
    func setNeedsReload() {
        needsReload = true
        setNeedsLayout()
    }

    /// Loads the counts and rows if they have not been, or were invalidated.
    func loadIfNeeded() {
        if needsReload { reloadData() }
    }

    /// Asks the data source again for everything: counts, titles, heights, and the cells in
    /// view (the cells shown go back to the queue first). The selection is cleared. Called
    /// from a callback that asks for counts or heights, it does nothing: those answers are
    /// being asked for already.
    public func reloadData() {
        guard !isRebuilding else { return }
        needsReload = false
        generation += 1
        pendingUpdate = nil
        recycleAll()
        selectedRow = nil
        highlightedRow = nil
        deleteConfirmationRow = nil
        prefetchedRows = 0..<0
        rowCounts = askCounts()
        layout = makeLayout(counts: rowCounts)
        layoutAfterChange()
    }

    /// Puts every cell, header and footer shown back in the queues.
    func recycleAll() {
        for cell in visibleRows.values where cell.superview === self { cellQueue.enqueue(cell, kind: TableView.cellKind) }
        visibleRows = [:]
        recycleHeadersAndFooters()
    }

    /// Puts the headers and footers shown back in the queue.
    func recycleHeadersAndFooters() {
        for view in Array(visibleHeaders.values) + Array(visibleFooters.values) where view.superview === self {
            headerQueue.enqueue(view, kind: TableView.headerKind)
        }
        visibleHeaders = [:]
        visibleFooters = [:]
        for view in Array(delegateHeaders.values) + Array(delegateFooters.values) where view.superview === self {
            view.removeFromSuperview()
        }
        delegateHeaders = [:]
        delegateFooters = [:]
    }

    /// Sizes the content to the new layout and shows the rows now in view.
    func layoutAfterChange() {
        isRebuilding = true
        contentSize = Size(width: bounds.width, height: layout.height)
        isRebuilding = false
        layoutVisibleRows()
        placeHeaderAndFooterViews()
    }

    /// The rows of each section, from the data source, with counts below 0 taken as 0 and
    /// those past the table's limits cut; each such answer is reported.
    func askCounts() -> [Int] {
        guard let dataSource else { return [] }
        isRebuilding = true
        defer { isRebuilding = false }
        return ListCounts.take(
            unit: .rows, sections: dataSource.numberOfSections(in: self),
            maximumSections: TableView.maximumSections, maximumItems: TableView.maximumRows,
            itemsIn: { dataSource.tableView(self, numberOfRowsInSection: $0) },
            refuse: { dataSource.tableView(self, refusedAnswer: $0) })
    }

    /// The places of the headers, rows and footers for `counts`, with the titles and heights
    /// the data source and delegate give.
    func makeLayout(counts: [Int]) -> TableLayout {
        isRebuilding = true
        defer { isRebuilding = false }
        let delegate = tableDelegate.flatMap { $0.givesRowHeights ? $0 : nil }
        var layout = TableLayout()
        layout.sections.reserveCapacity(counts.count)
        layout.top = TableView.height(of: tableHeaderView)
        layout.footer = TableView.height(of: tableFooterView)
        var top = layout.top
        let headerViews = tableDelegate.flatMap { $0.givesHeaderViews ? $0 : nil }
        let footerViews = tableDelegate.flatMap { $0.givesFooterViews ? $0 : nil }
        for (section, rows) in counts.enumerated() {
            let hasHeader = headerViews != nil || dataSource?.tableView(self, titleForHeaderInSection: section) != nil
            let hasFooter = footerViews != nil || dataSource?.tableView(self, titleForFooterInSection: section) != nil
            var header = hasHeader ? sectionHeaderHeight : style == .grouped ? TableView.groupedSectionSpacing : 0
            var footer = hasFooter ? sectionFooterHeight : 0
            if let given = headerViews?.tableView(self, heightForHeaderInSection: section) { header = TableView.height(given) }
            if let given = footerViews?.tableView(self, heightForFooterInSection: section) { footer = TableView.height(given) }
            let heights = delegate.map { rowHeights(of: section, rows: rows, from: $0) } ?? .fixed(rowHeight)
            let entry = TableLayout.Section(
                top: top, header: header, footer: footer, rows: rows, firstRow: layout.rowCount, heights: heights)
            if hasHeader && header > 0 { layout.headerSections.append(section) }
            if hasFooter && footer > 0 { layout.footerSections.append(section) }
            layout.sections.append(entry)
            layout.rowCount += rows
            top = entry.bottom
        }
        return layout
    }

    /// The heights the delegate gives the rows of `section`: fixed when it gives none, which
    /// keeps no list of offsets.
    private func rowHeights(of section: Int, rows: Int, from delegate: TableViewDelegate) -> TableLayout.Heights {
        var offsets: [Double] = []
        for row in 0..<rows {
            let answer = delegate.tableView(self, heightForRowAt: IndexPath(row: row, section: section))
            if offsets.isEmpty {
                guard let answer else { continue }
                // The first row with a height of its own: the rows before have the default.
                offsets.reserveCapacity(rows + 1)
                for earlier in 0...row { offsets.append(Double(earlier) * rowHeight) }
                offsets.append(offsets[row] + TableView.height(answer))
            } else {
                offsets.append(offsets[row] + (answer.map(TableView.height) ?? rowHeight))
            }
        }
        return offsets.isEmpty ? .fixed(rowHeight) : .variable(offsets)
    }

    /// A height as the table takes it: not a number or below 0 is 0, and at most the longest
    /// content.
    static func height(_ value: Double) -> Double {
        guard !value.isNaN, value > 0 else { return 0 }
        return min(value, ScrollView.maximumContentLength)
    }

    // MARK: - Layout

    /// Its separators, its grouped sections' boxes and its scroll indicators.
    open override var contentDescription: ViewDescription { tableDescription }

    open override func layoutSubviews() {
        if needsReload {
            reloadData()
            return
        }
        if contentSize.width != bounds.width { contentSize.width = bounds.width }
        layoutVisibleRows()
        placeHeaderAndFooterViews()
    }

    open override func contentOffsetDidChange() {
        layoutVisibleRows()
    }

    // MARK: - Touches

    // A tap on a row selects it (see `touchBegan(at:)`); the table keeps the touches of its
    // rows rather than pass them on.
    open override func touchesBegan(_ touches: [Touch]) {
        guard let touch = touches.first else { return }
        touchBegan(at: touch.location(in: self))
    }

    open override func touchesMoved(_ touches: [Touch]) {}

    open override func touchesEnded(_ touches: [Touch]) {
        guard let touch = touches.first else { return }
        touchEnded(at: touch.location(in: self))
    }

    open override func touchesCancelled(_ touches: [Touch]) {
        endHighlight()
    }

    // MARK: - Asking about rows

    public var numberOfSections: Int {
        loadIfNeeded()
        return rowCounts.count
    }

    /// The rows in `section`; 0 when there is no such section.
    public func numberOfRows(inSection section: Int) -> Int {
        loadIfNeeded()
        return rowCounts.indices.contains(section) ? rowCounts[section] : 0
    }

    /// The row's rectangle in the table's content; nil when `indexPath` names no row.
    public func rectForRow(at indexPath: IndexPath) -> Rect? {
        loadIfNeeded()
        guard layout.contains(indexPath) else { return nil }
        let extent = layout.rowExtent(indexPath)
        return Rect(x: 0, y: extent.top, width: bounds.width, height: extent.height)
    }

    /// The whole section's rectangle, header and footer included; nil for no such section.
    public func rectForSection(_ section: Int) -> Rect? {
        loadIfNeeded()
        guard layout.sections.indices.contains(section) else { return nil }
        let entry = layout.sections[section]
        return Rect(x: 0, y: entry.top, width: bounds.width, height: entry.bottom - entry.top)
    }

    /// The row at `point` (in the table's coordinates); nil over a header, a footer or
    /// below the last row.
    public func indexPathForRow(at point: Point) -> IndexPath? {
        loadIfNeeded()
        guard point.y.isFinite else { return nil }
        let global = layout.firstGlobalRow(below: point.y)
        guard global < layout.rowCount else { return nil }
        let path = layout.indexPath(ofGlobalRow: global)
        return layout.rowExtent(path).top <= point.y ? path : nil
    }

    /// The cells shown, in the order of their rows.
    public var visibleCells: [TableViewCell] {
        indexPathsForVisibleRows.compactMap { visibleRows[$0] }
    }

    /// The rows that have cells, in order.
    public var indexPathsForVisibleRows: [IndexPath] {
        loadIfNeeded()
        return visibleRows.keys.sorted()
    }

    /// The cell of the row; nil when the row is not in view (or is no row).
    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
        loadIfNeeded()
        return visibleRows[indexPath]
    }

    /// The row a cell shown is for; nil for a cell not shown in this table.
    public func indexPath(for cell: TableViewCell) -> IndexPath? {
        visibleRows.first { $0.value === cell }?.key
    }

    /// The header shown for the section; nil when it has no title or is out of view.
    public func headerView(forSection section: Int) -> TableViewHeaderFooterView? {
        visibleHeaders[section]
    }

    /// The view shown as the section's header, the delegate's or the title's; nil when the
    /// section has none in view.
    public func shownHeader(forSection section: Int) -> View? {
        delegateHeaders[section] ?? visibleHeaders[section]
    }

    /// The view shown as the section's footer, the delegate's or the title's.
    public func shownFooter(forSection section: Int) -> View? {
        delegateFooters[section] ?? visibleFooters[section]
    }

    /// The footer shown for the section; nil when it has no title or is out of view.
    public func footerView(forSection section: Int) -> TableViewHeaderFooterView? {
        visibleFooters[section]
    }

    /// Scrolls so that the row is at `position`.
    /// - Throws: ``ListError/invalidIndexPath(_:_:action:)`` when it names no row.
    public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition = .none, animated: Bool = false) throws(ListError) {
        guard let rect = rectForRow(at: indexPath) else { throw .invalidIndexPath(.rows, indexPath, action: "scroll to") }
        let visible = bounds.height
        let y: Double
        switch position {
        case .none:
            scrollTo(rect, animated: animated)
            return
        case .top: y = rect.minY
        case .middle: y = rect.midY - visible / 2
        case .bottom: y = rect.maxY - visible
        }
        setContentOffset(Point(x: contentOffset.x, y: y), animated: animated)
    }
}
