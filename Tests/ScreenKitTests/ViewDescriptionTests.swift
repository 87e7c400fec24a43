import EventLoop
import Testing
@testable import ScreenKit

/// What each view class says of itself (``View/contentDescription``), its tint, and how
/// its value steps (``View/accessibilityAdjust(_:)``), which focus calls for the arrows.
@MainActor
struct ViewDescriptionTests {
    // MARK: - Content

    @Test func aLabelIsItsLinesInItsTextColourAndIsCalledByItsText() {
        let label = Label(frame: Rect(x: 0, y: 0, width: 40, height: 32))
        label.text = "Hello world"
        label.lines = 2
        label.lineBreakMode = .wordWrap
        label.alignment = .center
        label.textColor = .systemRed
        let description = label.contentDescription
        guard case .text(let text) = description.content else { Issue.record("not text"); return }
        #expect(text.string == "Hello world")
        #expect(text.lines == ["Hello", "world"])
        #expect(text.alignment == .center)
        #expect(description.kind == "Label")
        #expect(description.foreground == .systemRed)
        #expect(description.accessibilityLabel == "Hello world")
        #expect(description.shownTexts == ["Hello world"])
        label.accessibilityLabel = "Greeting"
        #expect(label.contentDescription.accessibilityLabel == "Greeting")
    }

    @Test func aButtonIsItsTitleInItsTintGreyWhileDisabledWashedWhileHighlighted() {
        let button = Button(frame: Rect(x: 0, y: 0, width: 80, height: 16))
        button.setTitle("Save", for: .normal)
        var description = button.contentDescription
        guard case .button(let title) = description.content, case .bordered = title.style else {
            Issue.record("not a bordered button"); return
        }
        #expect(title.title == "Save" && !title.isHighlighted && title.isEnabled)
        #expect(description.foreground == .systemBlue && description.highlight == nil)
        #expect(description.accessibilityLabel == "Save" && description.traits.contains(.button))
        button.isHighlighted = true
        description = button.contentDescription
        #expect(description.highlight?.hex == "#d6e8ff")
        button.isEnabled = false
        description = button.contentDescription
        #expect(description.foreground == .systemGray && description.highlight == nil)
        #expect(description.traits.contains(.notEnabled))
    }

    @Test func barAndDeleteButtonsSayTheirStyle() throws {
        let bar = SearchBar()
        guard case .button(let cancel) = bar.cancelButton.contentDescription.content, case .bar = cancel.style else {
            Issue.record("the cancel button is not a bar button"); return
        }
        guard case .field(let field) = bar.textField.contentDescription.content else { Issue.record("no field"); return }
        #expect(field.isSearch)
        #expect(bar.textField.contentDescription.traits.contains(.searchField))
        if case .searchBar = bar.contentDescription.content {} else { Issue.record("not a search bar") }

        let cell = TableViewCell()
        cell.textLabel.text = "Coffee"
        cell.layoutIfNeeded()
        let description = cell.deleteButton.contentDescription
        guard case .button(let delete) = description.content, case .delete(let row) = delete.style else {
            Issue.record("not a delete button"); return
        }
        #expect(description.foreground == .white)
        #expect(row.label?.lines == 1)
        #expect(row.rowBounds == cell.bounds)
    }

    @Test func controlsDescribeTheirValues() {
        let toggle = Switch()
        toggle.isOn = true
        guard case .toggle(let isOn) = toggle.contentDescription.content, isOn else { Issue.record("not on"); return }
        #expect(toggle.contentDescription.accessibilityValue == "on")

        let slider = Slider()
        slider.minimumValue = 10
        slider.maximumValue = 20
        slider.value = 15
        guard case .track(let value, let minimum, let maximum) = slider.contentDescription.content else {
            Issue.record("not a track"); return
        }
        #expect(value == 15 && minimum == 10 && maximum == 20)
        #expect(slider.contentDescription.accessibilityValue == "50%")
        #expect(slider.contentDescription.traits.contains(.adjustable))
        #expect(!slider.contentDescription.activatesByTap)

        let segments = SegmentedControl(segments: ["A", "B"])
        segments.selectedSegmentIndex = 1
        guard case .segments(let titles, let selected) = segments.contentDescription.content else {
            Issue.record("segments"); return
        }
        #expect(titles == ["A", "B"] && selected == 1)
        #expect(segments.contentDescription.accessibilityValue == "B")
        #expect(segments.contentDescription.shownTexts == ["A", "B"])

        let stepper = Stepper()
        stepper.value = 3
        guard case .stepper(let value) = stepper.contentDescription.content, value == 3 else {
            Issue.record("stepper"); return
        }
        #expect(stepper.contentDescription.accessibilityValue == "3")

        let pages = PageControl()
        pages.numberOfPages = 5
        pages.currentPage = 1
        guard case .dots(let count, let current) = pages.contentDescription.content, count == 5, current == 1 else {
            Issue.record("dots"); return
        }
        #expect(pages.contentDescription.accessibilityValue == "page 2 of 5")

        let field = TextField()
        field.placeholder = "Name"
        field.textColor = .systemGreen
        #expect(field.contentDescription.accessibilityValue == "Name")
        #expect(field.contentDescription.shownTexts == ["Name"])
        #expect(field.contentDescription.foreground == .systemGreen)
        field.text = "Ada"
        #expect(field.contentDescription.accessibilityValue == "Ada")
        #expect(field.contentDescription.shownTexts == ["Ada"])
    }

    @Test func listsDescribeTheirRowsHeadersAndSelection() throws {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 200), style: .grouped)
        guard case .table(let content) = table.contentDescription.content else { Issue.record("not a table"); return }
        #expect(content.isGrouped && table.contentDescription.kind == "TableView")

        let header = TableViewHeaderFooterView()
        guard case .sectionHeader(floating: false) = header.contentDescription.content else { Issue.record("header"); return }

        let cell = TableViewCell()
        cell.accessoryType = .checkmark
        cell.isSelected = true
        let description = cell.contentDescription
        guard case .tableCell(let row) = description.content else { Issue.record("not a row"); return }
        #expect(row.isSelected && row.accessory == .checkmark && row.editingControl == nil)
        #expect(description.highlight == .systemGray4)

        let item = CollectionViewCell()
        guard case .collectionCell(selected: false) = item.contentDescription.content else { Issue.record("item"); return }
        item.isHighlighted = true
        guard case .collectionCell(selected: true) = item.contentDescription.content else { Issue.record("item"); return }

        let scroller = ScrollView()
        scroller.contentSize = Size(width: 10, height: 900)
        guard case .scroll(let size) = scroller.contentDescription.content else { Issue.record("scroll"); return }
        #expect(size.height == 900)
        #expect(CollectionView(layout: FlowLayout()).contentDescription.kind == "CollectionView")
        #expect(View().contentDescription.kind == "View")
        #expect(Window().contentDescription.kind == "Window")
    }

    // MARK: - Tint and colours

    @Test func theTintIsInheritedFromTheSuperviewAndSystemBlueAtTheTop() throws {
        let outer = View(), inner = View()
        let button = Button()
        try outer.addSubview(inner)
        try inner.addSubview(button)
        #expect(button.effectiveTintColor == .systemBlue)
        outer.tintColor = .systemRed
        #expect(button.effectiveTintColor == .systemRed)
        #expect(button.contentDescription.foreground == .systemRed)
        inner.tintColor = .systemGreen
        #expect(button.effectiveTintColor == .systemGreen)
        button.tintColor = .orange
        #expect(button.contentDescription.foreground == .orange)
        button.tintColor = nil
        #expect(button.contentDescription.foreground == .systemGreen)
    }

    @Test func iOSColoursHaveTheirNames() {
        #expect(Color.named["systemBlue"]?.hex == "#007aff")
        #expect(Color.named["systemGray"]?.hex == "#8e8e93")
        #expect(Color.named["systemGreen"]?.hex == "#34c759")
        #expect(Color.named["systemRed"]?.hex == "#ff3b30")
        #expect(Color.named["separator"]?.hex == "#c6c6c8")
        #expect(Color.highlight(for: .systemBlue).hex == "#d6e8ff")
    }

    // MARK: - Stepping

    @Test func adjustableControlsStepAndSendValueChangedOncePerChange() {
        var changes = 0
        func count(_ control: Control) { control.addTarget({ _, _ in changes += 1 }, for: [.valueChanged]) }

        let slider = Slider()
        slider.maximumValue = 10
        count(slider)
        #expect(slider.accessibilityIncrement() && slider.value == 1)
        #expect(slider.accessibilityAdjust(.toEnd) && slider.value == 10)
        #expect(!slider.accessibilityIncrement() && slider.value == 10)
        #expect(slider.accessibilityDecrement() && slider.value == 9)
        #expect(changes == 3)

        let stepper = Stepper()
        stepper.maximumValue = 2
        stepper.wraps = true
        changes = 0
        count(stepper)
        #expect(stepper.accessibilityAdjust(.toEnd) && stepper.value == 2)
        #expect(stepper.accessibilityIncrement() && stepper.value == 0)
        stepper.stepValue = .nan
        #expect(!stepper.accessibilityIncrement() && stepper.value == 0)
        #expect(changes == 2)

        let segments = SegmentedControl(segments: ["A", "B", "C"])
        #expect(segments.accessibilityDecrement() && segments.selectedSegmentIndex == 2)
        #expect(segments.accessibilityAdjust(.toStart) && segments.selectedSegmentIndex == 0)
        #expect(!segments.accessibilityDecrement())

        let pages = PageControl()
        pages.numberOfPages = 3
        #expect(pages.accessibilityIncrement() && pages.currentPage == 1)
        #expect(pages.accessibilityAdjust(.toEnd) && pages.currentPage == 2)
        #expect(!pages.accessibilityIncrement())

        let button = Button()
        #expect(!button.accessibilityIncrement())
    }

    /// A control of a class focus has never heard of steps with the arrows because its
    /// description says it is adjustable; one that does not say so is not stepped.
    @Test func focusStepsWhatItsDescriptionSaysIsAdjustable() throws {
        final class Dial: Control {
            var level = 0
            var adjustable = true
            override var contentDescription: ViewDescription {
                ViewDescription(kind: "Dial", traits: adjustable ? .adjustable : [])
            }
            override func accessibilityAdjust(_ step: AccessibilityStep) -> Bool {
                switch step {
                case .increment: level += 1
                case .decrement: level -= 1
                case .toStart: level = 0
                case .toEnd: level = 99
                }
                return true
            }
        }
        let (window, _) = makeWindow()
        let root = ViewController()
        window.rootViewController = root
        let dial = Dial(frame: Rect(x: 10, y: 10, width: 100, height: 16))
        try root.view.addSubview(dial)
        window.key("tab")
        #expect(window.focusedView === dial)
        window.key("right")
        window.key("right")
        #expect(dial.level == 2)
        window.key("left")
        #expect(dial.level == 1)
        window.key("end")
        #expect(dial.level == 99)
        dial.adjustable = false
        window.key("home")
        #expect(dial.level == 99)
    }

    @Test func enterTapsTheFocusedViewUnlessItsDescriptionSaysNot() throws {
        let (window, _) = makeWindow()
        let root = ViewController()
        window.rootViewController = root
        let slider = Slider(frame: Rect(x: 10, y: 10, width: 200, height: 16))
        let toggle = Switch(frame: Rect(x: 10, y: 40, width: 48, height: 16))
        try root.view.addSubview(slider)
        try root.view.addSubview(toggle)
        window.focus(slider)
        #expect(!window.activateFocused())
        #expect(slider.value == 0)
        window.focus(toggle)
        #expect(window.activateFocused())
        #expect(toggle.isOn)
    }
}
