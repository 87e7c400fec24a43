/// A decoded picture, as `UIImage`: its pixels, which the terminal scales, and the file it
/// came from, which the SVG embeds as it is. ScreenKit never decodes: the file's reader
/// (ScreenScript's, through the system's libpng and libjpeg) makes it.
///
/// Its size in points is its size in pixels (a scale of 1). It never changes: views,
/// buttons and bar items share one image as they share a `UIImage`.
///
/// ```swift
/// let dot = Image(width: 1, height: 1, pixels: [255, 0, 0, 255], file: pngBytes, format: .png, name: "dot.png")
/// dot?.size   // 1×1
/// ```
public nonisolated final class Image: Sendable {
    /// The kind of file it came from.
    public enum Format: String, Sendable {
        case png, jpeg

        /// The file's media type (`image/png`), as a data URI names it.
        public var mediaType: String { "image/" + rawValue }
    }

    /// Its width and height in pixels, at least 1 each.
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// 8-bit red, green, blue and alpha (not premultiplied) for each pixel, row by row from
    /// the top: `pixelWidth × pixelHeight × 4` bytes.
    public let pixels: [UInt8]
    /// The bytes of the file it was decoded from.
    public let file: [UInt8]
    public let format: Format
    /// What the script called it: the path it gave (`"photos/beach.jpg"`).
    public let name: String

    /// An image of `width × height` pixels; nil when either is below 1 or `pixels` does not
    /// hold exactly four bytes for each.
    public init?(width: Int, height: Int, pixels: [UInt8], file: [UInt8], format: Format, name: String) {
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard width >= 1, height >= 1, !overflow, count <= Int.max / 4, pixels.count == count * 4 else { return nil }
        pixelWidth = width
        pixelHeight = height
        self.pixels = pixels
        self.file = file
        self.format = format
        self.name = name
    }

    /// Its size in points: one point a pixel.
    public var size: Size { Size(width: Double(pixelWidth), height: Double(pixelHeight)) }

    /// The file's name without its folders and extension (`beach` for `photos/beach.jpg`):
    /// what a button showing only the image is called when nothing else names it, as
    /// VoiceOver reads an unlabelled image's name.
    public var baseName: String {
        let file = name.split(separator: "/").last.map(String.init) ?? name
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }
}
