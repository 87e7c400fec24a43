import ScreenKit
import Testing
@testable import ScreenTest

/// The pilot's texts come from each view's description, whatever the view's class.
@MainActor
struct ScreenTextsTests {
    /// A view no class switch knows, which shows a line of text.
    final class Caption: View {
        var text = ""
        override var contentDescription: ViewDescription {
            let lines = TextLayout(text: text, width: Label.columns(in: bounds.width), lines: 1, lineBreakMode: .clip).lines
            return ViewDescription(
                .text(ViewDescription.Text(string: text, lines: lines, alignment: .left)), kind: "Caption",
                accessibilityLabel: accessibilityLabel ?? text)
        }
    }

    @Test func aViewThatDescribesTextIsFoundByIt() throws {
        let window = Window(device: .iphone)
        let caption = Caption(frame: Rect(x: 16, y: 32, width: 160, height: 16))
        caption.text = "Hello"
        try window.addSubview(caption)
        let texts = ScreenTexts(window: window)
        #expect(texts.shownTexts == ["Hello"])
        let found = texts.matching("Hello")
        #expect(found.count == 1 && found.first?.view === caption && found.first?.isAccessibilityLabel == false)
    }

    @Test func anAccessibilityLabelIsFoundButNotShown() throws {
        let window = Window(device: .iphone)
        let button = Button(frame: Rect(x: 16, y: 32, width: 80, height: 16))
        button.setTitle("X", for: .normal)
        button.accessibilityLabel = "Close"
        try window.addSubview(button)
        let texts = ScreenTexts(window: window)
        #expect(texts.shownTexts == ["X"])
        #expect(texts.matching("Close").first?.view === button)
        #expect(texts.matching("Close").first?.isAccessibilityLabel == true)
    }
}
