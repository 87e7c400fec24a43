import ScreenKit

/// What views show (their ``ViewDescription``'s content), as characters; ``TextRenderer``
/// lists the shapes.
extension TextPass {
    /// `opacity` is the view's, composed down the tree, for what is drawn in its own colours
    /// (an image).
    mutating func drawContent(
        _ description: ViewDescription, of view: View, in cells: CellRect, placement: AffineTransform, clip: CellRect,
        opacity: Double = 1
    ) {
        switch description.content {
        case .text(let text): drawText(text, width: view.bounds.width, in: cells, clip: clip)
        case .button(let button):
            if case .delete(let row) = button.style {
                drawDeleteButton(button, row: row, in: cells, placement: placement, clip: clip)
            } else {
                drawButton(button, label: description.accessibilityLabel, in: cells, clip: clip)
            }
        case .toggle(let isOn): centre(isOn ? "(on)" : "(off)", in: cells, clip: clip)
        case .track(let value, let minimum, let maximum):
            drawTrack(ViewDescription.fraction(value, minimum: minimum, maximum: maximum), in: cells, clip: clip)
        case .progress(let progress): drawProgress(progress, in: cells, clip: clip)
        case .segments(let titles, let selected): drawSegments(titles, selected: selected, in: cells, clip: clip)
        case .stepper(let value): drawStepper(value, in: cells, clip: clip)
        case .dots(let count, let current): drawDots(count, current: current, in: cells, clip: clip)
        case .field(let field): drawField(field, in: cells, clip: clip)
        case .image(let picture):
            // In colour, the image itself; the text alone has no room for a photo.
            if grid.keepsColors, let image = picture.image {
                if let area = cells.intersection(clip) {
                    drawImage(image, at: picture.rect, in: area, placement: placement, opacity: opacity)
                }
            } else {
                drawImage(description.accessibilityLabel, in: cells, clip: clip)
            }
        case .tableCell(let cell): drawCell(cell, in: cells, placement: placement, clip: clip)
        case .sectionHeader(let floating):
            if floating { drawFloatingHeader(view.bounds, placement: placement, clip: clip) }
        case .searchBar: drawSearchBar(view.bounds, placement: placement, clip: clip)
        case .wheels(let wheels): drawWheels(wheels, bounds: view.bounds, in: cells, placement: placement, clip: clip)
        case .spinner(let spinner): centre(String(Self.spinnerFrame(spinner)), in: cells, clip: clip)
        case .dimming(let color): dim(color.fading(by: opacity), in: cells, clip: clip)
        case .alertPanel(let panel): drawAlertPanel(panel, in: cells, placement: placement, clip: clip, opacity: opacity)
        case .none, .scroll, .table, .collectionCell: break
        }
    }

    /// The row controls draw on: the middle one, the upper of two middles — unless the
    /// views behind already drew on that one where the control writes (`columns`, all of
    /// its cells unless told) and left the lower one clear. A control 16 points tall that
    /// straddles two rows covers both, so either is true to its frame, and the upper one may
    /// hold a bar's rule: a toolbar whose top edge is on a line of the grid has its rule and
    /// its items' upper row on the same row of cells.
    private func middleRow(of cells: CellRect, columns: Range<Int>? = nil, clip: CellRect) -> Int {
        let upper = cells.minRow + (cells.rows - 1) / 2
        guard cells.rows % 2 == 0, upper + 1 < clip.maxRow else { return upper }
        let written = columns ?? visibleColumns(of: cells, clip: clip)
        return !grid.isBlank(row: upper, columns: written) && grid.isBlank(row: upper + 1, columns: written)
            ? upper + 1 : upper
    }

    /// Writes one line centred in `cells`, or from their first cell when it is wider.
    private mutating func centre(_ text: String, in cells: CellRect, clip: CellRect) {
        let width = CellText.width(of: text)
        let column = cells.minColumn + max(0, (cells.columns - width) / 2)
        let written = CharacterGrid.range(max(column, clip.minColumn), min(column + width, clip.maxColumn))
        grid.write(text, column: column, row: middleRow(of: cells, columns: written, clip: clip), clip: clip)
    }

    /// Lines of text, from a label `width` points wide.
    private mutating func drawText(_ text: ViewDescription.Text, width: Double, in cells: CellRect, clip: CellRect) {
        // The width the layout was made for, which alignment is relative to.
        let width = Label.columns(in: width)
        let top = cells.minRow + max(0, (cells.rows - text.lines.count) / 2)
        for (index, line) in text.lines.enumerated() {
            let free = max(0, width - CellText.width(of: line))
            let offset: Int
            switch text.alignment {
            case .left: offset = 0
            case .center: offset = free / 2
            case .right: offset = free
            }
            grid.write(line, column: cells.minColumn + offset, row: top + index, clip: clip)
        }
    }

    /// A button's title in brackets; for an image without a title, the button's `label` in
    /// its place.
    private mutating func drawButton(_ button: ViewDescription.ButtonTitle, label: String?, in cells: CellRect, clip: CellRect) {
        guard let title = button.shownTitle(label: label) else { return }
        centre(Self.buttonText(title, highlighted: button.isHighlighted, columns: cells.columns), in: cells, clip: clip)
    }

    /// A button's title in brackets for a width in cells.
    static func buttonText(_ title: String, highlighted: Bool, columns: Int) -> String {
        let width = CellText.width(of: title)
        if width + 4 <= columns { return (highlighted ? "[*" : "[ ") + title + (highlighted ? "*]" : " ]") }
        if columns >= 3 { return "[" + CellText.truncated(title, to: columns - 2) + "]" }
        return CellText.truncated(title, to: columns)
    }

    /// The columns of `cells` that `clip` holds: the only ones worth a character, however
    /// wide the control is.
    private func visibleColumns(of cells: CellRect, clip: CellRect) -> Range<Int> {
        CharacterGrid.range(max(cells.minColumn, clip.minColumn), min(cells.maxColumn, clip.maxColumn))
    }

    /// A value on a track, `fraction` (from 0 to 1) of the way along.
    private mutating func drawTrack(_ fraction: Double, in cells: CellRect, clip: CellRect) {
        let knob = cells.minColumn + Int((fraction * Double(cells.columns - 1)).rounded())
        let row = middleRow(of: cells, clip: clip)
        for column in visibleColumns(of: cells, clip: clip) {
            grid.put(column == knob ? "●" : "─", column: column, row: row, clip: clip)
        }
    }

    /// A bar `████░░░░` across the width, filled as far as `progress` (clamped to 0...1).
    private mutating func drawProgress(_ progress: Double, in cells: CellRect, clip: CellRect) {
        let fraction = progress.isFinite ? min(max(progress, 0), 1) : 0
        let filled = cells.minColumn + Int((fraction * Double(cells.columns)).rounded())
        let row = middleRow(of: cells, clip: clip)
        for column in visibleColumns(of: cells, clip: clip) {
            grid.put(column < filled ? "█" : "░", column: column, row: row, clip: clip)
        }
    }

    private mutating func drawSegments(_ titles: [String], selected: Int?, in cells: CellRect, clip: CellRect) {
        let row = middleRow(of: cells, clip: clip)
        let count = titles.count
        guard count > 0 else { return }
        // Slot i spans columns [bounds(i), bounds(i+1)): the same equal division as
        // `segment(at:)`, so a tap lands on the title drawn there.
        func boundary(_ index: Int) -> Int { cells.minColumn + index * cells.columns / count }
        func end(_ index: Int) -> Int { index == count - 1 ? cells.maxColumn - 1 : boundary(index + 1) }
        for index in 0..<count { grid.put("|", column: boundary(index), row: row, clip: clip) }
        grid.put("|", column: cells.maxColumn - 1, row: row, clip: clip)
        for (index, title) in titles.enumerated() {
            let start = boundary(index)
            let room = end(index) - start - 1
            guard room > 0 else { continue }
            var text = CellText.truncated(title, to: room)
            if index == selected {
                // The selection marks never take the title's room: without two spare cells
                // inside, they replace the segment's dividers, so the title shows as much
                // of itself selected as not.
                if CellText.width(of: text) + 2 <= room {
                    text = "[" + text + "]"
                } else {
                    grid.put("[", column: start, row: row, clip: clip)
                    grid.put("]", column: end(index), row: row, clip: clip)
                }
            }
            let offset = (room - CellText.width(of: text)) / 2
            grid.write(text, column: start + 1 + offset, row: row, clip: clip)
        }
    }

    private mutating func drawStepper(_ value: Double, in cells: CellRect, clip: CellRect) {
        let buttons = "[-|+]"
        let withValue = buttons + " " + RenderedNumber.text(value)
        centre(CellText.width(of: withValue) <= cells.columns ? withValue : buttons, in: cells, clip: clip)
    }

    /// A dot per page, as many as the cells hold around the current page.
    private mutating func drawDots(_ count: Int, current: Int, in cells: CellRect, clip: CellRect) {
        let shown = PageDots.shown(count: count, current: current, room: cells.columns)
        guard !shown.isEmpty else { return }
        let first = cells.minColumn + max(0, (cells.columns - shown.count) / 2)
        let row = middleRow(of: cells, clip: clip)
        for column in visibleColumns(of: CellRect(minColumn: first, minRow: row, maxColumn: first + shown.count, maxRow: row + 1), clip: clip) {
            let page = shown.lowerBound + (column - first)
            grid.put(page == current ? "●" : "○", column: column, row: row, clip: clip)
        }
    }

    private mutating func drawField(_ field: ViewDescription.Field, in cells: CellRect, clip: CellRect) {
        guard cells.columns >= 2 else { return }
        // A search field starts with a magnifier, where there is room for one.
        let icon = field.isSearch && cells.columns >= 6 ? "⌕ " : ""
        let room = cells.columns - 2 - CellText.width(of: icon)
        var inside: String
        if field.isEditing {
            // An editing field shows where typing goes: the end of the text and the cursor.
            if field.text.isEmpty, let placeholder = field.placeholder {
                inside = "▏" + CellText.prefix(of: placeholder, fitting: room - 1)
            } else {
                inside = CellText.suffix(of: field.text, fitting: room - 1) + "▏"
            }
        } else {
            let shown = field.text.isEmpty ? (field.placeholder ?? "") : field.text
            inside = CellText.prefix(of: shown, fitting: room)
        }
        if room == 0 { inside = "" }
        // `[text____]`: the underscores only where they show, however wide the field is.
        let row = middleRow(of: cells, clip: clip)
        grid.write("[" + icon + inside, column: cells.minColumn, row: row, clip: clip)
        let blank = CellRect(
            minColumn: cells.minColumn + 1 + CellText.width(of: icon + inside), minRow: row,
            maxColumn: cells.maxColumn - 1, maxRow: row + 1)
        for column in visibleColumns(of: blank, clip: clip) { grid.put("_", column: column, row: row, clip: clip) }
        grid.put("]", column: cells.maxColumn - 1, row: row, clip: clip)
    }

    /// An image where colours are not drawn: a box with its label in the middle, or the
    /// label alone where there is no room for a box.
    private mutating func drawImage(_ label: String?, in cells: CellRect, clip: CellRect) {
        let label = label ?? ""
        guard cells.rows >= 3, cells.columns >= 3 else {
            if !label.isEmpty { centre(CellText.truncated(label, to: cells.columns), in: cells, clip: clip) }
            return
        }
        grid.box(cells, clip: clip)
        guard !label.isEmpty else { return }
        let inside = CellRect(
            minColumn: cells.minColumn + 1, minRow: cells.minRow + 1, maxColumn: cells.maxColumn - 1,
            maxRow: cells.maxRow - 1)
        centre(CellText.truncated(label, to: inside.columns), in: inside, clip: clip)
    }
}
