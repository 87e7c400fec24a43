/// The parts of the content cases of ``ViewDescription``, and its accessibility traits.
extension ViewDescription {
    /// Lines of text (a label's).
    public struct Text {
        /// The whole text, as set.
        public var string: String
        /// The lines shown at the view's width (``TextLayout``, on the text grid).
        public var lines: [String]
        /// How each line sits in the view's width.
        public var alignment: Label.Alignment

        public init(string: String, lines: [String], alignment: Label.Alignment) {
            self.string = string
            self.lines = lines
            self.alignment = alignment
        }
    }

    /// A button's title and state, and how it is drawn.
    public struct ButtonTitle {
        /// How a button looks.
        public enum Style {
            /// A button with a frame: `[ title ]`, a rounded rectangle.
            case bordered
            /// A button in a bar: its title alone, in the tint.
            case bar
            /// A row's delete button, white on red, its title on the line of the row's title.
            case delete(RowTitle)
            /// An action of an alert: its title alone, bold when `emphasized` (the cancel
            /// or preferred action).
            case alertAction(emphasized: Bool)
        }

        /// The title for the current state; nil or empty draws nothing.
        public var title: String?
        public var isHighlighted: Bool
        public var isEnabled: Bool
        public var style: Style
        /// The image for the current state, drawn before the title (alone without one) where
        /// images are drawn; the text grid shows the title, or the button's accessibility
        /// label in its place.
        public var image: Image?

        public init(title: String?, isHighlighted: Bool, isEnabled: Bool, style: Style, image: Image? = nil) {
            self.title = title
            self.isHighlighted = isHighlighted
            self.isEnabled = isEnabled
            self.style = style
            self.image = image
        }

        /// The text that stands for the button where images are not drawn: its title, or
        /// for an image without one, `label` (the button's accessibility label); nil for none.
        public func shownTitle(label: String?) -> String? {
            if let title, !title.isEmpty { return title }
            guard image != nil, let label, !label.isEmpty else { return nil }
            return label
        }
    }

    /// An image as a view shows it.
    public struct Picture {
        /// The image; nil for none.
        public var image: Image?
        /// Where the image goes, in the view's bounds coordinates (its content mode's
        /// rectangle): it may overflow the bounds.
        public var rect: Rect
        /// Whether what overflows the bounds is cut, as the view's `clipsToBounds` says (the
        /// text grid cuts it always: a view draws only on its own cells there).
        public var clips: Bool

        public init(image: Image?, rect: Rect, clips: Bool = false) {
            self.image = image
            self.rect = rect
            self.clips = clips
        }
    }

    /// A one-line text field.
    public struct Field {
        public var text: String
        /// Shown while the text is empty.
        public var placeholder: String?
        /// Whether typing goes here: the end of the text shows, and a cursor after it.
        public var isEditing: Bool
        /// Whether it is a search field, with a magnifier before the text.
        public var isSearch: Bool
        /// The colour of the cursor while editing: the field's tint.
        public var cursorColor: Color

        public init(text: String, placeholder: String?, isEditing: Bool, isSearch: Bool, cursorColor: Color = .systemBlue) {
            self.text = text
            self.placeholder = placeholder
            self.isEditing = isEditing
            self.isSearch = isSearch
            self.cursorColor = cursorColor
        }
    }

    /// Where a table row's title line is, which the row's marks (and its delete button's
    /// title) share: in the text grid, the line a label draws its first line on.
    public struct RowTitle {
        /// The title label's bounds, the map from them to the row's bounds, and its number
        /// of lines shown; nil when the row shows no title, and its marks go on a line
        /// centred in the row.
        public var label: (bounds: Rect, placement: AffineTransform, lines: Int)?
        /// The row's bounds.
        public var rowBounds: Rect
        /// The map from the row's bounds to the described view's; nil when the view is the row.
        public var rowPlacement: AffineTransform?

        public init(label: (bounds: Rect, placement: AffineTransform, lines: Int)?, rowBounds: Rect,
                    rowPlacement: AffineTransform? = nil) {
            self.label = label
            self.rowBounds = rowBounds
            self.rowPlacement = rowPlacement
        }
    }

    /// A row of a table.
    public struct TableCell {
        /// Whether the row is selected or highlighted.
        public var isSelected: Bool
        /// Where the delete control (a red minus) is, in the cell's coordinates, while the
        /// table edits; nil without one.
        public var editingControl: Rect?
        public var accessory: TableViewCell.AccessoryType
        /// Where the accessory mark goes, in the cell's coordinates.
        public var accessoryRect: Rect
        /// Whether the row is in a grouped table, inside its section's box.
        public var isGrouped: Bool
        /// Whether the row's delete button shows (the mark then keeps to the button's side).
        public var showsDeleteButton: Bool
        /// The line of the row's title.
        public var title: RowTitle

        public init(
            isSelected: Bool, editingControl: Rect?, accessory: TableViewCell.AccessoryType, accessoryRect: Rect,
            isGrouped: Bool, showsDeleteButton: Bool, title: RowTitle
        ) {
            self.isSelected = isSelected
            self.editingControl = editingControl
            self.accessory = accessory
            self.accessoryRect = accessoryRect
            self.isGrouped = isGrouped
            self.showsDeleteButton = showsDeleteButton
            self.title = title
        }
    }

    /// A table view: what it draws over its rows.
    public struct Table {
        /// The size of the content, for the scroll indicators.
        public var contentSize: Size
        /// Whether the table is grouped: a box for each section's rows.
        public var isGrouped: Bool
        /// The frames of the rows in view with a separator under them (in the table's bounds
        /// coordinates): each row but the last of a grouped section, and none under a section
        /// header or footer shown. A row with an image starts after it, as UIKit's separator
        /// follows the labels.
        public var separatedRows: [Rect]
        /// The rectangles of the rows of each section with rows in view.
        public var sectionRows: [Rect]

        public init(contentSize: Size, isGrouped: Bool, separatedRows: [Rect], sectionRows: [Rect]) {
            self.contentSize = contentSize
            self.isGrouped = isGrouped
            self.separatedRows = separatedRows
            self.sectionRows = sectionRows
        }
    }

    /// The panel of an alert or action sheet.
    public struct AlertPanel {
        /// A line between two parts of the panel, in the view's bounds coordinates: across
        /// it over an action, or down between two actions side by side.
        public struct Separator: Equatable {
            public var start: Point
            public var end: Point

            public init(start: Point, end: Point) {
                self.start = start
                self.end = end
            }

            /// Whether it runs across (else down).
            public var isHorizontal: Bool { start.y == end.y }
        }

        /// What the panel is filled with.
        public var fill: Color
        /// The radius of its corners.
        public var cornerRadius: Double
        public var separators: [Separator]

        public init(fill: Color, cornerRadius: Double, separators: [Separator]) {
            self.fill = fill
            self.cornerRadius = cornerRadius
            self.separators = separators
        }
    }

    /// What kind of element a view is for accessibility (UIKit's `UIAccessibilityTraits`).
    public nonisolated struct Traits: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let button = Traits(rawValue: 1 << 0)
        public static let staticText = Traits(rawValue: 1 << 1)
        public static let image = Traits(rawValue: 1 << 2)
        public static let searchField = Traits(rawValue: 1 << 3)
        public static let selected = Traits(rawValue: 1 << 4)
        public static let notEnabled = Traits(rawValue: 1 << 5)
        public static let header = Traits(rawValue: 1 << 6)
        /// Its value steps: ``View/accessibilityAdjust(_:)`` changes it, and the arrow keys
        /// call that on the focused view.
        public static let adjustable = Traits(rawValue: 1 << 7)
    }
}
