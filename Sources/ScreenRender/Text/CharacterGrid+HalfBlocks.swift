import ScreenKit

extension CharacterGrid {
    /// Puts `▀` at a cell in the colour `upper` on the background `lower` (both opaque
    /// `0xRRGGBB`): two pixels, one above the other, in one cell. Nothing off the grid or on a
    /// grid that keeps no colours.
    mutating func putHalves(upper: UInt32, lower: UInt32, column: Int, row: Int) {
        guard keepsColors, bounds.contains(column: column, row: row) else { return }
        put("▀", column: column, row: row, clip: bounds)
        let index = row * columns + column
        foregrounds[index] = upper
        backgrounds[index] = lower
    }
}
