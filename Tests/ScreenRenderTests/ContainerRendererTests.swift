import ScreenKit
import Testing
@testable import ScreenRender

/// Snapshots of container screens — tab bar, split panes, navigation bar and toolbar — as
/// the text and SVG renderers draw them.
@MainActor
struct ContainerRendererTests {
    @Test(arguments: ["tabs", "split", "split-popover", "navigation"])
    func textSnapshot(of name: String) throws {
        let window = try Self.make(name)
        Snapshot.expect(TextRenderer().render(window), matches: "\(name).txt")
    }

    @Test(arguments: ["tabs", "split", "split-popover", "navigation"])
    func svgSnapshot(of name: String) throws {
        let window = try Self.make(name)
        Snapshot.expect(SVGRenderer().render(window), matches: "\(name).svg")
    }

    @Test func theSelectedTabAndTheBadgeShow() throws {
        let text = TextRenderer().render(try Screens.tabs())
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[26].allSatisfy { $0 == "─" || $0 == " " || $0.isNumber })
        #expect(rows[27].drop { $0 == " " } == "3")
        #expect(rows[28].contains("[ ▸ Contacts ]") && rows[28].contains("[ Recent ]"))
    }

    @Test func theDividerRunsDownBetweenThePanes() throws {
        let text = TextRenderer().render(try Screens.split())
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(rows.count == 48)
        for row in rows {
            let column = Array(row).dropFirst(40).first
            #expect(column == "│")
        }
    }

    @Test func theButtonInTheToolbarShowsTheMasterInThePopover() throws {
        let (window, keeper) = try Screens.splitPopover()
        let rows = TextRenderer().render(window).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(keeper.detail.toolbarItems.map(\.title) == ["Entries", "Edit"])
        #expect(rows[62] == " [ Entries ] [ Edit ]")
        // The panel: a box from (8, 52) holding the master's bar and list, over the detail.
        #expect(rows[3] == " ┌" + String(repeating: "─", count: 38) + "┐")
        #expect(rows[4].contains("│               Entries                │"))
        #expect(rows[6].hasPrefix(" │Monday  "))
        #expect(rows[40].hasPrefix(" └──"))
    }

    @Test func aToolbarInThePopoverDrawsItsItemsBelowItsLine() throws {
        let (window, _) = try Screens.splitPopover()
        let split = try #require(window.rootViewController as? SplitViewController)
        let master = try #require(split.masterViewController as? NavigationController)
        master.topViewController?.toolbarItems = [BarButtonItem(title: "Add")]
        master.isToolbarHidden = false
        let rows = TextRenderer().render(window).split(separator: "\n", omittingEmptySubsequences: false)
        // The panel ends at 652, so its toolbar starts at 608, on a row of the grid: the line
        // has row 38 to itself, the item the next one, which it covers most.
        #expect(rows[38] == " │" + String(repeating: "─", count: 38) + "│")
        #expect(rows[39] == " │[ Add ]                               │")
        #expect(rows[40].hasPrefix(" └──"))
        // The same geometry in SVG: the line at the toolbar's top, the item under it.
        let svg = SVGRenderer().render(window)
        let toolbar = try #require(svg.range(of: "<g class=\"View\" transform=\"translate(0,556)\">"))
        let after = svg[toolbar.upperBound...]
        #expect(after.contains("<line x1=\"0\" y1=\"0.5\" x2=\"320\" y2=\"0.5\""))
        #expect(after.contains("<g class=\"Button\" transform=\"translate(8,14)\">"))
    }

    @Test func aLongTitleTakesTheRoomOfThePreviousTitleFirst() throws {
        let window = Window(device: .iphone)
        let navigation = try NavigationController(root: Screens.Lines("All Conversations", []))
        try navigation.push(Screens.Lines("Quarterly Report", []), animated: false)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let rows = TextRenderer().render(window).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[0] == " [ < Back ] Quarterly Report")
        let svg = SVGRenderer().render(window)
        #expect(svg.contains(">&lt; Back</text>") && svg.contains(">Quarterly Report</text>"))
        #expect(!svg.contains("All Conversations"))
    }

    static func make(_ name: String) throws -> Window {
        switch name {
        case "tabs": try Screens.tabs()
        case "split": try Screens.split()
        case "split-popover": try Screens.splitPopover().0
        default: try Screens.navigation()
        }
    }
}
