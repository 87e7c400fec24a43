// The geometry of a flow layout, computed once per invalidation. Lengths are named by the
// flow rather than by x and y: "across" runs along a line (x when scrolling vertically),
// "along" runs in the scroll direction; `FlowAxes` turns them into rectangles.

/// Turns lengths across and along the flow into points and back.
nonisolated struct FlowAxes {
    let isVertical: Bool

    func across(_ size: Size) -> Double { isVertical ? size.width : size.height }
    func along(_ size: Size) -> Double { isVertical ? size.height : size.width }

    func size(across: Double, along: Double) -> Size {
        isVertical ? Size(width: across, height: along) : Size(width: along, height: across)
    }

    func rect(across: Double, along: Double, length: Double, depth: Double) -> Rect {
        isVertical
            ? Rect(x: across, y: along, width: length, height: depth)
            : Rect(x: along, y: across, width: depth, height: length)
    }

    /// Where `rect` begins and ends along the flow (a standardized rect).
    func alongRange(of rect: Rect) -> (Double, Double) {
        isVertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
    }

    /// Where `rect` begins and ends across the flow (a standardized rect).
    func acrossRange(of rect: Rect) -> (Double, Double) {
        isVertical ? (rect.minX, rect.maxX) : (rect.minY, rect.maxY)
    }
}

/// What every section of a flow layout shares: the view's length across the flow, the
/// insets and the spacings.
nonisolated struct FlowMetrics {
    let axes: FlowAxes
    /// The view's length across the flow.
    let viewLength: Double
    let leadingInset, trailingInset, startInset, endInset: Double
    let interitemSpacing, lineSpacing: Double

    init(axes: FlowAxes, viewLength: Double, inset: EdgeInsets, interitemSpacing: Double, lineSpacing: Double) {
        self.axes = axes
        self.viewLength = viewLength
        (leadingInset, trailingInset) = axes.isVertical ? (inset.left, inset.right) : (inset.top, inset.bottom)
        (startInset, endInset) = axes.isVertical ? (inset.top, inset.bottom) : (inset.left, inset.right)
        self.interitemSpacing = interitemSpacing
        self.lineSpacing = lineSpacing
    }

    /// The length a line has between the side insets.
    var lineLength: Double { max(viewLength - leadingInset - trailingInset, 0) }

    /// Where an item of `length` alone in its line starts: centred, but not before the
    /// leading inset.
    func loneItemStart(length: Double) -> Double {
        leadingInset + max((lineLength - length) / 2, 0)
    }
}

/// One section as placed: its extent along the flow, its header and footer, its items.
nonisolated struct FlowSection {
    /// Where the section begins and ends along the flow.
    let start, end: Double
    let header, footer: Rect?
    let items: FlowItems

    init(
        at start: Double, count: Int, itemSize: Size, sizes: [Size]?, metrics: FlowMetrics,
        headerLength: Double, footerLength: Double
    ) {
        let axes = metrics.axes
        self.start = start
        var position = start
        header = headerLength > 0
            ? axes.rect(across: 0, along: position, length: metrics.viewLength, depth: headerLength) : nil
        position += headerLength + metrics.startInset
        if let sizes, !sizes.isEmpty {
            items = .lines(FlowLines(sizes: sizes, from: position, metrics: metrics))
        } else {
            items = .grid(FlowGrid(count: count, itemSize: itemSize, from: position, metrics: metrics))
        }
        position = items.end + metrics.endInset
        footer = footerLength > 0
            ? axes.rect(across: 0, along: position, length: metrics.viewLength, depth: footerLength) : nil
        end = position + footerLength
    }

    /// Appends the attributes of the header, items and footer that meet `rect`, while
    /// `attributes` holds fewer than `limit`.
    func appendAttributes(
        meeting rect: Rect, section: Int, axes: FlowAxes, limit: Int, to attributes: inout [LayoutAttributes]
    ) {
        let first = IndexPath(item: 0, section: section)
        if let header, header.intersects(rect), attributes.count < limit {
            attributes.append(LayoutAttributes(forSupplementaryOfKind: SupplementaryKind.header, at: first, frame: header))
        }
        items.forEachItem(meeting: rect, axes: axes) { item, frame in
            guard attributes.count < limit else { return false }
            attributes.append(LayoutAttributes(forCellAt: IndexPath(item: item, section: section), frame: frame))
            return true
        }
        if let footer, footer.intersects(rect), attributes.count < limit {
            attributes.append(LayoutAttributes(forSupplementaryOfKind: SupplementaryKind.footer, at: first, frame: footer))
        }
    }
}

/// A section's items: a grid computed by arithmetic when they share one size, or lines
/// computed item by item when each has its own.
nonisolated enum FlowItems {
    case grid(FlowGrid)
    case lines(FlowLines)

    /// Where the last line ends along the flow (where the first would begin when empty).
    var end: Double {
        switch self {
        case .grid(let grid): grid.end
        case .lines(let lines): lines.end
        }
    }

    func frame(of item: Int, axes: FlowAxes) -> Rect? {
        switch self {
        case .grid(let grid): grid.frame(of: item, axes: axes)
        case .lines(let lines): lines.frames.indices.contains(item) ? lines.frames[item] : nil
        }
    }

    /// Calls `body` with each item meeting `rect` and its frame, in order, until it returns
    /// false.
    func forEachItem(meeting rect: Rect, axes: FlowAxes, _ body: (Int, Rect) -> Bool) {
        switch self {
        case .grid(let grid): grid.forEachItem(meeting: rect, axes: axes, body)
        case .lines(let lines): lines.forEachItem(meeting: rect, axes: axes, body)
        }
    }
}

// MARK: - One size for all

/// Items of one size: every line but the last holds `perLine` items, and every position is
/// a product, so nothing is kept per item or per line.
nonisolated struct FlowGrid {
    let count: Int
    /// The item's length across and depth along the flow.
    let length, depth: Double
    let metrics: FlowMetrics
    /// Where the first line begins along the flow.
    let start: Double
    let perLine: Int
    let lineCount: Int

    init(count: Int, itemSize: Size, from start: Double, metrics: FlowMetrics) {
        self.count = count
        length = metrics.axes.across(itemSize)
        depth = metrics.axes.along(itemSize)
        self.metrics = metrics
        self.start = start
        let spacing = metrics.interitemSpacing, lineLength = metrics.lineLength
        var perLine = length + spacing > 0
            ? clampedIndex((lineLength + spacing) / (length + spacing), in: 1...max(count, 1))
            : max(count, 1)
        // The division may round up by a hair; the line must hold what it is given.
        if perLine > 1 && Double(perLine) * length + Double(perLine - 1) * spacing > lineLength { perLine -= 1 }
        self.perLine = perLine
        lineCount = count / perLine + (count % perLine == 0 ? 0 : 1)
    }

    var end: Double {
        lineCount == 0
            ? start : start + Double(lineCount) * depth + Double(lineCount - 1) * metrics.lineSpacing
    }

    private var pitch: Double { depth + metrics.lineSpacing }

    private func itemsInLine(_ line: Int) -> Int {
        line == lineCount - 1 ? count - line * perLine : perLine
    }

    /// Where the item at `position` in a line of `items` starts across the flow.
    private func across(_ position: Int, inLineOf items: Int) -> Double {
        guard items > 1 else { return metrics.loneItemStart(length: length) }
        return metrics.leadingInset + Double(position) * (length + gap(inLineOf: items))
    }

    /// The space between the items of a line of `items`: what the line leaves over, shared.
    private func gap(inLineOf items: Int) -> Double {
        (metrics.lineLength - Double(items) * length) / Double(items - 1)
    }

    private func frame(line: Int, position: Int, items: Int, axes: FlowAxes) -> Rect {
        axes.rect(
            across: across(position, inLineOf: items), along: start + Double(line) * pitch,
            length: length, depth: depth)
    }

    func frame(of item: Int, axes: FlowAxes) -> Rect? {
        guard item >= 0, item < count else { return nil }
        let line = item / perLine
        return frame(line: line, position: item % perLine, items: itemsInLine(line), axes: axes)
    }

    /// Calls `body` with the items meeting `rect` until it returns false: the lines and the
    /// positions in them are found by division, so the cost is that of the items found.
    func forEachItem(meeting rect: Rect, axes: FlowAxes, _ body: (Int, Rect) -> Bool) {
        // Items without area meet nothing; this also keeps the divisions below away from 0.
        guard count > 0, length > 0, depth > 0 else { return }
        let (low, high) = axes.alongRange(of: rect)
        let (left, right) = axes.acrossRange(of: rect)
        let lastLine = lineCount - 1
        let firstMet = clampedIndex(((low - start) / pitch).rounded(.down), in: 0...lastLine)
        let lastMet = clampedIndex(((high - start) / pitch).rounded(.down), in: 0...lastLine)
        guard firstMet <= lastMet else { return }
        for line in firstMet...lastMet {
            let items = itemsInLine(line)
            var first = 0, last = items - 1
            if items > 1 {
                let step = length + gap(inLineOf: items), leading = metrics.leadingInset
                first = clampedIndex(((left - leading) / step).rounded(.down), in: 0...last)
                last = clampedIndex(((right - leading) / step).rounded(.down), in: 0...last)
            }
            guard first <= last else { continue }
            for position in first...last {
                let frame = frame(line: line, position: position, items: items, axes: axes)
                if frame.intersects(rect), !body(line * perLine + position, frame) { return }
            }
        }
    }
}

// MARK: - A size for each item

/// Items of their own sizes: the frames and lines as placed, kept until the next
/// invalidation.
nonisolated struct FlowLines {
    struct Line {
        /// The line's first item.
        let first: Int
        /// Where the line begins and ends along the flow.
        let start, end: Double
    }

    private(set) var frames: [Rect] = []
    private(set) var lines: [Line] = []
    private(set) var end: Double

    init(sizes: [Size], from start: Double, metrics: FlowMetrics) {
        let axes = metrics.axes, spacing = metrics.interitemSpacing, lineLength = metrics.lineLength
        let count = sizes.count
        let sizes = sizes.map { (length: axes.across($0), depth: axes.along($0)) }
        frames.reserveCapacity(count)
        var position = start
        var first = 0
        while first < count {
            // Each line takes its first item, then each next one that still fits.
            var next = first + 1
            var taken = sizes[first].length, lengths = sizes[first].length, depth = sizes[first].depth
            while next < count, taken + spacing + sizes[next].length <= lineLength {
                taken += spacing + sizes[next].length
                lengths += sizes[next].length
                depth = max(depth, sizes[next].depth)
                next += 1
            }
            let items = next - first
            var across = metrics.leadingInset, gap = spacing
            if items == 1 {
                across = metrics.loneItemStart(length: lengths)
            } else if next < count {
                gap = (lineLength - lengths) / Double(items - 1)
            }
            for item in first..<next {
                let (length, itemDepth) = sizes[item]
                frames.append(axes.rect(
                    across: across, along: position + (depth - itemDepth) / 2, length: length, depth: itemDepth))
                across += length + gap
            }
            lines.append(Line(first: first, start: position, end: position + depth))
            position += depth + metrics.lineSpacing
            first = next
        }
        end = lines.last?.end ?? start
    }

    /// Calls `body` with the items meeting `rect` until it returns false, starting at the
    /// first line that ends after the rectangle's start, found by binary search.
    func forEachItem(meeting rect: Rect, axes: FlowAxes, _ body: (Int, Rect) -> Bool) {
        let (low, high) = axes.alongRange(of: rect)
        var lower = 0, upper = lines.count
        while lower < upper {
            let middle = lower + (upper - lower) / 2
            if lines[middle].end > low { upper = middle } else { lower = middle + 1 }
        }
        var line = lower
        while line < lines.count, lines[line].start < high {
            let last = line + 1 < lines.count ? lines[line + 1].first : frames.count
            for item in lines[line].first..<last where frames[item].intersects(rect) {
                if !body(item, frames[item]) { return }
            }
            line += 1
        }
    }
}

/// `value` rounded toward zero as an index in `range`; values outside it (infinities
/// included) are taken as its nearest end, and not a number as its lower end.
nonisolated func clampedIndex(_ value: Double, in range: ClosedRange<Int>) -> Int {
    guard value > Double(range.lowerBound) else { return range.lowerBound }
    guard value < Double(range.upperBound) else { return range.upperBound }
    return Int(value)
}
