import ScreenKit
import ScreenRender

/// The texts a window shows, found as a person reads them: in the text rendering, each
/// with the view that drew it and where a tap on it goes.
///
/// A view's texts are those its description shows (``ViewDescription/shownTexts``: a
/// label's text, a button's title, a field's text or placeholder, segments' titles) and its
/// accessibility label, where that is not one of them (a label is called by its text). A
/// text is on screen when the view drew cells of the rendering that a tap there would reach
/// (a presented controller over it hides it), and a tap on it goes to the cells where the
/// text is drawn, at the drawing view's point nearest the middle of them.
struct ScreenTexts {
    struct Item {
        let text: String
        let view: View
        /// Where a tap on it goes, in window coordinates.
        let point: Point
        /// The cell the point is in, for messages.
        let column: Int, row: Int
        /// Whether it is an accessibility label rather than text drawn.
        let isAccessibilityLabel: Bool
    }

    let window: Window
    let screen: TextScreen
    private(set) var items: [Item] = []
    /// The characters of each row, one entry per cell (a wide character's second cell is nil).
    private var rows: [[Character?]] = []
    /// The cells each view drew, by view.
    private var cellsByView: [ObjectIdentifier: [(column: Int, row: Int)]] = [:]

    init(window: Window) {
        self.window = window
        screen = TextRenderer().renderScreen(window)
        rows = screen.text.split(separator: "\n", omittingEmptySubsequences: false).prefix(screen.rows).map { line in
            var cells: [Character?] = []
            for character in line {
                cells.append(character)
                if TextLayout.cellWidth(of: character) == 2 { cells.append(nil) }
            }
            return cells
        }
        for row in 0..<screen.rows {
            for column in 0..<screen.columns {
                guard let view = screen.view(atColumn: column, row: row) else { continue }
                cellsByView[ObjectIdentifier(view), default: []].append((column, row))
            }
        }
        collect(window)
        items.sort { ($0.row, $0.column) < ($1.row, $1.column) }
    }

    /// The items showing `text`, one per view a tap would reach (an accessibility label and
    /// the text drawn inside the same control are one). When no view has that text, the
    /// text a view draws itself (`draw` commands: a clock face's numbers) is looked for in
    /// the rendering, as a whole word.
    func matching(_ text: String) -> [Item] {
        let found = distinct(items.filter { $0.text == text })
        return found.isEmpty ? distinct(drawnWords(text)) : found
    }

    private func distinct(_ items: [Item]) -> [Item] {
        var found: [Item] = []
        for item in items {
            let hit = window.hitTest(item.point)
            if let index = found.firstIndex(where: { other in
                other.view === item.view || window.hitTest(other.point) === hit
                    || other.view.isDescendant(of: item.view) || item.view.isDescendant(of: other.view)
            }) {
                // Keep the text drawn over a label that covers it.
                if found[index].isAccessibilityLabel && !item.isAccessibilityLabel { found[index] = item }
                continue
            }
            found.append(item)
        }
        return found
    }

    /// The places the rendering shows `text` with no letter or digit right before or after
    /// it, all its cells drawn by one view.
    private func drawnWords(_ text: String) -> [Item] {
        let wanted = Array(text)
        guard !wanted.isEmpty, !text.contains("\n") else { return [] }
        var found: [Item] = []
        for (row, line) in rows.enumerated() {
            var column = 0
            while column + wanted.count <= line.count {
                defer { column += 1 }
                guard Array(line[column..<column + wanted.count]) == wanted.map(Optional.some) else { continue }
                let before = column > 0 ? line[column - 1] : nil, after = column + wanted.count < line.count ? line[column + wanted.count] : nil
                guard !Self.isWordCharacter(before), !Self.isWordCharacter(after) else { continue }
                let drawers = (column..<column + wanted.count).map { screen.view(atColumn: $0, row: row) }
                guard let view = drawers.first ?? nil, drawers.allSatisfy({ $0 === view }) else { continue }
                let middle = column + (wanted.count - 1) / 2
                guard let point = screen.point(atColumn: middle, row: row), reaches(point, view) else { continue }
                found.append(Item(text: text, view: view, point: point, column: middle, row: row, isAccessibilityLabel: false))
            }
        }
        return found
    }

    private static func isWordCharacter(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character.isLetter || character.isNumber
    }

    /// The texts drawn on screen in reading order, each time it is drawn.
    var drawnTexts: [String] {
        items.filter { !$0.isAccessibilityLabel }.map(\.text)
    }

    /// The distinct texts drawn on screen, in reading order.
    var shownTexts: [String] {
        var seen: Set<String> = []
        return items.filter { !$0.isAccessibilityLabel && seen.insert($0.text).inserted }.map(\.text)
    }

    // MARK: - Collecting

    private mutating func collect(_ view: View) {
        guard !view.isHidden, view.alpha > 0.01 else { return }
        for (text, isLabel) in Self.texts(of: view) where !text.isEmpty {
            if let item = place(text, of: view, isAccessibilityLabel: isLabel) { items.append(item) }
        }
        for subview in view.subviews { collect(subview) }
    }

    private static func texts(of view: View) -> [(String, Bool)] {
        let description = view.contentDescription
        let shown = description.shownTexts
        var texts = shown.map { ($0, false) }
        if let label = description.accessibilityLabel, !shown.contains(label) { texts.append((label, true)) }
        return texts
    }

    /// Where `text` of `view` is on screen, or nil when no cell of it shows.
    private func place(_ text: String, of view: View, isAccessibilityLabel: Bool) -> Item? {
        var cells = cellsByView[ObjectIdentifier(view)] ?? []
        if isAccessibilityLabel {
            for (key, more) in cellsByView where key != ObjectIdentifier(view) {
                guard let drawer = more.first.flatMap({ screen.view(atColumn: $0.column, row: $0.row) }),
                      drawer.isDescendant(of: view) else { continue }
                cells += more
            }
        }
        if cells.isEmpty {
            // A view that draws nothing (a clear area with a gesture, a table cell's delete
            // control, which the cell draws) is still where its label says, when a tap there
            // reaches it or what holds it.
            guard isAccessibilityLabel, view.bounds.width > 0, view.bounds.height > 0 else { return nil }
            let point = view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil)
            guard point.x.isFinite, point.y.isFinite, window.bounds.contains(point), window.hitTest(point) != nil,
                  reaches(point, view) else { return nil }
            return Item(
                text: text, view: view, point: point, column: Int((point.x / 8).rounded(.down)),
                row: Int((point.y / 16).rounded(.down)), isAccessibilityLabel: true)
        }
        let drawn = isAccessibilityLabel ? nil : occurrence(of: text, among: cells)
        // Text cut short (`Tit…`) or named only by its label: the drawn cell nearest the
        // middle of the view's cells.
        let chosen = drawn ?? Self.nearestToMiddle(cells)
        guard let point = screen.point(atColumn: chosen.column, row: chosen.row) else { return nil }
        guard reaches(point, view) else { return nil }
        return Item(
            text: text, view: view, point: point, column: chosen.column, row: chosen.row,
            isAccessibilityLabel: isAccessibilityLabel)
    }

    /// Whether a tap at `point` reaches `view`, what holds it or what it holds. A view drawn
    /// under something a tap would reach instead (a presented controller without a
    /// background) is not on screen for a person.
    private func reaches(_ point: Point, _ view: View) -> Bool {
        guard let hit = window.hitTest(point) else { return true }
        return hit === view || view.isDescendant(of: hit) || hit.isDescendant(of: view)
    }

    /// The middle cell of the first place the view drew `text` in one row, if it drew it whole.
    private func occurrence(of text: String, among cells: [(column: Int, row: Int)]) -> (column: Int, row: Int)? {
        let wanted = Array(text)
        guard !wanted.isEmpty, !text.contains("\n") else { return nil }
        let mine = Set(cells.map { $0.row * screen.columns + $0.column })
        let rowsDrawn = Set(cells.map(\.row)).sorted()
        for row in rowsDrawn where rows.indices.contains(row) {
            let line = rows[row]
            var column = 0
            while column + wanted.count <= line.count {
                var length = 0, index = 0, matched = true
                while index < wanted.count {
                    let cell = column + length
                    guard cell < line.count, mine.contains(row * screen.columns + cell), let character = line[cell],
                          character == wanted[index] else { matched = false; break }
                    length += TextLayout.cellWidth(of: character) == 2 ? 2 : 1
                    index += 1
                }
                if matched { return (column + (length - 1) / 2, row) }
                column += 1
            }
        }
        return nil
    }

    private static func nearestToMiddle(_ cells: [(column: Int, row: Int)]) -> (column: Int, row: Int) {
        let columns = cells.map(\.column), rows = cells.map(\.row)
        let middle = (Double(columns.min()! + columns.max()!) / 2, Double(rows.min()! + rows.max()!) / 2)
        return cells.min { a, b in
            let da = abs(Double(a.column) - middle.0) + abs(Double(a.row) - middle.1) * 2
            let db = abs(Double(b.column) - middle.0) + abs(Double(b.row) - middle.1) * 2
            return da < db
        }!
    }
}
