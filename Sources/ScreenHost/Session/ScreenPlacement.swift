import ScreenKit

/// Where the window's cells go on a terminal of some size: centred, above a one-line status;
/// or, when the terminal is too small for both, nowhere, and a message instead.
///
/// ```swift
/// let placement = ScreenPlacement(terminalColumns: 100, terminalRows: 40, screenColumns: 40, screenRows: 30)
/// placement.origin          // (column: 30, row: 4): 30 columns either side, 4 rows above and 5 below
/// placement.screenCell(column: 31, row: 4)   // (column: 1, row: 0) of the window's cells
/// ```
public struct ScreenPlacement: Equatable {
    public let terminalColumns: Int
    public let terminalRows: Int
    /// The window's size in cells (40×30 for an iPhone in portrait).
    public let screenColumns: Int
    public let screenRows: Int

    /// The rows the host keeps below the window: the status line.
    public static let statusRows = 1

    public init(terminalColumns: Int, terminalRows: Int, screenColumns: Int, screenRows: Int) {
        self.terminalColumns = max(0, terminalColumns)
        self.terminalRows = max(0, terminalRows)
        self.screenColumns = max(0, screenColumns)
        self.screenRows = max(0, screenRows)
    }

    /// The smallest terminal that shows the window and the status line.
    public var neededColumns: Int { screenColumns }
    public var neededRows: Int { screenRows + Self.statusRows }

    /// Whether the terminal is big enough for the window and the status line.
    public var fits: Bool { terminalColumns >= neededColumns && terminalRows >= neededRows }

    /// The terminal cell of the window's top-left cell: centred in the rows above the status
    /// line (the odd cell goes right and below). Nil when the window does not fit.
    public var origin: (column: Int, row: Int)? {
        guard fits else { return nil }
        return ((terminalColumns - screenColumns) / 2, (terminalRows - Self.statusRows - screenRows) / 2)
    }

    /// The row of the status line: the terminal's last.
    public var statusRow: Int { max(0, terminalRows - 1) }

    /// The window's cell at a terminal cell, or nil for a cell outside the window (or when
    /// it does not fit).
    public func screenCell(column: Int, row: Int) -> (column: Int, row: Int)? {
        guard let origin else { return nil }
        let (screenColumn, screenRow) = (column - origin.column, row - origin.row)
        guard (0..<screenColumns).contains(screenColumn), (0..<screenRows).contains(screenRow) else { return nil }
        return (screenColumn, screenRow)
    }

    /// The window's cell nearest a terminal cell: a drag that leaves the window ends at
    /// its edge.
    public func nearestScreenCell(column: Int, row: Int) -> (column: Int, row: Int)? {
        guard let origin, screenColumns > 0, screenRows > 0 else { return nil }
        return (min(max(column - origin.column, 0), screenColumns - 1), min(max(row - origin.row, 0), screenRows - 1))
    }

    /// What a terminal too small for the window shows instead, one line each, cut to the
    /// terminal's width.
    public var tooSmallMessage: [String] {
        let lines = [
            "The terminal is too small for this screen.",
            "It needs \(neededColumns)×\(neededRows) and has \(terminalColumns)×\(terminalRows).",
            "Make it bigger, or press q to quit.",
        ]
        return lines.map { String($0.prefix(terminalColumns)) }
    }
}
