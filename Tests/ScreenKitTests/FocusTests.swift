import EventLoop
import Testing
@testable import ScreenKit

/// The keyboard focus: Tab and Shift-Tab through what is on screen in reading order, Enter
/// and Space tap it, the arrows move within it.
@MainActor
struct FocusTests {
    /// A name for what has the focus, as a person would read it off the screen.
    func name(_ view: View?) -> String {
        switch view {
        case nil: "nothing"
        case let button as Button: button.currentTitle ?? "button"
        case let cell as TableViewCell: "row \(cell.textLabel.text)"
        case let field as TextField: "field \(field.placeholder ?? "")"
        case is Switch: "switch"
        case is Slider: "slider"
        case is SegmentedControl: "segments"
        case let view?: "\(type(of: view))"
        }
    }

    func names(_ views: [View]) -> [String] { views.map(name) }

    /// Presses Tab until `target` has the focus; a failure when a round never reaches it.
    func tab(_ window: Window, to target: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for _ in 0..<60 {
            window.key("tab")
            if name(window.focusedView) == target { return }
        }
        Issue.record("Tab never reached \(target)", sourceLocation: sourceLocation)
    }

    /// Presses Tab until the focus comes back round, naming each stop.
    func tabRound(_ window: Window, limit: Int = 60) -> [String] {
        var seen: [String] = []
        for _ in 0..<limit {
            window.key("tab")
            let focused = name(window.focusedView)
            if seen.first == focused { break }
            seen.append(focused)
        }
        return seen
    }

    func button(_ title: String, _ frame: Rect, in view: View) -> Button {
        let button = Button(frame: frame)
        button.setTitle(title, for: .normal)
        try? view.addSubview(button)
        return button
    }

    /// A tab bar controller whose first tab is a navigation stack: "Home" with "Detail"
    /// pushed on it (the tab "Main"), which shows an Edit bar button, a row of three buttons of different
    /// heights and a table of 20 rows below them; the second tab is "Other".
    final class Screen {
        let window: Window
        let loop: EventLoop
        let tabs: TabBarController
        let navigation: NavigationController
        let home = ViewController(), detail = ViewController(), other = ViewController()
        let table = TableView(frame: Rect(x: 0, y: 60, width: 320, height: 176))
        let source = RowSource([20])
        var edits = 0
        var taps: [String] = []

        init() throws {
            (window, loop) = makeWindow()
            home.title = "Home"
            detail.title = "Detail"
            other.title = "Other"
            navigation = try NavigationController(root: home)
            navigation.title = "Main"
            tabs = try TabBarController(viewControllers: [navigation, other])
            window.rootViewController = tabs
            try navigation.push(detail, animated: false)
            detail.navigationItem.rightButton = BarButtonItem(title: "Edit") { [unowned self] _ in edits += 1 }
            let view = detail.view
            for (title, frame) in [
                ("One", Rect(x: 10, y: 10, width: 60, height: 30)),
                ("Two", Rect(x: 120, y: 17, width: 60, height: 16)),
                ("Three", Rect(x: 220, y: 12, width: 60, height: 20)),
            ] {
                let button = Button(frame: frame)
                button.setTitle(title, for: .normal)
                button.addTarget({ [unowned self] _, _ in taps.append(title) }, for: [.touchUpInside])
                try view.addSubview(button)
            }
            table.register({ TableViewCell() }, forCellReuseIdentifier: "Row")
            table.dataSource = source
            table.delegate = source
            try view.addSubview(table)
            window.layoutIfNeeded()
        }
    }

    @Test func readingOrderGoesTopToBottomThenLeftToRight() throws {
        let screen = try Screen()
        #expect(names(screen.window.focusableViews()) == [
            "< Home", "Edit", "One", "Two", "Three",
            "row 0.0", "row 0.1", "row 0.2", "row 0.3",
            "▸ Main", "Other",
        ])
    }

    @Test func aRowIsTheViewsThatOverlapItsTopmostByHalfTheShorterHeight() {
        let frames = [
            Rect(x: 10, y: 96, width: 144, height: 256),  // a tall card on the left
            Rect(x: 166, y: 144, width: 144, height: 160),  // a shorter card, lower, on its line
            Rect(x: 10, y: 368, width: 144, height: 63),  // the next card, cut by its list
            Rect(x: 162, y: 448, width: 156, height: 30),  // the tab bar's items, right
            Rect(x: 2, y: 448, width: 156, height: 30),  // and left
            Rect(x: 200, y: 380, width: 60, height: 16),  // a button beside the cut card
            Rect(x: 10, y: 10, width: 60, height: 30),  // buttons of different heights,
            Rect(x: 80, y: 24, width: 60, height: 16),  // bottom-aligned
        ]
        let views = frames.map { View(frame: $0) }
        let order = Window.readingOrder(Array(zip(views, frames))).map { view in views.firstIndex { $0 === view }! }
        #expect(order == [6, 7, 0, 1, 2, 5, 4, 3])
    }

    @Test func tabStartsAtTheFirstAndWrapsAround() throws {
        let screen = try Screen()
        let window = screen.window
        #expect(window.focusedView == nil)
        #expect(tabRound(window) == names(window.focusableViews()))
        // The round ended back on the first; Shift-Tab from there goes round to the last.
        #expect(name(window.focusedView) == "< Home")
        window.key("shift-tab")
        #expect(name(window.focusedView) == "Other")
        window.key("shift-tab")
        #expect(name(window.focusedView) == "▸ Main")
    }

    @Test func shiftTabWithNothingFocusedStartsAtTheLast() throws {
        let screen = try Screen()
        screen.window.key("shift-tab")
        #expect(name(screen.window.focusedView) == "Other")
    }

    @Test func hiddenDisabledTransparentAndClippedViewsAreSkipped() throws {
        let (window, _) = makeWindow()
        let root = ViewController()
        window.rootViewController = root
        let view = root.view
        _ = button("Shown", Rect(x: 10, y: 10, width: 80, height: 16), in: view)
        button("Hidden", Rect(x: 10, y: 40, width: 80, height: 16), in: view).isHidden = true
        button("Disabled", Rect(x: 10, y: 70, width: 80, height: 16), in: view).isEnabled = false
        button("Clear", Rect(x: 10, y: 100, width: 80, height: 16), in: view).alpha = 0
        button("Off screen", Rect(x: 400, y: 130, width: 80, height: 16), in: view).alpha = 1
        let inert = View(frame: Rect(x: 0, y: 160, width: 320, height: 40))
        inert.isUserInteractionEnabled = false
        try view.addSubview(inert)
        _ = button("Inert", Rect(x: 10, y: 0, width: 80, height: 16), in: inert)
        let scroller = ScrollView(frame: Rect(x: 0, y: 200, width: 320, height: 100))
        scroller.contentSize = Size(width: 320, height: 400)
        try view.addSubview(scroller)
        _ = button("In view", Rect(x: 10, y: 10, width: 80, height: 16), in: scroller)
        _ = button("Scrolled away", Rect(x: 10, y: 300, width: 80, height: 16), in: scroller)
        let cover = View(frame: Rect(x: 0, y: 320, width: 320, height: 60))
        _ = button("Covered", Rect(x: 10, y: 330, width: 80, height: 16), in: view)
        try view.addSubview(cover)
        window.layoutIfNeeded()
        #expect(names(window.focusableViews()) == ["Shown", "In view"])
        scroller.contentOffset = Point(x: 0, y: 280)
        #expect(names(window.focusableViews()) == ["Shown", "Scrolled away"])
    }

    @Test func onlyTheControllerPresentedOnTopTakesTheFocus() throws {
        let screen = try Screen()
        let sheet = ViewController()
        _ = button("Done", Rect(x: 10, y: 40, width: 80, height: 16), in: sheet.view)
        try screen.tabs.present(sheet, animated: true)
        // While it slides up, what it covers is covered; once up, it is all there is.
        screen.loop.advance(by: 0.1)
        #expect(!names(screen.window.focusableViews()).contains("< Home"))
        screen.loop.advance(by: 1)
        #expect(names(screen.window.focusableViews()) == ["Done"])
        screen.window.key("tab")
        #expect(name(screen.window.focusedView) == "Done")
        // Dismissed, the sheet takes the focus with it.
        screen.window.key("escape")
        screen.loop.advance(by: 1)
        #expect(screen.window.focusedView == nil)
        #expect(names(screen.window.focusableViews()).first == "< Home")
    }

    @Test func enterTapsTheFocusedButtonAndSpaceToo() throws {
        let screen = try Screen()
        let window = screen.window
        tab(window, to: "One")
        window.key("enter")
        window.key("tab")
        screen.loop.advance(by: 1)
        window.key("space")
        #expect(screen.taps == ["One", "Two"])
        // Focus is not selection: tapping does not move it.
        #expect(name(window.focusedView) == "Two")
    }

    @Test func enterOnARowSelectsItThroughTheDelegate() throws {
        let screen = try Screen()
        let window = screen.window
        tab(window, to: "row 0.2")
        window.key("return")
        #expect(screen.source.events == ["select [0, 2]"])
        #expect(screen.table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
    }

    @Test func enterOnBarButtonsRunsTheirActionsAndTheBackButtonPops() throws {
        let screen = try Screen()
        let window = screen.window
        tab(window, to: "Edit")
        window.key("enter")
        #expect(screen.edits == 1)
        window.key("shift-tab")
        #expect(name(window.focusedView) == "< Home")
        window.key("enter")
        screen.loop.advance(by: 1)
        #expect(screen.navigation.viewControllers.count == 1)
    }

    @Test func enterOnATabSelectsIt() throws {
        let screen = try Screen()
        let window = screen.window
        window.key("shift-tab")
        #expect(name(window.focusedView) == "Other")
        window.key("enter")
        #expect(screen.tabs.selectedViewController === screen.other)
    }

    @Test func afterAPopTheFocusIsGoneAndTabStartsOnTheNewScreen() throws {
        let screen = try Screen()
        let window = screen.window
        tab(window, to: "One")
        window.key("escape")
        screen.loop.advance(by: 1)
        #expect(screen.navigation.viewControllers.count == 1)
        #expect(window.focusedView == nil)
        window.key("tab")
        #expect(name(window.focusedView) == "▸ Main")
    }

    @Test func theFocusSurvivesLayoutAndRotation() throws {
        let screen = try Screen()
        let window = screen.window
        tab(window, to: "Edit")
        window.rotate(to: .landscape)
        #expect(name(window.focusedView) == "Edit")
        window.key("tab")
        #expect(name(window.focusedView) == "One")
        window.key("enter")
        #expect(screen.taps == ["One"])
    }

    @Test func theFocusComesBackWhenItsViewDoes() throws {
        let screen = try Screen()
        let window = screen.window
        tab(window, to: "One")
        let one = window.focusedView
        let next = ViewController()
        try screen.navigation.push(next, animated: false)
        window.layoutIfNeeded()
        #expect(window.focusedView == nil)
        _ = try screen.navigation.pop(animated: false)
        window.layoutIfNeeded()
        #expect(window.focusedView === one)
    }

    @Test func aTextFieldFocusedTakesTypingAfterEnter() throws {
        let (window, _) = makeWindow()
        let root = ViewController()
        window.rootViewController = root
        let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 16))
        field.placeholder = "Name"
        try root.view.addSubview(field)
        let save = button("Save", Rect(x: 10, y: 40, width: 80, height: 16), in: root.view)
        var saved = 0
        save.addTarget({ _, _ in saved += 1 }, for: [.touchUpInside])
        var events: [ControlEvent] = []
        field.addTarget({ _, event in events.append(event) }, for: Set(ControlEvent.allCases))
        window.key("tab")
        #expect(name(window.focusedView) == "field Name")
        window.key("enter")
        #expect(field.isEditing)
        window.type("Ada")
        window.key("space")
        window.key("L")
        #expect(field.text == "Ada L")
        // Enter in the field is its return key; then Enter taps the field again.
        window.key("enter")
        #expect(!field.isEditing)
        #expect(events.contains(.editingDidEndOnExit))
        // The field keeps the focus, but typing goes nowhere until editing starts again.
        window.type("?")
        #expect(field.text == "Ada L")
        #expect(window.focusedView === field)
        window.key("enter")
        window.type("!")
        #expect(field.isEditing && field.text == "Ada L!")
        // Tab ends editing and moves on.
        window.key("tab")
        #expect(!field.isEditing)
        #expect(name(window.focusedView) == "Save")
        window.key("space")
        #expect(saved == 1)
        #expect(field.text == "Ada L!")
    }

    @Test func aFieldTappedTakesTheFocusAndEscapeEndsEditingBeforeGoingBack() throws {
        let (window, loop) = makeWindow()
        let first = ViewController(), second = ViewController()
        first.title = "First"
        let navigation = try NavigationController(root: first)
        window.rootViewController = navigation
        try navigation.push(second, animated: false)
        let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 16))
        try second.view.addSubview(field)
        window.layoutIfNeeded()
        let middle = field.convert(Point(x: 100, y: 8), to: nil)
        window.touch(.began, at: middle)
        window.touch(.ended, at: middle)
        #expect(field.isEditing)
        #expect(window.focusedView === field)
        window.key("escape")
        loop.advance(by: 1)
        #expect(!field.isEditing)
        #expect(navigation.viewControllers.count == 2)
        window.key("escape")
        loop.advance(by: 1)
        #expect(navigation.viewControllers.count == 1)
    }

    @Test func switchesToggleAndSlidersAndSegmentsStepWithTheArrows() throws {
        let (window, _) = makeWindow()
        let root = ViewController()
        window.rootViewController = root
        let toggle = Switch(frame: Rect(x: 10, y: 10, width: 48, height: 16))
        let slider = Slider(frame: Rect(x: 10, y: 40, width: 200, height: 16))
        let segments = SegmentedControl(segments: ["A", "B", "C"], frame: Rect(x: 10, y: 70, width: 240, height: 16))
        segments.selectedSegmentIndex = 0
        for control in [toggle, slider, segments] as [Control] { try root.view.addSubview(control) }
        var changes = 0
        for control in [toggle, slider, segments] as [Control] {
            control.addTarget({ _, _ in changes += 1 }, for: [.valueChanged])
        }
        window.key("tab")
        window.key("space")
        #expect(toggle.isOn)
        window.key("tab")
        window.key("right")
        window.key("right")
        #expect(abs(slider.value - 0.2) < 1e-9)
        window.key("left")
        #expect(abs(slider.value - 0.1) < 1e-9)
        // Enter does not tap a slider, whose value a tap in the middle would jump to.
        window.key("enter")
        #expect(abs(slider.value - 0.1) < 1e-9)
        window.key("tab")
        window.key("right")
        window.key("right")
        window.key("right")
        #expect(segments.selectedSegmentIndex == 2)
        window.key("left")
        #expect(segments.selectedSegmentIndex == 1)
        #expect(changes == 1 + 3 + 3)
    }

    @Test func arrowsInATableMoveTheFocusARowAndScrollItIntoView() throws {
        let screen = try Screen()
        let window = screen.window
        tab(window, to: "row 0.0")
        window.key("down")
        #expect(name(window.focusedView) == "row 0.1")
        #expect(screen.table.contentOffset.y == 0)
        for _ in 0..<5 { window.key("down") }
        #expect(name(window.focusedView) == "row 0.6")
        // 176 points show four rows of 44: row 6 ends at 308, so the table scrolled 132.
        #expect(screen.table.contentOffset.y == 132)
        window.key("up")
        #expect(name(window.focusedView) == "row 0.5")
        #expect(screen.table.contentOffset.y == 132)
        // Tab from a row goes on to what follows it on screen.
        let order = names(window.focusableViews())
        window.key("tab")
        #expect(name(window.focusedView) == order[order.firstIndex(of: "row 0.5")! + 1])
    }

    @Test func pageDownScrollsAPageAndFocusesTheRowNowThere() throws {
        let screen = try Screen()
        let window = screen.window
        tab(window, to: "row 0.0")
        window.key("pagedown")
        // A page is the height less a line: 160 points.
        #expect(screen.table.contentOffset.y == 160)
        // Row 0's middle was 22 points down the table; row 4 is there now.
        #expect(name(window.focusedView) == "row 0.4")
        for _ in 0..<10 { window.key("pagedown") }
        #expect(screen.table.contentOffset.y == screen.table.maximumContentOffset.y)
        #expect(name(window.focusedView) == "row 0.19")
        window.key("down")
        #expect(name(window.focusedView) == "row 0.19")
        window.key("pageup")
        #expect(screen.table.contentOffset.y == screen.table.maximumContentOffset.y - 160)
    }

    @Test func homeAndEndFocusTheFirstAndLastRowAndScrollToThem() throws {
        let screen = try Screen()
        let window = screen.window
        tab(window, to: "row 0.2")
        window.key("end")
        #expect(name(window.focusedView) == "row 0.19")
        #expect(screen.table.contentOffset.y == screen.table.maximumContentOffset.y)
        window.key("home")
        #expect(name(window.focusedView) == "row 0.0")
        #expect(screen.table.contentOffset.y == 0)
        // Already at the first row: nothing moves.
        #expect(!window.scrollFocused(.home))
    }

    @Test func theFirstAndLastRowsSkipEmptySections() {
        #expect(Window.edgeRow(last: false, counts: [0, 3, 0, 5, 0]) == IndexPath(item: 0, section: 1))
        #expect(Window.edgeRow(last: true, counts: [0, 3, 0, 5, 0]) == IndexPath(item: 4, section: 3))
        #expect(Window.edgeRow(last: true, counts: [0, 0]) == nil)
        #expect(Window.edgeRow(last: false, counts: []) == nil)
    }

    @Test func homeAndEndTakeControlsToTheirLeastAndGreatestValues() throws {
        let (window, _) = makeWindow()
        let root = ViewController()
        window.rootViewController = root
        let slider = Slider(frame: Rect(x: 10, y: 10, width: 200, height: 16))
        slider.minimumValue = -5
        slider.maximumValue = 5
        let segments = SegmentedControl(segments: ["A", "B", "C"], frame: Rect(x: 10, y: 40, width: 240, height: 16))
        let stepper = Stepper(frame: Rect(x: 10, y: 70, width: 100, height: 16))
        stepper.maximumValue = 7
        for control in [slider, segments, stepper] as [Control] { try root.view.addSubview(control) }
        var changes = 0
        for control in [slider, segments, stepper] as [Control] {
            control.addTarget({ _, _ in changes += 1 }, for: [.valueChanged])
        }
        window.key("tab")
        window.key("end")
        #expect(slider.value == 5)
        window.key("end")
        window.key("home")
        #expect(slider.value == -5)
        window.key("tab")
        window.key("end")
        #expect(segments.selectedSegmentIndex == 2)
        window.key("home")
        #expect(segments.selectedSegmentIndex == 0)
        window.key("tab")
        window.key("end")
        #expect(stepper.value == 7)
        // Each change sent once; an End at the end sent nothing.
        #expect(changes == 2 + 2 + 1)
    }

    @Test func aRowKeepsTheFocusByItsIndexPathNotItsCell() throws {
        let screen = try Screen()
        let window = screen.window
        tab(window, to: "row 0.1")
        let cell = try #require(window.focusedView)
        // Scrolled away, row 1's cell goes back to the queue and comes out for another row.
        screen.table.contentOffset = Point(x: 0, y: 440)
        window.layoutIfNeeded()
        #expect(screen.table.visibleCells.contains { $0 === cell })
        #expect(window.focusedView == nil)
        // Scrolled back, the row has the focus again, in whichever cell shows it now.
        screen.table.contentOffset = .zero
        window.layoutIfNeeded()
        #expect(name(window.focusedView) == "row 0.1")
        // A reload hands out the cells again; the row keeps the focus.
        screen.table.reloadData()
        window.layoutIfNeeded()
        #expect(name(window.focusedView) == "row 0.1")
        // Tab with the focus out of view starts again at the first.
        screen.table.contentOffset = Point(x: 0, y: 440)
        window.key("tab")
        #expect(name(window.focusedView) == "< Home")
    }

    @Test func upAndDownScrollAScrollViewByALine() throws {
        let (window, _) = makeWindow()
        let root = ViewController()
        window.rootViewController = root
        let scroller = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 200))
        scroller.contentSize = Size(width: 320, height: 1000)
        try root.view.addSubview(scroller)
        _ = button("Top", Rect(x: 10, y: 10, width: 80, height: 16), in: scroller)
        // With nothing focused, the arrows scroll the largest scroll view on screen.
        window.key("down")
        #expect(scroller.contentOffset.y == 16)
        window.key("up")
        window.key("tab")
        #expect(name(window.focusedView) == "Top")
        window.key("down")
        window.key("down")
        #expect(scroller.contentOffset.y == 32)
        window.key("pagedown")
        #expect(scroller.contentOffset.y == 32 + 184)
        window.key("end")
        #expect(scroller.contentOffset.y == 800)
        window.key("home")
        #expect(scroller.contentOffset.y == 0)
    }

    @Test func leftAndRightTurnPages() throws {
        let (window, loop) = makeWindow()
        let log = CallbackLog()
        let book = PageViewControllerTests.Book(count: 3, log: log)
        let pages = try PageViewController(transitionStyle: .scroll)
        try pages.setViewControllers([book.page(1)], direction: .forward, animated: false)
        pages.dataSource = book
        pages.navigationItem.rightButton = BarButtonItem(title: "Edit")
        window.rootViewController = try NavigationController(root: pages)
        window.layoutIfNeeded()
        func shown() -> [Int] { pages.viewControllers.map { ($0 as! PageViewControllerTests.Page).number } }
        window.key("right")
        loop.advance(by: 1)
        #expect(shown() == [2])
        window.key("right")
        loop.advance(by: 1)
        window.key("right")
        loop.advance(by: 1)
        #expect(shown() == [3])
        window.key("left")
        loop.advance(by: 1)
        #expect(shown() == [2])
        // With a button on the page focused, the arrows turn the page around it.
        _ = button("Go", Rect(x: 10, y: 100, width: 80, height: 16), in: pages.viewControllers[0].view)
        tab(window, to: "Go")
        window.key("left")
        loop.advance(by: 1)
        #expect(shown() == [1])
        // Focused outside the pages, the arrows turn the pages on screen.
        tab(window, to: "Edit")
        window.key("right")
        loop.advance(by: 1)
        #expect(shown() == [2])
        #expect(name(window.focusedView) == "Edit")
    }

    @Test func arrowsInACollectionViewGoToTheItemBesideAndBelow() throws {
        let (window, _) = makeWindow()
        let cards = Cards([100])
        let log = SelectionLog()
        let flow = FlowLayout()
        // Three cards of 100 × 50 a line, lines every 60 points.
        flow.itemSize = Size(width: 100, height: 50)
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), layout: flow)
        collection.register("Card") { Card() }
        collection.dataSource = cards
        collection.delegate = log
        try window.addSubview(collection)
        window.layoutIfNeeded()
        func focused() -> Int? {
            (window.focusedView as? Card).flatMap { collection.elementsByView[ObjectIdentifier($0)]?.indexPath.item }
        }
        window.key("tab")
        #expect(focused() == 0)
        window.key("right")
        #expect(focused() == 1)
        window.key("down")
        #expect(focused() == 4)
        window.key("down")
        #expect(focused() == 7)
        window.key("left")
        window.key("up")
        #expect(focused() == 3)
        for _ in 0..<10 { window.key("down") }
        #expect(focused() == 33)
        #expect(collection.contentOffset.y > 0)
        window.key("enter")
        #expect(log.entries == ["select 33"])
        // A page down shows the next 464 points (eight lines less one line of text), and
        // the item then where the focused one was.
        let before = collection.contentOffset.y
        window.key("pagedown")
        #expect(collection.contentOffset.y == before + 464)
        #expect(focused() == 57)
        for _ in 0..<10 { window.key("pagedown") }
        #expect(focused() == 99)
        window.key("right")
        #expect(focused() == 99)
    }

    @Test func goingUpARowComesOutFromUnderItsSectionHeader() throws {
        let (window, _) = makeWindow()
        let source = RowSource([10, 10])
        source.headerTitles = [0: "First", 1: "Second"]
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 200))
        table.register({ TableViewCell() }, forCellReuseIdentifier: "Row")
        table.dataSource = source
        try window.addSubview(table)
        window.layoutIfNeeded()
        tab(window, to: "row 0.0")
        for _ in 0..<14 { window.key("down") }
        #expect(name(window.focusedView) == "row 1.4")
        for _ in 0..<6 { window.key("up") }
        // Each row going up shows below the header kept at the top, and keeps the focus.
        #expect(name(window.focusedView) == "row 0.8")
        window.key("up")
        #expect(name(window.focusedView) == "row 0.7")
        let cell = try #require(window.focusedView)
        let header = try #require(table.headerView(forSection: 0))
        #expect(cell.frame.minY >= header.frame.maxY)
    }

    @Test func hostileGeometryAndValuesNeitherTrapNorTakeTheFocus() throws {
        let (window, _) = makeWindow()
        let root = ViewController()
        window.rootViewController = root
        for (index, frame) in [
            Rect(x: .nan, y: 10, width: 80, height: 16), Rect(x: 10, y: .infinity, width: 80, height: 16),
            Rect(x: -.infinity, y: 0, width: .infinity, height: 16), Rect(x: 0, y: 0, width: 1e308, height: 1e308),
            Rect(x: 10, y: 10, width: 0, height: 16),
        ].enumerated() {
            _ = button("B\(index)", frame, in: root.view)
        }
        let slider = Slider(frame: Rect(x: 10, y: 300, width: 100, height: 16))
        slider.minimumValue = -.greatestFiniteMagnitude
        slider.maximumValue = .greatestFiniteMagnitude
        let stepper = Stepper(frame: Rect(x: 10, y: 330, width: 100, height: 16))
        stepper.stepValue = .nan
        let pages = PageControl(frame: Rect(x: 10, y: 360, width: 100, height: 16))
        pages.numberOfPages = .max
        pages.currentPage = .max
        let segments = SegmentedControl(segments: [], frame: Rect(x: 10, y: 390, width: 100, height: 16))
        for control in [slider, stepper, pages, segments] as [Control] { try root.view.addSubview(control) }
        let order = names(window.focusableViews())
        for _ in 0..<12 {
            for key in Window.keyNames where key != "escape" { window.key(key) }
        }
        // Of the buttons, only the one as large as a Double allows shows (under the controls).
        #expect(order == ["B3", "slider", "Stepper", "PageControl", "segments"])
        #expect(!slider.value.isNaN && !stepper.value.isNaN)
        #expect(pages.currentPage >= 0 && pages.currentPage < pages.numberOfPages)
    }

    @Test func keysWithNothingToDoDoNothing() throws {
        let (window, _) = makeWindow()
        for key in Window.keyNames + ["f13", "", "shift-tab"] { window.key(key) }
        #expect(window.focusedView == nil)
        #expect(window.focusableViews().isEmpty)
        #expect(!window.activateFocused())
        #expect(!window.scrollFocused(.down))
    }
}
