import Testing
@testable import ScreenHost

@MainActor
@Suite("ErrorPanel")
struct ErrorPanelTests {
    static let entry = ErrorPanel.Entry(
        context: "timer callback scheduled at main.lua:4",
        message: "main.lua:5: attempt to index a nil value (local 'entries')",
        traceback: "stack traceback:\n\tmain.lua:5: in function <main.lua:4>")

    @Test("a box of equal lines: the count, the callback, the message, the traceback, and how to close it")
    func layout() throws {
        var panel = ErrorPanel()
        panel.add(Self.entry)
        let box = try #require(panel.layout(columns: 100, rows: 39))
        #expect(box.lines.allSatisfy { $0.count == box.lines[0].count })
        #expect(box.lines[0].contains("Script error 1 of 1"))
        #expect(box.lines.contains { $0.contains("in timer callback scheduled at main.lua:4") })
        #expect(box.lines.contains { $0.contains("attempt to index a nil value") })
        #expect(box.lines.contains { $0.contains("  main.lua:5: in function <main.lua:4>") })
        #expect(box.lines.last!.contains("Esc closes"))
        #expect(box.column == (100 - box.lines[0].count) / 2)
    }

    @Test("several errors queue: 1 of 3, then 2 of 3 after Esc, then none")
    func queue() throws {
        var panel = ErrorPanel()
        for _ in 0..<3 { panel.add(Self.entry) }
        #expect(try #require(panel.layout(columns: 80, rows: 30)).lines[0].contains("1 of 3"))
        let dismissed = panel.dismiss()
        #expect(dismissed)
        #expect(try #require(panel.layout(columns: 80, rows: 30)).lines[0].contains("2 of 3"))
        panel.add(Self.entry)
        #expect(try #require(panel.layout(columns: 80, rows: 30)).lines[0].contains("2 of 4"))
        while panel.dismiss() {}
        #expect(!panel.isShown)
        #expect(panel.layout(columns: 80, rows: 30) == nil)
        panel.add(Self.entry)
        #expect(try #require(panel.layout(columns: 80, rows: 30)).lines[0].contains("1 of 1"))
    }

    @Test("a long traceback is cut to the rows there are, saying how much is left out")
    func cutToFit() throws {
        var panel = ErrorPanel()
        let traceback = (["stack traceback:"] + (1...50).map { "\tmain.lua:\($0): in function 'f'" }).joined(separator: "\n")
        panel.add(.init(context: "viewDidLoad of List", message: "boom", traceback: traceback))
        let box = try #require(panel.layout(columns: 80, rows: 20))
        #expect(box.lines.count == 20)
        #expect(box.lines.contains { $0.contains("more lines in the error log") })
    }

    @Test("long lines wrap at spaces, words longer than the width are cut")
    func wrap() {
        #expect(ErrorPanel.wrap("aaa bbb ccc", width: 7) == ["aaa bbb", "ccc"])
        #expect(ErrorPanel.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(ErrorPanel.wrap("a\n\nb", width: 4) == ["a", "", "b"])
    }
}
