import ScreenKit
import Testing
@testable import ScreenRender

/// Lists as the text and SVG renderers draw them: snapshots of tables and collection views,
/// and what scrolling and clicking on them do.
@MainActor
struct ListRendererTests {
    nonisolated static let snapshots = ["table-plain", "table-grouped", "table-editing", "table-swiped", "table-scrolled", "search", "collection-flow", "collection-stack"]

    @Test(arguments: snapshots)
    func textSnapshot(of name: String) throws {
        Snapshot.expect(TextRenderer().render(try Self.make(name)), matches: "\(name).txt")
    }

    @Test(arguments: snapshots)
    func svgSnapshot(of name: String) throws {
        Snapshot.expect(SVGRenderer().render(try Self.make(name)), matches: "\(name).svg")
    }

    static func make(_ name: String) throws -> Window {
        switch name {
        case "table-plain": try Screens.plainTable()
        case "table-grouped": try Screens.groupedTable()
        case "table-editing": try Screens.editingTable()
        case "table-swiped": try Screens.swipedTable()
        case "table-scrolled": try Screens.scrolledTable()
        case "collection-flow": try Screens.flowCollection().0
        case "collection-stack": try Screens.stackCollection().0
        default: try Screens.search().0
        }
    }
}

// MARK: - Scrolling and clicking

extension ListRendererTests {
    /// The lines of a text render.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// The row numbers shown as "Row N" on each line, nil for a line without one.
    static func rowNumbers(_ lines: [String]) -> [Int?] {
        lines.map { line in
            guard let range = line.range(of: "Row ") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
    }

    /// A window with a label above and below a table of a million rows in rows 4 to 27 of
    /// the grid.
    static func millionRows() throws -> (Window, TableView) {
        let window = Window(device: .iphone)
        try window.addSubview(Screens.label("Above", Rect(x: 0, y: 0, width: 320, height: 16)))
        try window.addSubview(Screens.label("Below", Rect(x: 0, y: 464, width: 320, height: 16)))
        let table = try Screens.countedTable(1_000_000, frame: Rect(x: 0, y: 64, width: 320, height: 384), in: window)
        window.layoutIfNeeded()
        return (window, table)
    }

    @Test func aScrolledTableDrawsTheRowsAtItsOffsetInsideItsFrame() throws {
        let (window, table) = try Self.millionRows()
        let end = table.maximumContentOffset.y
        #expect(end == 44_000_000 - 384)
        for offset: Double in [0, 1, 7.5, 22, 43.9, 44 * 500_000 + 3, end - 1.5, end] {
            table.contentOffset = Point(x: 0, y: offset)
            let lines = Self.lines(TextRenderer().render(window))
            // Nothing of the table outside its frame.
            #expect(lines[0] == "Above" && lines[29] == "Below", "offset \(offset)")
            #expect(lines[1...3].allSatisfy(\.isEmpty) && lines[28].isEmpty, "offset \(offset)")
            // Each row shown is on a line its label covers, in order.
            let shown = Self.rowNumbers(lines)
            var last = -1
            for (line, number) in shown.enumerated() {
                guard let number else { continue }
                let cell = try #require(table.cellForRow(at: IndexPath(row: number, section: 0)), "offset \(offset)")
                let label = cell.textLabel.convert(cell.textLabel.bounds, to: nil)
                #expect(label.minY < Double(line + 1) * 16 && label.maxY > Double(line) * 16, "Row \(number) at \(offset)")
                #expect(number > last)
                last = number
            }
            // Every row whose label is wholly inside the frame is shown.
            for cell in table.visibleCells {
                let label = cell.textLabel.convert(cell.textLabel.bounds, to: nil)
                guard label.minY >= 64, label.maxY <= 448, let path = table.indexPath(for: cell) else { continue }
                #expect(shown.contains(path.row), "Row \(path.row) at \(offset)")
            }
        }
        #expect(Self.rowNumbers(Self.lines(TextRenderer().render(window))).compactMap { $0 }.last == 999_999)
    }

    /// The rows of the thumb `┃` in the right-most column.
    static func thumbRows(_ lines: [String]) -> [Int] {
        lines.indices.filter { lines[$0].count >= 40 && Array(lines[$0])[39] == "┃" }
    }

    @Test func theIndicatorShowsWhereTheVisiblePartIs() throws {
        let (window, table) = try Self.millionRows()
        // A million rows: the thumb is one row, at the top, in the middle, at the bottom.
        #expect(Self.thumbRows(Self.lines(TextRenderer().render(window))) == [4])
        table.contentOffset = Point(x: 0, y: table.maximumContentOffset.y / 2)
        #expect(Self.thumbRows(Self.lines(TextRenderer().render(window))) == [16])
        table.contentOffset = Point(x: 0, y: table.maximumContentOffset.y)
        #expect(Self.thumbRows(Self.lines(TextRenderer().render(window))) == [27])
        // Sixty rows: the thumb is as long against the frame as the frame against the content.
        let scrolled = try Screens.scrolledTable()
        let thumb = Self.thumbRows(Self.lines(TextRenderer().render(scrolled)))
        #expect(thumb == Array(13...17))
    }

    @Test func contentThatFitsShowsNoIndicator() throws {
        let window = Window(device: .iphone)
        let table = try Screens.countedTable(10, frame: Rect(x: 0, y: 0, width: 320, height: 480), in: window)
        #expect(Self.thumbRows(Self.lines(TextRenderer().render(window))).isEmpty)
        #expect(!SVGRenderer().render(window).contains("fill-opacity=\"0.35\""))
        table.contentOffset = Point(x: 0, y: 100)
        #expect(Self.thumbRows(Self.lines(TextRenderer().render(window))).isEmpty)
    }

    @Test func contentOfAThousandBillionBillionPointsScrollsToItsEnd() throws {
        let window = Window(device: .iphone)
        let scroller = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        scroller.contentSize = Size(width: 1e300, height: 1e300)
        #expect(scroller.contentSize == Size(width: ScrollView.maximumContentLength, height: ScrollView.maximumContentLength))
        let (right, bottom) = (ScrollView.maximumContentLength - 320, ScrollView.maximumContentLength - 480)
        try scroller.addSubview(Screens.label("the end", Rect(x: right + 8, y: bottom + 16, width: 80, height: 16)))
        try window.addSubview(scroller)
        scroller.contentOffset = Point(x: 1e300, y: 1e300)
        #expect(scroller.contentOffset == Point(x: right, y: bottom))
        let lines = Self.lines(TextRenderer().render(window))
        #expect(lines[1] == " the end")
        // Both thumbs at their ends, one cell each, clear of the corner they would share.
        #expect(Self.thumbRows(lines) == [28])
        #expect(lines[29] == String(repeating: " ", count: 38) + "━")
        // In SVG, bars of the shortest length at the ends of their tracks.
        let svg = SVGRenderer().render(window)
        let vertical = "<rect x=\"\(RenderedNumber.text(right + 314))\" y=\"\(RenderedNumber.text(bottom + 435))\" width=\"3\" height=\"36\""
        let horizontal = "<rect x=\"\(RenderedNumber.text(right + 275))\" y=\"\(RenderedNumber.text(bottom + 474))\" width=\"36\" height=\"3\""
        #expect(svg.contains(vertical) && svg.contains(horizontal))
        // The label's place and the offset add up to where the text renderer puts it.
        #expect(svg.contains("transform=\"translate(-\(RenderedNumber.text(right)),-\(RenderedNumber.text(bottom)))\""))
        #expect(svg.contains("transform=\"translate(\(RenderedNumber.text(right + 8)),\(RenderedNumber.text(bottom + 16)))\""))
    }

    @Test func aTableOfHugeRowsDrawsTheRowAtItsEnd() throws {
        let window = Window(device: .iphone)
        let table = try Screens.countedTable(10, frame: Rect(x: 0, y: 0, width: 320, height: 480), in: window)
        table.rowHeight = 1e300
        window.layoutIfNeeded()
        table.contentOffset = Point(x: 0, y: .infinity)
        #expect(table.contentOffset.y == ScrollView.maximumContentLength - 480)
        let text = TextRenderer().render(window)
        #expect(Self.thumbRows(Self.lines(text)) == [29])
        #expect(SVGRenderer().render(window).hasSuffix("</svg>\n"))
    }

    @Test func aClickOnADrawnRowGoesToThatRowsCell() throws {
        let (window, table) = try Self.millionRows()
        table.contentOffset = Point(x: 0, y: 44 * 500_000 + 7)
        let screen = TextRenderer().renderScreen(window)
        let lines = Self.lines(screen.text)
        let line = try #require(Self.rowNumbers(lines).firstIndex { $0 == 500_003 })
        let column = try #require(Array(lines[line]).firstIndex(of: "R"))
        let cell = try #require(table.cellForRow(at: IndexPath(row: 500_003, section: 0)))
        let drawer = try #require(screen.view(atColumn: column, row: line))
        #expect(drawer.isDescendant(of: cell))
        let point = try #require(screen.point(atColumn: column, row: line))
        #expect(window.hitTest(point)?.isDescendant(of: cell) == true)
        window.touch(.began, at: point)
        window.touch(.ended, at: point)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 500_003, section: 0))
        // The click goes to the view's point nearest the cell's centre, inside the row.
        let inTable = table.convert(point, from: nil)
        #expect(table.indexPathForRow(at: inTable) == IndexPath(row: 500_003, section: 0))
        // A separator is the table's own: a click there goes to the table.
        let separator = try #require(lines.indices.first { lines[$0].hasPrefix("  ───") })
        #expect(screen.view(atColumn: 10, row: separator) === table)
        // A cell no view drew, or one off the grid, goes nowhere.
        #expect(screen.view(atColumn: 30, row: 1) == nil && screen.point(atColumn: 30, row: 1) == nil)
        #expect(screen.view(atColumn: -1, row: 1_000_000) == nil)
    }
}
