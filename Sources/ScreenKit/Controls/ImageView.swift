/// A view that shows an image (`UIImageView`), placed in its bounds by its content mode.
/// Like UIKit's, it takes no touches until `isUserInteractionEnabled` is set, and its
/// intrinsic content size is its image's.
///
/// ```swift
/// let photo = ImageView(image: beach)          // as large as the image
/// photo.frame = Rect(x: 0, y: 0, width: 320, height: 200)
/// photo.contentMode = .scaleAspectFill
/// photo.clipsToBounds = true
/// ```
open class ImageView: View {
    /// How the image is placed in the bounds (the cases of `UIView.ContentMode` images use).
    public enum ContentMode: String, CaseIterable, Sendable {
        /// Stretched to the bounds, whatever its aspect (UIKit's default).
        case scaleToFill
        /// As large as fits in the bounds with its aspect kept, centred.
        case scaleAspectFit
        /// As small as covers the bounds with its aspect kept, centred; what overflows shows
        /// unless the view clips to its bounds.
        case scaleAspectFill
        /// At its own size, centred.
        case center
    }

    /// The image shown; nil for none. A new size tells the superview (a stack, a cell), as
    /// the intrinsic size changes with it.
    public var image: Image? {
        didSet { if image?.size != oldValue?.size { invalidateIntrinsicContentSize() } }
    }
    public var contentMode: ContentMode = .scaleToFill

    /// An image view as large as `image` (UIKit's `init(image:)`), at the origin.
    public init(image: Image?) {
        super.init(frame: Rect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        isUserInteractionEnabled = false
    }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// The image's size in points; no intrinsic size without an image.
    open override var intrinsicContentSize: Size {
        image?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        image?.size ?? bounds.size
    }

    /// Where an image of `size` goes in `bounds` for `mode`; it may overflow them.
    ///
    /// An image or bounds with no area, or a size that is not a number, goes at the bounds.
    public static func imageRect(for size: Size, in bounds: Rect, mode: ContentMode) -> Rect {
        let finite = size.width.isFinite && size.height.isFinite && bounds.width.isFinite && bounds.height.isFinite
        guard finite, size.width > 0, size.height > 0 else { return bounds }
        let drawn: Size
        switch mode {
        case .scaleToFill:
            return bounds
        case .center:
            drawn = size
        case .scaleAspectFit, .scaleAspectFill:
            let across = bounds.width / size.width, down = bounds.height / size.height
            let scale = mode == .scaleAspectFit ? min(across, down) : max(across, down)
            drawn = Size(width: size.width * scale, height: size.height * scale)
        }
        return Rect(x: bounds.midX - drawn.width / 2, y: bounds.midY - drawn.height / 2,
                    width: drawn.width, height: drawn.height)
    }

    /// Its image where the content mode puts it, named by its accessibility label.
    open override var contentDescription: ViewDescription {
        let rect = image.map { Self.imageRect(for: $0.size, in: bounds, mode: contentMode) } ?? bounds
        return ViewDescription(
            .image(ViewDescription.Picture(image: image, rect: rect, clips: clipsToBounds)), kind: "ImageView",
            accessibilityLabel: accessibilityLabel, traits: .image)
    }
}
