/// A row of segments of which one is selected (`UISegmentedControl`); a tap on another
/// segment selects it and sends `valueChanged`.
open class SegmentedControl: Control {
    public var segments: [String] {
        didSet {
            if let index = selectedSegmentIndex, !segments.indices.contains(index) { selectedSegmentIndex = nil }
        }
    }
    /// The selected segment, or nil for none; an index that names no segment selects none.
    public var selectedSegmentIndex: Int? {
        didSet {
            if let index = selectedSegmentIndex, !segments.indices.contains(index) { selectedSegmentIndex = nil }
        }
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
