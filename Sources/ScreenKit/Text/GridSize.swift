/// A size on the text renderer's character grid, where one cell is 8×16 points.
///
/// ```swift
/// TextLayout.measure(text: "Hello", width: 80, lines: 1, lineBreakMode: .truncateTail)
/// // GridSize(columns: 5, rows: 1)
/// ```
public nonisolated struct GridSize: Hashable, Sendable, CustomStringConvertible {
    /// The width in cells.
    public var columns: Int
    /// The height in cells, which is the number of lines.
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    public static let zero = GridSize(columns: 0, rows: 0)

    public var description: String { "\(columns)×\(rows) cells" }
}
