/// The parts of the ``ViewDescription/Content/wheels(_:)`` and
/// ``ViewDescription/Content/spinner(_:)`` contents: pickers and activity indicators.
extension ViewDescription {
    /// Wheels side by side, each turned to its selected row. The selected rows sit across the
    /// middle of the view, the rows around them above and below, ``rowHeight`` apart.
    public struct Wheels {
        /// A row in view: its title and where it is from the selected row.
        public struct Row: Equatable {
            /// How many rows it is from the selected one: 0 for the selected row, -1 for the
            /// one above it, 1 for the one below.
            public var offset: Int
            public var title: String

            public init(offset: Int, title: String) {
                self.offset = offset
                self.title = title
            }
        }

        /// One wheel: a picker's component, a date picker's field.
        public struct Wheel {
            /// Where it is across the view: its left edge and width, in the view's bounds.
            public var minX: Double
            public var width: Double
            /// The rows in view, top to bottom (none for a wheel without rows).
            public var rows: [Row]
            /// Whether the arrow keys turn this wheel now: the view has the keyboard focus and
            /// more than one wheel.
            public var isFocused: Bool

            public init(minX: Double, width: Double, rows: [Row], isFocused: Bool = false) {
                self.minX = minX
                self.width = width
                self.rows = rows
                self.isFocused = isFocused
            }

            /// The selected row's title; nil for a wheel without rows.
            public var selectedTitle: String? { rows.first { $0.offset == 0 }?.title }
        }

        public var wheels: [Wheel]
        /// The height of a row, in the view's points; the selected rows are centred on the
        /// middle of the view.
        public var rowHeight: Double
        /// What the view reads as when it is not its selected titles (a date picker's
        /// date, as a person writes it); nil for the titles.
        public var value: String?
        /// The colour of the mark of the focused wheel.
        public var focusColor: Color

        public init(wheels: [Wheel], rowHeight: Double, value: String? = nil, focusColor: Color = .systemBlue) {
            self.wheels = wheels
            self.rowHeight = rowHeight
            self.value = value
            self.focusColor = focusColor
        }

        /// The selected rows' titles, left to right.
        public var selectedTitles: [String] { wheels.compactMap(\.selectedTitle) }

        /// What the pilot reads: the ``value`` when there is one, else the selected titles.
        public var shownTexts: [String] { value.map { [$0] } ?? selectedTitles }
    }

    /// An activity indicator's spinner (`UIActivityIndicatorView`): spokes around a centre,
    /// the brightest at ``phase``, the others fading behind it.
    public struct Spinner: Equatable {
        /// How many spokes it has, and so frames a turn takes.
        public static let spokes = 8

        /// Which spoke leads, from 0 (at the top) clockwise to ``spokes`` - 1.
        public var phase: Int
        /// Whether it is the large style.
        public var isLarge: Bool
        /// Whether it is turning (stopped, it shows the frame it stopped at).
        public var isAnimating: Bool

        public init(phase: Int, isLarge: Bool, isAnimating: Bool) {
            let spokes = Self.spokes
            self.phase = ((phase % spokes) + spokes) % spokes
            self.isLarge = isLarge
            self.isAnimating = isAnimating
        }
    }
}
