import EventLoop
import ScreenKit
import Testing
@testable import ScreenRender

/// An alert and an action sheet as every renderer draws them from their views'
/// descriptions: boxed in the text, as iOS draws them in the SVG, dimming the screen on a
/// terminal in colour.
@MainActor
struct AlertRenderTests {
    /// A screen with a label and a button, the alert presented over it.
    private func screen(_ alert: AlertController) throws -> Window {
        let window = Window(device: .iphone, loop: EventLoop(clock: .virtual))
        let home = ViewController()
        home.view.backgroundColor = .white
        let label = Label(frame: Rect(x: 8, y: 32, width: 304, height: 16))
        label.text = "A photo of the sea, taken in May"
        let button = Button(frame: Rect(x: 8, y: 64, width: 96, height: 32))
        button.setTitle("Delete", for: .normal)
        try home.view.addSubview(label)
        try home.view.addSubview(button)
        window.rootViewController = home
        window.makeKeyAndVisible()
        try home.present(alert, animated: false)
        return window
    }

    private func deleteAlert() throws -> AlertController {
        let alert = AlertController(title: "Delete the photo?", message: "It cannot be undone.")
        try alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        try alert.addAction(AlertAction(title: "Delete", style: .destructive))
        return alert
    }

    private func sheet() throws -> AlertController {
        let sheet = AlertController(title: "Delete the photo?", message: nil, style: .actionSheet)
        try sheet.addAction(AlertAction(title: "Delete", style: .destructive))
        try sheet.addAction(AlertAction(title: "Share"))
        try sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        return sheet
    }

    @Test("the text render boxes an alert in the middle, its actions side by side under a rule")
    func alertText() throws {
        Snapshot.expect(TextRenderer().render(try screen(try deleteAlert())), matches: "alert.txt")
    }

    @Test("the text render puts an action sheet at the bottom, its cancel action in a box of its own")
    func sheetText() throws {
        Snapshot.expect(TextRenderer().render(try screen(try sheet())), matches: "action-sheet.txt")
    }

    @Test("a text field, and three actions stacked with the cancel one last")
    func fieldText() throws {
        let alert = AlertController(title: "Rename", message: "A new name for the album.")
        try alert.addTextField().placeholder = "Name"
        try alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        try alert.addAction(AlertAction(title: "Save"))
        try alert.addAction(AlertAction(title: "Save a copy"))
        let lines = TextRenderer().render(try screen(alert)).split(separator: "\n", omittingEmptySubsequences: false)
        let rows = lines.filter { $0.contains("│") || $0.contains("┌") || $0.contains("└") || $0.contains("├") }
        #expect(rows.map { $0.trimmingCharacters(in: .whitespaces) } == [
            "┌────────────────────────────────┐",
            "│             Rename             │",
            "│   A new name for the album.    │",
            "│                                │",
            "│ [▏Name_______________________] │",
            "│                                │",
            "├────────────────────────────────┤",
            "│            [ Save ]            │",
            "│                                │",
            "├────────────────────────────────┤",
            "│        [ Save a copy ]         │",
            "│                                │",
            "├────────────────────────────────┤",
            "│           [ Cancel ]           │",
            "└────────────────────────────────┘",
        ])
    }

    @Test("the SVG draws a rounded panel over the dimmed screen, hairlines, blue and red titles, the cancel bold")
    func alertSVG() throws {
        let svg = SVGRenderer().render(try screen(try deleteAlert()))
        Snapshot.expect(svg, matches: "alert.svg")
        #expect(svg.contains("<rect x=\"0\" y=\"0\" width=\"320\" height=\"480\" fill=\"#000000\" fill-opacity=\"0.4\"/>"))
        #expect(svg.contains("rx=\"13\" fill=\"#f2f2f7\""))
        #expect(svg.contains("font-weight=\"600\" fill=\"#007aff\">Cancel</text>"))
        #expect(svg.contains("fill=\"#ff3b30\">Delete</text>"))
        #expect(svg.contains("stroke-width=\"0.5\""))
    }

    @Test("the SVG draws an action sheet as two rounded panels at the bottom")
    func sheetSVG() throws {
        let svg = SVGRenderer().render(try screen(try sheet()))
        Snapshot.expect(svg, matches: "action-sheet.svg")
        #expect(svg.components(separatedBy: "class=\"AlertPanelView\"").count == 3)
    }

    @Test("on a terminal in colour the screen under the alert is dimmed, its text still there")
    func terminalColours() throws {
        let window = try screen(try deleteAlert())
        let screen = TextRenderer(colors: true).renderScreen(window)
        let lines = screen.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[2].hasPrefix(" A photo of the sea"))
        // White under 40 % black, the label's black stays black.
        #expect(screen.colors(atColumn: 1, row: 2)?.background.packedRGB == 0x999999)
        #expect(screen.colors(atColumn: 1, row: 2)?.foreground.packedRGB == 0x000000)
        let row = try #require(lines.firstIndex { $0.contains("[ Delete ]") && $0.contains("│") })
        let column = try #require(Array(lines[row]).firstIndex(of: "D"))
        #expect(screen.colors(atColumn: column, row: row)?.foreground.packedRGB == 0xFF3B30)
        #expect(screen.colors(atColumn: column, row: row)?.background.packedRGB == 0xF2F2F7)
    }
}
