import ScreenKit
import Testing
@testable import ScreenRender

/// Images drawn by each renderer from an image view's description: half blocks on a grid
/// with colours, the label in a frame without, the file itself in the SVG.
@MainActor
struct ImageRenderTests {
    /// An image of `width × height` pixels, each from `colour(x, y)`.
    private func image(_ width: Int, _ height: Int, file: [UInt8] = [0xFF, 0xD8, 0xFF, 0x00],
                       _ colour: (Int, Int) -> [UInt8]) -> Image {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { pixels += colour(x, y) }
        }
        return Image(width: width, height: height, pixels: pixels, file: file, format: .jpeg, name: "photo.jpg")!
    }

    /// Red above, blue below.
    private func halves(_ width: Int, _ height: Int) -> Image {
        image(width, height) { _, y in y < height / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
    }

    private func root(_ views: View...) throws -> View {
        let root = View(frame: Rect(x: 0, y: 0, width: 160, height: 64))
        for view in views { try root.addSubview(view) }
        return root
    }

    private func colours(_ screen: TextScreen, _ column: Int, _ row: Int) throws -> (UInt32, UInt32) {
        let pair = try #require(screen.colors(atColumn: column, row: row))
        return (pair.foreground.packedRGB, pair.background.packedRGB)
    }

    private func character(_ screen: TextScreen, _ column: Int, _ row: Int) -> Character {
        let line = screen.text.split(separator: "\n", omittingEmptySubsequences: false)[row]
        return Array(line + String(repeating: " ", count: 200))[column]
    }

    // MARK: - Text without colours

    @Test("without colours an image is its label in a frame, whatever it shows")
    func framedLabel() throws {
        let view = ImageView(frame: Rect(x: 0, y: 0, width: 80, height: 48))
        view.image = halves(10, 10)
        view.accessibilityLabel = "Beach"
        #expect(TextRenderer().render(try root(view)).hasPrefix("┌────────┐\n│ Beach  │\n└────────┘\n"))
    }

    // MARK: - Text with colours

    @Test("with colours each cell is two pixels: ▀ in the upper half's colour on the lower half's")
    func halfBlocks() throws {
        // 2 cells by 1: the image's upper half red, its lower half blue.
        let view = ImageView(frame: Rect(x: 0, y: 0, width: 16, height: 16))
        view.image = halves(4, 4)
        let screen = TextRenderer(colors: true).renderScreen(try root(view))
        for column in 0..<2 {
            #expect(character(screen, column, 0) == "▀")
            #expect(try colours(screen, column, 0) == (0xFF0000, 0x0000FF))
            #expect(screen.view(atColumn: column, row: 0) === view)
        }
        #expect(character(screen, 2, 0) == " ")
    }

    @Test("scaled down, each half is the average of the pixels under it, so fine detail keeps its tone")
    func areaAverage() throws {
        // A 64×64 checkerboard of black and white pixels in one cell's width: every half
        // cell covers as many of each, and is grey, where one pixel picked would be black
        // or white.
        let view = ImageView(frame: Rect(x: 0, y: 0, width: 8, height: 16))
        view.image = image(64, 128) { x, y in (x + y) % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] }
        let screen = TextRenderer(colors: true).renderScreen(try root(view))
        let (upper, lower) = try colours(screen, 0, 0)
        for colour in [upper, lower] {
            let grey = Int(colour >> 16 & 0xFF)
            #expect(abs(grey - 128) <= 2, "\(String(colour, radix: 16))")
        }
    }

    @Test("transparent pixels and the bands aspect fit leaves show what is behind")
    func transparencyAndBands() throws {
        let backing = View(frame: Rect(x: 0, y: 0, width: 32, height: 48))
        backing.backgroundColor = .systemGreen
        let view = ImageView(frame: Rect(x: 0, y: 0, width: 32, height: 48))
        // A wide image, fitted: a band above and below. Its left half is transparent.
        view.image = image(4, 2) { x, _ in x < 2 ? [255, 0, 0, 0] : [255, 0, 0, 255] }
        view.contentMode = .scaleAspectFit
        try backing.addSubview(view)
        let screen = TextRenderer(colors: true).renderScreen(try root(backing))
        let green: UInt32 = 0x34C759
        // The image is 32×16 in the middle: row 1 (y 16...32) holds it, rows 0 and 2 are bands;
        // a pixel is a column.
        #expect(character(screen, 0, 0) == " ")
        #expect(try colours(screen, 0, 0).1 == green)
        #expect(try colours(screen, 0, 1) == (green, green))
        #expect(try colours(screen, 1, 1) == (green, green))
        #expect(try colours(screen, 2, 1) == (0xFF0000, 0xFF0000))
        #expect(try colours(screen, 3, 1) == (0xFF0000, 0xFF0000))
        #expect(character(screen, 0, 2) == " ")
        #expect(try colours(screen, 0, 2).1 == green)
    }

    @Test("the view's opacity fades the image over what is behind")
    func opacity() throws {
        let view = ImageView(frame: Rect(x: 0, y: 0, width: 8, height: 16))
        view.image = image(1, 1) { _, _ in [0, 0, 0, 255] }
        view.alpha = 0.5
        let screen = TextRenderer(colors: true).renderScreen(try root(view))
        #expect(try colours(screen, 0, 0) == (0x808080, 0x808080))
    }

    @Test("aspect fill is cut to the view's own cells on the grid, clipping or not")
    func fillStaysInItsCells() throws {
        let view = ImageView(frame: Rect(x: 16, y: 16, width: 16, height: 16))
        view.image = halves(10, 2)
        view.contentMode = .scaleAspectFill
        let screen = TextRenderer(colors: true).renderScreen(try root(view))
        #expect(character(screen, 1, 1) == " ")
        #expect(character(screen, 2, 1) == "▀")
        #expect(character(screen, 4, 1) == " ")
    }

    @Test("a huge image in a small view, and a tiny one in a huge view, draw in bounded time")
    func extremes() throws {
        let big = ImageView(frame: Rect(x: 0, y: 0, width: 8, height: 16))
        big.image = image(2000, 1000) { _, _ in [10, 20, 30, 255] }
        #expect(try colours(TextRenderer(colors: true).renderScreen(try root(big)), 0, 0) == (0x0A141E, 0x0A141E))
        let small = ImageView(frame: Rect(x: 0, y: 0, width: 1e6, height: 1e6))
        small.image = halves(1, 2)
        let screen = TextRenderer(colors: true).renderScreen(small)
        #expect(screen.columns == CharacterGrid.maximumCells)
        #expect(try colours(screen, 0, 0) == (0xFF0000, 0xFF0000))
    }

    @Test("a terminal frame in 24-bit colour writes the half blocks with both colours")
    func terminal() throws {
        let view = ImageView(frame: Rect(x: 0, y: 0, width: 8, height: 16))
        view.image = halves(2, 2)
        let screen = TextRenderer(colors: true).renderScreen(try root(view))
        var frame = TerminalFrame(width: screen.columns, height: screen.rows)
        frame.draw(screen, atColumn: 0, row: 0)
        var writer = TerminalWriter(colors: .trueColor)
        let bytes = String(decoding: writer.frame(frame), as: UTF8.self)
        #expect(bytes.contains("38;2;255;0;0"))
        #expect(bytes.contains("48;2;0;0;255"))
        #expect(bytes.contains("▀"))
    }

    // MARK: - SVG

    @Test("the SVG embeds the file as a data URI at the rectangle the content mode gives")
    func svgEmbedsTheFile() throws {
        let view = ImageView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.image = image(200, 100, file: Array("hello".utf8)) { _, _ in [0, 0, 0, 255] }
        view.contentMode = .scaleAspectFit
        let svg = SVGRenderer().render(view)
        #expect(svg.contains("<image x=\"0\" y=\"25\" width=\"100\" height=\"50\" preserveAspectRatio=\"none\" href=\"data:image/jpeg;base64,aGVsbG8=\"/>"))
        #expect(!svg.contains("clipPath"))
    }

    @Test("aspect fill overflows an unclipped view and is cut to a clipping one, as UIKit draws it")
    func svgClips() throws {
        let view = ImageView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.image = image(200, 100) { _, _ in [0, 0, 0, 255] }
        view.contentMode = .scaleAspectFill
        #expect(!SVGRenderer().render(view).contains("clipPath"))
        #expect(SVGRenderer().render(view).contains("<image x=\"-50\" y=\"0\" width=\"200\" height=\"100\""))
        view.clipsToBounds = true
        let svg = SVGRenderer().render(view)
        #expect(svg.contains("<clipPath id=\"clip1\">"))
        #expect(svg.contains("<rect x=\"0\" y=\"0\" width=\"100\" height=\"100\"/>"))
    }

    @Test("an image view without an image is its frame and label in the SVG")
    func svgWithoutImage() {
        let view = ImageView(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        view.accessibilityLabel = "Beach"
        let svg = SVGRenderer().render(view)
        #expect(svg.contains(">Beach</text>"))
        #expect(!svg.contains("<image"))
    }

    @Test("base64 pads as RFC 4648 says", arguments: [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg==")])
    func base64(plain: String, encoded: String) {
        #expect(Base64.encode(Array(plain.utf8)) == encoded)
    }

    // MARK: - Buttons

    @Test("a button with only an image shows its name in the text and the image in the SVG")
    func buttons() throws {
        let button = Button(frame: Rect(x: 0, y: 0, width: 96, height: 16))
        button.setImage(image(4, 4, file: [1]) { _, _ in [0, 0, 0, 255] }, for: .normal)
        button.accessibilityLabel = "Share"
        #expect(TextRenderer().render(try root(button)).hasPrefix(" [ Share ]"))
        let svg = SVGRenderer().render(button)
        #expect(svg.contains("href=\"data:image/jpeg;base64,AQ==\""))
        #expect(svg.contains("width=\"12\" height=\"12\""))
        button.setTitle("Send", for: .normal)
        #expect(TextRenderer().render(try root(button)).hasPrefix("  [ Send ]"))
        #expect(SVGRenderer().render(button).contains(">Send</text>"))
    }
}
