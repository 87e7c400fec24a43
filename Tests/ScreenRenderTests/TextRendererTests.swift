import ScreenKit
import Testing
@testable import ScreenRender

@MainActor
struct TextRendererTests {
    private func render(_ view: View) -> String { TextRenderer().render(view) }

    /// The rows of a small root holding `views`.
    private func rows(width: Double = 160, height: Double = 48, _ views: View...) throws -> [String] {
        let root = View(frame: Rect(x: 0, y: 0, width: width, height: height))
        for view in views { try root.addSubview(view) }
        return render(root).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    // MARK: - Snapshots

    @Test func controlsScreen() throws {
        Snapshot.expect(render(try Screens.controls()), matches: "controls.txt")
    }

    @Test func drawingScreen() throws {
        Snapshot.expect(render(try Screens.drawing()), matches: "drawing.txt")
    }

    @Test func clippingScreen() throws {
        Snapshot.expect(render(try Screens.clipping()), matches: "clipping.txt")
    }

    @Test func rendersAreDeterministic() throws {
        let makers: [() throws -> Window] = [Screens.controls, Screens.drawing, Screens.clipping]
        for make in makers {
            let window = try make()
            #expect(render(window) == render(window))
            #expect(render(window) == render(try make()))
        }
    }

    // MARK: - The grid

    @Test func iphoneIsFortyByThirty() {
        let text = render(Window(device: .iphone))
        #expect(text == String(repeating: "\n", count: 30))
        let landscape = Window(device: .iphone, orientation: .landscape)
        #expect(render(landscape).filter { $0 == "\n" }.count == 20)
    }

    @Test func linesAreTrimmedAndEndWithNewlines() throws {
        let text = render(try Screens.controls())
        #expect(text.hasSuffix("\n"))
        for line in text.split(separator: "\n") { #expect(line.last != " ") }
    }

    @Test func viewsTakeTheCellsTheyOverlap() throws {
        // 4…12 overlaps columns 0 and 1; 8…24 overlaps rows 0 and 1.
        let box = View(frame: Rect(x: 4, y: 8, width: 8, height: 16))
        box.borderWidth = 1
        #expect(try rows(box).prefix(3) == ["┌┐", "└┘", ""])
        // Edges on cell boundaries: 8…24 is columns 1 and 2, 16…48 rows 1 and 2.
        let aligned = View(frame: Rect(x: 8, y: 16, width: 16, height: 32))
        aligned.borderWidth = 1
        #expect(try rows(aligned).prefix(3) == ["", " ┌┐", " └┘"])
        // One point past a boundary takes the next cell.
        let wider = View(frame: Rect(x: 0, y: 0, width: 17, height: 16))
        wider.borderWidth = 1
        #expect(try rows(wider).first == "───")
    }

    @Test func degenerateBoxes() throws {
        let cell = View(frame: Rect(x: 0, y: 0, width: 8, height: 16))
        cell.borderWidth = 1
        let column = View(frame: Rect(x: 16, y: 0, width: 8, height: 48))
        column.borderWidth = 1
        #expect(try rows(cell, column) == ["□ │", "  │", "  │"])
    }

    @Test func viewsWithoutAreaDrawNothing() throws {
        let line = Switch(frame: Rect(x: 0, y: 0, width: 0, height: 16))
        #expect(try rows(line).allSatisfy { $0.isEmpty })
    }

    @Test func aViewInsideAWindowRendersInItsOwnBounds() throws {
        let window = Window(device: .iphone)
        let panel = View(frame: Rect(x: 80, y: 32, width: 64, height: 32))
        try panel.addSubview(Screens.label("panel", Rect(x: 8, y: 16, width: 56, height: 16)))
        try window.addSubview(panel)
        #expect(render(panel) == "\n panel\n")
        #expect(SVGRenderer().render(panel).contains("width=\"64\" height=\"32\""))
    }

    // MARK: - Content

    @Test func buttonsShowTheirStateAndFit() throws {
        let button = Screens.button("Save", Rect(x: 0, y: 0, width: 80, height: 16))
        #expect(try rows(button).first == " [ Save ]")
        button.isHighlighted = true
        #expect(try rows(button).first == " [*Save*]")
        let narrow = Screens.button("Save", Rect(x: 0, y: 0, width: 48, height: 16))
        #expect(try rows(narrow).first == "[Save]")
        let tiny = Screens.button("Save", Rect(x: 0, y: 0, width: 32, height: 16))
        #expect(try rows(tiny).first == "[S…]")
    }

    @Test func sliderKnobFollowsTheValue() throws {
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 72, height: 16))
        #expect(try rows(slider).first == "●────────")
        slider.value = 1
        #expect(try rows(slider).first == "────────●")
        slider.value = 0.5
        #expect(try rows(slider).first == "────●────")
    }

    @Test func aTitleThatFitsItsSegmentFitsItSelected() throws {
        // Slots of 10, 10 and 9 columns: "Transport" fills the 9 cells between its dividers.
        let control = SegmentedControl(
            segments: ["Cars", "Transport", "Walk"], frame: Rect(x: 0, y: 0, width: 240, height: 16))
        #expect(try rows(width: 240, height: 16, control) == ["|  Cars   |Transport|  Walk  |"])
        // Without room inside for the brackets, they take the places of its dividers.
        control.selectedSegmentIndex = 1
        #expect(try rows(width: 240, height: 16, control) == ["|  Cars   [Transport]  Walk  |"])
        // With room, they go inside, the dividers kept.
        control.selectedSegmentIndex = 0
        #expect(try rows(width: 240, height: 16, control) == ["| [Cars]  |Transport|  Walk  |"])
        control.selectedSegmentIndex = 2
        #expect(try rows(width: 240, height: 16, control) == ["|  Cars   |Transport| [Walk] |"])
        // A title cut unselected is cut the same selected.
        control.segments = ["Cars", "Public transport", "Walk"]
        control.selectedSegmentIndex = 1
        #expect(try rows(width: 240, height: 16, control) == ["|  Cars   [Public t…]  Walk  |"])
    }

    @Test func textFieldsScrollToTheCursorWhileEditing() throws {
        let window = Window(device: .iphone)
        let field = TextField(frame: Rect(x: 0, y: 0, width: 64, height: 16))
        try window.addSubview(field)
        field.beginEditing()
        field.insertText("abcdefghij")
        #expect(render(window).split(separator: "\n").first == "[fghij▏]")
        field.endEditing()
        #expect(render(window).split(separator: "\n").first == "[abcdef]")
    }

    @Test func clipsToAncestorsThatClip() throws {
        let parent = View(frame: Rect(x: 8, y: 0, width: 32, height: 32))
        parent.clipsToBounds = true
        try parent.addSubview(Screens.label("abcdefghij", Rect(x: -8, y: 0, width: 120, height: 16)))
        #expect(try rows(parent).first == " bcde")
        parent.clipsToBounds = false
        #expect(try rows(parent).first == "abcdefghij")
    }

    @Test func wideCharactersTakeTwoCellsAndAreNeverHalved() throws {
        let wide = Screens.label("漢字", Rect(x: 0, y: 0, width: 32, height: 16))
        let cover = View(frame: Rect(x: 8, y: 0, width: 8, height: 16))
        cover.backgroundColor = .white
        #expect(try rows(wide).first == "漢字")
        #expect(try rows(wide, cover).first == "  字")
    }

    @Test func linesTakeTheCellsBetweenTheirEnds() throws {
        final class Lines: View {
            override func draw(_ canvas: Canvas) {
                canvas.line(from: Point(x: 0, y: 8), to: Point(x: 16, y: 8), color: .black)
                canvas.line(from: Point(x: 36, y: 0), to: Point(x: 36, y: 48), color: .black)
                canvas.line(from: Point(x: 48, y: 0), to: Point(x: 96, y: 48), color: .black)
                canvas.line(from: Point(x: 152, y: 0), to: Point(x: 104, y: 48), color: .black)
            }
        }
        #expect(try rows(Lines(frame: Rect(x: 0, y: 0, width: 160, height: 48))) == [
            "──  │ ╲╲         ╱╱",
            "    │   ╲╲     ╱╱",
            "    │     ╲╲ ╱╱",
        ])
    }

    @Test func fillsAreDarkOrLight() throws {
        final class Fills: View {
            override func draw(_ canvas: Canvas) {
                canvas.fill(Rect(x: 0, y: 0, width: 160, height: 16), color: .black)
                canvas.fill(Rect(x: 16, y: 0, width: 16, height: 16), color: .white)
                canvas.fill(Rect(x: 48, y: 0, width: 16, height: 16), color: .clear)
                canvas.fill(Rect(x: 64, y: 0, width: 16, height: 16), color: .yellow)
                canvas.fill(Rect(x: 96, y: 0, width: 16, height: 16), color: .blue)
            }
        }
        #expect(try rows(Fills(frame: Rect(x: 0, y: 0, width: 160, height: 48))).first == "██  ████  ██████████")
    }

    // MARK: - Which view drew each cell

    @Test func eachCellKnowsTheViewThatDrewItLast() throws {
        let window = Window(device: .iphone)
        let panel = View(frame: Rect(x: 0, y: 0, width: 160, height: 64))
        panel.backgroundColor = .white
        let button = Screens.button("Save", Rect(x: 12, y: 20, width: 80, height: 20))
        try panel.addSubview(button)
        try window.addSubview(panel)
        let turned = Screens.button("Turn", Rect(x: 200, y: 200, width: 80, height: 32))
        turned.transform = AffineTransform(rotationAngle: .pi / 2)
        turned.backgroundColor = .white
        try window.addSubview(turned)
        let screen = TextRenderer().renderScreen(window)
        #expect(screen.columns == 40 && screen.rows == 30 && screen.text == TextRenderer().render(window))
        // "[ Save ]" on row 1 from column 2: the button's; the panel's background around it.
        let rows = screen.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[1] == "  [ Save ]")
        #expect(screen.view(atColumn: 5, row: 1) === button)
        #expect(screen.view(atColumn: 15, row: 3) === panel)
        #expect(screen.view(atColumn: 30, row: 0) == nil)
        // A click goes to the view's point nearest the cell's centre, where hit testing finds it.
        let point = try #require(screen.point(atColumn: 2, row: 1))
        #expect(point == Point(x: 20, y: 24))
        #expect(window.hitTest(point) === button)
        #expect(window.hitTest(try #require(screen.point(atColumn: 15, row: 3))) === panel)
        // A turned view: the cells of its background, stood on end, lead to it.
        let column = Int(turned.center.x / 8), row = Int(turned.center.y / 16)
        #expect(screen.view(atColumn: column, row: row) === turned)
        let edge = try #require(screen.point(atColumn: column, row: row - 2))
        #expect(window.hitTest(edge) === turned)
    }

    // MARK: - What a script may try

    /// Draws lines and a box reaching far past the screen.
    final class FarDrawing: View {
        override func draw(_ canvas: Canvas) {
            canvas.line(from: Point(x: 0, y: 8), to: Point(x: 1e12, y: 8), color: .black)
            canvas.line(from: Point(x: 4, y: 24), to: Point(x: 4, y: 1e12), color: .black)
            canvas.stroke(Rect(x: 16, y: 16, width: 1e12, height: 32), color: .black)
        }
    }

    @Test func viewsFarLargerThanTheScreenDrawTheirVisiblePart() throws {
        let window = Window(device: .iphone)
        try window.addSubview(FarDrawing(frame: Rect(x: 0, y: 0, width: 1e12, height: 64)))
        let border = View(frame: Rect(x: 0, y: 64, width: 1e12, height: 32))
        border.borderWidth = 1
        try window.addSubview(border)
        for (index, width) in [1e12, 1e308].enumerated() {
            let label = Label(frame: Rect(x: 0, y: 96 + Double(index) * 16, width: width, height: 16))
            label.text = "a label"
            try window.addSubview(label)
        }
        let slider = Slider(frame: Rect(x: 0, y: 128, width: 1e12, height: 16))
        try window.addSubview(slider)
        let field = TextField(frame: Rect(x: 0, y: 144, width: 1e12, height: 16))
        field.text = "field"
        try window.addSubview(field)
        let lines = render(window).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 31)
        #expect(Array(lines[0..<10]) == [
            String(repeating: "─", count: 40),
            "│ ┌" + String(repeating: "─", count: 37),
            "│ └" + String(repeating: "─", count: 37),
            "│", "┌" + String(repeating: "─", count: 39), "└" + String(repeating: "─", count: 39),
            "a label", "a label", "●" + String(repeating: "─", count: 39), "[field" + String(repeating: "_", count: 34),
        ])
    }

    @Test func notANumberOrInfinityInGeometryDrawsNothing() throws {
        final class Odd: View {
            override func draw(_ canvas: Canvas) {
                canvas.line(from: Point(x: 0, y: 0), to: Point(x: .nan, y: .infinity), color: .black)
                canvas.line(from: Point(x: -1e308, y: 0), to: Point(x: 1e308 * 2, y: 0), color: .black)
                canvas.fill(Rect(x: 0, y: 0, width: .infinity, height: .nan), color: .black)
                canvas.text("far", at: Point(x: 1e308, y: -1e308))
            }
        }
        let window = Window(device: .iphone)
        let odd = Odd(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        odd.borderWidth = .infinity
        odd.transform = AffineTransform(rotationAngle: .infinity)
        try window.addSubview(odd)
        let overflowed = View(frame: Rect(x: 0, y: 0, width: 1e308, height: 1e308))
        overflowed.backgroundColor = .black
        overflowed.center = Point(x: 1e308 * 2, y: 1e308 * 2 - 1e308 * 2)
        try window.addSubview(overflowed)
        let tiny = Label(frame: Rect(x: 0, y: 0, width: 1e-300, height: 1e-300))
        tiny.text = "tiny"
        tiny.borderWidth = 1
        try window.addSubview(tiny)
        #expect(render(window) == String(repeating: "\n", count: 30))
    }

    @Test func aPageControlShowsTheDotsAroundTheCurrentPageThatFit() throws {
        let pages = PageControl(frame: Rect(x: 0, y: 0, width: 80, height: 16))
        pages.numberOfPages = 1_000_000_000_000_000
        pages.currentPage = 500_000_000_000_000
        #expect(try rows(pages).first == "○○○○○●○○○○")
        pages.currentPage = pages.numberOfPages - 1
        #expect(try rows(pages).first == "○○○○○○○○○●")
        pages.numberOfPages = 3
        #expect(try rows(pages).first == "   ○○●")
    }

    @Test func aWindowMadeHugeDrawsAtMostTheGridsLimit() throws {
        let window = Window(device: .iphone)
        window.frame = Rect(x: 0, y: 0, width: 1e12, height: 1e308)
        let label = Label(frame: Rect(x: 0, y: 0, width: 80, height: 16))
        label.text = "top left"
        try window.addSubview(label)
        let lines = render(window).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == CharacterGrid.maximumCells + 1)
        #expect(lines.first == "top left")
    }

    /// Deep enough to overflow the stack where drawing recurses down the tree.
    static let depth = 30_000

    /// A window with a chain of `depth` views, a label in the deepest.
    static func deepTree() throws -> Window {
        let window = Window(device: .iphone)
        var deepest: View = window
        for _ in 0..<depth {
            let view = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
            try deepest.addSubview(view)
            deepest = view
        }
        let label = Label(frame: Rect(x: 0, y: 0, width: 80, height: 16))
        label.text = "deepest"
        try deepest.addSubview(label)
        return window
    }

    @Test func aDeepTreeRendersWithoutRecursing() throws {
        #expect(render(try Self.deepTree()).hasPrefix("deepest\n"))
    }
}
