import ScreenKit

/// Images in the SVG: the file itself, embedded as a data URI, which the browser decodes and
/// scales as it draws.
extension SVGPass {
    /// `image` at `rect` (the view's bounds coordinates: its content mode's rectangle, whose
    /// aspect is already the image's or the one the mode stretches it to), cut to `bounds`
    /// when the view clips and the image overflows them, as UIKit's `clipsToBounds` does.
    mutating func drawImage(_ image: Image, at rect: Rect, clippedTo bounds: Rect?) {
        guard rect.width.isFinite, rect.height.isFinite, rect.width > 0, rect.height > 0 else { return }
        let clips = bounds.map { rect.intersection($0) != rect } ?? false
        if clips, let bounds { openClip(bounds) }
        document.element("image", SVGDocument.frame(rect) + [
            ("preserveAspectRatio", "none"),
            ("href", "data:" + image.format.mediaType + ";base64," + Base64.encode(image.file)),
        ])
        if clips { document.close("g") }
    }

    /// A button's image and title side by side, centred in `bounds`: the image fitted to a
    /// square as tall as the bounds less 2 px above and below, the title after it.
    mutating func drawButtonContent(_ image: Image, title: String?, color: Color, in bounds: Rect) {
        let side = max(bounds.height - 4, 0)
        let icon = ImageView.imageRect(for: image.size, in: Rect(x: 0, y: 0, width: side, height: side), mode: .scaleAspectFit)
        let title = title.map { CellText.truncated($0, to: Self.room(bounds.width - icon.width - 4, padding: 4)) } ?? ""
        let titleWidth = Double(CellText.width(of: title)) * Self.advance
        let width = icon.width + (title.isEmpty ? 0 : 4 + titleWidth)
        let start = bounds.midX - width / 2
        drawImage(image, at: Rect(x: start, y: bounds.midY - icon.height / 2, width: icon.width, height: icon.height),
                  clippedTo: nil)
        text(title, x: start + icon.width + 4, middle: bounds.midY, anchor: "start", fill: color)
    }
}
