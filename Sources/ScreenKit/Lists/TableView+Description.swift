/// What a table view draws over its rows, for its ``View/contentDescription``.
extension TableView {
    var tableDescription: ViewDescription {
        let table = ViewDescription.Table(
            contentSize: contentSize, isGrouped: style == .grouped, separatedRows: separatedRows.map(\.separatorFrame),
            sectionRows: visibleSectionRows)
        return ViewDescription(.table(table), kind: "TableView", accessibilityLabel: accessibilityLabel)
    }

    /// The rows in view whose separators are drawn, with their cells: each row but the last
    /// of a grouped section (its box's edge is there), and none whose bottom edge a section
    /// header or footer shown lies over (a plain table's header stays at the top while rows
    /// scroll under it).
    var separatedRows: [TableViewCell] {
        let paths = indexPathsForVisibleRows
        var sections: [Int] = []
        for path in paths where sections.last != path.section { sections.append(path.section) }
        let bars = sections.flatMap { [shownHeader(forSection: $0), shownFooter(forSection: $0)] }.compactMap { $0?.frame }
        return paths.compactMap { path in
            guard let cell = cellForRow(at: path) else { return nil }
            if style == .grouped && path.row == numberOfRows(inSection: path.section) - 1 { return nil }
            let bottom = cell.frame.maxY
            return bars.contains { $0.minY < bottom && $0.maxY >= bottom } ? nil : cell
        }
    }

    /// The rectangles of the rows of each section with rows in view, in content
    /// coordinates: where a grouped table draws its sections' boxes.
    var visibleSectionRows: [Rect] {
        var sections: [Int] = []
        for path in indexPathsForVisibleRows where sections.last != path.section { sections.append(path.section) }
        return sections.compactMap { section in
            let count = numberOfRows(inSection: section)
            guard count > 0, let first = rectForRow(at: IndexPath(row: 0, section: section)),
                  let last = rectForRow(at: IndexPath(row: count - 1, section: section)) else { return nil }
            return Rect(x: first.minX, y: first.minY, width: first.width, height: last.maxY - first.minY)
        }
    }
}
