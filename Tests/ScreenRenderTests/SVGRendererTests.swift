import ScreenKit
import Testing
@testable import ScreenRender

@MainActor
struct SVGRendererTests {
    private func render(_ view: View) -> String { SVGRenderer().render(view) }

    @Test func controlsScreen() throws {
        Snapshot.expect(render(try Screens.controls()), matches: "controls.svg")
    }

    @Test func drawingScreen() throws {
        Snapshot.expect(render(try Screens.drawing()), matches: "drawing.svg")
    }

    @Test func clippingScreen() throws {
        Snapshot.expect(render(try Screens.clipping()), matches: "clipping.svg")
    }

    @Test func rendersAreDeterministic() throws {
        let makers: [() throws -> Window] = [Screens.controls, Screens.drawing, Screens.clipping]
        for make in makers {
            let window = try make()
            #expect(render(window) == render(window))
            #expect(render(window) == render(try make()))
        }
    }

    @Test func documentIsTheRootsSize() {
        let svg = render(Window(device: .ipad, orientation: .landscape))
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1024\" height=\"768\" viewBox=\"0 0 1024 768\""))
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test func positionsAreTranslationsUnlessTransformed() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let moved = View(frame: Rect(x: 10, y: 20, width: 30, height: 40))
        let turned = View(frame: Rect(x: 0, y: 0, width: 40, height: 20))
        turned.transform = AffineTransform(rotationAngle: .pi / 2)
        try root.addSubview(moved)
        try root.addSubview(turned)
        let svg = render(root)
        #expect(svg.contains("<g class=\"View\" transform=\"translate(10,20)\">"))
        // Turned a quarter about its centre (20, 10): x' = -y + 30, y' = x - 10.
        #expect(svg.contains("<g class=\"View\" transform=\"matrix(0,1,-1,0,30,-10)\">"))
    }

    @Test func clipsOpacityAndColours() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let parent = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        parent.clipsToBounds = true
        parent.alpha = 0.5
        let child = View(frame: Rect(x: 25, y: 25, width: 50, height: 50))
        child.backgroundColor = Color(red: 1, green: 0.5, blue: 0, alpha: 0.25)
        try parent.addSubview(child)
        try root.addSubview(parent)
        let svg = render(root)
        #expect(svg.contains("<g class=\"View\" opacity=\"0.5\">"))
        #expect(svg.contains("<clipPath id=\"clip1\">"))
        #expect(svg.contains("<g clip-path=\"url(#clip1)\">"))
        #expect(svg.contains("<rect x=\"0\" y=\"0\" width=\"50\" height=\"50\" fill=\"#ff8000\" fill-opacity=\"0.25\"/>"))
    }

    @Test func hiddenAndTransparentViewsAreLeftOut() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let hidden = Screens.label("hidden", Rect(x: 0, y: 0, width: 80, height: 16))
        hidden.isHidden = true
        let clear = Screens.label("clear", Rect(x: 0, y: 16, width: 80, height: 16))
        clear.alpha = 0
        try root.addSubview(hidden)
        try root.addSubview(clear)
        #expect(!render(root).contains("Label"))
    }

    @Test func textIsEscaped() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 16))
        try root.addSubview(Screens.label("a < b & \"c\"", Rect(x: 0, y: 0, width: 200, height: 16)))
        #expect(render(root).contains(">a &lt; b &amp; &quot;c&quot;</text>"))
    }

    @Test func numbersHaveNoNoise() {
        #expect(RenderedNumber.text(79.99999999999999) == "80")
        #expect(RenderedNumber.text(-0.001) == "0")
        #expect(RenderedNumber.text(0.125) == "0.13")
        #expect(RenderedNumber.text(1.5) == "1.5")
        #expect(RenderedNumber.text(-2.05) == "-2.05")
        #expect(RenderedNumber.text(.nan) == "0")
        #expect(RenderedNumber.text(0.38268343236508984, decimals: 4) == "0.3827")
        #expect(RenderedNumber.text(-0.0501, decimals: 4) == "-0.0501")
        #expect(RenderedNumber.text(1e20) == "1000000000000")
    }
}
