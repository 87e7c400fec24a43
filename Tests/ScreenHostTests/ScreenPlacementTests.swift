import Testing
@testable import ScreenHost

@MainActor
@Suite("ScreenPlacement")
struct ScreenPlacementTests {
    @Test("the window is centred above the status line, the odd cell right and below")
    func centred() {
        let placement = ScreenPlacement(terminalColumns: 100, terminalRows: 40, screenColumns: 40, screenRows: 30)
        #expect(placement.fits)
        #expect(placement.origin! == (30, 4))
        #expect(placement.statusRow == 39)
        let odd = ScreenPlacement(terminalColumns: 41, terminalRows: 32, screenColumns: 40, screenRows: 30)
        #expect(odd.origin! == (0, 0))
    }

    @Test("a terminal exactly the window and the status line fits; one cell less does not")
    func exactFit() {
        #expect(ScreenPlacement(terminalColumns: 40, terminalRows: 31, screenColumns: 40, screenRows: 30).fits)
        #expect(!ScreenPlacement(terminalColumns: 39, terminalRows: 31, screenColumns: 40, screenRows: 30).fits)
        #expect(!ScreenPlacement(terminalColumns: 40, terminalRows: 30, screenColumns: 40, screenRows: 30).fits)
    }

    @Test("too small: the message says the size needed and the size there is, cut to the width")
    func tooSmall() {
        let placement = ScreenPlacement(terminalColumns: 60, terminalRows: 20, screenColumns: 40, screenRows: 30)
        #expect(placement.origin == nil)
        #expect(placement.tooSmallMessage.contains("It needs 40×31 and has 60×20."))
        let narrow = ScreenPlacement(terminalColumns: 10, terminalRows: 5, screenColumns: 40, screenRows: 30)
        #expect(narrow.tooSmallMessage.allSatisfy { $0.count <= 10 })
    }

    @Test("a terminal cell maps to the window's cell minus the centring offset; outside is nil")
    func cellMapping() {
        let placement = ScreenPlacement(terminalColumns: 100, terminalRows: 40, screenColumns: 40, screenRows: 30)
        #expect(placement.screenCell(column: 30, row: 4)! == (0, 0))
        #expect(placement.screenCell(column: 69, row: 33)! == (39, 29))
        #expect(placement.screenCell(column: 29, row: 4) == nil)
        #expect(placement.screenCell(column: 70, row: 10) == nil)
        #expect(placement.screenCell(column: 40, row: 39) == nil)
        #expect(placement.nearestScreenCell(column: 0, row: 39)! == (0, 29))
    }

    @Test("a window cell's centre in points: 8×16 points a cell")
    func cellCentre() {
        let centre = TerminalSession.cellCentre(column: 2, row: 3)
        #expect(centre.x == 20 && centre.y == 56)
    }
}
