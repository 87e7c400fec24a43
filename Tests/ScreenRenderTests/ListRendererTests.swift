import ScreenKit
import Testing
@testable import ScreenRender

/// Lists as the text and SVG renderers draw them: snapshots of tables and collection views,
/// and what scrolling and clicking on them do.
@MainActor
struct ListRendererTests {
    nonisolated static let snapshots = [
        "table-plain", "table-grouped", "table-editing", "table-swiped", "table-scrolled", "search",
        "collection-flow", "collection-stack",
    ]

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

    @Test func everyRowOf44PointsShowsItsSeparatorWhereverItFalls() throws {
        // 44 points are 2.75 rows of the grid: over 16 tops, each row's bottom edge falls at
        // every place within a row of cells.
        for top in 0..<16 {
            let window = Window(device: .iphone)
            let frame = Rect(x: 0, y: Double(top), width: 320, height: 480 - Double(top))
            _ = try Screens.countedTable(20, frame: frame, in: window)
            let lines = Self.lines(TextRenderer().render(window))
            let numbers = Self.rowNumbers(lines)
            let titles = numbers.indices.filter { numbers[$0] != nil }
            #expect(titles.count >= 10)
            for (upper, lower) in zip(titles, titles.dropFirst()) {
                let separators = ((upper + 1)..<lower).filter { lines[$0].hasPrefix("  ───") }
                #expect(separators.count == 1, "between Row \(numbers[upper]!) and Row \(numbers[lower]!), top \(top)")
                // On the row of the grid holding the bottom edge, or the one above it.
                let bottom = Double(top) + 44 * Double(numbers[upper]! + 1)
                guard let row = separators.first else { continue }
                #expect(Double(row) * 16 < bottom && Double(row + 2) * 16 >= bottom, "top \(top)")
            }
        }
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

// MARK: - Collection views

extension ListRendererTests {
    /// The middle of the part two cards share, in window coordinates.
    static func overlap(_ a: View, _ b: View) throws -> Point {
        let shared = try #require(a.convert(a.bounds, to: nil).intersection(b.convert(b.bounds, to: nil)))
        return shared.center
    }

    @Test func theCardWithTheHigherZIndexCoversTheOneBelowAndTakesTheTap() throws {
        let (window, source) = try Screens.stackCollection()
        let collection = source.collectionView
        collection.deselectItem(at: IndexPath(item: 3, section: 0))
        window.layoutIfNeeded()
        let intro = try #require(collection.cellForItem(at: IndexPath(item: 0, section: 0)))
        let setup = try #require(collection.cellForItem(at: IndexPath(item: 1, section: 0)))
        let point = try Self.overlap(intro, setup)
        let (column, row) = (Int(point.x / 8), Int(point.y / 16))

        // Item 0 has the higher zIndex (0 against -1): it is drawn over item 1 in both
        // renderers, the text map gives its cells, and hit testing agrees.
        func front() throws -> View? {
            let screen = TextRenderer().renderScreen(window)
            let svg = SVGRenderer().render(window)
            let introAt = try #require(svg.range(of: ">Intro</text>")), setupAt = try #require(svg.range(of: ">Setup</text>"))
            let drawn = screen.view(atColumn: column, row: row)
            let hit = window.hitTest(point)
            let card = [intro, setup].first { drawn?.isDescendant(of: $0) == true }
            #expect(card != nil && hit?.isDescendant(of: card!) == true)
            #expect((introAt.lowerBound > setupAt.lowerBound) == (card === intro))
            return card
        }
        #expect(try front() === intro)
        // Selecting item 1 lifts it to zIndex 1, in front.
        try collection.selectItem(at: IndexPath(item: 1, section: 0))
        window.layoutIfNeeded()
        #expect(try front() === setup)
        // A tap where they overlap goes to the card in front.
        collection.deselectItem(at: IndexPath(item: 1, section: 0))
        window.layoutIfNeeded()
        window.touch(.began, at: point)
        window.touch(.ended, at: point)
        #expect(collection.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
    }

    @Test func alphaHiddenAndTransformFromTheLayoutShow() throws {
        let (window, _) = try Screens.stackCollection()
        let svg = SVGRenderer().render(window)
        let text = TextRenderer().render(window)
        // The sixth card is hidden: neither renderer shows it.
        #expect(!svg.contains("Hidden") && !text.contains("Hidden"))
        // The fifth is half transparent, the second turned.
        #expect(svg.contains("<g class=\"CollectionViewCell\" transform=\"translate(36.8,92)\" opacity=\"0.5\">"))
        #expect(svg.contains("<g class=\"CollectionViewCell\" transform=\"matrix(0.9968,-0.0799,0.0799,0.9968,"))
        // The header, the footer and the decoration are drawn.
        #expect(text.contains(" Videos") && text.contains(" 6 cards, 1 hidden") && text.contains("NEW"))
        #expect(svg.components(separatedBy: "class=\"CollectionReusableView\"").count - 1 == 3)
    }

    @Test func aSelectedCardIsDrawnHeavier() throws {
        let (window, source) = try Screens.flowCollection()
        let lines = Self.lines(TextRenderer().render(window))
        #expect(lines[4] == " ┌──────────┐ ┏━━━━━━━━━━┓ ┌──────────┐┃")
        #expect(lines[5] == " │  Rhine   │ ┃  Danube  ┃ │   Elbe   │┃")
        source.collectionView.deselectItem(at: IndexPath(item: 1, section: 0))
        let plain = Self.lines(TextRenderer().render(window))
        #expect(plain[5] == " │  Rhine   │ │  Danube  │ │   Elbe   │┃")
        #expect(!SVGRenderer().render(window).contains("stroke-width=\"3\""))
    }

    // MARK: - Search bars

    @Test func aSearchBarShowsItsPlaceholderAndCancelButtonWhenAsked() throws {
        let (window, search) = try Screens.search()
        search.searchBar.textField.endEditing()
        search.searchBar.text = ""
        window.layoutIfNeeded()
        var lines = Self.lines(TextRenderer().render(window))
        #expect(lines[3] == " [⌕ Search people" + String(repeating: "_", count: 10) + "] [ Cancel ]")
        search.searchBar.showsCancelButton = false
        window.layoutIfNeeded()
        lines = Self.lines(TextRenderer().render(window))
        #expect(lines[3] == " [⌕ Search people" + String(repeating: "_", count: 21) + "]")
        #expect(lines[5] == String(repeating: "─", count: 40))
        let svg = SVGRenderer().render(window)
        #expect(svg.contains(">Search people</text>") && !svg.contains(">Cancel</text>"))
    }
}

// MARK: - Rows of the grid that two rows share

extension ListRendererTests {
    @Test func aRowWithABackgroundLeavesTheNextRowsTitleOnTheRowTheyShare() throws {
        // Rows of 44 points from y = 44: Tuesday's title (94 to 110) is on the row of cells
        // from 80 to 96, where Monday's row (44 to 88) ends; Monday's background must not
        // hide it. A background takes the cells whose centres it covers.
        let list = Screens.ListController("Entries", style: .plain, Screens.entries)
        let window = try Screens.navigated(list)
        for cell in list.tableView.visibleCells { cell.backgroundColor = .white }
        let lines = Self.lines(TextRenderer().render(window))
        #expect(lines[3] == "  Monday" && lines[4] == "  A walk")
        #expect(lines[5] == "  Tuesday" && lines[6] == "  Rain")
        #expect(SVGRenderer().render(window).contains(">Tuesday</text>"))
    }
}
