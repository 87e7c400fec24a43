import ScreenKit

/// Lists as characters: the marks of table cells, section headers, separators, the boxes
/// of grouped sections, selected collection cells and scroll indicators; ``TextRenderer``
/// lists the shapes.
extension TextPass {
    /// Whether the view shows something over its subviews, drawn after them: a scroll
    /// view's indicators, a table's separators.
    static func hasCover(_ description: ViewDescription) -> Bool {
        switch description.content {
        case .scroll, .table: true
        default: false
        }
    }

    /// Whether the view is a selected or highlighted collection cell, framed by a heavy box
    /// (drawn before its subviews, as a border is, so that its content stays readable).
    static func isFramedAsSelected(_ description: ViewDescription) -> Bool {
        if case .collectionCell(selected: true) = description.content { return true }
        return false
    }

    mutating func drawCover(
        _ description: ViewDescription, bounds: Rect, in cells: CellRect, placement: AffineTransform, clip: CellRect
    ) {
        switch description.content {
        case .scroll(let contentSize):
            drawIndicators(bounds: bounds, contentSize: contentSize, in: cells, clip: clip)
        case .table(let table):
            drawSeparatorsAndGroups(of: table, in: cells, placement: placement, clip: clip)
            drawIndicators(bounds: bounds, contentSize: table.contentSize, in: cells, clip: clip)
        default:
            break
        }
    }

    /// The row a line of text centred in `rect` (grid points) is drawn on, as a label of one
    /// line there draws it.
    static func textRow(centredIn rect: Rect) -> Int {
        let line = Rect(x: rect.minX, y: rect.midY - CellRect.cellHeight / 2, width: 1, height: CellRect.cellHeight)
        return CellRect(covering: line)?.minRow ?? CellRect.row(of: rect.midY)
    }

    /// The row a table row's title is drawn on, which its marks and delete button share;
    /// where it shows no title, the row a line centred in the row takes. `rowToGrid` maps
    /// the row's bounds coordinates to grid points.
    static func titleRow(of row: ViewDescription.RowTitle, rowToGrid: AffineTransform) -> Int {
        if let label = row.label,
           let cells = CellRect(covering: label.placement.concatenating(rowToGrid).apply(to: label.bounds)) {
            return cells.minRow + max(0, (cells.rows - label.lines) / 2)
        }
        return textRow(centredIn: rowToGrid.apply(to: row.rowBounds))
    }

    // MARK: - Table cells

    mutating func drawCell(_ cell: ViewDescription.TableCell, in cells: CellRect, placement: AffineTransform, clip: CellRect) {
        let row = Self.titleRow(of: cell.title, rowToGrid: placement)
        // The left gutter: the delete control in the space the content moved aside for it,
        // or the mark of the selected row before the labels' inset.
        if let editingControl = cell.editingControl {
            let control = CellRect(covering: placement.apply(to: editingControl))
            grid.put("⊖", column: (control?.minColumn ?? cells.minColumn) + 1, row: row, clip: clip)
        } else if cell.isSelected {
            grid.put("▸", column: cells.minColumn, row: row, clip: clip)
        }
        let mark: Character
        switch cell.accessory {
        case .none: return
        case .disclosureIndicator: mark = "›"
        case .checkmark: mark = "✓"
        }
        guard let accessory = CellRect(covering: placement.apply(to: cell.accessoryRect)) else { return }
        grid.put(mark, column: accessory.minColumn + (accessory.columns - 1) / 2, row: row, clip: clip)
    }

    /// A row's delete button: its title in brackets on the line of the row's title.
    mutating func drawDeleteButton(
        _ button: ViewDescription.ButtonTitle, row title: ViewDescription.RowTitle, in cells: CellRect,
        placement: AffineTransform, clip: CellRect
    ) {
        guard let titleText = button.title, !titleText.isEmpty else { return }
        let text = Self.buttonText(titleText, highlighted: button.isHighlighted, columns: cells.columns)
        let offset = max(0, (cells.columns - CellText.width(of: text)) / 2)
        let rowToGrid = title.rowPlacement?.concatenating(placement) ?? placement
        let row = Self.titleRow(of: title, rowToGrid: rowToGrid)
        grid.write(text, column: cells.minColumn + offset, row: row, clip: clip)
    }

    /// A header or footer of a plain table hides the rows that scroll under it: the rows of
    /// the grid wholly inside it become empty (those it shares with a row keep the row's
    /// text).
    mutating func drawFloatingHeader(_ bounds: Rect, placement: AffineTransform, clip: CellRect) {
        guard let inside = CellRect(inside: placement.apply(to: bounds)) else { return }
        grid.fill(inside, with: " ", clip: clip)
    }

    /// A line under a search bar, on the row of the grid holding its bottom edge, when that
    /// row is empty.
    mutating func drawSearchBar(_ bounds: Rect, placement: AffineTransform, clip: CellRect) {
        let frame = placement.apply(to: bounds)
        let columns = CellRect.column(of: frame.minX)..<(CellRect.column(closing: frame.maxX) + 1)
        horizontalLine("─", row: CellRect.row(closing: frame.maxY), columns: columns, clip: clip)
    }

    // MARK: - Separators and grouped sections

    /// A line under each row shown that has one (``ViewDescription/Table/separatedRows``), from the
    /// labels' inset to the right edge, on the row of the grid that holds the row's bottom
    /// edge or the one above (``separatorRow(under:in:clip:)``), where that row of the grid
    /// is empty all along; and, in a grouped table, a box around the rows of each section
    /// shown, whose sides give way to what a cell draws.
    private mutating func drawSeparatorsAndGroups(
        of table: ViewDescription.Table, in cells: CellRect, placement: AffineTransform, clip: CellRect
    ) {
        let grouped = table.isGrouped
        let right = grouped ? cells.maxColumn - 1 : cells.maxColumn
        for rowFrame in table.separatedRows {
            let frame = placement.apply(to: rowFrame)
            let left = CellRect.column(of: frame.minX + TableViewCell.labelInset)
            let row = separatorRow(under: frame, in: left..<right, clip: clip)
            horizontalLine("─", row: row, columns: left..<right, clip: clip)
        }
        guard grouped else { return }
        for rows in table.sectionRows {
            let top = CellRect.row(closing: placement.apply(to: Point(x: 0, y: rows.minY)).y)
            let bottom = CellRect.row(closing: placement.apply(to: Point(x: 0, y: rows.maxY)).y)
            drawGroupBox(top: top, bottom: bottom, columns: cells.minColumn..<cells.maxColumn, clip: clip)
        }
    }

    /// The row of the grid for the separator under a table row whose frame (grid points) is
    /// `frame`. UIKit draws a separator inside its row, along the bottom edge, so it goes on
    /// the row of cells holding that edge; but an edge a point or so past a line of the grid
    /// shares that row of cells with the next row's title, which is drawn on the upper of the
    /// two rows it touches. Then the row above, still this row's own (its centre is inside
    /// the row), holds the separator: a one-line title sits 14 points down a row of 44, so
    /// one of the two is always free, and the separator never comes and goes with the row's
    /// place on the grid.
    private func separatorRow(under frame: Rect, in columns: Range<Int>, clip: CellRect) -> Int {
        let edge = CellRect.row(closing: frame.maxY)
        let above = edge - 1
        guard edge >= clip.minRow, edge < clip.maxRow, above >= clip.minRow,
              Double(above) * CellRect.cellHeight + CellRect.cellHeight / 2 >= frame.minY,
              !isBlank(row: edge, columns: columns, clip: clip),
              isBlank(row: above, columns: columns, clip: clip) else { return edge }
        return above
    }

    /// A box from row `top` to row `bottom`: the top and bottom edges where their rows are
    /// empty, the sides on each row where the cell is.
    private mutating func drawGroupBox(top: Int, bottom: Int, columns: Range<Int>, clip: CellRect) {
        guard bottom > top, columns.count >= 2 else { return }
        let (left, right) = (columns.lowerBound, columns.upperBound - 1)
        if isBlank(row: top, columns: columns, clip: clip) {
            grid.put("┌", column: left, row: top, clip: clip)
            horizontalLine("─", row: top, columns: (left + 1)..<right, clip: clip)
            grid.put("┐", column: right, row: top, clip: clip)
        }
        if isBlank(row: bottom, columns: columns, clip: clip) {
            grid.put("└", column: left, row: bottom, clip: clip)
            horizontalLine("─", row: bottom, columns: (left + 1)..<right, clip: clip)
            grid.put("┘", column: right, row: bottom, clip: clip)
        }
        for row in Self.part(of: (top + 1)..<bottom, within: max(clip.minRow, 0), min(clip.maxRow, grid.rows)) {
            for column in [left, right] where isBlank(row: row, columns: column..<(column + 1), clip: clip) {
                grid.put("│", column: column, row: row, clip: clip)
            }
        }
    }

    /// The part of `range` within `lower..<upper`.
    private static func part(of range: Range<Int>, within lower: Int, _ upper: Int) -> Range<Int> {
        CharacterGrid.range(max(range.lowerBound, lower), min(range.upperBound, upper))
    }

    /// Whether the part of `columns` in `clip` on `row` is empty.
    private func isBlank(row: Int, columns: Range<Int>, clip: CellRect) -> Bool {
        grid.isBlank(row: row, columns: Self.part(of: columns, within: clip.minColumn, clip.maxColumn))
    }

    /// `character` along `columns` of `row`, only when the whole visible stretch is empty,
    /// so that a line never runs through text.
    mutating func horizontalLine(_ character: Character, row: Int, columns: Range<Int>, clip: CellRect) {
        guard row >= clip.minRow, row < clip.maxRow, isBlank(row: row, columns: columns, clip: clip) else { return }
        for column in Self.part(of: columns, within: clip.minColumn, clip.maxColumn) {
            grid.put(character, column: column, row: row, clip: clip)
        }
    }

    // MARK: - Scroll indicators

    /// A thumb `┃` in the right-most column for content taller than the view and `━` along
    /// the bottom row for content wider, as long as the view is beside the content it shows;
    /// with both, each track stops short of the corner they would share.
    private mutating func drawIndicators(bounds: Rect, contentSize content: Size, in cells: CellRect, clip: CellRect) {
        let both = ScrollIndicator.scrolls(visible: bounds.width, content: content.width)
            && ScrollIndicator.scrolls(visible: bounds.height, content: content.height)
        let corner = both ? 1 : 0
        // Only the visible part of a thumb is visited: a view may be far taller than the grid.
        if let thumb = Self.thumb(
            offset: bounds.minY, visible: bounds.height, content: content.height, track: cells.rows - corner) {
            let rows = (cells.minRow + thumb.lowerBound)..<(cells.minRow + thumb.upperBound)
            for row in Self.part(of: rows, within: clip.minRow, clip.maxRow) {
                grid.put("┃", column: cells.maxColumn - 1, row: row, clip: clip)
            }
        }
        if let thumb = Self.thumb(
            offset: bounds.minX, visible: bounds.width, content: content.width, track: cells.columns - corner) {
            let columns = (cells.minColumn + thumb.lowerBound)..<(cells.minColumn + thumb.upperBound)
            for column in Self.part(of: columns, within: clip.minColumn, clip.maxColumn) {
                grid.put("━", column: column, row: cells.maxRow - 1, clip: clip)
            }
        }
    }

    /// The cells of a track of `track` cells the thumb takes, or nil when the content fits:
    /// as long as the part shown is of the whole (one cell at least), as far along as the
    /// offset is of the furthest it can go.
    static func thumb(offset: Double, visible: Double, content: Double, track: Int) -> Range<Int>? {
        guard track >= 2, let (start, length) = ScrollIndicator.place(
            offset: offset, visible: visible, content: content, track: Double(track), minimum: 1) else { return nil }
        let first = Int(start.rounded()), count = max(1, Int(length.rounded()))
        return min(first, track - count)..<min(first + count, track)
    }
}
