import ScreenKit

/// Images on a grid that keeps colours: each cell is two pixels, one above the other, drawn
/// as `▀` in the upper one's colour on the lower one's.
extension TextPass {
    /// Draws `image` at `rect` (the view's bounds coordinates, which `placement` maps to grid
    /// points) in the cells of `area`, faded by `opacity`.
    ///
    /// Each half cell (8×8 points) takes the average of the image's pixels under it, so a
    /// photo scaled down keeps its tones instead of the speckle one pixel in many would give;
    /// an image scaled up takes the pixel under the half's centre. A half whose centre is
    /// off the image keeps the cell's background; a cell with neither half on it is left as
    /// it was. Transparent pixels show what is behind.
    ///
    /// - Complexity: O(cells in `area` + the image's pixels under them).
    mutating func drawImage(
        _ image: Image, at rect: Rect, in area: CellRect, placement: AffineTransform, opacity: Double
    ) {
        guard grid.keepsColors, opacity > 0, let area = area.intersection(grid.bounds),
              rect.width.isFinite, rect.height.isFinite, rect.width > 0, rect.height > 0,
              let inverse = placement.inverted()
        else { return }
        // How many of the image's pixels one point of the view holds, and how many points of
        // the view a half cell spans.
        let perPointX = Double(image.pixelWidth) / rect.width
        let perPointY = Double(image.pixelHeight) / rect.height
        let half = CellRect.cellHeight / 2
        let spanX = half / max((placement.a * placement.a + placement.b * placement.b).squareRoot(), .leastNormalMagnitude)
        let spanY = half / max((placement.c * placement.c + placement.d * placement.d).squareRoot(), .leastNormalMagnitude)
        let sampler = _ImageSampler(image: image, footprint: (spanX * perPointX, spanY * perPointY))
        for row in area.minRow..<area.maxRow {
            for column in area.minColumn..<area.maxColumn {
                // The image's colour at the centre of the upper or the lower half; nil off it.
                func sample(_ lower: Bool) -> SampledColour? {
                    let centre = Point(
                        x: (Double(column) + 0.5) * CellRect.cellWidth,
                        y: Double(row) * CellRect.cellHeight + (lower ? 1.5 : 0.5) * half)
                    let point = inverse.apply(to: centre)
                    let x = (point.x - rect.minX) * perPointX, y = (point.y - rect.minY) * perPointY
                    guard x >= 0, y >= 0, x < Double(image.pixelWidth), y < Double(image.pixelHeight) else { return nil }
                    return sampler.colour(atX: x, y: y, opacity: opacity)
                }
                let upper = sample(false), lower = sample(true)
                guard upper != nil || lower != nil, let behind = grid.colors(column: column, row: row)?.background
                else { continue }
                grid.putHalves(upper: upper?.over(behind) ?? behind, lower: lower?.over(behind) ?? behind,
                               column: column, row: row)
            }
        }
    }
}

/// Averages an image's pixels over a footprint: the box of `footprint` pixels centred on a
/// point, at least the one pixel under it. The sums are over whole pixels, alpha-weighted,
/// so a transparent pixel's colour adds nothing.
///
/// It reads the pixels without bounds checks; its invariant: the box it reads is clamped to
/// the image (`span`), so every index is inside `image.pixels`.
struct _ImageSampler {
    let image: Image
    /// The box's width and height, in the image's pixels.
    let footprint: (width: Double, height: Double)

    /// The average colour around (`x`, `y`) (pixels from the top-left corner, inside the
    /// image), its alpha multiplied by `opacity`.
    func colour(atX x: Double, y: Double, opacity: Double) -> SampledColour {
        let (left, right) = Self.span(x, footprint.width, limit: image.pixelWidth)
        let (top, bottom) = Self.span(y, footprint.height, limit: image.pixelHeight)
        var red = 0, green = 0, blue = 0, alpha = 0
        let width = image.pixelWidth
        image.pixels.withUnsafeBufferPointer { pixels in
            for line in top..<bottom {
                var index = (line * width + left) * 4
                for _ in left..<right {
                    let a = Int(pixels[index + 3])
                    red += Int(pixels[index]) * a
                    green += Int(pixels[index + 1]) * a
                    blue += Int(pixels[index + 2]) * a
                    alpha += a
                    index += 4
                }
            }
        }
        let count = (right - left) * (bottom - top)
        guard alpha > 0 else { return SampledColour(red: 0, green: 0, blue: 0, alpha: 0) }
        return SampledColour(
            red: Double(red) / Double(alpha), green: Double(green) / Double(alpha), blue: Double(blue) / Double(alpha),
            alpha: Double(alpha) / Double(count) / 255 * min(opacity, 1))
    }

    /// The whole pixels from `centre - size / 2` to `centre + size / 2` within `0..<limit`:
    /// at least the one holding `centre`.
    private static func span(_ centre: Double, _ size: Double, limit: Int) -> (Int, Int) {
        let held = min(Int(centre), limit - 1)
        guard size > 1, size.isFinite else { return (held, held + 1) }
        // Clamped while still a Double: a footprint far wider than the image converts.
        let start = Int(max(0, (centre - size / 2).rounded()))
        let end = Int(min(Double(limit), (centre + size / 2).rounded()))
        return end > start ? (start, end) : (held, held + 1)
    }
}

/// A colour of 0...255 components with an alpha from 0 to 1, as an average comes out.
struct SampledColour {
    var red, green, blue, alpha: Double

    /// Laid over the opaque `0xRRGGBB` colour `below`: opaque.
    func over(_ below: UInt32) -> UInt32 {
        func mix(_ value: Double, _ shift: UInt32) -> UInt32 {
            let under = Double(below >> shift & 0xFF)
            return UInt32(min(max((alpha * value + (1 - alpha) * under).rounded(), 0), 255)) << shift
        }
        return mix(red, 16) | mix(green, 8) | mix(blue, 0)
    }
}
