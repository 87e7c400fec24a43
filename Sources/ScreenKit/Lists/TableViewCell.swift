/// A row of a table view, as `UITableViewCell`: a content view with a title label and, in
/// some styles, a detail label, after an image when one is set; an accessory mark on the right; the delete control on the
/// left while the table edits, and a delete button once that control is tapped or the row
/// swiped; and the selected and highlighted states the renderers show.
///
/// Tables reuse their cells: the one a data source configures for row 7 may have shown row
/// 30 before. Override ``prepareForReuse()`` to clear what a row set that the next row
/// might not set again.
///
/// ```swift
/// let cell = try table.dequeueReusableCell(withIdentifier: "Entry", for: indexPath)
/// cell.textLabel.text = entry.title
/// cell.detailTextLabel?.text = entry.date
/// cell.imageView.image = entry.icon
/// cell.accessoryType = .disclosureIndicator
/// ```
open class TableViewCell: View, ReusableView {
    /// Where the labels go, as UIKit's cell styles place them.
    public enum Style: String, CaseIterable, Sendable {
        /// The title alone, on the left.
        case `default`
        /// The title, and the detail in a line below it.
        case subtitle
        /// The title on the left, the detail on the right of the same line.
        case value1
        /// The title right-aligned in the first third, the detail after it.
        case value2
    }

    /// The mark drawn at the right end of the row.
    public enum AccessoryType: String, CaseIterable, Sendable {
        case none
        /// A chevron: tapping the row shows more.
        case disclosureIndicator
        /// A check mark.
        case checkmark
    }

    /// The width the accessory mark takes at the right, in points (three text cells).
    public static let accessoryWidth = 24.0
    /// How far the content moves right for the delete control while the table edits, in
    /// points (four text cells).
    public static let editingControlWidth = 32.0
    /// The inset of the labels from the content's edges.
    public static let labelInset = 16.0

    public let style: Style
    public var reuseIdentifier: String?

    /// Holds the labels, and what a data source adds; it narrows for the accessory and the
    /// delete button.
    public let contentView: View = ContentView()
    public let textLabel = Label()
    /// The detail label; nil in the default style.
    public let detailTextLabel: Label?
    /// The image at the start of the row, as UIKit's `imageView`: made when first asked for,
    /// at its image's size (smaller when the row is not that tall), the labels after it; it
    /// takes no room while it has no image.
    public var imageView: ImageView {
        if let madeImageView { return madeImageView }
        let made = ImageView()
        made.contentMode = .scaleAspectFit
        try? contentView.addSubview(made)
        madeImageView = made
        return made
    }
    private var madeImageView: ImageView?
    /// How far right of the usual inset the labels start, past the image; the last layout's.
    private var imageIndent = 0.0

    /// The row's frame from where its separator starts, less the usual inset: past the image,
    /// as UIKit's separator inset follows the labels.
    var separatorFrame: Rect {
        Rect(x: frame.minX + imageIndent, y: frame.minY, width: max(0, frame.width - imageIndent), height: frame.height)
    }
    /// The button that deletes the row, shown while ``showsDeleteButton``.
    public let deleteButton = Button()
    /// The delete control as the pilot and VoiceOver find it, over ``editingControlRect``
    /// while the table edits: named as UIKit names it, "Delete" and the row's text ("Delete
    /// Coffee"). The cell draws the control; touches pass through it to the table.
    public let editingControl = EditingControl()

    /// The delete control's name and place (see ``TableViewCell/editingControl``).
    public final class EditingControl: View {
        public override class var publicName: String { "ui.View" }

        public override init(frame: Rect = .zero) {
            super.init(frame: frame)
            isUserInteractionEnabled = false
            isHidden = true
        }

        public override var contentDescription: ViewDescription {
            let text = (superview as? TableViewCell)?.textLabel.text ?? ""
            return ViewDescription(
                kind: "EditingControl", accessibilityLabel: accessibilityLabel ?? (text.isEmpty ? "Delete" : "Delete \(text)"),
                traits: .button)
        }
    }

    public var accessoryType: AccessoryType = .none {
        didSet { if accessoryType != oldValue { setNeedsLayout() } }
    }
    public var isSelected = false
    /// Set while a finger is on the row.
    public var isHighlighted = false
    /// Whether the delete control (a red minus) is shown at the left: the table sets it
    /// while it edits, for the rows its data source lets it edit. Tapping it shows the delete
    /// button.
    public internal(set) var showsEditingControl = false {
        didSet {
            guard showsEditingControl != oldValue else { return }
            editingControl.isHidden = !showsEditingControl
            setNeedsLayout()
        }
    }
    /// Whether the delete button is shown: the table sets it on the row whose delete control
    /// was tapped while it edits, and on a row swiped to the left.
    public internal(set) var showsDeleteButton = false {
        didSet {
            guard showsDeleteButton != oldValue else { return }
            deleteButton.isHidden = !showsDeleteButton
            setNeedsLayout()
        }
    }

    /// A cell of `style`, as `init(style:reuseIdentifier:)`; tables set the identifier of the
    /// cells they make.
    public required init(style: Style = .default, reuseIdentifier: String? = nil) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        detailTextLabel = style == .default ? nil : Label()
        super.init(frame: Rect(x: 0, y: 0, width: 320, height: TableView.defaultRowHeight))
        deleteButton.setTitle("Delete", for: .normal)
        deleteButton.isHidden = true
        deleteButton.backgroundColor = .red
        // Weak: a cell's own button must not keep it alive when the table lets it go.
        deleteButton.addTarget({ [weak self] _, _ in
            guard let self, let table = self.superview as? TableView else { return }
            table.commitDelete(of: self)
        }, for: [.touchUpInside])
        try? addSubview(contentView)
        try? contentView.addSubview(textLabel)
        if let detailTextLabel {
            detailTextLabel.textColor = .gray
            try? contentView.addSubview(detailTextLabel)
        }
        try? addSubview(deleteButton)
        try? addSubview(editingControl)
    }

    /// Clears the state the table set for the last row: selection, highlight, the delete
    /// control and button. The labels keep their text for the data source to set again.
    open func prepareForReuse() {
        isSelected = false
        isHighlighted = false
        showsEditingControl = false
        showsDeleteButton = false
    }

    /// Its selection (grey while selected or highlighted), the delete control while its
    /// table edits, and its accessory mark in its tint, on the line of its title.
    open override var contentDescription: ViewDescription {
        let selected = isSelected || isHighlighted
        let cell = ViewDescription.TableCell(
            isSelected: selected, editingControl: showsEditingControl ? editingControlRect : nil,
            accessory: accessoryType, accessoryRect: accessoryRect,
            isGrouped: (superview as? TableView)?.style == .grouped, showsDeleteButton: showsDeleteButton,
            title: rowTitle(placement: nil))
        return ViewDescription(
            .tableCell(cell), kind: "TableViewCell", foreground: effectiveTintColor,
            highlight: selected ? .systemGray4 : nil, accessibilityLabel: accessibilityLabel,
            traits: isSelected ? .selected : [])
    }

    /// The line of the row's title, for its marks and its delete button's title;
    /// `placement` maps the row's bounds to those of the view described (nil: the row's).
    func rowTitle(placement: AffineTransform?) -> ViewDescription.RowTitle {
        var label: (bounds: Rect, placement: AffineTransform, lines: Int)?
        if !textLabel.text.isEmpty, !textLabel.isHidden, let inCell = textLabel.placement(in: self) {
            label = (textLabel.bounds, inCell, textLabel.layout.lines.count)
        }
        return ViewDescription.RowTitle(label: label, rowBounds: bounds, rowPlacement: placement)
    }

    /// Where the delete control is drawn and taken, in the cell's coordinates; empty without one.
    public var editingControlRect: Rect {
        Rect(x: bounds.minX, y: bounds.minY, width: showsEditingControl ? TableViewCell.editingControlWidth : 0, height: bounds.height)
    }

    /// Where the accessory mark is drawn, in the cell's coordinates; empty without one.
    public var accessoryRect: Rect {
        guard accessoryType != .none else { return Rect(x: bounds.maxX, y: bounds.minY, width: 0, height: bounds.height) }
        let right = showsDeleteButton ? deleteButton.frame.minX : bounds.maxX
        return Rect(x: right - TableViewCell.accessoryWidth, y: bounds.minY, width: TableViewCell.accessoryWidth, height: bounds.height)
    }

    open override func layoutSubviews() {
        let width = max(0, bounds.width), height = max(0, bounds.height)
        var right = width
        if showsDeleteButton {
            let buttonWidth = min(width, deleteButton.sizeThatFits(bounds.size).width)
            deleteButton.frame = Rect(x: width - buttonWidth, y: 0, width: buttonWidth, height: height)
            right -= buttonWidth
        }
        if accessoryType != .none { right -= TableViewCell.accessoryWidth }
        let left = min(showsEditingControl ? TableViewCell.editingControlWidth : 0, max(0, right))
        editingControl.frame = editingControlRect
        contentView.frame = Rect(x: left, y: 0, width: max(0, right - left), height: height)
        layoutLabels(in: contentView.bounds.size)
    }

    /// Places the image view at the start, when it has an image; returns where the labels begin.
    private func layoutImage(in size: Size) -> Double {
        let inset = TableViewCell.labelInset
        guard let madeImageView else { return inset }
        guard let image = madeImageView.image else {
            madeImageView.frame = .zero
            return inset
        }
        let scale = min(1, max(0, size.height) / max(image.size.height, 1))
        let width = image.size.width * scale, height = image.size.height * scale
        madeImageView.frame = Rect(x: inset, y: ((size.height - height) / 2).rounded(.down), width: width, height: height)
        return inset + width + inset
    }

    private func layoutLabels(in size: Size) {
        let leading = layoutImage(in: size)
        imageIndent = leading - TableViewCell.labelInset
        let inset = leading, line = Label.cellSize.height
        let width = max(0, size.width - leading - TableViewCell.labelInset)
        let middle = max(0, ((size.height - line) / 2).rounded(.down))
        switch style {
        case .default:
            textLabel.frame = Rect(x: inset, y: middle, width: width, height: line)
        case .subtitle:
            let top = max(0, ((size.height - 2 * line) / 2).rounded(.down))
            textLabel.frame = Rect(x: inset, y: top, width: width, height: line)
            detailTextLabel?.frame = Rect(x: inset, y: top + line, width: width, height: line)
        case .value1:
            textLabel.frame = Rect(x: inset, y: middle, width: width / 2, height: line)
            detailTextLabel?.alignment = .right
            detailTextLabel?.frame = Rect(x: inset + width / 2, y: middle, width: width / 2, height: line)
        case .value2:
            let first = (width / 3).rounded(.down)
            textLabel.alignment = .right
            textLabel.frame = Rect(x: inset, y: middle, width: first, height: line)
            detailTextLabel?.frame = Rect(
                x: inset + first + Label.cellSize.width, y: middle,
                width: max(0, width - first - Label.cellSize.width), height: line)
        }
    }

    /// The content view: an image set on the cell's image view lays the row out again.
    private final class ContentView: View {
        override class var publicName: String { "ui.View" }

        override func subviewDidInvalidateSize(_ subview: View) {
            superview?.setNeedsLayout()
        }
    }
}
