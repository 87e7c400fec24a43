import EventLoop
import Testing
@testable import ScreenKit

/// `PickerView`: what it asks its data source and delegate, and how a person turns its
/// wheels (drags, taps, the mouse wheel, the arrow keys) and what the delegate hears of it.
@MainActor
struct PickerViewTests {
    /// Two wheels of titles, which records what the picker asks and tells.
    final class Wheels: PickerViewDataSource, PickerViewDelegate {
        var rows: [Int]
        var asked: [(row: Int, component: Int)] = []
        var selections: [String] = []
        /// Run inside `numberOfComponents`: a data source that asks the picker back.
        var whileCounting: ((PickerView) -> Void)?

        init(_ rows: [Int]) { self.rows = rows }

        func numberOfComponents(in pickerView: PickerView) -> Int {
            whileCounting?(pickerView)
            return rows.count
        }

        func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { rows[component] }

        func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
            asked.append((row, component))
            return "\(component == 0 ? "m" : "y")\(row)"
        }

        func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
            selections.append("\(row)@\(component)")
        }
    }

    let loop = EventLoop(clock: .virtual)
    let window: Window
    let picker = PickerView()
    let wheels = Wheels([12, 30])

    init() throws {
        window = Window(device: .iphone, loop: loop)
        window.makeKeyAndVisible()
        picker.frame = Rect(x: 0, y: 100, width: 320, height: 216)
        try window.addSubview(picker)
        picker.dataSource = wheels
        picker.delegate = wheels
        window.layoutIfNeeded()
    }

    /// The titles of a wheel's rows in view, top to bottom, with the selected one in brackets.
    func shown(_ component: Int) -> [String] {
        guard case .wheels(let description) = picker.contentDescription.content else { return [] }
        return description.wheels[component].rows.map { $0.offset == 0 ? "[\($0.title)]" : $0.title }
    }

    /// The window point on `component`'s wheel, `rows` rows below the selection.
    func point(_ component: Int, rows: Double = 0) -> Point {
        Point(x: component == 0 ? 80 : 240, y: 100 + 108 + rows * 32)
    }

    func tap(_ point: Point) {
        window.touch(.began, at: point)
        window.touch(.ended, at: point)
    }

    @Test("the counts come from the data source; each wheel starts on its first row")
    func countsAndFirstRows() {
        #expect(picker.numberOfComponents == 2)
        #expect(picker.numberOfRows(inComponent: 1) == 30)
        #expect(picker.numberOfRows(inComponent: 5) == 0)
        #expect(picker.selectedRow(inComponent: 0) == 0)
        #expect(picker.selectedRow(inComponent: 9) == -1)
        #expect(shown(0) == ["[m0]", "m1", "m2", "m3"])
        #expect(picker.contentDescription.shownTexts == ["m0", "y0"])
        #expect(picker.contentDescription.accessibilityValue == "m0, y0")
        #expect(picker.contentDescription.traits.contains(.adjustable))
    }

    @Test("selectRow turns the wheel without telling the delegate, and keeps within the rows")
    func selectRowIsSilent() {
        picker.selectRow(5, inComponent: 0, animated: true)
        picker.selectRow(99, inComponent: 1, animated: false)
        window.layoutIfNeeded()
        #expect(picker.selectedRow(inComponent: 0) == 5)
        #expect(picker.selectedRow(inComponent: 1) == 29)
        #expect(shown(0) == ["m2", "m3", "m4", "[m5]", "m6", "m7", "m8"])
        #expect(shown(1) == ["y26", "y27", "y28", "[y29]"])
        #expect(wheels.selections.isEmpty)
    }

    @Test("only the titles of the rows in view are asked for, however long the wheel")
    func asksOnlyForRowsInView() {
        wheels.rows = [1_000_000, 3]
        picker.reloadAllComponents()
        wheels.asked = []
        picker.selectRow(500_000, inComponent: 0, animated: false)
        window.layoutIfNeeded()
        #expect(wheels.asked.filter { $0.component == 0 }.map(\.row).sorted() == Array(499_997...500_003))
        // Turning by a row asks for the one row that came into view.
        wheels.asked = []
        picker.selectRow(500_001, inComponent: 0, animated: false)
        window.layoutIfNeeded()
        #expect(wheels.asked.map(\.row) == [500_004])
    }

    @Test("a tap on a row above or below the selection selects it and tells the delegate")
    func tapSelectsARow() {
        tap(point(0, rows: 2))
        #expect(picker.selectedRow(inComponent: 0) == 2)
        #expect(wheels.selections == ["2@0"])
        tap(point(1, rows: 1))
        #expect(picker.selectedRow(inComponent: 1) == 1)
        tap(point(1))
        #expect(wheels.selections == ["2@0", "1@1"], "a tap on the selection changes nothing")
        tap(point(0, rows: -3))
        #expect(picker.selectedRow(inComponent: 0) == 2, "a tap where no row is selects nothing")
        #expect(wheels.selections == ["2@0", "1@1"])
    }

    @Test("a drag turns the wheel it began on a row per row height, and tells the delegate once")
    func dragTurnsTheWheel() {
        window.touch(.began, at: point(1))
        window.touch(.moved, at: point(1, rows: -1))
        #expect(picker.selectedRow(inComponent: 1) == 1)
        window.touch(.moved, at: point(1, rows: -3.2))
        #expect(picker.selectedRow(inComponent: 1) == 3)
        #expect(wheels.selections.isEmpty)
        window.touch(.ended, at: point(1, rows: -3.2))
        #expect(wheels.selections == ["3@1"])
        // A drag that is cancelled puts the wheel back.
        window.touch(.began, at: point(1))
        window.touch(.moved, at: point(1, rows: 2))
        #expect(picker.selectedRow(inComponent: 1) == 1)
        window.touch(.cancelled, at: point(1, rows: 2))
        #expect(picker.selectedRow(inComponent: 1) == 3)
        #expect(wheels.selections == ["3@1"])
    }

    @Test("the mouse wheel turns the wheel under the pointer, a row per notch")
    func mouseWheelTurnsTheWheelUnderIt() {
        #expect(window.wheel(48, at: point(1)) === picker)
        #expect(picker.selectedRow(inComponent: 1) == 1)
        #expect(picker.selectedRow(inComponent: 0) == 0)
        window.wheel(-48, at: point(1))
        window.wheel(-48, at: point(1))
        #expect(picker.selectedRow(inComponent: 1) == 0)
        #expect(wheels.selections == ["1@1", "0@1"], "at the first row the wheel goes no further")
    }

    @Test("with the focus, up and down turn the focused wheel, left and right move between wheels")
    func arrowKeys() {
        #expect(window.focusableViews().contains { $0 === picker })
        window.focus(picker)
        window.key("down")
        window.key("down")
        #expect(picker.selectedRow(inComponent: 0) == 2)
        window.key("right")
        #expect(picker.focusedComponent == 1)
        window.key("end")
        #expect(picker.selectedRow(inComponent: 1) == 29)
        window.key("up")
        window.key("right")
        #expect(picker.focusedComponent == 0, "right from the last wheel goes round to the first")
        window.key("home")
        #expect(wheels.selections == ["1@0", "2@0", "29@1", "28@1", "0@0"])
        // The focused wheel shows it, while the picker has the focus.
        guard case .wheels(let description) = picker.contentDescription.content else { return }
        #expect(description.wheels.map(\.isFocused) == [true, false])
    }

    @Test("a single wheel turns with the left and right arrows too, as any adjustable view")
    func singleWheelSteps() {
        wheels.rows = [5]
        picker.reloadAllComponents()
        window.focus(picker)
        window.key("right")
        window.key("right")
        window.key("left")
        #expect(picker.selectedRow(inComponent: 0) == 1)
        #expect(picker.accessibilityIncrement())
        #expect(picker.selectedRow(inComponent: 0) == 2)
    }

    @Test("reloading keeps each selection where its row still is")
    func reloadKeepsSelections() {
        picker.selectRow(10, inComponent: 0, animated: false)
        picker.selectRow(20, inComponent: 1, animated: false)
        wheels.rows = [4, 25]
        picker.reloadComponent(0)
        #expect(picker.selectedRow(inComponent: 0) == 3)
        #expect(picker.selectedRow(inComponent: 1) == 20)
        wheels.rows = [4]
        picker.reloadAllComponents()
        #expect(picker.numberOfComponents == 1)
        #expect(picker.selectedRow(inComponent: 0) == 3)
        wheels.rows = [4, 2]
        picker.reloadAllComponents()
        #expect(picker.selectedRow(inComponent: 1) == 0)
    }

    @Test("counts out of range are clamped, and a data source that asks the picker back is asked once")
    func hostileDataSource() {
        wheels.rows = [-5, Int.max]
        picker.reloadAllComponents()
        #expect(picker.numberOfRows(inComponent: 0) == 0)
        #expect(picker.numberOfRows(inComponent: 1) == PickerView.maximumRows)
        picker.selectRow(Int.max, inComponent: 1, animated: false)
        window.layoutIfNeeded()
        #expect(shown(1).last == "[y\(PickerView.maximumRows - 1)]")
        #expect(shown(0).isEmpty)
        var calls = 0
        wheels.whileCounting = { picker in
            calls += 1
            _ = picker.selectedRow(inComponent: 0)
            picker.reloadAllComponents()
        }
        picker.reloadAllComponents()
        #expect(picker.numberOfComponents == 2)
        #expect(calls == 1)
    }

    @Test("the selected title is asked for as soon as a row is selected, before the next layout")
    func selectedTitleAtOnce() {
        picker.selectRow(11, inComponent: 0, animated: false)
        #expect(picker.contentDescription.accessibilityValue == "m11, y0")
    }

    @Test("a picker made without a frame has UIKit's size")
    func defaultSize() {
        #expect(PickerView().bounds.size == Size(width: 320, height: 216))
    }
}
