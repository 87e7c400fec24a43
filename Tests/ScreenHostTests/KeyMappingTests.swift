import ScreenKit
import ScreenRender
import Testing
@testable import ScreenHost

@MainActor
@Suite("Key mapping")
struct KeyMappingTests {
    @Test("named keys go by name, Ctrl-R rotates, Ctrl-W warns, others do nothing")
    func keys() {
        let window = Window(device: .iphone)
        #expect(KeyMapping.input(for: .tab, in: window) == .key("tab"))
        #expect(KeyMapping.input(for: .backTab, in: window) == .key("shift-tab"))
        #expect(KeyMapping.input(for: .pageDown, in: window) == .key("pagedown"))
        #expect(KeyMapping.input(for: .control("r"), in: window) == .rotate(.landscape))
        window.rotate(to: .landscape)
        #expect(KeyMapping.input(for: .control("r"), in: window) == .rotate(.portrait))
        #expect(KeyMapping.input(for: .control("w"), in: window) == .memoryWarning)
        #expect(KeyMapping.input(for: .control("x"), in: window) == nil)
        #expect(KeyMapping.input(for: .f5, in: window) == nil)
        #expect(KeyMapping.input(for: .insert, in: window) == nil)
    }

    @Test("text is typed into a field being edited, otherwise each character is a key")
    func text() throws {
        let window = Window(device: .iphone)
        let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 32))
        try window.addSubview(field)
        #expect(KeyMapping.inputs(forText: "q w", in: window) == [.key("q"), .key("space"), .key("w")])
        window.touch(.began, at: Point(x: 20, y: 20))
        window.touch(.ended, at: Point(x: 20, y: 20))
        #expect(KeyMapping.isTyping(window))
        #expect(KeyMapping.inputs(forText: "q w", in: window) == [.text("q w")])
    }
}
