import ScreenKit

/// Pickers and activity indicators, drawn as UIKit draws them.
extension SVGPass {
    /// The grey of the band behind a picker's selected rows (iOS's tertiary system fill).
    static let selectionBand = Color(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12)

    /// A picker's wheels: the selected rows on a rounded grey band across the middle, the
    /// rows around them paler the further they are, the focused wheel's selection framed in
    /// the tint.
    mutating func drawWheels(_ wheels: ViewDescription.Wheels, color: Color, in bounds: Rect) {
        let height = wheels.rowHeight
        guard height.isFinite, height > 0, bounds.midY.isFinite else { return }
        let band = Rect(x: bounds.minX + 8, y: bounds.midY - height / 2, width: bounds.width - 16, height: height)
        roundedRect(band, radius: 8, fill: Self.selectionBand, stroke: nil)
        for wheel in wheels.wheels {
            let room = Self.room(wheel.width, padding: 4)
            let middle = wheel.minX + wheel.width / 2
            for row in wheel.rows {
                let distance = Double(min(abs(row.offset), 8))
                let fill = row.offset == 0 ? color : color.fading(by: max(0.15, 0.6 - 0.12 * (distance - 1)))
                text(CellText.truncated(row.title, to: room), x: middle, middle: bounds.midY + Double(row.offset) * height, fill: fill)
            }
            if wheel.isFocused {
                let frame = Rect(x: wheel.minX + 2, y: band.minY, width: wheel.width - 4, height: height)
                roundedRect(frame, radius: 8, fill: nil, stroke: wheels.focusColor, width: 2)
            }
        }
    }

    /// Where each of a spinner's spokes points, from the top clockwise: unit vectors an
    /// eighth of a turn apart.
    private static let spokeDirections: [(x: Double, y: Double)] = {
        let half = 0.5.squareRoot()
        return [(0, -1), (half, -half), (1, 0), (half, half), (0, 1), (-half, half), (-1, 0), (-half, -half)]
    }()

    /// UIKit's spinner: eight rounded spokes around the middle, the one at the phase in the
    /// full colour and those behind it fading.
    mutating func drawSpinner(_ spinner: ViewDescription.Spinner, color: Color, in bounds: Rect) {
        let radius = min(bounds.width, bounds.height) / 2
        guard radius.isFinite, radius > 0 else { return }
        let centre = Point(x: bounds.midX, y: bounds.midY)
        let width = max(radius * (spinner.isLarge ? 0.16 : 0.2), 1)
        let count = Self.spokeDirections.count
        for (index, direction) in Self.spokeDirections.enumerated() {
            let behind = ((spinner.phase - index) % count + count) % count
            let inner = Point(x: centre.x + direction.x * radius * 0.45, y: centre.y + direction.y * radius * 0.45)
            let outer = Point(x: centre.x + direction.x * (radius - width / 2), y: centre.y + direction.y * (radius - width / 2))
            line(inner, outer, stroke: color.fading(by: 1 - 0.1 * Double(behind)), width: width)
        }
    }
}
