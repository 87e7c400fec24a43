import ScreenKit
import Testing
@testable import ScreenRender

@MainActor
struct CellRectTests {
    private func cells(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> CellRect? {
        CellRect(covering: Rect(x: x, y: y, width: width, height: height))
    }

    @Test func coversEveryCellItOverlaps() {
        #expect(cells(0, 0, 320, 480) == CellRect(minColumn: 0, minRow: 0, maxColumn: 40, maxRow: 30))
        #expect(cells(4, 8, 8, 16) == CellRect(minColumn: 0, minRow: 0, maxColumn: 2, maxRow: 2))
        #expect(cells(8, 16, 16, 32) == CellRect(minColumn: 1, minRow: 1, maxColumn: 3, maxRow: 3))
        #expect(cells(0, 0, 17, 16) == CellRect(minColumn: 0, minRow: 0, maxColumn: 3, maxRow: 1))
        #expect(cells(1, 1, 2, 2) == CellRect(minColumn: 0, minRow: 0, maxColumn: 1, maxRow: 1))
        #expect(cells(-4, -4, 8, 8) == CellRect(minColumn: -1, minRow: -1, maxColumn: 1, maxRow: 1))
        // Negative sizes are standardized first, as Rect does.
        #expect(cells(16, 16, -16, -16) == CellRect(minColumn: 0, minRow: 0, maxColumn: 2, maxRow: 1))
    }

    @Test func rectanglesWithoutAreaCoverNothing() {
        #expect(cells(8, 16, 0, 10) == nil)
        #expect(cells(8, 16, 10, 0) == nil)
    }

    @Test func snapsRoundingErrorsToCellBoundaries() {
        #expect(cells(7.9999999999, 0, 8.0000000001, 16) == CellRect(minColumn: 1, minRow: 0, maxColumn: 2, maxRow: 1))
        #expect(CellRect.column(of: 15.99999999) == 2)
        #expect(CellRect.column(of: 15.9) == 1)
        #expect(CellRect.row(of: -0.5) == -1)
    }

    @Test func closingEdgesStopBeforeABoundary() {
        #expect(CellRect.column(closing: 16) == 1)
        #expect(CellRect.column(closing: 16.5) == 2)
        #expect(CellRect.row(closing: 48) == 2)
    }

    @Test func farAwayViewsDoNotOverflow() {
        // Both edges land on the same limit: nothing on any grid.
        #expect(cells(1e300, 0, 1e300, 16) == nil)
        #expect(cells(-1e300, 0, 2e300, 16)?.minColumn ?? 0 < -1_000_000)
        #expect(CellRect.column(of: .infinity) > 1_000_000)
    }
}
