/// A row of segments of which one is selected (`UISegmentedControl`); a tap on another
/// segment selects it and sends `valueChanged`.
open class SegmentedControl: Control {
    public var segments: [String] {
        didSet {
            if let index = selectedSegmentIndex, index >= segments.count { selectedSegmentIndex = nil }
        }
    }
    /// The selected segment, or nil for none.
    public var selectedSegmentIndex: Int?

    /// A single tap is its default action: a tap recognizer on a superview does not take it.
    open override var defaultActionIsATap: Bool { true }

    public init(segments: [String] = [], frame: Rect = .zero) {
        self.segments = segments
        super.init(frame: frame)
    }

    /// The segment under `point` (in the control's coordinates): equal widths.
    public func segment(at point: Point) -> Int? {
        guard !segments.isEmpty, bounds.contains(point) else { return nil }
        let index = Int((point.x - bounds.minX) / (bounds.width / Double(segments.count)))
        return min(index, segments.count - 1)
    }

    open override func endTracking(_ touch: Touch) {
        guard let index = segment(at: touch.location(in: self)), index != selectedSegmentIndex else { return }
        selectedSegmentIndex = index
        sendActions(for: .valueChanged)
    }
}
