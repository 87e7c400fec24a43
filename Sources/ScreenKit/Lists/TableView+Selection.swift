// MARK: - Selection

extension TableView {
    /// The selected row, if any.
    public var indexPathForSelectedRow: IndexPath? { selectedRow }

    /// Selects the row (nil deselects the selected one) without telling the delegate, as
    /// UIKit does for selections made by code, and scrolls it to `scrollPosition` unless that
    /// is `none`.
    /// - Throws: ``ListError/invalidIndexPath(_:_:action:)`` when it names no row.
    public func selectRow(at indexPath: IndexPath?, animated: Bool = false, scrollPosition: ScrollPosition = .none) throws(ListError) {
        loadIfNeeded()
        guard let indexPath else {
            clearSelection()
            return
        }
        guard layout.contains(indexPath) else { throw .invalidIndexPath(.rows, indexPath, action: "select") }
        if let old = selectedRow, old != indexPath { visibleRows[old]?.isSelected = false }
        selectedRow = indexPath
        visibleRows[indexPath]?.isSelected = true
        if scrollPosition != .none { try scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the row if it is selected, without telling the delegate.
    public func deselectRow(at indexPath: IndexPath, animated: Bool = false) {
        guard selectedRow == indexPath else { return }
        clearSelection()
    }

    func clearSelection() {
        guard let old = selectedRow else { return }
        selectedRow = nil
        visibleRows[old]?.isSelected = false
    }

    /// A tap selected the row: the row selected before is deselected, and the delegate
    /// hears of both.
    private func selectByTap(_ path: IndexPath) {
        if let old = selectedRow, old != path {
            clearSelection()
            tableDelegate?.tableView(self, didDeselectRowAt: old)
        }
        // The delegate may have reloaded or changed the rows.
        guard layout.contains(path) else { return }
        selectedRow = path
        visibleRows[path]?.isSelected = true
        tableDelegate?.tableView(self, didSelectRowAt: path)
    }

    // MARK: - Touches

    /// A finger down on a row highlights it. A touch while a row shows its delete button
    /// only hides the button. While the table edits, rows are not selected: a touch on a
    /// row's delete control shows that row's delete button.
    func touchBegan(at point: Point) {
        if deleteConfirmationRow != nil {
            hideDeleteButton()
            return
        }
        if isEditing {
            if let path = indexPathForRow(at: point), let cell = visibleRows[path], cell.showsEditingControl,
               cell.editingControlRect.contains(cell.convert(point, from: self)) {
                showDeleteButton(of: path)
            }
            return
        }
        guard allowsSelection, let path = indexPathForRow(at: point) else { return }
        highlightedRow = path
        visibleRows[path]?.isHighlighted = true
    }

    /// The finger lifted on the row it went down on selects that row.
    func touchEnded(at point: Point) {
        guard let path = endHighlight() else { return }
        if indexPathForRow(at: point) == path { selectByTap(path) }
    }

    /// Ends the highlight of the row a finger was on, and gives that row.
    @discardableResult
    func endHighlight() -> IndexPath? {
        guard let path = highlightedRow else { return nil }
        highlightedRow = nil
        visibleRows[path]?.isHighlighted = false
        return path
    }

    // MARK: - Editing

    /// Whether the table edits: every row its data source lets edit shows its delete control
    /// (a red minus at the left); tapping one shows that row's delete button.
    public var isEditing: Bool {
        get { isEditingStorage }
        set { setEditing(newValue, animated: false) }
    }

    public func setEditing(_ editing: Bool, animated: Bool) {
        guard editing != isEditingStorage else { return }
        isEditingStorage = editing
        hideDeleteButton()
        endHighlight()
        let generation = self.generation
        for (path, cell) in visibleRows {
            let shows = editing && canEdit(path)
            // The data source may have reloaded from `canEditRowAt`: the reload configured the cells.
            guard generation == self.generation else { return }
            cell.showsEditingControl = shows
        }
    }

    /// A swipe to the left on a row that can be edited shows its delete button; one to the
    /// right hides it. While the table edits, the delete controls do this instead.
    func swiped(_ swipe: SwipeGestureRecognizer) {
        guard swipe.state == .ended, !isEditing else { return }
        hideDeleteButton()
        guard swipe.direction == .left, let path = indexPathForRow(at: swipe.location(in: self)), canEdit(path),
              layout.contains(path) else { return }
        showDeleteButton(of: path)
    }

    /// Shows the delete button of the row, as a swipe or a tap on its delete control does.
    func showDeleteButton(of path: IndexPath) {
        deleteConfirmationRow = path
        visibleRows[path]?.showsDeleteButton = true
    }

    /// Hides the delete button a row shows, if any.
    func hideDeleteButton() {
        guard let path = deleteConfirmationRow else { return }
        deleteConfirmationRow = nil
        visibleRows[path]?.showsDeleteButton = false
    }

    /// The delete button of a cell was tapped: the data source commits the delete.
    func commitDelete(of cell: TableViewCell) {
        guard let path = indexPath(for: cell) else { return }
        hideDeleteButton()
        dataSource?.tableView(self, commitDeleteForRowAt: path)
    }
}
