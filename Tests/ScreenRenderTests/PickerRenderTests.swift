#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EventLoop
import ScreenKit
import Testing
@testable import ScreenRender

/// Pickers, date pickers and activity indicators as every renderer draws them, from their
/// descriptions.
@MainActor
struct PickerRenderTests {
    final class Source: PickerViewDataSource, PickerViewDelegate {
        let titles: [[String]]
        init(_ titles: [[String]]) { self.titles = titles }
        func numberOfComponents(in pickerView: PickerView) -> Int { titles.count }
        func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { titles[component].count }
        func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
            titles[component][row]
        }
    }

    let source = Source([["January", "February", "March", "April"], ["2025", "2026", "2027"]])

    /// A picker of two wheels, 20 columns by 7 rows of cells, on March 2026.
    func picker() -> PickerView {
        let picker = PickerView(frame: Rect(x: 0, y: 0, width: 160, height: 112))
        picker.dataSource = source
        picker.delegate = source
        picker.selectRow(2, inComponent: 0, animated: false)
        picker.selectRow(1, inComponent: 1, animated: false)
        return picker
    }

    @Test("text: each wheel's titles centred, the selection between two rules")
    func pickerText() {
        let lines = TextRenderer().render(picker()).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(Array(lines.prefix(7)) == [
            "",
            "February    2025",
            "────────────────────",
            "  March     2026",
            "────────────────────",
            "  April     2027",
            "",
        ])
    }

    @Test("text in colour: the selected row in the pen, the rows around it paler")
    func pickerColours() throws {
        let screen = TextRenderer(colors: true).renderScreen(picker())
        let selected = try #require(screen.colors(atColumn: 3, row: 3)).foreground.packedRGB
        let neighbour = try #require(screen.colors(atColumn: 3, row: 5)).foreground.packedRGB
        #expect(selected == 0x000000)
        #expect(neighbour != selected)
        #expect(neighbour & 0xFF == (neighbour >> 8) & 0xFF && neighbour & 0xFF > 0x60, "a grey")
    }

    @Test("text: the focused wheel of a picker with the focus shows its selection in brackets")
    func focusedWheel() throws {
        let window = Window(device: .iphone)
        window.makeKeyAndVisible()
        let picker = picker()
        try window.addSubview(picker)
        window.focus(picker)
        window.key("right")
        let text = TextRenderer().render(window)
        #expect(text.contains("  March    [2026]"))
    }

    @Test("SVG: the selected rows on a grey band, the others fading with their distance")
    func pickerSVG() {
        let svg = SVGRenderer().render(picker())
        #expect(svg.contains("<g class=\"PickerView\">"))
        #expect(svg.contains("rx=\"8\" fill=\"#767680\" fill-opacity=\"0.12\""))
        #expect(svg.contains("fill=\"#000000\">March</text>"))
        #expect(svg.contains("fill=\"#000000\" fill-opacity=\"0.6\">April</text>"))
    }

    @Test("a date picker draws its fields as wheels, and reads as its date")
    func datePicker() throws {
        var parts = tm()
        parts.tm_year = 126
        parts.tm_mon = 2
        parts.tm_mday = 15
        parts.tm_hour = 12
        parts.tm_isdst = -1
        let picker = DatePicker(frame: Rect(x: 0, y: 0, width: 320, height: 112), date: Double(mktime(&parts)))
        picker.mode = .date
        let lines = TextRenderer().render(picker).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1].contains("February") && lines[1].contains("14") && lines[1].contains("2025"))
        #expect(lines[3].contains("March") && lines[3].contains("15") && lines[3].contains("2026"))
        #expect(lines[2].hasPrefix("────"))
        #expect(picker.contentDescription.shownTexts == ["Mar 15, 2026"])
        #expect(SVGRenderer().render(picker).contains(">2026</text>"))
    }

    @Test("a spinner: a braille character that turns, and UIKit's eight fading spokes")
    func spinner() throws {
        let loop = EventLoop(clock: .virtual)
        let window = Window(device: .iphone, loop: loop)
        window.makeKeyAndVisible()
        let spinner = ActivityIndicator(frame: Rect(x: 0, y: 0, width: 16, height: 16))
        try window.addSubview(spinner)
        spinner.startAnimating()
        #expect(TextRenderer().render(window).hasPrefix("⣾"))
        loop.advance(by: 0.125)
        #expect(TextRenderer().render(window).hasPrefix("⣽"))
        let svg = SVGRenderer().render(spinner)
        #expect(svg.components(separatedBy: "<line").count - 1 == 8)
        #expect(svg.contains("stroke=\"#8e8e93\" stroke-width"))
        spinner.stopAnimating()
        #expect(!TextRenderer().render(window).contains("⣽"), "hidden when stopped")
    }
}
