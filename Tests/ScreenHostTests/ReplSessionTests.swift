import Testing
@testable import ScreenHost

@MainActor
@Suite("ReplSession")
struct ReplSessionTests {
    @Test(":tap finds the middle cell of each place a text is drawn")
    func cells() {
        let screen = "  [ Save ]  \n Save as\nnothing"
        let found = ReplSession.cells(showing: "Save", in: screen)
        #expect(found.map(\.column) == [6, 3])
        #expect(found.map(\.row) == [0, 1])
        #expect(ReplSession.cells(showing: "Save as", in: screen).map(\.row) == [1])
        #expect(ReplSession.cells(showing: "Load", in: screen).isEmpty)
    }

    @Test("a line that is a name names the value a cycle points back to")
    func names() {
        #expect(ReplSession.isName("t"))
        #expect(ReplSession.isName(" _last2 "))
        #expect(!ReplSession.isName("t.x"))
        #expect(!ReplSession.isName("2t"))
        #expect(!ReplSession.isName(""))
    }

    @Test(":help lists every command the dispatcher knows")
    func help() {
        #expect(ReplSession.commands.map(\.name) == [
            "screen", "tree", "views", "tap", "type", "rotate", "advance", "pick", "settle", "reload", "help", "quit",
        ])
    }
}
