// How a stack sizes and places its arranged views, as UIKit's stack view does with its
// constraints: widths are settled first (a row's along its axis, a column's across it), then
// heights at those widths, so a label of several lines in a column wraps at the column's width.

/// One measuring of a tree of stacks: each nested stack's natural size is worked out once,
/// and a nesting deeper than ``StackView/deepestNesting`` measures as empty.
struct StackMeasure {
    var natural: [ObjectIdentifier: Size] = [:]
    var depth = 0
}

extension StackView {
    /// The longest length a stack works with: more than any screen, and small enough that
    /// adding up millions of them stays finite.
    static let largestLength = 1e12

    /// The most stacks nested in one another that a stack measures; those deeper measure as
    /// empty. Measuring goes down the tree by calls, so this keeps a script's chain of a
    /// million stacks from exhausting the thread's stack.
    static let deepestNesting = 100

    /// Where one arranged view goes along the axis.
    struct Span: Equatable {
        var start: Double
        var length: Double
    }

    // MARK: - Measuring

    /// A length of an intrinsic size as a stack uses it: nil for none (``View/noIntrinsicMetric``,
    /// or anything that is not a finite number of 0 or more), else at most ``largestLength``.
    static func length(_ value: Double) -> Double? {
        value.isFinite && value >= 0 ? min(value, largestLength) : nil
    }

    /// The intrinsic size of `view`, each length nil for none.
    static func natural(of view: View, _ measure: inout StackMeasure) -> (width: Double?, height: Double?) {
        let size: Size
        if let replaced = view.replacedIntrinsicContentSize {
            size = replaced
        } else if let stack = view as? StackView {
            size = stack.naturalSize(&measure)
        } else {
            size = view.intrinsicContentSize
        }
        return (length(size.width), length(size.height))
    }

    /// The intrinsic height of `view` when it is `width` points wide (0 for none).
    static func height(of view: View, width: Double, _ measure: inout StackMeasure) -> Double {
        let size: Size
        if let replaced = view.replacedIntrinsicContentSize {
            size = replaced
        } else if let stack = view as? StackView {
            size = stack.size(forWidth: width, &measure)
        } else {
            size = view.intrinsicContentSize(forWidth: width)
        }
        return length(size.height) ?? 0
    }

    /// The stack's intrinsic size, its nested stacks' worked out once in `measure`.
    func naturalSize(_ measure: inout StackMeasure) -> Size {
        let key = ObjectIdentifier(self)
        if let size = measure.natural[key] { return size }
        guard !isMeasuring, measure.depth < StackView.deepestNesting else { return .zero }
        isMeasuring = true
        measure.depth += 1
        defer {
            isMeasuring = false
            measure.depth -= 1
        }
        var along: [Double] = []
        var across = 0.0
        for view in arranged where !view.isHidden {
            let size = StackView.natural(of: view, &measure)
            let (length, breadth) = axis == .horizontal ? (size.width, size.height) : (size.height, size.width)
            along.append(length ?? 0)
            across = max(across, breadth ?? 0)
        }
        let length = naturalLength(along)
        let size = axis == .horizontal ? Size(width: length, height: across) : Size(width: across, height: length)
        measure.natural[key] = size
        return size
    }

    /// The stack's intrinsic size when `width` points wide: its height is its views'
    /// heights at the widths it would give them.
    func size(forWidth width: Double, _ measure: inout StackMeasure) -> Size {
        guard !isMeasuring, measure.depth < StackView.deepestNesting else { return .zero }
        let natural = naturalSize(&measure)
        isMeasuring = true
        measure.depth += 1
        defer {
            isMeasuring = false
            measure.depth -= 1
        }
        let placed = frames(of: arranged, width: width, height: nil, &measure)
        let height = placed.frames.reduce(0) { max($0, axis == .vertical ? $1.maxY : $1.height) }
        return Size(width: natural.width, height: height)
    }

    /// The length along the axis that views of intrinsic lengths `lengths` need with the
    /// spacing, as the distribution lays them out.
    func naturalLength(_ lengths: [Double]) -> Double {
        guard let first = lengths.first, let last = lengths.last else { return 0 }
        let gaps = spacing * Double(lengths.count - 1)
        let total: Double
        switch distribution {
        case .fill, .fillProportionally, .equalSpacing:
            total = lengths.reduce(0, +) + gaps
        case .fillEqually:
            total = (lengths.max() ?? 0) * Double(lengths.count) + gaps
        case .equalCentering:
            // The centres as close as the widest pair of neighbours and the spacing allow.
            var step = 0.0
            for index in lengths.indices.dropLast() {
                step = max(step, (lengths[index] + lengths[index + 1]) / 2 + spacing)
            }
            total = lengths.count == 1 ? first : first / 2 + step * Double(lengths.count - 1) + last / 2
        }
        return max(total, 0)
    }

    // MARK: - Placing

    /// Where the views of `views` that are not hidden go in a stack `width` wide and `height`
    /// tall (nil: as tall as they need), in its coordinates from its top-left: each one's
    /// index in `views` and its frame.
    ///
    /// The views are read from the array's buffer, which spares a retain and a release of
    /// each: the array is the caller's copy, so nothing the measuring calls can free them.
    func frames(
        of views: [View], width: Double, height: Double?, _ measure: inout StackMeasure
    ) -> (indices: [Int], frames: [Rect]) {
        let vertical = axis == .vertical, alignment = self.alignment
        let width = min(max(width, 0), StackView.largestLength)
        var indices: [Int] = [], lengths: [Double] = [], breadths: [Double] = [], huggings: [Float] = []
        indices.reserveCapacity(views.count)
        lengths.reserveCapacity(views.count)
        breadths.reserveCapacity(views.count)
        huggings.reserveCapacity(views.count)
        // Widths first: a column's across its axis, a row's along it; then heights at them.
        views.withUnsafeBufferPointer { views in
            for index in views.indices where !views[index].isHidden {
                let view = views[index]
                let natural = StackView.natural(of: view, &measure)
                indices.append(index)
                if vertical {
                    let viewWidth = alignment == .fill ? width : min(natural.width ?? 0, width)
                    breadths.append(viewWidth)
                    lengths.append(StackView.height(of: view, width: viewWidth, &measure))
                    huggings.append(natural.height == nil ? -.infinity : view.contentHuggingPriority(for: .vertical))
                } else {
                    lengths.append(natural.width ?? 0)
                    huggings.append(natural.width == nil ? -.infinity : view.contentHuggingPriority(for: .horizontal))
                }
            }
        }
        let room = vertical ? height.map { min(max($0, 0), StackView.largestLength) } ?? naturalLength(lengths) : width
        let spans = distribute(lengths, huggings: huggings, in: room)
        if !vertical {
            views.withUnsafeBufferPointer { views in
                for (span, index) in zip(spans, indices) {
                    breadths.append(StackView.height(of: views[index], width: max(span.length, 0), &measure))
                }
            }
        }
        let across = vertical ? width : height.map { min(max($0, 0), StackView.largestLength) } ?? (breadths.max() ?? 0)
        var frames: [Rect] = []
        frames.reserveCapacity(spans.count)
        for (span, breadth) in zip(spans, breadths) {
            let (offset, breadth) = StackView.place(alignment == .fill ? across : min(breadth, across), in: across, alignment)
            frames.append(vertical
                ? StackView.rounded(x: offset, y: span.start, width: breadth, height: span.length)
                : StackView.rounded(x: span.start, y: offset, width: span.length, height: breadth))
        }
        return (indices, frames)
    }

    /// Where a view `length` long goes across a stack `room` long, by `alignment`.
    private static func place(_ length: Double, in room: Double, _ alignment: Alignment) -> (start: Double, length: Double) {
        switch alignment {
        case .fill: (0, room)
        case .leading, .top: (0, length)
        case .center: ((room - length) / 2, length)
        case .trailing, .bottom: (room - length, length)
        }
    }

    /// A frame on whole points, as UIKit rounds a layout to the screen's pixels (one a point
    /// here): each edge to the nearest, so neighbours meet where they met.
    static func rounded(x: Double, y: Double, width: Double, height: Double) -> Rect {
        let minX = x.rounded(), minY = y.rounded()
        return Rect(x: minX, y: minY, width: max((x + width).rounded() - minX, 0), height: max((y + height).rounded() - minY, 0))
    }

    // MARK: - Distributing

    /// Where views of intrinsic lengths `lengths` go along a stack `room` long, by the
    /// distribution; `huggings` are their content hugging priorities (-infinity for a view
    /// with no intrinsic length, which hugs least of all).
    func distribute(_ lengths: [Double], huggings: [Float], in room: Double) -> [Span] {
        let count = lengths.count, spacing = self.spacing, distribution = self.distribution
        guard count > 1 else { return count == 1 ? [Span(start: 0, length: max(room, 0))] : [] }
        // The first view starts at the stack's start and the last ends at its end, whatever
        // the distribution.
        let gaps = spacing * Double(count - 1)
        var lengths = lengths
        var gap = spacing
        switch distribution {
        case .fill:
            let extra = room - (lengths.reduce(0, +) + gaps)
            if extra > 0 {
                lengths[StackView.leastHugging(huggings)] += extra
            } else if extra < 0 {
                StackView.shrink(&lengths, by: -extra)
            }
        case .fillEqually:
            lengths = Array(repeating: max((room - gaps) / Double(count), 0), count: count)
        case .fillProportionally:
            let total = lengths.reduce(0, +)
            let share = max(room - gaps, 0)
            lengths = total > 0 ? lengths.map { $0 / total * share } : Array(repeating: share / Double(count), count: count)
        case .equalSpacing, .equalCentering:
            let free = room - lengths.reduce(0, +)
            if free < gaps {
                // No room for more than the spacing: the views give way, as in `fill`.
                StackView.shrink(&lengths, by: gaps - free)
            } else if distribution == .equalSpacing {
                gap = free / Double(count - 1)
            } else {
                return StackView.centred(lengths, in: room, spacing: spacing)
            }
        }
        var spans: [Span] = []
        spans.reserveCapacity(count)
        var start = 0.0
        for length in lengths {
            spans.append(Span(start: start, length: length))
            start += length + gap
        }
        return spans
    }

    /// `equalCentering` when the views fit: their centres equally far apart, from the first
    /// view's at its half length to the last's at the end less its half; where that would
    /// bring two views closer than the spacing, they are kept the spacing apart and the
    /// others take up what is left, as evenly as before.
    private static func centred(_ lengths: [Double], in room: Double, spacing: Double) -> [Span] {
        let count = lengths.count
        let first = lengths[0] / 2
        let step = (room - lengths[count - 1] / 2 - first) / Double(count - 1)
        var starts = lengths.indices.map { first + Double($0) * step - lengths[$0] / 2 }
        for index in 1..<count {
            starts[index] = max(starts[index], starts[index - 1] + lengths[index - 1] + spacing)
        }
        starts[count - 1] = room - lengths[count - 1]
        for index in (0..<count - 1).reversed() {
            starts[index] = min(starts[index], starts[index + 1] - lengths[index] - spacing)
        }
        return zip(starts, lengths).map { Span(start: $0, length: $1) }
    }

    /// The view that takes the room left over in `fill`: the one that hugs least, the last
    /// of those that hug as little. UIKit settles views that hug alike by their order; the
    /// last taking the room keeps the ones before it at their sizes, as a body under its
    /// title or a value beside its name.
    static func leastHugging(_ huggings: [Float]) -> Int {
        var least = huggings.count - 1
        for index in huggings.indices.reversed() where huggings[index] < huggings[least] { least = index }
        return least
    }

    /// Takes `excess` off `lengths`, the last view's first, each down to nothing before the
    /// one before it gives way: UIKit's views resist compression alike, and it settles that
    /// by their order.
    static func shrink(_ lengths: inout [Double], by excess: Double) {
        var excess = excess
        for index in lengths.indices.reversed() where excess > 0 {
            let taken = min(lengths[index], excess)
            lengths[index] -= taken
            excess -= taken
        }
    }
}
