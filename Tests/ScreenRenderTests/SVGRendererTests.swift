#if canImport(FoundationXML)
import FoundationXML
#endif
import Foundation
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
        #expect(RenderedNumber.text(1e15 - 0.125) == "999999999999999.88")
        #expect(RenderedNumber.text(-1e20) == "-100000000000000000")
        #expect(RenderedNumber.text(1e16 + 2) == "10000000000000002")
    }

    // MARK: - What a script may try

    /// Text XML cannot hold as it is: characters it excludes even escaped (NUL and the other
    /// C0 controls, U+FFFE, U+FFFF, alone and under a combining mark), markup, and a CDATA end.
    static let hostileText = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined()
        + "\u{FFFE}\u{FFFF}\u{FFFE}\u{301}\u{7F}\u{80}<b>&amp;\"'</b>]]>\u{D7FF}\u{E000}\u{10FFFF}\r\nend"

    /// Whether `document` parses as XML.
    private func isWellFormed(_ document: String) -> Bool {
        XMLParser(data: Data(document.utf8)).parse()
    }

    @Test func anyTextGivesWellFormedXML() throws {
        final class Writer: View {
            override func draw(_ canvas: Canvas) {
                canvas.text(SVGRendererTests.hostileText, at: Point(x: 0, y: 0))
            }
        }
        let window = Window(device: .iphone)
        let label = Label(frame: Rect(x: 0, y: 0, width: 320, height: 64))
        label.text = Self.hostileText
        label.lines = 0
        label.lineBreakMode = .charWrap
        let button = Button(frame: Rect(x: 0, y: 64, width: 320, height: 32))
        button.setTitle(Self.hostileText, for: .normal)
        let segments = SegmentedControl(segments: [Self.hostileText, "b"], frame: Rect(x: 0, y: 96, width: 320, height: 32))
        let field = TextField(frame: Rect(x: 0, y: 128, width: 320, height: 32))
        field.text = Self.hostileText
        let empty = TextField(frame: Rect(x: 0, y: 160, width: 320, height: 32))
        empty.placeholder = Self.hostileText
        for view in [label, button, segments, field, empty, Writer(frame: Rect(x: 0, y: 192, width: 320, height: 64))] {
            try window.addSubview(view)
        }
        let svg = render(window)
        #expect(isWellFormed(svg))
        #expect(!svg.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\r" && $0 != "\t" })
        #expect(svg.contains("&lt;b&gt;&amp;amp;&quot;'&lt;/b&gt;]]&gt;"))

        // Attribute values go through the same escaping.
        var document = SVGDocument()
        document.open("svg", [("xmlns", "http://www.w3.org/2000/svg"), ("data-text", Self.hostileText)])
        document.element("text", [("class", Self.hostileText)], content: Self.hostileText)
        document.close("svg")
        #expect(isWellFormed(document.text))
    }

    @Test func aPageControlDrawsTheDotsThatFitAroundTheCurrentPage() throws {
        let pages = PageControl(frame: Rect(x: 0, y: 0, width: 80, height: 16))
        pages.numberOfPages = 1_000_000_000_000_000
        pages.currentPage = 500_000_000_000_000
        let svg = render(pages)
        #expect(svg.components(separatedBy: "<circle").count - 1 == 5)
        #expect(svg.components(separatedBy: "#333333").count - 1 == 1)
        let wide = PageControl(frame: Rect(x: 0, y: 0, width: 1e308, height: 16))
        wide.numberOfPages = 3
        #expect(render(wide).components(separatedBy: "<circle").count - 1 == 3)
        // However wide the control, no more dots than a screen could show.
        wide.numberOfPages = pages.numberOfPages
        #expect(render(wide).components(separatedBy: "<circle").count - 1 == 1024)
        wide.bounds.size.width = .nan
        #expect(render(wide).components(separatedBy: "<circle").count - 1 == 1024)
    }

    @Test func controlsFarWiderThanTheScreenAreNoTrap() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let button = Button(frame: Rect(x: 0, y: 0, width: 1e308, height: 32))
        button.setTitle("wide", for: .normal)
        let segments = SegmentedControl(segments: ["a", "b"], frame: Rect(x: 0, y: 32, width: .infinity, height: 32))
        let field = TextField(frame: Rect(x: 0, y: 64, width: .nan, height: 32))
        field.text = "text"
        for view in [button, segments, field] { try root.addSubview(view) }
        let svg = render(root)
        #expect(svg.contains(">wide</text>"))
        #expect(isWellFormed(svg))
    }

    @Test func aDeepTreeRendersWithoutRecursing() throws {
        let svg = render(try TextRendererTests.deepTree())
        #expect(svg.contains(">deepest</text>"))
        // Indentation stops growing, so the document grows with the number of views only.
        #expect(svg.utf8.count < TextRendererTests.depth * 200)
    }
}
