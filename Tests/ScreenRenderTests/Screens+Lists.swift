import EventLoop
import ScreenKit

/// Screens of lists — tables plain and grouped, editing and swiped, scrolled, under a search
/// bar, and collection views — as both renderers draw them.
extension Screens {
    struct Row {
        var text: String
        var detail: String?
        var style: TableViewCell.Style = .default
        var accessory: TableViewCell.AccessoryType = .none
        var editable = true
    }

    struct Section {
        var header: String?
        var footer: String?
        var rows: [Row]
    }

    /// A table view controller over fixed sections, its cells dequeued by style.
    final class ListController: TableViewController {
        var sections: [Section]

        init(_ title: String, style: TableView.Style, _ sections: [Section]) {
            self.sections = sections
            super.init(style: style)
            self.title = title
        }

        override func viewDidLoad() {
            for style in TableViewCell.Style.allCases {
                tableView.register({ TableViewCell(style: style, reuseIdentifier: style.rawValue) }, forCellReuseIdentifier: style.rawValue)
            }
        }

        override func numberOfSections(in tableView: TableView) -> Int { sections.count }

        override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
            sections[section].rows.count
        }

        override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell? {
            let row = sections[indexPath.section].rows[indexPath.row]
            let cell = try? tableView.dequeueReusableCell(withIdentifier: row.style.rawValue, for: indexPath)
            cell?.textLabel.text = row.text
            cell?.detailTextLabel?.text = row.detail ?? ""
            cell?.accessoryType = row.accessory
            return cell
        }

        override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
            sections[section].header
        }

        override func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
            sections[section].footer
        }

        override func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
            sections[indexPath.section].rows[indexPath.row].editable
        }
    }

    /// `controller` at the root of a navigation controller filling an iPhone window.
    static func navigated(_ controller: ViewController, loop: EventLoop? = nil) throws -> Window {
        let window = loop.map { Window(device: .iphone, loop: $0) } ?? Window(device: .iphone)
        window.rootViewController = try NavigationController(root: controller)
        window.makeKeyAndVisible()
        return window
    }

    static let people: [Section] = [
        Section(header: "A", rows: [
            Row(text: "Ada Lovelace", detail: "Analyst", style: .subtitle, accessory: .disclosureIndicator),
            Row(text: "Alan Turing", detail: "Bletchley", style: .value1, accessory: .checkmark),
            Row(text: "Alonzo Church", accessory: .disclosureIndicator),
        ]),
        Section(header: "G", rows: [
            Row(text: "Grace Hopper", detail: "Navy", style: .value1, accessory: .disclosureIndicator),
            Row(text: "Gottfried Leibniz", accessory: .checkmark),
        ]),
        Section(header: "K", rows: [
            Row(text: "Katherine Johnson", accessory: .disclosureIndicator),
            Row(text: "Kurt Gödel"),
            Row(text: "Konrad Zuse", accessory: .disclosureIndicator),
        ]),
        Section(header: "M", rows: [
            Row(text: "Margaret Hamilton", detail: "Apollo", style: .value1, accessory: .disclosureIndicator),
            Row(text: "Mary Somerville"),
        ]),
    ]

    /// A plain table of people in lettered sections, with disclosure indicators and check
    /// marks, the second row selected; taller than the screen.
    static func plainTable() throws -> Window {
        let list = ListController("Contacts", style: .plain, people)
        let window = try navigated(list)
        try list.tableView.selectRow(at: IndexPath(row: 1, section: 0))
        return window
    }

    /// A grouped table of settings with header and footer titles and a section without a
    /// title.
    static func groupedTable() throws -> Window {
        let list = ListController("Settings", style: .grouped, [
            Section(header: "Display", footer: "Applies to every screen.", rows: [
                Row(text: "Brightness", detail: "Auto", style: .value1, accessory: .disclosureIndicator),
                Row(text: "Text Size", detail: "Large", style: .value1, accessory: .disclosureIndicator),
            ]),
            Section(header: "Sounds", rows: [
                Row(text: "Chimes", accessory: .checkmark),
                Row(text: "Bells"),
            ]),
            Section(rows: [Row(text: "Reset All Settings")]),
        ])
        return try navigated(list)
    }

    static let entries: [Section] = [
        Section(rows: [
            Row(text: "Monday", detail: "A walk", style: .subtitle),
            Row(text: "Tuesday", detail: "Rain", style: .subtitle),
            Row(text: "Wednesday (kept)", detail: "Cannot be deleted", style: .subtitle, editable: false),
            Row(text: "Thursday", detail: "Letters", style: .subtitle),
            Row(text: "Friday", detail: "Market", style: .subtitle),
        ]),
    ]

    /// A plain table in editing mode: every row that can be edited shows its delete control
    /// and button; the third cannot be.
    static func editingTable() throws -> Window {
        let list = ListController("Entries", style: .plain, entries)
        let window = try navigated(list)
        list.setEditing(true, animated: false)
        return window
    }

    /// The same table, not editing, with the second row swiped to show its Delete button.
    static func swipedTable() throws -> Window {
        let loop = EventLoop(clock: .virtual)
        let list = ListController("Entries", style: .plain, entries)
        let window = try navigated(list, loop: loop)
        window.layoutIfNeeded()
        guard let row = list.tableView.rectForRow(at: IndexPath(row: 1, section: 0)) else { return window }
        let y = list.tableView.convert(Point(x: 0, y: row.midY), to: nil).y
        window.touch(.began, at: Point(x: 250, y: y))
        loop.advance(by: 0.05)
        window.touch(.moved, at: Point(x: 200, y: y))
        loop.advance(by: 0.05)
        window.touch(.moved, at: Point(x: 150, y: y))
        window.touch(.ended, at: Point(x: 150, y: y))
        loop.advance(by: 1)
        return window
    }

    /// Rows "Row 0", "Row 1", … of one section, as many as asked.
    final class CountedRows: TableViewDataSource {
        let count: Int

        init(_ count: Int) {
            self.count = count
        }

        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell? {
            let cell = try? tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
            cell?.textLabel.text = "Row \(indexPath.row)"
            return cell
        }
    }

    /// A table that keeps its data source, which a table holds weakly.
    final class CountedTable: TableView {
        let rows: CountedRows

        init(_ count: Int, frame: Rect) {
            rows = CountedRows(count)
            super.init(frame: frame)
            register(TableViewCell.self, forCellReuseIdentifier: "Row")
            dataSource = rows
        }
    }

    /// A table of `count` rows in `frame`, inside `window`.
    static func countedTable(_ count: Int, frame: Rect, in window: Window) throws -> TableView {
        let table = CountedTable(count, frame: frame)
        try window.addSubview(table)
        return table
    }

    /// A plain table of 60 rows scrolled so that row 30 is in the middle, the scroll
    /// indicator halfway down.
    static func scrolledTable() throws -> Window {
        let window = Window(device: .iphone)
        let table = try countedTable(60, frame: Rect(x: 0, y: 0, width: 320, height: 480), in: window)
        window.layoutIfNeeded()
        try table.scrollToRow(at: IndexPath(row: 30, section: 0), at: .middle)
        return window
    }

    /// A controller with a search bar above a table of the names that hold its text.
    final class SearchController: ViewController, TableViewDataSource, SearchBarDelegate {
        let names = ["Ada Lovelace", "Alan Turing", "Alonzo Church", "Grace Hopper", "Kurt Gödel"]
        let searchBar = SearchBar()
        let table = TableView()
        var shown: [String] { searchBar.text.isEmpty ? names : names.filter { $0.contains(searchBar.text) } }

        override init() {
            super.init()
            title = "Search"
        }

        override func viewDidLoad() {
            searchBar.placeholder = "Search people"
            searchBar.showsCancelButton = true
            searchBar.delegate = self
            searchBar.autoresizingMask = [.flexibleWidth]
            searchBar.frame = Rect(x: 0, y: 0, width: view.bounds.width, height: SearchBar.defaultHeight)
            table.frame = Rect(
                x: 0, y: SearchBar.defaultHeight, width: view.bounds.width,
                height: max(0, view.bounds.height - SearchBar.defaultHeight))
            table.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            table.register(TableViewCell.self, forCellReuseIdentifier: "Name")
            table.dataSource = self
            try? view.addSubview(searchBar)
            try? view.addSubview(table)
        }

        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { shown.count }

        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell? {
            let cell = try? tableView.dequeueReusableCell(withIdentifier: "Name", for: indexPath)
            cell?.textLabel.text = shown[indexPath.row]
            return cell
        }

        func searchBar(_ searchBar: SearchBar, textDidChange searchText: String) {
            table.reloadData()
        }
    }

    /// A search bar above the names, "Al" typed into it, the Cancel button beside it.
    static func search() throws -> (Window, SearchController) {
        let controller = SearchController()
        let window = try navigated(controller)
        controller.searchBar.textField.beginEditing()
        controller.searchBar.textField.insertText("Al")
        window.layoutIfNeeded()
        return (window, controller)
    }
}
