import ScreenKit

/// The colour layer of a grid that keeps colours: backgrounds painted over what is behind,
/// and the pen its characters take.
extension CharacterGrid {
    /// Lays `color` (its alpha as the amount) over the background of every cell of `cells`
    /// that `clip` holds; the characters, their colours and who drew them stay. Nothing when
    /// the grid keeps no colours or the colour is fully transparent.
    mutating func paint(_ color: Color, on cells: CellRect, clip: CellRect) {
        guard keepsColors, color.isVisible, let area = cells.intersection(clip)?.intersection(bounds) else { return }
        let opaque = color.alpha >= 1 ? color.packedRGB : nil
        for row in area.minRow..<area.maxRow {
            for index in (row * columns + area.minColumn)..<(row * columns + area.maxColumn) {
                backgrounds[index] = opaque ?? Self.composite(color, over: backgrounds[index])
            }
        }
    }

    /// The colour of the cell (character, background) as `0xRRGGBB`; nil when the grid keeps
    /// no colours or the cell is off it.
    func colors(column: Int, row: Int) -> (foreground: UInt32, background: UInt32)? {
        guard keepsColors, bounds.contains(column: column, row: row) else { return nil }
        let index = row * columns + column
        return (foregrounds[index], backgrounds[index])
    }

    /// `color` laid over the opaque `0xRRGGBB` colour `below`, its alpha (clamped to 0...1)
    /// as the amount: opaque again.
    static func composite(_ color: Color, over below: UInt32) -> UInt32 {
        let alpha = color.alpha.isNaN ? 0 : min(max(color.alpha, 0), 1)
        func mix(_ component: Double, _ shift: UInt32) -> UInt32 {
            let value = component.isNaN ? 0 : min(max(component, 0), 1) * 255
            let under = Double(below >> shift & 0xFF)
            return UInt32((alpha * value + (1 - alpha) * under).rounded()) << shift
        }
        return mix(color.red, 16) | mix(color.green, 8) | mix(color.blue, 0)
    }
}

extension Color {
    /// The colour with its alpha multiplied by `opacity` (a view's, composed down the tree).
    func fading(by opacity: Double) -> Color {
        opacity >= 1 ? self : Color(red: red, green: green, blue: blue, alpha: alpha * opacity)
    }
}
