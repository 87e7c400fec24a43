/// A controller whose view is a table view it feeds itself, as `UITableViewController`: it
/// is the table's data source and delegate, its ``editButtonItem`` switches editing on and
/// off, and it deselects the selected row each time it appears again.
///
/// Subclasses override the data source and delegate methods they need.
///
/// ```swift
/// final class Entries: TableViewController {
///     override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { entries.count }
///     override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell? { ... }
/// }
/// ```
open class TableViewController: ViewController, TableViewDataSource, TableViewDelegate {
    /// The table, which is the view once it loads.
    public let tableView: TableView

    /// Whether the selected row is deselected each time the controller is about to appear.
    public var clearsSelectionOnViewWillAppear = true

    public init(style: TableView.Style = .plain) {
        tableView = TableView(frame: ViewController.defaultFrame, style: style)
        super.init()
        adoptTableView()
    }

    /// A controller of `tableView`, which becomes its view (a subclass of ``TableView`` the
    /// controller's own class makes).
    public init(tableView: TableView) {
        self.tableView = tableView
        super.init()
        adoptTableView()
    }

    /// Sizes the table with the view it becomes, and feeds it.
    private func adoptTableView() {
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        tableView.dataSource = self
        tableView.delegate = self
    }

    open override func loadView() {
        view = tableView
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if clearsSelectionOnViewWillAppear, let selected = tableView.indexPathForSelectedRow {
            tableView.deselectRow(at: selected, animated: animated)
        }
    }

    // MARK: - Editing

    /// Whether the table edits; the edit button's title follows it.
    public var isEditing: Bool {
        get { tableView.isEditing }
        set { setEditing(newValue, animated: false) }
    }

    open func setEditing(_ editing: Bool, animated: Bool) {
        tableView.setEditing(editing, animated: animated)
        editButtonItemStorage?.title = editing ? "Done" : "Edit"
    }

    /// A bar button titled "Edit" (or "Done" while editing) that switches editing.
    public var editButtonItem: BarButtonItem {
        if let item = editButtonItemStorage { return item }
        let item = BarButtonItem(title: isEditing ? "Done" : "Edit") { [weak self] _ in
            guard let self else { return }
            self.setEditing(!self.isEditing, animated: true)
        }
        editButtonItemStorage = item
        return item
    }
    private var editButtonItemStorage: BarButtonItem?

    // MARK: - Data source and delegate, for subclasses

    open func numberOfSections(in tableView: TableView) -> Int { 1 }
    open func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 0 }
    open func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell? { nil }
    open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    open func tableView(_ tableView: TableView, commitDeleteForRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {}
    open func tableView(_ tableView: TableView, refusedAnswer error: ListError) {}
    open func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double? { nil }
    open var givesRowHeights: Bool { true }
    open func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    /// False: a subclass that gives header views or heights says so.
    open var givesHeaderViews: Bool { false }
    open var givesFooterViews: Bool { false }
    open func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? { nil }
    open func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View? { nil }
    open func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double? { nil }
    open func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double? { nil }
    open func scrollViewDidScroll(_ scrollView: ScrollView) {}
}
