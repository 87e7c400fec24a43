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
}
