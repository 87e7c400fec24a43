/// A row of segments of which one is selected (`UISegmentedControl`); a tap on another
/// segment selects it and sends `valueChanged`.
open class SegmentedControl: Control {
    public var segments: [String] {
        didSet {
            if let index = selectedSegmentIndex, !segments.indices.contains(index) { selectedSegmentIndex = nil }
            invalidateIntrinsicContentSize()
        }
    }
    /// The selected segment, or nil for none; an index that names no segment selects none.
    public var selectedSegmentIndex: Int? {
        didSet {
            if let index = selectedSegmentIndex, !segments.indices.contains(index) { selectedSegmentIndex = nil }
        }
    }

    /// Its segments' titles and the selected one, whose title is its value; adjustable.
    open override var contentDescription: ViewDescription {
        ViewDescription(
            .segments(segments, selected: selectedSegmentIndex), kind: "SegmentedControl",
            foreground: controlForeground(enabled: isEnabled), accessibilityLabel: accessibilityLabel,
            accessibilityValue: selectedSegmentIndex.map { segments[$0] }, traits: traits.union(.adjustable))
    }

    /// Selects the next or previous segment (the first or last when none is), or the first
    /// or last.
    open override func accessibilityAdjust(_ step: AccessibilityStep) -> Bool {
        guard !segments.isEmpty else { return false }
        let old = selectedSegmentIndex
        let new: Int
        switch step {
        case .increment: new = old.map { $0 + 1 } ?? 0
        case .decrement: new = old.map { $0 - 1 } ?? segments.count - 1
        case .toStart: new = 0
        case .toEnd: new = segments.count - 1
        }
        guard segments.indices.contains(new), new != old else { return false }
        selectedSegmentIndex = new
        return adjusted(true)
    }

    /// Segments as wide as the widest title with the selection's brackets around it, and a
    /// divider each side (`|[One]| Two |`), one row.
    open override var intrinsicContentSize: Size {
        guard !segments.isEmpty else { return Size(width: 0, height: Label.cellSize.height) }
        let widest = segments.reduce(0) { widest, title in
            max(widest, title.reduce(0) { $0 + TextLayout.cellWidth(of: $1) })
        }
        let cells = Double(segments.count) * Double(widest + 3) + 1
        return Size(width: cells * Label.cellSize.width, height: Label.cellSize.height)
    }

    /// A single tap is its default action: a tap recognizer on a superview does not take it.
    open override var defaultActionIsATap: Bool { true }

    public init(segments: [String] = [], frame: Rect = .zero) {
        self.segments = segments
        super.init(frame: frame)
    }

    /// The segment under `point` (in the control's coordinates): equal widths.
    public func segment(at point: Point) -> Int? {
        guard !segments.isEmpty, bounds.contains(point) else { return nil }
        let position = (point.x - bounds.minX) / (bounds.width / Double(segments.count))
        // A point inside gives a position from 0 to the count; the rest is rounding, or a
        // width too small to divide.
        guard position.isFinite else { return 0 }
        return Int(min(max(position, 0), Double(segments.count - 1)))
    }

    open override func endTracking(_ touch: Touch) {
        guard let index = segment(at: touch.location(in: self)), index != selectedSegmentIndex else { return }
        selectedSegmentIndex = index
        sendActions(for: .valueChanged)
    }
}
