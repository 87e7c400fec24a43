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

    /// ``ErrorPanel/scroll(by:columns:rows:)``, outside the expectation that checks what it returns.
    func scroll(_ panel: inout ErrorPanel, by lines: Int, columns: Int, rows: Int) -> Bool {
        panel.scroll(by: lines, columns: columns, rows: rows)
    }

    static let traceback = (["stack traceback:"] + (1...50).map { "\tmain.lua:\($0): in function 'f'" }).joined(separator: "\n")

    @Test("a long traceback shows as many lines as fit, saying which, and scrolls as far as there is text")
    func scrolls() throws {
        var panel = ErrorPanel()
        panel.add(.init(context: "viewDidLoad of List", message: "boom", traceback: Self.traceback))
        // in ..., "", boom, "", stack traceback:, 50 frames: 55 lines; 17 show in 20 rows.
        let box = try #require(panel.layout(columns: 80, rows: 20))
        #expect(box.lines.count == 20)
        #expect(box.lines[18].contains("lines 1–17 of 55; all of it is in the error log"))
        #expect(box.lines[19].contains("↑↓ PgUp PgDn scroll · Esc closes"))
        #expect(!scroll(&panel, by: -1, columns: 80, rows: 20))
        #expect(scroll(&panel, by: 1, columns: 80, rows: 20))
        #expect(try #require(panel.layout(columns: 80, rows: 20)).lines[18].contains("lines 2–18 of 55"))
        #expect(scroll(&panel, by: .max, columns: 80, rows: 20))
        let end = try #require(panel.layout(columns: 80, rows: 20))
        #expect(end.lines[18].contains("lines 39–55 of 55"))
        #expect(end.lines[17].contains("main.lua:50: in function 'f'"))
        #expect(!scroll(&panel, by: 1, columns: 80, rows: 20))
        #expect(scroll(&panel, by: .min, columns: 80, rows: 20))
        #expect(try #require(panel.layout(columns: 80, rows: 20)).lines[18].contains("lines 1–17 of 55"))
        // Taller, the same place shows more; the next error starts at its top.
        #expect(scroll(&panel, by: 30, columns: 80, rows: 20))
        #expect(try #require(panel.layout(columns: 80, rows: 40)).lines[38].contains("lines 19–55 of 55"))
        panel.add(.init(context: "viewDidLoad of List", message: "again", traceback: Self.traceback))
        panel.dismiss()
        #expect(try #require(panel.layout(columns: 80, rows: 20)).lines[18].contains("lines 1–17 of 55"))
    }

    @Test("an error that fits does not scroll")
    func shortErrorsDoNotScroll() throws {
        var panel = ErrorPanel()
        panel.add(.init(context: "action", message: "boom", traceback: nil))
        #expect(!scroll(&panel, by: 1, columns: 80, rows: 20))
        #expect(try #require(panel.layout(columns: 80, rows: 20)).lines.last?.contains(" Esc closes ") == true)
        #expect(!scroll(&panel, by: 1, columns: 5, rows: 2))
    }

    @Test("long lines wrap at spaces, words longer than the width are cut")
    func wrap() {
        #expect(ErrorPanel.wrap("aaa bbb ccc", width: 7) == ["aaa bbb", "ccc"])
        #expect(ErrorPanel.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(ErrorPanel.wrap("a\n\nb", width: 4) == ["a", "", "b"])
    }
}
