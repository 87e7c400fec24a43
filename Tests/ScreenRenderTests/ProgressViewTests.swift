import ScreenKit
import Testing
@testable import ScreenRender

/// `ProgressView`: its progress stays within 0...1, and every renderer draws its bar from
/// its description.
@MainActor
struct ProgressViewTests {
    @Test("progress is clamped to 0...1, NaN is 0, and the value reads as a percentage")
    func progressIsClamped() {
        let bar = ProgressView(frame: Rect(x: 0, y: 0, width: 80, height: 16))
        for (given, kept) in [(0.4, 0.4), (-3, 0), (7, 1), (.infinity, 1), (-.infinity, 0), (.nan, 0)] {
            bar.progress = given
            #expect(bar.progress == kept, "\(given)")
        }
        bar.progress = 0.4
        #expect(bar.contentDescription.accessibilityValue == "40%")
        bar.accessibilityLabel = "Upload"
        #expect(bar.contentDescription.accessibilityLabel == "Upload")
    }

    @Test("the text render draws the part done in full blocks, the rest as the track")
    func textRender() {
        let bar = ProgressView(frame: Rect(x: 0, y: 0, width: 80, height: 16))
        bar.progress = 0.5
        #expect(TextRenderer().render(bar).split(separator: "\n").first == "█████░░░░░")
        bar.progress = 1
        #expect(TextRenderer().render(bar).split(separator: "\n").first == "██████████")
    }

    @Test("the SVG draws the track and the part done in the tint")
    func svgRender() {
        let bar = ProgressView(frame: Rect(x: 0, y: 0, width: 100, height: 10))
        bar.progress = 0.25
        bar.tintColor = .systemGreen
        let svg = SVGRenderer().render(bar)
        #expect(svg.contains("<g class=\"ProgressView\">"))
        #expect(svg.contains("width=\"25\" height=\"4\" rx=\"2\" fill=\"#34c759\""))
    }

    @Test("on a terminal in colour the bar is in the tint")
    func terminalColour() throws {
        let bar = ProgressView(frame: Rect(x: 0, y: 0, width: 80, height: 16))
        bar.progress = 1
        bar.tintColor = .systemRed
        let screen = TextRenderer(colors: true).renderScreen(bar)
        #expect(screen.text.hasPrefix("██████████"))
        #expect(screen.colors(atColumn: 0, row: 0)?.foreground.packedRGB == 0xFF3B30)
    }
}
