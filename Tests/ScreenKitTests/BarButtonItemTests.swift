import EventLoop
import Testing
@testable import ScreenKit

/// One item in several bars: each bar that shows it hears its changes.
@MainActor
struct BarButtonItemTests {
    private func titles(_ view: View) -> [String] {
        view.subviews.compactMap { ($0 as? Button)?.title(for: .normal) }
    }

    @Test func anItemInTheNavigationBarAndTheToolbarUpdatesBoth() throws {
        let (window, _) = makeWindow()
        let top = ViewController()
        let item = BarButtonItem(title: "Edit")
        top.navigationItem.rightButton = item
        top.toolbarItems = [item]
        let navigation = try NavigationController(root: top)
        navigation.isToolbarHidden = false
        window.rootViewController = navigation
        #expect(titles(navigation.navigationBar) == ["Edit"])
        #expect(titles(navigation.toolbar) == ["Edit"])
        item.title = "Done"
        #expect(titles(navigation.navigationBar) == ["Done"])
        #expect(titles(navigation.toolbar) == ["Done"])
        item.isEnabled = false
        #expect(navigation.toolbar.subviews.compactMap { $0 as? Button }.map(\.isEnabled) == [false])
        #expect(navigation.navigationBar.subviews.compactMap { $0 as? Button }.map(\.isEnabled) == [false])
    }

    @Test func aBarThatNoLongerShowsAnItemLeavesItAlone() throws {
        let toolbar = Toolbar(frame: Rect(x: 0, y: 0, width: 320, height: 44))
        let item = BarButtonItem(title: "A"), other = BarButtonItem(title: "B")
        toolbar.items = [item]
        toolbar.items = [other]
        // A rebuild makes new buttons, so the same buttons mean no rebuild happened.
        let buttons = toolbar.subviews.map(ObjectIdentifier.init)
        item.title = "changed"
        #expect(toolbar.subviews.map(ObjectIdentifier.init) == buttons)
        #expect(titles(toolbar) == ["B"])
        other.title = "C"
        #expect(toolbar.subviews.map(ObjectIdentifier.init) != buttons)
        #expect(titles(toolbar) == ["C"])
    }

    /// UIToolbar's layout: items 8 points apart, the room left over shared by the flexible
    /// spaces, a fixed space its width; spaces are no buttons.
    @Test func flexibleSpacesShareTheRoomAndFixedSpacesTakeTheirWidth() {
        let toolbar = Toolbar(frame: Rect(x: 0, y: 0, width: 320, height: 44))
        let edit = BarButtonItem(title: "Edit"), add = BarButtonItem(system: .add)
        toolbar.items = [edit, BarButtonItem(system: .flexibleSpace), add]
        let buttons = toolbar.subviews.compactMap { $0 as? Button }
        #expect(buttons.count == 2)
        #expect(buttons[0].frame.minX == 8)
        #expect(buttons[1].frame.maxX == 320 - 8)
        // One on each side centres what is between.
        let total = BarButtonItem(title: "12 entries")
        toolbar.items = [BarButtonItem(system: .flexibleSpace), total, BarButtonItem(system: .flexibleSpace)]
        let label = try! #require(toolbar.subviews.compactMap { $0 as? Button }.first)
        #expect(abs(label.frame.midX - 160) <= 0.5)
        let fixed = BarButtonItem(system: .fixedSpace)
        fixed.width = 40
        toolbar.items = [edit, fixed, add]
        let spaced = toolbar.subviews.compactMap { $0 as? Button }
        #expect(spaced[1].frame.minX == spaced[0].frame.maxX + 8 + 40 + 8)
        fixed.width = .nan
        #expect(fixed.width == 0)
    }

    /// A system item shows its symbol or word and is named as VoiceOver names it; a label
    /// set wins over both, in every bar.
    @Test func systemItemsShowTheirSymbolAndCarryTheirName() throws {
        let (window, _) = makeWindow()
        let top = ViewController()
        let add = BarButtonItem(system: .add), trash = BarButtonItem(system: .trash)
        top.navigationItem.rightButton = add
        top.toolbarItems = [trash]
        let navigation = try NavigationController(root: top)
        navigation.isToolbarHidden = false
        window.rootViewController = navigation
        let bar = try #require(navigation.navigationBar.subviews.compactMap { $0 as? Button }.first { $0.title(for: .normal) == "+" })
        #expect(bar.accessibilityLabel == "Add")
        let bin = try #require(navigation.toolbar.subviews.compactMap { $0 as? Button }.first)
        #expect(bin.accessibilityLabel == "Delete")
        trash.accessibilityLabel = "Delete Entry"
        #expect(navigation.toolbar.subviews.compactMap { ($0 as? Button)?.accessibilityLabel } == ["Delete Entry"])
        #expect(BarButtonItem.SystemItem.allCases.filter { !$0.isSpace }.allSatisfy { !$0.symbol.isEmpty && $0.label != nil })
    }
}
