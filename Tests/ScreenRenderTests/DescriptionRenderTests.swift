import ScreenKit
import Testing
@testable import ScreenRender

/// The renderers draw a view's description, whatever its class: a view that only says
/// what it shows (as `ui.ProgressView` will) is drawn without a line of renderer code.
@MainActor
struct DescriptionRenderTests {
    /// A view ScreenKit has never heard of that shows how far something has got.
    final class Meter: View {
        var level = 0.0
        override var contentDescription: ViewDescription {
            ViewDescription(.progress(level), kind: "Meter", foreground: effectiveTintColor,
                            accessibilityLabel: accessibilityLabel, accessibilityValue: ViewDescription.percent(level))
        }
    }

    /// A view that shows an image it has not got yet.
    final class Picture: View {
        override var contentDescription: ViewDescription {
            ViewDescription(.image(ViewDescription.Picture(image: nil, rect: bounds)), kind: "Picture",
                            accessibilityLabel: accessibilityLabel, traits: .image)
        }
    }

    /// A view that shows a value on a track, as a slider does, without being one.
    final class Gauge: View {
        override var contentDescription: ViewDescription {
            ViewDescription(.track(value: 3, minimum: 0, maximum: 4), kind: "Gauge", foreground: .systemRed)
        }
    }

    private func firstRow(_ view: View, width: Double = 80, height: Double = 16) throws -> String {
        let root = View(frame: Rect(x: 0, y: 0, width: width, height: height))
        try root.addSubview(view)
        return String(TextRenderer().render(root).split(separator: "\n", omittingEmptySubsequences: false)[0])
    }

    @Test func progressIsABarInText() throws {
        let meter = Meter(frame: Rect(x: 0, y: 0, width: 80, height: 16))
        meter.level = 0.5
        #expect(try firstRow(meter) == "█████░░░░░")
        meter.level = 1
        #expect(try firstRow(meter) == "██████████")
        meter.level = 0.04
        #expect(try firstRow(meter) == "░░░░░░░░░░")
    }

    @Test func progressIsABarInSVG() throws {
        let meter = Meter(frame: Rect(x: 0, y: 0, width: 100, height: 10))
        meter.level = 0.25
        meter.tintColor = .systemRed
        let svg = SVGRenderer().render(meter)
        #expect(svg.contains("<g class=\"Meter\">"))
        #expect(svg.contains("width=\"100\" height=\"4\" rx=\"2\" fill=\"#e5e5ea\""))
        #expect(svg.contains("width=\"25\" height=\"4\" rx=\"2\" fill=\"#ff3b30\""))
    }

    @Test func numbersThatAreNotNumbersDrawNothingAmiss() throws {
        let meter = Meter(frame: Rect(x: 0, y: 0, width: 80, height: 16))
        for level in [Double.nan, .infinity, -.infinity, -1, 1e308] {
            meter.level = level
            let row = try firstRow(meter)
            #expect(row == "░░░░░░░░░░" || row == "██████████")
            #expect(!SVGRenderer().render(meter).contains("nan"))
        }
        #expect(meter.contentDescription.accessibilityValue == "100%")
        meter.level = .nan
        #expect(meter.contentDescription.accessibilityValue == nil)
    }

    @Test func anImageIsItsLabelInAFrame() throws {
        let picture = Picture(frame: Rect(x: 0, y: 0, width: 80, height: 48))
        picture.accessibilityLabel = "Photo"
        let root = View(frame: Rect(x: 0, y: 0, width: 80, height: 48))
        try root.addSubview(picture)
        #expect(TextRenderer().render(root) == "┌────────┐\n│ Photo  │\n└────────┘\n")
        let svg = SVGRenderer().render(picture)
        #expect(svg.contains(">Photo</text>"))
        #expect(svg.contains("stroke=\"#c7c7cc\""))
    }

    @Test func aTrackIsDrawnForAnyViewThatDescribesOne() throws {
        #expect(try firstRow(Gauge(frame: Rect(x: 0, y: 0, width: 80, height: 16))) == "───────●──")
        let svg = SVGRenderer().render(Gauge(frame: Rect(x: 0, y: 0, width: 100, height: 16)))
        #expect(svg.contains("<g class=\"Gauge\">"))
        #expect(svg.contains("stroke=\"#ff3b30\""))
    }

    @Test func aTintedButtonIsDrawnInItsTint() throws {
        let button = Button(frame: Rect(x: 0, y: 0, width: 80, height: 16))
        button.setTitle("Go", for: .normal)
        button.tintColor = .systemGreen
        let svg = SVGRenderer().render(button)
        #expect(svg.contains("stroke=\"#34c759\""))
        #expect(svg.contains("fill=\"#34c759\">Go</text>"))
    }

    @Test func aFieldsCursorIsInItsTint() throws {
        let field = TextField(frame: Rect(x: 0, y: 0, width: 120, height: 16))
        field.tintColor = .systemRed
        field.beginEditing()
        #expect(SVGRenderer().render(field).contains("stroke=\"#ff3b30\" stroke-width=\"2\""))
    }

    /// A disabled control draws grey, as a disabled button always did.
    @Test func aDisabledSliderIsGrey() throws {
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 100, height: 16))
        slider.value = 0.5
        #expect(SVGRenderer().render(slider).contains("stroke=\"#007aff\""))
        slider.isEnabled = false
        let svg = SVGRenderer().render(slider)
        #expect(!svg.contains("#007aff") && svg.contains("stroke=\"#8e8e93\""))
    }
}
