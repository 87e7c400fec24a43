/// Text laid out in lines (`UILabel`), measured on the text renderer's grid of 8×16-point
/// cells: `lines` is the most lines shown (0 for as many as needed), `lineBreakMode` how
/// text that does not fit is wrapped or cut.
open class Label: View {
    public nonisolated enum Alignment: String, CaseIterable, Sendable {
        case left, center, right
    }

    public var text = "" {
        didSet { invalidateIntrinsicContentSize() }
    }
    public var lines = 1 {
        didSet { invalidateIntrinsicContentSize() }
    }
    public var lineBreakMode: LineBreakMode = .truncateTail {
        didSet { invalidateIntrinsicContentSize() }
    }
    public var textColor: Color = .black
    public var alignment: Alignment = .left

    /// Makes a label that, like a `UILabel`, takes no touches unless `isUserInteractionEnabled`
    /// is set: a tap on it goes to the view behind it.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// The width and height of one cell of the text grid, in points.
    public static let cellSize = Size(width: 8, height: 16)

    /// The lines as they are shown at the label's width.
    public var layout: TextLayout {
        TextLayout(text: text, width: Label.columns(in: bounds.width), lines: lines, lineBreakMode: lineBreakMode)
    }

    /// The whole cells of the text grid that `width` points hold: 0 for a width that is not a
    /// positive number, and at most `Int32.max`, which is more than any line of text needs.
    public static func columns(in width: Double) -> Int {
        let cells = (width / cellSize.width).rounded(.down)
        guard cells >= 1 else { return 0 }
        return cells < Double(Int32.max) ? Int(cells) : Int(Int32.max)
    }

    /// Its lines in its text colour; it is called by its text.
    open override var contentDescription: ViewDescription {
        ViewDescription(
            .text(ViewDescription.Text(string: text, lines: layout.lines, alignment: alignment)), kind: "Label",
            foreground: textColor, accessibilityLabel: accessibilityLabel ?? text, traits: .staticText)
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        measure(columns: size.width > 0 ? Label.columns(in: size.width) : Int.max / 2)
    }

    private func measure(columns: Int) -> Size {
        let fitted = TextLayout(text: text, width: columns, lines: lines, lineBreakMode: lineBreakMode)
        return Size(
            width: Double(fitted.size.columns) * Label.cellSize.width,
            height: Double(fitted.size.rows) * Label.cellSize.height)
    }

    // MARK: - Intrinsic size

    /// The text on lines of unlimited length: each paragraph on one line, as many lines as
    /// `lines` allows. Kept until the text, lines or line break mode change, so laying out a
    /// stack again does not lay out its text again.
    open override var intrinsicContentSize: Size {
        if let size = measured.natural { return size }
        let size = measure(columns: Int.max / 2)
        measured.natural = size
        return size
    }

    /// A label of one line is as tall at any width; one of several lines wraps at `width`,
    /// as UIKit's label does at its `preferredMaxLayoutWidth`.
    open override func intrinsicContentSize(forWidth width: Double) -> Size {
        guard lines != 1 else { return intrinsicContentSize }
        let columns = Label.columns(in: width)
        if let wrapped = measured.wrapped, wrapped.columns == columns { return wrapped.size }
        let size = measure(columns: columns)
        measured.wrapped = (columns, size)
        return size
    }

    /// A little more than other views (as Interface Builder gives labels), so that beside a
    /// field, a button or another control, the label keeps its size and the other grows.
    open override func contentHuggingPriority(for axis: LayoutAxis) -> Float { 251 }

    /// The sizes measured since the text last changed. A stack reads it for each label each
    /// time it lays out, so it skips dynamic exclusivity checks, as a view's geometry does:
    /// no access to it is ever open while another one is.
    @exclusivity(unchecked) private var measured: (natural: Size?, wrapped: (columns: Int, size: Size)?) = (nil, nil)

    /// Forgets the measured sizes too.
    open override func invalidateIntrinsicContentSize() {
        measured = (nil, nil)
        super.invalidateIntrinsicContentSize()
    }
}
