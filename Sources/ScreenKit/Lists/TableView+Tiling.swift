// MARK: - Showing the rows in view

extension TableView {
    /// Gives the rows in view their cells, and the sections in view their headers and
    /// footers: those that left go back to the queues first, so that the ones coming in reuse
    /// them. Costs a binary search and the rows in view, however many rows there are.
    ///
    /// A data source or delegate that reloads or updates the table from a callback made here
    /// starts the pass again (a few times at most; then the next layout finishes it).
    func layoutVisibleRows() {
        guard !needsReload, !isRebuilding else { return }
        if isTiling {
            needsTilingAgain = true
            return
        }
        isTiling = true
        defer { isTiling = false }
        for _ in 0..<3 {
            needsTilingAgain = false
            tileRows()
            if !needsTilingAgain { tileHeadersAndFooters() }
            if !needsTilingAgain { break }
        }
        if needsTilingAgain { setNeedsLayout() }
    }

    /// The rows (among all) whose frames meet the visible part.
    var rowsInView: Range<Int> {
        let first = layout.firstGlobalRow(below: bounds.minY)
        let last = layout.lastGlobalRow(above: bounds.maxY)
        guard first <= last else { return first..<first }
        return first..<min(last + 1, first + TableView.maximumVisibleRows)
    }

    private func tileRows() {
        let generation = self.generation
        let rows = rowsInView
        var leaving: [IndexPath] = []
        for (path, cell) in visibleRows {
            guard cell.superview === self, layout.contains(path), rows.contains(layout.globalRow(path)) else {
                leaving.append(path)
                continue
            }
        }
        for path in leaving {
            // A cell another list took is that list's now.
            if let cell = visibleRows.removeValue(forKey: path), cell.superview === self {
                cellQueue.enqueue(cell, kind: TableView.cellKind)
            }
        }
        for global in rows {
            let path = layout.indexPath(ofGlobalRow: global)
            if let cell = visibleRows[path] {
                place(cell, at: path)
                continue
            }
            let cell = makeCell(for: path)
            let editable = (isEditing || path == deleteConfirmationRow) && canEdit(path)
            guard generation == self.generation else {
                discard(cell)
                needsTilingAgain = true
                return
            }
            cell.isSelected = path == selectedRow
            cell.isHighlighted = path == highlightedRow
            cell.showsEditingControl = editable && isEditing
            cell.showsDeleteButton = editable && path == deleteConfirmationRow
            place(cell, at: path)
            try? insertSubview(cell, at: 0)
            visibleRows[path] = cell
            tableDelegate?.tableView(self, willDisplay: cell, forRowAt: path)
            guard generation == self.generation else {
                needsTilingAgain = true
                return
            }
        }
        prefetch(around: rows)
    }

    /// The data source's cell for the row, or an empty one when it gives none or one shown
    /// elsewhere already (which is reported).
    private func makeCell(for path: IndexPath) -> TableViewCell {
        if let cell = dataSource?.tableView(self, cellForRowAt: path) {
            if cell.superview == nil { return cell }
            dataSource?.tableView(self, refusedAnswer: .cellInUse(.rows, path))
        }
        return TableViewCell(style: .default)
    }

    /// Lets go of a cell made for a pass that a reload made stale.
    private func discard(_ cell: TableViewCell) {
        if cell.superview == nil { cellQueue.enqueue(cell, kind: TableView.cellKind) }
    }

    private func place(_ cell: TableViewCell, at path: IndexPath) {
        let extent = layout.rowExtent(path)
        let frame = Rect(x: 0, y: extent.top, width: bounds.width, height: extent.height)
        if cell.frame != frame { cell.frame = frame }
    }

    /// Whether the data source lets the row be edited.
    func canEdit(_ path: IndexPath) -> Bool {
        dataSource?.tableView(self, canEditRowAt: path) ?? false
    }

    // MARK: - Headers and footers

    private func tileHeadersAndFooters() {
        let minY = bounds.minY, maxY = bounds.maxY
        var headers = Array(layout.sections(in: layout.headerSections, meeting: minY, maxY) { ($0.top, $0.rowsTop) })
        // The header of the section at the top stays there while its rows scroll under it.
        if style == .plain, let top = layout.section(at: minY), layout.hasHeader(top), !headers.contains(top) {
            headers.insert(top, at: 0)
        }
        let footers = Array(layout.sections(in: layout.footerSections, meeting: minY, maxY) { ($0.rowsBottom, $0.bottom) })

        // What to show first, the delegate's views or else the titles: a callback may
        // reload, and nothing has changed yet.
        let generation = self.generation
        var made: [(section: Int, isHeader: Bool, content: SectionBar)] = []
        let delegate = tableDelegate
        for section in headers where shownHeader(forSection: section)?.superview !== self {
            if delegate?.givesHeaderViews == true, let view = delegate?.tableView(self, viewForHeaderInSection: section) {
                made.append((section, true, .view(view)))
            } else {
                made.append((section, true, .title(dataSource?.tableView(self, titleForHeaderInSection: section) ?? "")))
            }
        }
        for section in footers where shownFooter(forSection: section)?.superview !== self {
            if delegate?.givesFooterViews == true, let view = delegate?.tableView(self, viewForFooterInSection: section) {
                made.append((section, false, .view(view)))
            } else {
                made.append((section, false, .title(dataSource?.tableView(self, titleForFooterInSection: section) ?? "")))
            }
        }
        guard generation == self.generation else {
            needsTilingAgain = true
            return
        }

        visibleHeaders = recycle(visibleHeaders, keeping: Set(headers))
        visibleFooters = recycle(visibleFooters, keeping: Set(footers))
        delegateHeaders = release(delegateHeaders, keeping: Set(headers))
        delegateFooters = release(delegateFooters, keeping: Set(footers))
        for (section, isHeader, content) in made {
            switch content {
            case .view(let view):
                // A view that holds the table, or a window, is no header: nothing is shown.
                guard (try? addSubview(view)) != nil else { continue }
                if isHeader { delegateHeaders[section] = view } else { delegateFooters[section] = view }
            case .title(let title):
                guard let view = try? headerQueue.dequeue(kind: TableView.headerKind, identifier: TableView.headerKind) else { continue }
                view.textLabel.text = title
                try? addSubview(view)
                if isHeader { visibleHeaders[section] = view } else { visibleFooters[section] = view }
            }
        }
        for section in Set(visibleHeaders.keys).union(delegateHeaders.keys) {
            guard let view = shownHeader(forSection: section) else { continue }
            let entry = layout.sections[section]
            var frame = Rect(x: 0, y: entry.top, width: bounds.width, height: entry.header)
            if style == .plain { frame.origin.y = max(entry.top, min(bounds.minY, entry.rowsBottom - entry.header)) }
            if view.frame != frame { view.frame = frame }
        }
        for section in Set(visibleFooters.keys).union(delegateFooters.keys) {
            guard let view = shownFooter(forSection: section) else { continue }
            let entry = layout.sections[section]
            let frame = Rect(x: 0, y: entry.rowsBottom, width: bounds.width, height: entry.footer)
            if view.frame != frame { view.frame = frame }
        }
    }

    /// What a section's header or footer shows: the delegate's view, or the title's.
    private enum SectionBar {
        case view(View)
        case title(String)
    }

    /// `shown` without the views of sections not `wanted` (or that another view took), which
    /// go back to the queue.
    private func recycle(_ shown: [Int: TableViewHeaderFooterView], keeping wanted: Set<Int>) -> [Int: TableViewHeaderFooterView] {
        var kept: [Int: TableViewHeaderFooterView] = [:]
        for (section, view) in shown {
            if wanted.contains(section) && view.superview === self {
                kept[section] = view
            } else if view.superview === self {
                headerQueue.enqueue(view, kind: TableView.headerKind)
            }
        }
        return kept
    }

    /// `shown` without the delegate's views of sections not `wanted`, which leave the table
    /// (the delegate made them; it makes them again when they come back into view).
    private func release(_ shown: [Int: View], keeping wanted: Set<Int>) -> [Int: View] {
        var kept: [Int: View] = [:]
        for (section, view) in shown {
            if wanted.contains(section) && view.superview === self {
                kept[section] = view
            } else if view.superview === self {
                view.removeFromSuperview()
            }
        }
        return kept
    }

    // MARK: - Prefetching

    /// Announces the rows of the next screenful in the direction of scrolling, each once
    /// while the scrolling goes on that way.
    private func prefetch(around rows: Range<Int>) {
        guard let dataSource, !rows.isEmpty else { return }
        let offset = contentOffset.y
        let down = offset >= prefetchOffset
        prefetchOffset = offset
        let ahead = down
            ? rows.upperBound..<min(layout.rowCount, rows.upperBound + rows.count)
            : max(0, rows.lowerBound - rows.count)..<rows.lowerBound
        let fresh = ahead.filter { !prefetchedRows.contains($0) }
        prefetchedRows = ahead
        guard !fresh.isEmpty else { return }
        dataSource.tableView(self, prefetchRowsAt: fresh.map(layout.indexPath(ofGlobalRow:)))
    }
}
