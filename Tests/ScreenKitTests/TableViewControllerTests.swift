import EventLoop
import Testing
@testable import ScreenKit

/// A list of names that deletes from itself.
final class NamesController: TableViewController {
    var names = ["Ada", "Grace", "Edsger"]
    var selections: [IndexPath] = []

    override func viewDidLoad() {
        tableView.register({ TableViewCell(style: .value1) }, forCellReuseIdentifier: "Name")
    }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { names.count }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell? {
        let cell = try? tableView.dequeueReusableCell(withIdentifier: "Name", for: indexPath)
        cell?.textLabel.text = names[indexPath.row]
        return cell
    }

    override func tableView(_ tableView: TableView, commitDeleteForRowAt indexPath: IndexPath) {
        names.remove(at: indexPath.row)
        try? tableView.deleteRows(at: [indexPath])
    }

    override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { selections.append(indexPath) }
}

/// Tells what a search bar's delegate hears.
final class SearchLog: SearchBarDelegate {
    var events: [String] = []
    func searchBar(_ searchBar: SearchBar, textDidChange searchText: String) { events.append("text \(searchText)") }
    func searchBarSearchButtonClicked(_ searchBar: SearchBar) { events.append("search") }
    func searchBarCancelButtonClicked(_ searchBar: SearchBar) { events.append("cancel") }
}

@MainActor
struct TableViewControllerTests {
    let loop = EventLoop(clock: .virtual)
    let window: Window

    init() {
        window = Window(device: .iphone, loop: loop)
    }

    func tap(_ point: Point) {
        window.touch(.began, at: point)
        window.touch(.ended, at: point)
        loop.advance(by: 1)
    }

    @Test func theControllerFeedsItsOwnTable() throws {
        let names = NamesController(style: .grouped)
        window.rootViewController = names
        window.makeKeyAndVisible()
        #expect(names.view === names.tableView)
        #expect(names.tableView.style == .grouped)
        #expect(names.tableView.visibleCells.map(\.textLabel.text) == ["Ada", "Grace", "Edsger"])
        #expect(names.tableView.cellForRow(at: IndexPath(row: 0, section: 0))?.style == .value1)

        tap(Point(x: 100, y: TableView.groupedSectionSpacing + 44 + 10))
        #expect(names.selections == [IndexPath(row: 1, section: 0)])
    }

    @Test func theEditButtonSwitchesEditing() throws {
        let names = NamesController()
        window.rootViewController = names
        window.makeKeyAndVisible()
        let edit = names.editButtonItem
        #expect(edit.title == "Edit" && !names.isEditing)
        edit.tap()
        #expect(names.isEditing && names.tableView.isEditing && edit.title == "Done")
        #expect(names.tableView.visibleCells.allSatisfy { $0.showsEditingControl && !$0.showsDeleteButton })
        window.layoutIfNeeded()
        let grace = names.tableView.cellForRow(at: IndexPath(row: 1, section: 0))!
        tap(grace.convert(Point(x: 8, y: 20), to: nil))
        #expect(grace.showsDeleteButton)
        window.layoutIfNeeded()
        tap(grace.deleteButton.convert(Point(x: 4, y: 4), to: nil))
        #expect(names.names == ["Ada", "Edsger"])
        #expect(names.tableView.visibleCells.map(\.textLabel.text) == ["Ada", "Edsger"])
        edit.tap()
        #expect(!names.isEditing && edit.title == "Edit")
    }

    @Test func aControllerOfAGivenTableFeedsThatTable() {
        final class Grid: TableView {}
        let table = Grid(frame: .zero, style: .grouped)
        let controller = TableViewController(tableView: table)
        #expect(controller.tableView === table && controller.view === table)
        #expect(table.dataSource === controller && table.delegate === controller)
        #expect(table.autoresizingMask == [.flexibleWidth, .flexibleHeight])
    }

    @Test func theSelectionIsClearedWhenTheControllerAppearsAgain() throws {
        let names = NamesController()
        let navigation = try NavigationController(root: names)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        try names.tableView.selectRow(at: IndexPath(row: 2, section: 0))
        try navigation.push(ViewController(), animated: false)
        _ = try navigation.pop(animated: false)
        #expect(names.tableView.indexPathForSelectedRow == nil)

        names.clearsSelectionOnViewWillAppear = false
        try names.tableView.selectRow(at: IndexPath(row: 2, section: 0))
        try navigation.push(ViewController(), animated: false)
        _ = try navigation.pop(animated: false)
        #expect(names.tableView.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
    }

    @Test func aControllerGoneLeavesItsTableWithoutADataSource() {
        let table: TableView
        do {
            let names = NamesController()
            table = names.tableView
        }
        #expect(table.dataSource == nil)
        table.layoutIfNeeded()
        #expect(table.visibleCells.isEmpty)
    }

    // MARK: - Search bar

    @Test func aSearchBarTellsOfTypingSearchingAndCancelling() throws {
        let bar = SearchBar()
        let log = SearchLog()
        bar.delegate = log
        bar.placeholder = "Search"
        try window.addSubview(bar)
        window.layoutIfNeeded()
        // No cancel button until asked for, as UIKit.
        #expect(bar.cancelButton.isHidden && bar.textField.frame.maxX == 320 - 8)
        bar.showsCancelButton = true
        window.layoutIfNeeded()
        #expect(!bar.cancelButton.isHidden && bar.textField.frame.maxX <= bar.cancelButton.frame.minX)

        tap(bar.textField.convert(Point(x: 4, y: 4), to: nil))
        window.type("ad")
        window.key("backspace")
        window.key("return")
        bar.text = "set by code"
        tap(bar.cancelButton.convert(Point(x: 4, y: 4), to: nil))
        #expect(log.events == ["text ad", "text a", "search", "cancel"])
        #expect(bar.text == "set by code" && bar.placeholder == "Search")

        bar.showsCancelButton = false
        window.layoutIfNeeded()
        #expect(bar.cancelButton.isHidden && bar.textField.frame.maxX == 320 - 8)
    }

    @Test func aSearchBarIsNotKeptAliveByItsControls() throws {
        weak var weakBar: SearchBar?
        do {
            let bar = SearchBar()
            weakBar = bar
            try window.addSubview(bar)
            bar.removeFromSuperview()
        }
        #expect(weakBar == nil)
    }

    // MARK: - Cells

    @Test func cellStylesPlaceTheirLabels() {
        func cell(_ style: TableViewCell.Style, _ accessory: TableViewCell.AccessoryType = .none) -> TableViewCell {
            let cell = TableViewCell(style: style)
            cell.frame = Rect(x: 0, y: 0, width: 320, height: 44)
            cell.accessoryType = accessory
            cell.layoutIfNeeded()
            return cell
        }
        let plain = cell(.default)
        #expect(plain.detailTextLabel == nil)
        #expect(plain.textLabel.frame == Rect(x: 16, y: 14, width: 288, height: 16))
        let subtitle = cell(.subtitle)
        #expect(subtitle.textLabel.frame.minY == 6 && subtitle.detailTextLabel?.frame.minY == 22)
        let value1 = cell(.value1, .disclosureIndicator)
        #expect(value1.contentView.frame.width == 320 - TableViewCell.accessoryWidth)
        #expect(value1.accessoryRect == Rect(x: 296, y: 0, width: 24, height: 44))
        #expect(value1.detailTextLabel?.alignment == .right)
        #expect(value1.textLabel.frame.maxX == value1.detailTextLabel?.frame.minX)
        let value2 = cell(.value2, .checkmark)
        #expect(value2.textLabel.alignment == .right)
        #expect(value2.textLabel.frame.maxX < value2.detailTextLabel!.frame.minX)

        value2.showsDeleteButton = true
        value2.layoutIfNeeded()
        #expect(value2.deleteButton.frame == Rect(x: 240, y: 0, width: 80, height: 44))
        #expect(value2.accessoryRect.maxX == 240)
        value2.showsEditingControl = true
        value2.layoutIfNeeded()
        #expect(value2.editingControlRect == Rect(x: 0, y: 0, width: TableViewCell.editingControlWidth, height: 44))
        #expect(value2.contentView.frame == Rect(x: 32, y: 0, width: 240 - TableViewCell.accessoryWidth - 32, height: 44))
        value2.isSelected = true
        value2.prepareForReuse()
        #expect(!value2.isSelected && !value2.showsDeleteButton && value2.deleteButton.isHidden && !value2.showsEditingControl)
    }
}
