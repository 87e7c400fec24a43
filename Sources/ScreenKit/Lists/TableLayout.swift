/// Where the headers, rows and footers of a table view lie, top to bottom, in content
/// coordinates; built once per reload or update.
///
/// Each section keeps its top and the offsets of its rows: none for rows of one height,
/// whose places are arithmetic, and a running sum for rows of their own heights. Finding a
/// row from a place, or a place from a row, is a binary search over the sections and one over
/// the rows of one section, so a table of a million rows answers as fast as one of ten.
nonisolated struct TableLayout: Sendable {
    /// The heights of a section's rows.
    enum Heights: Sendable {
        /// All rows have this height.
        case fixed(Double)
        /// `offsets[i]` is the top of row `i` from the first row's top; one more entry than
        /// rows, the last being the height of all rows.
        case variable([Double])
    }

    struct Section: Sendable {
        /// The top of the section's header.
        var top: Double
        var header: Double
        var footer: Double
        var rows: Int
        /// The index of its first row among all rows of the table.
        var firstRow: Int
        var heights: Heights

        /// The height of all its rows together.
        var rowsHeight: Double {
            switch heights {
            case .fixed(let height): Double(rows) * height
            case .variable(let offsets): offsets.last ?? 0
            }
        }

        var rowsTop: Double { top + header }
        var rowsBottom: Double { rowsTop + rowsHeight }
        var bottom: Double { rowsBottom + footer }

        /// The top of row `row` from the first row's top, and its height.
        func row(_ row: Int) -> (offset: Double, height: Double) {
            switch heights {
            case .fixed(let height): (Double(row) * height, height)
            case .variable(let offsets): (offsets[row], offsets[row + 1] - offsets[row])
            }
        }

        /// The first row whose bottom is below `offset` (from the first row's top); `rows`
        /// when there is none.
        func firstRow(below offset: Double) -> Int {
            switch heights {
            case .fixed(let height):
                guard height > 0 else { return offset < 0 ? 0 : rows }
                return TableLayout.index((offset / height).rounded(.down), in: rows)
            case .variable(let offsets):
                // The first row whose bottom (the next row's top, one entry on) is past `offset`.
                return TableLayout.firstIndex(in: offsets.dropFirst()) { $0 > offset } - 1
            }
        }

        /// The last row whose top is above `offset` (from the first row's top); -1 when there
        /// is none.
        func lastRow(above offset: Double) -> Int {
            switch heights {
            case .fixed(let height):
                guard height > 0 else { return offset > 0 ? rows - 1 : -1 }
                let tops = offset / height
                guard tops > 0 else { return -1 }
                let row = tops.rounded(.up) - 1
                return row < Double(rows) ? Int(row) : rows - 1
            case .variable(let offsets):
                return TableLayout.firstIndex(in: offsets.dropLast()) { $0 >= offset } - 1
            }
        }
    }

    var sections: [Section] = []
    /// All rows of all sections.
    var rowCount = 0
    /// The sections with a header of some height, and those with a footer, in order.
    var headerSections: [Int] = []
    var footerSections: [Int] = []

    /// The height of the table's header view, above the first section, and of its footer
    /// view, below the last.
    var top = 0.0
    var footer = 0.0

    /// The height of everything.
    var height: Double { (sections.last?.bottom ?? top) + footer }

    /// Moves the sections below a header view of height `top`, with a footer view of height
    /// `footer`: the rows keep their places among themselves.
    mutating func setTableViews(top newTop: Double, footer newFooter: Double) {
        let shift = newTop - top
        if shift != 0 {
            for index in sections.indices { sections[index].top += shift }
        }
        top = newTop
        footer = newFooter
    }

    // MARK: - Queries

    /// Whether `path` names a row.
    func contains(_ path: IndexPath) -> Bool {
        sections.indices.contains(path.section) && path.item >= 0 && path.item < sections[path.section].rows
    }

    /// The place of the row at `path` among all rows; `path` must name a row.
    func globalRow(_ path: IndexPath) -> Int {
        sections[path.section].firstRow + path.item
    }

    /// The row at `global` among all rows, which must be in `0..<rowCount`.
    func indexPath(ofGlobalRow global: Int) -> IndexPath {
        // The last section starting at or before it: empty sections before a section share
        // its first row and come before it.
        let section = TableLayout.firstIndex(in: sections) { $0.firstRow > global } - 1
        return IndexPath(row: global - sections[section].firstRow, section: section)
    }

    /// The rectangle's vertical extent of the row at `path`; `path` must name a row.
    func rowExtent(_ path: IndexPath) -> (top: Double, height: Double) {
        let section = sections[path.section]
        let row = section.row(path.item)
        return (section.rowsTop + row.offset, row.height)
    }

    /// The first row (among all) whose bottom is below `y`; `rowCount` when none is.
    func firstGlobalRow(below y: Double) -> Int {
        // The first section that ends below `y`; its rows, or else the next section's.
        let index = TableLayout.firstIndex(in: sections) { $0.rowsBottom > y }
        guard index < sections.count else { return rowCount }
        let section = sections[index]
        return section.firstRow + section.firstRow(below: y - section.rowsTop)
    }

    /// The last row (among all) whose top is above `y`; -1 when none is.
    func lastGlobalRow(above y: Double) -> Int {
        // The last section whose rows start above `y`.
        let index = TableLayout.firstIndex(in: sections) { $0.rowsTop >= y } - 1
        guard index >= 0 else { return -1 }
        let section = sections[index]
        return section.firstRow + section.lastRow(above: y - section.rowsTop)
    }

    /// The sections among `list` (in order) whose extent, from `extent`, meets `minY..<maxY`.
    func sections(
        in list: [Int], meeting minY: Double, _ maxY: Double, extent: (Section) -> (top: Double, bottom: Double)
    ) -> ArraySlice<Int> {
        let first = TableLayout.firstIndex(in: list) { extent(sections[$0]).bottom > minY }
        let end = TableLayout.firstIndex(in: list[first...]) { extent(sections[$0]).top >= maxY }
        return list[first..<end]
    }

    /// Whether the section has a header: a title, or the delegate's view.
    func hasHeader(_ section: Int) -> Bool {
        let index = TableLayout.firstIndex(in: headerSections) { $0 >= section }
        return index < headerSections.count && headerSections[index] == section
    }

    /// The section whose extent holds `y`, if any.
    func section(at y: Double) -> Int? {
        let index = TableLayout.firstIndex(in: sections) { $0.bottom > y }
        return index < sections.count && sections[index].top <= y ? index : nil
    }

    // MARK: - Arithmetic

    /// The index of the first element of `elements` (which are ordered so that `isPast`
    /// is false, then true) for which `isPast` holds; the end index when none does.
    static func firstIndex<C: RandomAccessCollection>(in elements: C, where isPast: (C.Element) -> Bool) -> C.Index {
        var low = elements.startIndex, high = elements.endIndex
        while low < high {
            let middle = elements.index(low, offsetBy: elements.distance(from: low, to: high) / 2)
            if isPast(elements[middle]) { high = middle } else { low = elements.index(after: middle) }
        }
        return low
    }

    /// `value` as an index in `0...count`: below 0 (or not a number) is 0, past `count` is
    /// `count`.
    static func index(_ value: Double, in count: Int) -> Int {
        guard value > 0 else { return 0 }
        return value < Double(count) ? Int(value) : count
    }
}
