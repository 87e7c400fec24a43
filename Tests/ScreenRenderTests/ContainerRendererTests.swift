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

    private static func make(_ name: String) throws -> Window {
        switch name {
        case "tabs": try Screens.tabs()
        case "split": try Screens.split()
        case "split-popover": try Screens.splitPopover().0
        default: try Screens.navigation()
        }
    }
}
