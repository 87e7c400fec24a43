import EventLoop
import Testing
@testable import ScreenKit

@MainActor
struct ControlTests {
    let loop = EventLoop(clock: .virtual)
    let window: Window
    let button = Button(frame: Rect(x: 100, y: 100, width: 80, height: 40))
    var events: [String] = []

    init() {
        window = Window(device: .iphone, loop: loop)
        window.addSubview(button)
    }

    /// Records every event the control sends, by name.
    func record(_ control: Control) -> () -> [String] {
        var log: [String] = []
        control.addTarget({ _, event in log.append(event.rawValue) }, for: Set(ControlEvent.allCases))
        return { log }
    }

    @Test func statesCombineAsABitMask() {
        #expect(button.state == .normal)
        button.isSelected = true
        button.isHighlighted = true
        #expect(button.state == [.selected, .highlighted])
        #expect(button.state.description == "selected+highlighted")
        button.isEnabled = false
        #expect(button.state == [.selected, .disabled])
        #expect(ControlState(name: "highlighted+selected") == [.selected, .highlighted])
        #expect(ControlState(name: "normal") == .normal)
        #expect(ControlState(name: "pressed") == nil)
    }

    @Test func aTapSendsTouchDownThenTouchUpInside() {
        let log = record(button)
        window.touch(.began, at: Point(x: 110, y: 110))
        #expect(button.isHighlighted)
        window.touch(.ended, at: Point(x: 110, y: 110))
        #expect(!button.isHighlighted)
        #expect(log() == ["touchDown", "touchUpInside"])
    }

    @Test func draggingOutAndBackSendsExitAndEnter() {
        let log = record(button)
        window.touch(.began, at: Point(x: 110, y: 110))
        window.touch(.moved, at: Point(x: 120, y: 110))
        window.touch(.moved, at: Point(x: 300, y: 110))
        #expect(!button.isHighlighted)
        window.touch(.moved, at: Point(x: 310, y: 110))
        window.touch(.moved, at: Point(x: 150, y: 120))
        window.touch(.ended, at: Point(x: 300, y: 300))
        #expect(log() == [
            "touchDown", "touchDragInside", "touchDragExit", "touchDragOutside", "touchDragOutside",
            "touchDragEnter", "touchDragInside", "touchUpOutside",
        ])
    }

    @Test func cancellingSendsTouchCancel() {
        let log = record(button)
        window.touch(.began, at: Point(x: 110, y: 110))
        window.cancelAllTouches()
        #expect(log() == ["touchDown", "touchCancel"])
        #expect(!button.isHighlighted)
    }

    @Test func quickTapsSendTouchDownRepeatWithTheTapCount() {
        var counts: [Int] = []
        button.addTarget({ _, _ in counts.append(self.window.lastTap?.count ?? 0) }, for: [.touchDownRepeat])
        let log = record(button)
        for _ in 0..<3 {
            window.touch(.began, at: Point(x: 110, y: 110))
            window.touch(.ended, at: Point(x: 110, y: 110))
            loop.advance(by: 0.1)
        }
        loop.advance(by: 1)
        window.touch(.began, at: Point(x: 110, y: 110))
        window.touch(.ended, at: Point(x: 110, y: 110))
        #expect(log().filter { $0 == "touchDownRepeat" }.count == 2)
        #expect(counts == [1, 2])   // the counts of the taps before the repeats
    }

    @Test func aDisabledControlSendsNothing() {
        let log = record(button)
        button.isEnabled = false
        window.touch(.began, at: Point(x: 110, y: 110))
        window.touch(.ended, at: Point(x: 110, y: 110))
        #expect(log() == [])
        button.sendActions(for: .valueChanged)
        #expect(log() == ["valueChanged"])
    }

    @Test func removedTargetsAreNotCalled() {
        var calls = 0
        let target = button.addTarget({ _, _ in calls += 1 }, for: [.touchUpInside])
        button.sendActions(for: .touchUpInside)
        button.removeTarget(target)
        button.sendActions(for: .touchUpInside)
        #expect(calls == 1)
    }

    /// The seed's button with the titles "ein", "klick" and "aus", toggled on touchUpInside.
    @Test func theSeedsTogglingButtonShowsItsTitlesByState() {
        button.setTitle("ein", for: .normal)
        button.setTitle("klick", for: .highlighted)
        button.setTitle("aus", for: .selected)
        button.addTarget({ control, _ in control.isSelected.toggle() }, for: [.touchUpInside])
        var shown: [String?] = [button.currentTitle]

        func press() {
            window.touch(.began, at: Point(x: 110, y: 110))
            shown.append(button.currentTitle)
            window.touch(.ended, at: Point(x: 110, y: 110))
            shown.append(button.currentTitle)
            loop.advance(by: 1)
        }
        press()
        press()
        #expect(shown == ["ein", "klick", "aus", "ein", "ein"])

        // After copying the highlighted title to selected+highlighted, as viewDidLoad does in
        // the seed, a press on the selected button shows "klick".
        button.setTitle(button.title(for: .highlighted), for: [.selected, .highlighted])
        shown = []
        press()
        press()
        #expect(shown == ["klick", "aus", "klick", "ein"])
    }

    @Test func aSwitchTurnsOverOnATap() {
        let toggle = Switch(frame: Rect(x: 10, y: 10, width: 50, height: 30))
        window.addSubview(toggle)
        let log = record(toggle)
        window.touch(.began, at: Point(x: 20, y: 20))
        window.touch(.ended, at: Point(x: 20, y: 20))
        #expect(toggle.isOn)
        #expect(log() == ["touchDown", "valueChanged", "touchUpInside"])
    }

    @Test func aSliderFollowsTheFinger() {
        let slider = Slider(frame: Rect(x: 0, y: 300, width: 200, height: 20))
        slider.maximumValue = 100
        window.addSubview(slider)
        var values: [Double] = []
        slider.addTarget({ control, _ in values.append((control as! Slider).value) }, for: [.valueChanged])
        window.touch(.began, at: Point(x: 50, y: 310))
        window.touch(.moved, at: Point(x: 100, y: 310))
        window.touch(.moved, at: Point(x: 400, y: 310))
        window.touch(.ended, at: Point(x: 400, y: 310))
        #expect(values == [25, 50, 100])
        #expect(slider.fraction == 1)
    }

    @Test func segmentedStepperAndPageControlsChangeTheirValue() {
        let segments = SegmentedControl(segments: ["a", "b", "c"], frame: Rect(x: 0, y: 0, width: 300, height: 30))
        let stepper = Stepper(frame: Rect(x: 0, y: 40, width: 100, height: 30))
        let pages = PageControl(frame: Rect(x: 0, y: 80, width: 100, height: 20))
        pages.numberOfPages = 3
        for view in [segments, stepper, pages] as [View] { window.addSubview(view) }
        func tap(_ x: Double, _ y: Double) {
            window.touch(.began, at: Point(x: x, y: y))
            window.touch(.ended, at: Point(x: x, y: y))
            loop.advance(by: 1)
        }
        tap(250, 10)
        #expect(segments.selectedSegmentIndex == 2)
        tap(80, 50)
        tap(80, 50)
        tap(10, 50)
        #expect(stepper.value == 1)
        tap(90, 90)
        tap(90, 90)
        tap(90, 90)
        #expect(pages.currentPage == 2)
        tap(10, 90)
        #expect(pages.currentPage == 1)
    }

    @Test func aTextFieldSendsTheEditingEvents() {
        let field = TextField(frame: Rect(x: 0, y: 200, width: 200, height: 30))
        window.addSubview(field)
        let log = record(field)
        window.touch(.began, at: Point(x: 10, y: 210))
        window.touch(.ended, at: Point(x: 10, y: 210))
        window.type("Hi")
        window.type("!")
        window.key("backspace")
        window.key("return")
        window.type("ignored")
        #expect(field.text == "Hi")
        #expect(log() == [
            "touchDown", "editingDidBegin", "touchUpInside", "editingChanged", "editingChanged", "editingChanged",
            "editingDidEndOnExit", "editingDidEnd",
        ])
    }
}
