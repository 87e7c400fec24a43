/// The geometry a picker's wheels share (``PickerView``, ``DatePicker``): where each wheel
/// is across the bounds, which row a point is on, which rows are in view, and what a touch
/// on them does (``Touch``).
///
/// The selected rows sit across the middle of the view; the rows around them are
/// ``rowHeight`` apart above and below, as far as the bounds reach.
struct WheelLayout {
    /// The height of a row, UIKit's.
    static let rowHeight = 32.0
    /// The most rows shown above and below the selected one, however tall the view: a view
    /// made huge asks for no more titles than this.
    static let maximumReach = 64

    let bounds: Rect
    /// Each wheel's share of the width (any positive numbers; they are normalised).
    let weights: [Double]

    /// The left edge and width of each wheel, in the view's bounds.
    var columns: [(minX: Double, width: Double)] {
        let total = weights.reduce(0) { $0 + max($1, 0) }
        guard total > 0, bounds.width.isFinite else { return weights.map { _ in (bounds.minX, 0) } }
        var x = bounds.minX
        return weights.map { weight in
            let width = bounds.width * max(weight, 0) / total
            defer { x += width }
            return (x, width)
        }
    }

    /// The wheel under `x` (in the view's bounds), nil outside them all.
    func wheel(at x: Double) -> Int? {
        columns.firstIndex { x >= $0.minX && x < $0.minX + $0.width }
    }

    /// How many rows from the selected one the row at `y` is (0 on the selected row).
    func offset(at y: Double) -> Int {
        let rows = ((y - bounds.midY) / Self.rowHeight).rounded()
        guard rows.isFinite else { return 0 }
        return Int(min(max(rows, -Double(Self.maximumReach)), Double(Self.maximumReach)))
    }

    /// How many rows are in view above the selected one, and as many below: those whose
    /// line of text (16 points about the row's middle) is inside the bounds.
    var reach: Int {
        let rows = ((bounds.height / 2 - 8) / Self.rowHeight).rounded(.down)
        guard rows.isFinite, rows > 0 else { return 0 }
        return Int(min(rows, Double(Self.maximumReach)))
    }

    /// A description's wheels: for each, its place and the rows `title(wheel, offset)` names
    /// within ``reach`` (nil for a row past an end of the wheel).
    func describe(focused: Int?, title: (Int, Int) -> String?) -> [ViewDescription.Wheels.Wheel] {
        let reach = self.reach
        return columns.enumerated().map { index, column in
            var rows: [ViewDescription.Wheels.Row] = []
            for offset in -reach...reach {
                if let title = title(index, offset) { rows.append(.init(offset: offset, title: title)) }
            }
            return .init(minX: column.minX, width: column.width, rows: rows, isFocused: index == focused)
        }
    }

    /// A finger on the wheels: a tap on a row selects it, a drag up or down turns the wheel
    /// it began on, a row for each ``WheelLayout/rowHeight`` it moves.
    struct Touch {
        /// The wheel the touch began on.
        let wheel: Int
        private let startY: Double
        /// Whether it has moved far enough to be a drag, not a tap.
        private(set) var isDrag = false
        /// How far a finger moves before a tap becomes a drag.
        static let dragThreshold = 6.0

        init(wheel: Int, y: Double) {
            self.wheel = wheel
            startY = y
        }

        /// The rows the drag has turned the wheel by, with the finger at `y`: positive brings
        /// the rows below up to the middle (a drag upwards); nil while it is still a tap.
        mutating func turn(at y: Double) -> Int? {
            let moved = y - startY
            guard moved.isFinite else { return nil }
            if !isDrag && abs(moved) >= Self.dragThreshold { isDrag = true }
            guard isDrag else { return nil }
            let rows = (-moved / WheelLayout.rowHeight).rounded()
            return Int(min(max(rows, -1e9), 1e9))
        }
    }
}
