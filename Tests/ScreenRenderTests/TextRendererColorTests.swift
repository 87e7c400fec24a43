import ScreenKit
import Testing
@testable import ScreenRender

/// The colours a text rendering keeps for a terminal: the text itself never changes.
@MainActor
struct TextRendererColorTests {
    nonisolated static let screens = ["controls", "drawing", "clipping", "tabs", "split", "split-popover", "navigation"]
        + ListRendererTests.snapshots

    static func make(_ name: String) throws -> Window {
        switch name {
        case "controls": try Screens.controls()
        case "drawing": try Screens.drawing()
        case "clipping": try Screens.clipping()
        case "tabs", "split", "split-popover", "navigation": try ContainerRendererTests.make(name)
        default: try ListRendererTests.make(name)
        }
    }

    @Test("with colours the text is byte for byte the expected one, and every cell goes to the same view", arguments: screens)
    func textUnchanged(name: String) throws {
        let plain = TextRenderer().renderScreen(try Self.make(name))
        let window = try Self.make(name)
        let colored = TextRenderer(colors: true).renderScreen(window)
        #expect(colored.hasColors && !plain.hasColors)
        #expect(colored.text == plain.text)
        Snapshot.expect(colored.text, matches: "\(name).txt")
        for row in 0..<colored.rows {
            for column in 0..<colored.columns {
                #expect(colored.point(atColumn: column, row: row) == plain.point(atColumn: column, row: row))
            }
        }
        #expect(plain.colors(atColumn: 0, row: 0) == nil)
    }

    /// The colours of a cell as `0xRRGGBB`.
    private func colours(_ screen: TextScreen, _ column: Int, _ row: Int) throws -> (UInt32, UInt32) {
        let pair = try #require(screen.colors(atColumn: column, row: row))
        return (pair.foreground.packedRGB, pair.background.packedRGB)
    }

    private func root(_ views: View...) throws -> View {
        let root = View(frame: Rect(x: 0, y: 0, width: 160, height: 64))
        for view in views { try root.addSubview(view) }
        return root
    }

    @Test("cells start black on a white page; a background paints the cells whose centres it covers")
    func backgrounds() throws {
        let box = View(frame: Rect(x: 8, y: 16, width: 32, height: 32))
        box.backgroundColor = Color(hex: "#f4c7c3")
        let screen = TextRenderer(colors: true).renderScreen(try root(box))
        #expect(try colours(screen, 0, 0) == (0x000000, 0xFFFFFF))
        #expect(try colours(screen, 1, 1).1 == 0xF4C7C3)
        #expect(try colours(screen, 4, 2).1 == 0xF4C7C3)
        #expect(try colours(screen, 5, 1).1 == 0xFFFFFF)
        #expect(try colours(screen, 1, 3).1 == 0xFFFFFF)
    }

    @Test("a translucent background and a view's alpha are laid over what is behind")
    func alphaComposites() throws {
        let red = View(frame: Rect(x: 0, y: 0, width: 80, height: 64))
        red.backgroundColor = .red
        let glass = View(frame: Rect(x: 0, y: 0, width: 40, height: 32))
        glass.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
        try red.addSubview(glass)
        let faded = View(frame: Rect(x: 40, y: 32, width: 40, height: 32))
        faded.alpha = 0.5
        let inner = View(frame: Rect(x: 0, y: 0, width: 40, height: 32))
        inner.backgroundColor = .black
        try faded.addSubview(inner)
        try red.addSubview(faded)
        let screen = TextRenderer(colors: true).renderScreen(try root(red))
        #expect(try colours(screen, 0, 0).1 == 0x800080)
        #expect(try colours(screen, 6, 3).1 == 0x800000)
        #expect(try colours(screen, 6, 0).1 == 0xFF0000)
    }

    /// A label whose description gives the colours a test chooses.
    final class Described: Label {
        var foreground: Color?
        var highlight: Color?
        override var contentDescription: ViewDescription {
            var description = super.contentDescription
            description.foreground = foreground
            description.highlight = highlight
            return description
        }
    }

    @Test("what a view writes takes its description's foreground; its highlight lies over its background")
    func foregroundAndHighlight() throws {
        let label = Described(frame: Rect(x: 0, y: 0, width: 80, height: 16))
        label.text = "Saved"
        label.foreground = Color(hex: "#007aff")
        label.highlight = Color(white: 0, alpha: 0.5)
        label.backgroundColor = .white
        let plain = Described(frame: Rect(x: 0, y: 16, width: 80, height: 16))
        plain.text = "Plain"
        let screen = TextRenderer(colors: true).renderScreen(try root(label, plain))
        #expect(screen.text.hasPrefix("Saved\nPlain\n"))
        #expect(try colours(screen, 0, 0) == (0x007AFF, 0x808080))
        #expect(try colours(screen, 9, 0).1 == 0x808080)
        #expect(try colours(screen, 0, 1) == (0x000000, 0xFFFFFF))
    }

    @Test("a border takes the view's border colour")
    func borders() throws {
        let box = View(frame: Rect(x: 0, y: 0, width: 48, height: 48))
        box.borderWidth = 1
        box.borderColor = .red
        let screen = TextRenderer(colors: true).renderScreen(try root(box))
        #expect(screen.text.hasPrefix("┌────┐"))
        #expect(try colours(screen, 0, 0).0 == 0xFF0000)
        #expect(try colours(screen, 5, 2).0 == 0xFF0000)
    }

    @Test("canvas commands draw in their colours; a fill paints the cells")
    func canvasColours() throws {
        let window = try Screens.drawing()
        let screen = TextRenderer(colors: true).renderScreen(window)
        let rows = screen.text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        // The red hand runs right from the dial's middle (column 20, row 9), the blue one
        // down to the left; the frame is black.
        #expect(rows[9][25] == "─")
        #expect(try colours(screen, 25, 9).0 == 0xFF0000)
        #expect(try colours(screen, 5, 2) == (0x000000, 0xFFFFFF))
        let diagonal = try #require(rows.indices.first { rows[$0].contains("╱") })
        let slash = try #require(rows[diagonal].firstIndex(of: "╱"))
        #expect(try colours(screen, slash, diagonal).0 == 0x0000FF)
        // The black fill is █ in black, the yellow one spaces on yellow.
        let fills = try #require(rows.indices.first { rows[$0].contains("█") })
        let block = try #require(rows[fills].firstIndex(of: "█"))
        #expect(try colours(screen, block, fills) == (0x000000, 0x000000))
        #expect(try colours(screen, block + 6, fills).1 == 0xFFFF00)
        // The label on the dark view: its spaces on the view's grey.
        let dark = try #require(rows.indices.first { String(rows[$0]).contains("on a dark background") })
        #expect(try colours(screen, 5, dark).1 == 0x333333)
    }

    @Test("colours of hostile numbers (NaN, ±inf, huge) are clamped, never a trap")
    func hostileColours() throws {
        let values = [Double.nan, .infinity, -.infinity, 1e308, -1e308, 0.5]
        var views: [View] = []
        for (index, value) in values.enumerated() {
            let view = Canvassed(frame: Rect(x: Double(index) * 16, y: 0, width: 16, height: 32))
            view.color = Color(red: value, green: 1 - value, blue: value * 2, alpha: value)
            view.backgroundColor = Color(red: value, green: value, blue: value, alpha: value)
            view.alpha = value
            views.append(view)
        }
        let root = View(frame: Rect(x: 0, y: 0, width: 160, height: 64))
        for view in views { try root.addSubview(view) }
        let screen = TextRenderer(colors: true).renderScreen(root)
        #expect(screen.text == TextRenderer().render(root))
        for column in 0..<screen.columns {
            let pair = try #require(screen.colors(atColumn: column, row: 0))
            #expect(pair.foreground.packedRGB <= 0xFFFFFF && pair.background.alpha == 1)
        }
    }

    final class Canvassed: View {
        var color = Color.black
        override func draw(_ canvas: Canvas) {
            canvas.fill(Rect(x: 0, y: 0, width: 8, height: 16), color: color)
            canvas.text("x", at: Point(x: 8, y: 16), color: color)
        }
    }
}
