// MARK: - The table's header and footer views

extension TableView {
    /// Sets the view above the first section (UIKit's `tableHeaderView`): the view is added
    /// to the table, as wide as it and as high as its frame is now, and the rows move below
    /// it without asking the data source again; nil removes it.
    ///
    /// - Throws: ``ViewError`` when the view is a window or holds the table; nothing changes.
    public func setTableHeaderView(_ view: View?) throws(ViewError) {
        try replace(tableHeaderView, with: view)
        tableHeaderView = view
        tableViewsChanged()
    }

    /// Sets the view below the last section (UIKit's `tableFooterView`).
    ///
    /// - Throws: ``ViewError`` when the view is a window or holds the table; nothing changes.
    public func setTableFooterView(_ view: View?) throws(ViewError) {
        try replace(tableFooterView, with: view)
        tableFooterView = view
        tableViewsChanged()
    }

    /// The height a header or footer view takes: its frame's, as a row's height is taken
    /// (not below 0, never NaN, at most the longest content).
    static func height(of view: View?) -> Double {
        height(view?.frame.height ?? 0)
    }

    /// Puts the header view at the top of the content and the footer view at its bottom,
    /// each as wide as the table.
    func placeHeaderAndFooterViews() {
        if let header = tableHeaderView, header.superview === self {
            header.frame = Rect(x: 0, y: 0, width: bounds.width, height: layout.top)
        }
        if let footer = tableFooterView, footer.superview === self {
            footer.frame = Rect(x: 0, y: layout.height - layout.footer, width: bounds.width, height: layout.footer)
        }
    }

    private func replace(_ old: View?, with new: View?) throws(ViewError) {
        if let new, new !== old { try addSubview(new) }
        if let old, old !== new, old.superview === self {
            old.removeFromSuperview()
        }
    }

    private func tableViewsChanged() {
        guard !needsReload else {
            setNeedsLayout()
            return
        }
        layout.setTableViews(top: TableView.height(of: tableHeaderView), footer: TableView.height(of: tableFooterView))
        layoutAfterChange()
    }
}
