import EventLoop
import Testing
@testable import ScreenKit

@MainActor
struct ControlTests {
    let loop = EventLoop(clock: .virtual)
    let window: Window
    let button = Button(frame: Rect(x: 100, y: 100, width: 80, height: 40))
    var events: [String] = []

    init() throws {
        window = Window(device: .iphone, loop: loop)
        try window.addSubview(button)
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

    /// A button with the titles "ein", "klick" and "aus", toggled on touchUpInside, shows the
    /// title of its state: normal, highlighted while pressed, then selected.
    @Test func aTogglingButtonShowsItsTitlesByState() {
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

        // After copying the highlighted title to selected+highlighted, a press on the
        // selected button shows "klick".
        button.setTitle(button.title(for: .highlighted), for: [.selected, .highlighted])
        shown = []
        press()
        press()
        #expect(shown == ["klick", "aus", "klick", "ein"])
    }

    @Test func aSwitchTurnsOverOnATap() throws {
        let toggle = Switch(frame: Rect(x: 10, y: 10, width: 50, height: 30))
        try window.addSubview(toggle)
        let log = record(toggle)
        window.touch(.began, at: Point(x: 20, y: 20))
        window.touch(.ended, at: Point(x: 20, y: 20))
        #expect(toggle.isOn)
        #expect(log() == ["touchDown", "valueChanged", "touchUpInside"])
    }

    @Test func aSliderFollowsTheFinger() throws {
        let slider = Slider(frame: Rect(x: 0, y: 300, width: 200, height: 20))
        slider.maximumValue = 100
        try window.addSubview(slider)
        var values: [Double] = []
        slider.addTarget({ control, _ in values.append((control as! Slider).value) }, for: [.valueChanged])
        window.touch(.began, at: Point(x: 50, y: 310))
        window.touch(.moved, at: Point(x: 100, y: 310))
        window.touch(.moved, at: Point(x: 400, y: 310))
        window.touch(.ended, at: Point(x: 400, y: 310))
        #expect(values == [25, 50, 100])
        #expect(slider.fraction == 1)
    }

    @Test func segmentedStepperAndPageControlsChangeTheirValue() throws {
        let segments = SegmentedControl(segments: ["a", "b", "c"], frame: Rect(x: 0, y: 0, width: 300, height: 30))
        let stepper = Stepper(frame: Rect(x: 0, y: 40, width: 100, height: 30))
        let pages = PageControl(frame: Rect(x: 0, y: 80, width: 100, height: 20))
        pages.numberOfPages = 3
        for view in [segments, stepper, pages] as [View] { try window.addSubview(view) }
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

    @Test func aTextFieldSendsTheEditingEvents() throws {
        let field = TextField(frame: Rect(x: 0, y: 200, width: 200, height: 30))
        try window.addSubview(field)
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

    @Test func theEditingEventsCarryNoTouchEvenWhenATapBeginsTheEditing() throws {
        let field = TextField(frame: Rect(x: 0, y: 200, width: 200, height: 30))
        try window.addSubview(field)
        var log: [String] = []
        field.addTarget({ _, event, touch in
            log.append("\(event.rawValue) \(touch.map { "\($0.phase)" } ?? "nil")")
        }, for: Set(ControlEvent.allCases))
        window.touch(.began, at: Point(x: 10, y: 210))
        window.touch(.ended, at: Point(x: 10, y: 210))
        window.type("a")
        window.key("return")
        #expect(log == [
            "touchDown began", "editingDidBegin nil", "touchUpInside ended", "editingChanged nil",
            "editingDidEndOnExit nil", "editingDidEnd nil",
        ])
        #expect(ControlEvent.allCases.filter(\.isEditingEvent) == [.editingDidBegin, .editingChanged, .editingDidEnd, .editingDidEndOnExit])
    }

    // MARK: - valueChanged

    @Test func aSegmentedControlSendsValueChangedWhenAnotherSegmentIsTapped() throws {
        let segments = SegmentedControl(segments: ["a", "b", "c"], frame: Rect(x: 0, y: 0, width: 300, height: 30))
        try window.addSubview(segments)
        let log = record(segments)
        tap(at: Point(x: 250, y: 10))
        tap(at: Point(x: 250, y: 10))   // the selected segment again: no change
        #expect(log() == ["touchDown", "valueChanged", "touchUpInside", "touchDown", "touchUpInside"])
        #expect(segments.selectedSegmentIndex == 2)
    }

    @Test func aStepperSendsValueChangedForEachStepWithinItsLimits() throws {
        let stepper = Stepper(frame: Rect(x: 0, y: 40, width: 100, height: 30))
        stepper.maximumValue = 1
        try window.addSubview(stepper)
        let log = record(stepper)
        tap(at: Point(x: 80, y: 50))
        tap(at: Point(x: 80, y: 50))   // at the maximum: no change
        #expect(log() == ["touchDown", "valueChanged", "touchUpInside", "touchDown", "touchUpInside"])
        #expect(stepper.value == 1)
    }

    @Test func aPageControlSendsValueChangedWhenThePageChanges() throws {
        let pages = PageControl(frame: Rect(x: 0, y: 80, width: 100, height: 20))
        pages.numberOfPages = 2
        try window.addSubview(pages)
        let log = record(pages)
        tap(at: Point(x: 90, y: 90))
        tap(at: Point(x: 90, y: 90))   // already the last page: no change
        #expect(log() == ["touchDown", "valueChanged", "touchUpInside", "touchDown", "touchUpInside"])
        #expect(pages.currentPage == 1)
    }

    @Test func pageCountsAndIndexesAtIntegerLimitsKeepTheirRange() throws {
        let pages = PageControl(frame: Rect(x: 0, y: 80, width: 100, height: 20))
        pages.numberOfPages = Int.min
        #expect(pages.numberOfPages == 0 && pages.currentPage == 0)
        pages.currentPage = Int.max
        #expect(pages.currentPage == 0)
        pages.numberOfPages = Int.max
        pages.currentPage = Int.max
        #expect(pages.currentPage == Int.max - 1)
        pages.currentPage = Int.min
        #expect(pages.currentPage == 0)
        pages.currentPage = Int.max - 1
        try window.addSubview(pages)
        tap(at: Point(x: 90, y: 90))   // past the last page: nothing
        tap(at: Point(x: 10, y: 90))
        #expect(pages.currentPage == Int.max - 2)
    }

    @Test func aSegmentIndexThatNamesNoSegmentSelectsNone() throws {
        let segments = SegmentedControl(segments: ["a", "b"], frame: Rect(x: 0, y: 0, width: .leastNonzeroMagnitude, height: 30))
        segments.selectedSegmentIndex = Int.min
        #expect(segments.selectedSegmentIndex == nil)
        segments.selectedSegmentIndex = 2
        #expect(segments.selectedSegmentIndex == nil)
        segments.selectedSegmentIndex = 1
        #expect(segments.selectedSegmentIndex == 1)
        // A width too small to divide among the segments.
        #expect(segments.segment(at: Point(x: 0, y: 10)) == 0)
        segments.bounds.size.width = 1e308
        #expect(segments.segment(at: Point(x: 9e307, y: 10)) == 1)
    }

    @Test func aLabelOfAnyWidthLaysOutItsText() {
        #expect(Label.columns(in: 1e308) == Int(Int32.max))
        #expect(Label.columns(in: .nan) == 0 && Label.columns(in: -.infinity) == 0 && Label.columns(in: 1e-300) == 0)
        #expect(Label.columns(in: 80) == 10)
        let label = Label(frame: Rect(x: 0, y: 0, width: 1e308, height: 16))
        label.text = "wide"
        #expect(label.layout.lines == ["wide"])
        #expect(label.sizeThatFits(Size(width: .infinity, height: 16)) == Size(width: 32, height: 16))
    }

    // MARK: - The touch in actions

    @Test func actionsGetTheTouchWithItsTapCount() {
        var downs: [Int] = [], repeats: [Int] = [], points: [Point] = []
        button.addTarget({ _, event, touch in
            guard let touch else { return }
            if event == .touchDown { downs.append(touch.tapCount) } else { repeats.append(touch.tapCount) }
            points.append(touch.location(in: self.button))
        }, for: [.touchDown, .touchDownRepeat])
        for _ in 0..<3 {
            tap(at: Point(x: 110, y: 120), advancing: 0.1)
        }
        #expect(downs == [1, 2, 3])
        #expect(repeats == [2, 3])
        #expect(points.allSatisfy { $0 == Point(x: 10, y: 20) })
    }

    @Test func anActionSentFromCodeHasNoTouch() {
        var touches: [Touch?] = []
        button.addTarget({ _, _, touch in touches.append(touch) }, for: [.valueChanged, .touchDown])
        button.sendActions(for: .valueChanged)
        window.touch(.began, at: Point(x: 110, y: 110))
        button.sendActions(for: .valueChanged)   // between phases: not part of the touch
        #expect(touches.count == 3)
        #expect(touches[0] == nil && touches[1] != nil && touches[2] == nil)
    }

    // MARK: - Memory warnings

    /// The system cancels the touches and gestures in progress for a memory warning.
    @Test func aMemoryWarningCancelsTheTouchesInProgress() {
        let log = record(button)
        window.touch(.began, at: Point(x: 110, y: 110))
        window.memoryWarning()
        #expect(log() == ["touchDown", "touchCancel"])
        #expect(!button.isHighlighted && !button.isTracking)
        window.touch(.ended, at: Point(x: 110, y: 110))
        #expect(log() == ["touchDown", "touchCancel"])
    }

    @Test func aMemoryWarningCancelsAGestureUnderWay() throws {
        let surface = View(frame: Rect(x: 0, y: 200, width: 320, height: 200))
        try window.addSubview(surface)
        let press = LongPressGestureRecognizer()
        var states: [GestureRecognizer.State] = []
        press.addTarget { states.append($0.state) }
        surface.addGestureRecognizer(press)
        window.touch(.began, at: Point(x: 50, y: 250))
        loop.advance(by: 0.6)
        window.memoryWarning()
        #expect(states == [.began, .cancelled])
        #expect(press.state == .possible)
    }

    // MARK: - Default actions and gesture recognizers

    /// A tap recognizer on `surface`, a view under every control added to it.
    func tapRecognizer(on surface: View, taps: Int = 1) -> () -> Int {
        var count = 0
        let tap = TapGestureRecognizer { _ in count += 1 }
        tap.numberOfTapsRequired = taps
        surface.addGestureRecognizer(tap)
        return { count }
    }

    func tap(at point: Point, advancing seconds: Double = 1) {
        window.touch(.began, at: point)
        window.touch(.ended, at: point)
        loop.advance(by: seconds)
    }

    /// UIKit since iOS 6: "default control actions prevent overlapping gesture recognizer
    /// behavior"; a single tap on a button, switch, stepper, segmented control or page
    /// control goes to the control, not to a tap recognizer on its superview.
    @Test func aControlsTapBeatsATapRecognizerOnASuperview() throws {
        let surface = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        try window.addSubview(surface)
        let taps = tapRecognizer(on: surface)
        let pages = PageControl(frame: Rect(x: 0, y: 400, width: 100, height: 20))
        pages.numberOfPages = 3
        let controls: [Control] = [
            Button(frame: Rect(x: 0, y: 0, width: 100, height: 30)),
            Switch(frame: Rect(x: 0, y: 100, width: 50, height: 30)),
            Stepper(frame: Rect(x: 0, y: 200, width: 100, height: 30)),
            SegmentedControl(segments: ["a", "b"], frame: Rect(x: 0, y: 300, width: 100, height: 30)),
            pages,
        ]
        for control in controls {
            try surface.addSubview(control)
            let log = record(control)
            tap(at: control.convert(Point(x: 40, y: 10), to: nil))
            #expect(log().first == "touchDown", "\(type(of: control))")
            #expect(log().last == "touchUpInside", "\(type(of: control))")
            #expect(!log().contains("touchCancel"), "\(type(of: control))")
        }
        #expect(taps() == 0)
        tap(at: Point(x: 200, y: 450))   // beside the controls the recognizer works
        #expect(taps() == 1)
    }

    @Test func aTapRecognizerOnTheControlItselfStillTakesTheTap() {
        let taps = tapRecognizer(on: button)
        let log = record(button)
        tap(at: Point(x: 110, y: 110))
        #expect(taps() == 1)
        #expect(log() == ["touchDown", "touchCancel"])
    }

    @Test func onlyTheGesturesOfTheDefaultActionAreKeptFromSuperviews() throws {
        // A plain control has no default action, as in UIKit: the recognizer wins.
        let plain = Control(frame: Rect(x: 0, y: 300, width: 100, height: 40))
        try window.addSubview(plain)
        let windowTaps = tapRecognizer(on: window)
        let plainLog = record(plain)
        tap(at: Point(x: 10, y: 310))
        #expect(windowTaps() == 1)
        #expect(plainLog() == ["touchDown", "touchCancel"])

        // A double tap is not a button's default action: the second tap goes to the recognizer.
        let doubleTaps = tapRecognizer(on: window, taps: 2)
        let log = record(button)
        tap(at: Point(x: 110, y: 110), advancing: 0.1)
        tap(at: Point(x: 110, y: 110))
        #expect(doubleTaps() == 1)
        #expect(log() == ["touchDown", "touchUpInside", "touchDown", "touchDownRepeat", "touchCancel"])
    }

    @Test func aSwipeAlongASliderMovesTheSlider() throws {
        let slider = Slider(frame: Rect(x: 0, y: 300, width: 200, height: 20))
        slider.maximumValue = 100
        try window.addSubview(slider)
        var swipes = 0
        let swipe = SwipeGestureRecognizer { _ in swipes += 1 }
        swipe.directions = [.left, .right]
        window.addGestureRecognizer(swipe)
        let log = record(slider)
        window.touch(.began, at: Point(x: 20, y: 310))
        window.touch(.moved, at: Point(x: 100, y: 310))
        window.touch(.ended, at: Point(x: 150, y: 310))
        #expect(swipes == 0)
        #expect(swipe.direction == nil)
        #expect(slider.value == 75)
        #expect(log().last == "touchUpInside")
    }

    @Test func aSidewaysPanOnASwitchStaysWithTheSwitch() throws {
        let toggle = Switch(frame: Rect(x: 10, y: 300, width: 100, height: 30))
        try window.addSubview(toggle)
        var pans = 0
        window.addGestureRecognizer(PanGestureRecognizer { _ in pans += 1 })
        let log = record(toggle)
        window.touch(.began, at: Point(x: 20, y: 310))
        window.touch(.moved, at: Point(x: 60, y: 312))
        window.touch(.ended, at: Point(x: 80, y: 312))
        #expect(pans == 0)
        #expect(toggle.isOn)
        #expect(log().last == "touchUpInside")
    }
}
