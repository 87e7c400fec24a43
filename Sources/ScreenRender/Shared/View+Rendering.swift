import ScreenKit

extension View {
    /// Whether the renderers draw this view (and so its subviews): not hidden, and with an
    /// alpha above 0.01 — the same threshold below which UIKit stops delivering touches, so
    /// a view one cannot see is a view one cannot tap.
    var isRendered: Bool { !isHidden && alpha > 0.01 }

    /// The commands the view's ``View/draw(_:)`` (or its replacement) produces, in its own
    /// coordinates.
    func drawingCommands() -> [Canvas.Command] {
        let canvas = Canvas()
        drawContent(in: canvas)
        return canvas.commands
    }
}

extension Color {
    /// Whether a colour draws anything at all.
    var isVisible: Bool { alpha > 0 }

    /// Relative luminance with the Rec. 709 weights, applied to the components as given
    /// (no gamma decoding): close enough to tell dark from light, and exact arithmetic.
    var luminance: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }
}

extension PageControl {
    /// The pages whose dots are drawn when there is room for `room` dots: all of them when
    /// they fit, else `room` of them around the current page, as a page control with more
    /// pages than fit scrolls its dots.
    func shownPages(room: Int) -> Range<Int> {
        let room = max(room, 1)
        guard numberOfPages > room else { return 0..<numberOfPages }
        let first = min(max(currentPage - room / 2, 0), numberOfPages - room)
        return first..<(first + room)
    }
}

extension Button {
    /// The table cell whose delete button this is, if it is one.
    var deletingCell: TableViewCell? {
        guard let cell = superview as? TableViewCell, cell.deleteButton === self else { return nil }
        return cell
    }
}

extension TableView {
    /// The rows in view whose separators are drawn, with their cells: each row but the last
    /// of a grouped section (its box's edge is there), and none whose bottom edge a section
    /// header or footer shown lies over (a plain table's header stays at the top while rows
    /// scroll under it).
    var separatedRows: [TableViewCell] {
        let paths = indexPathsForVisibleRows
        var sections: [Int] = []
        for path in paths where sections.last != path.section { sections.append(path.section) }
        let bars = sections.flatMap { [headerView(forSection: $0), footerView(forSection: $0)] }.compactMap { $0?.frame }
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
