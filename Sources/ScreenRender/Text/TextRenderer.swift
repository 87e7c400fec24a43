import ScreenKit

/// Draws a view tree as text: one character per cell of 8×16 points, so an iPhone window
/// (320×480 points) is 40 columns by 30 rows. The output is the same for the same screen on
/// every run and platform, so it can be kept as a snapshot.
///
/// The root is laid out (`layoutIfNeeded`) and drawn in its own bounds; then each view,
/// back to front, unless it is hidden or its alpha is at most 0.01 (its subviews are skipped
/// with it). A view takes the cells its rectangle in the root covers — the bounding box when
/// it is transformed — floored at the top-left edges and rounded up at the bottom-right
/// ones, so a view from x = 4 to x = 12 takes columns 0 and 1. It draws only inside its
/// own cells and those of every ancestor that clips to its bounds, and the root's.
///
/// Each view draws, in this order:
/// 1. its background colour, if it has one that is not fully transparent: spaces, hiding
///    what is behind, on the cells whose centres it covers (so that of two rows of 44
///    points sharing a row of cells, the one covering most of it keeps it);
/// 2. its border, if `borderWidth > 0`: a box `┌─┐ │ │ └─┘` on its outermost cells;
/// 3. its content, as its ``View/contentDescription`` says (never by its class):
///    - text (a `Label`): the lines of its ``TextLayout``, aligned left, centred or right within the
///      label's width in cells, the block of lines centred vertically in its rows as
///      `UILabel` centres text (from the top row when there are more lines than rows);
///    - a button: `[ title ]` with its current title, `[*title*]` while highlighted;
///      without room for the padding `[title]`, with the title cut to `[Tit…]`;
///      nothing without a title;
///    - a toggle (`Switch`): `(on)` or `(off)`;
///    - a track (`Slider`): `───●────` across its width, the knob at the cell nearest to
///      its fraction;
///    - progress: a bar `████░░░░` across its width, filled to the cell nearest its
///      fraction (clamped to 0...1; not a number is 0);
///    - segments (`SegmentedControl`): `|  One  | [Two] |Three |`: equal slots, as touches are
///      divided, each starting with `|`, the selected title in brackets — in place of its
///      slot's dividers when they would not fit beside it, `|One[Transport]Walk|`, so that
///      a title is cut no shorter selected than not;
///    - a stepper: `[-|+]`, followed by its value when there is room;
///    - dots (`PageControl`): a dot per page, `○●○`, the current one filled;
///    - an image: a box `┌─┐ │ │ └─┘` with its accessibility label in the middle (with
///      colours, the image itself: see below); a button with an image and no title shows
///      its accessibility label where the title goes;
///    - a field (`TextField`): `[text______]` (the placeholder when there is no text), and while
///      editing the end of the text followed by the cursor, `[text▏_____]`; a search
///      field (in a `SearchBar`) has a magnifier first, `[⌕ Search___]`, its Cancel button beside it as a
///      button, and a line `───` under the bar where its last row is empty;
///    - `TableViewCell`: on the row of its title, `▸` in its first column while selected or
///      highlighted, `⊖` there instead while its table edits and it shows its delete
///      button, and its accessory mark, `›` (disclosure indicator) or `✓` (check mark), in
///      the middle of its accessory rectangle; its delete button is `[ Delete ]` on the
///      title's row too;
///    - `TableViewHeaderFooterView` of a plain table: spaces on the rows of cells wholly
///      inside it, so the header that stays at the top hides the rows under it;
///    - wheels (`PickerView`, `DatePicker`): each wheel's titles centred in its columns on
///      the lines their rows' middles fall on, the selected row across the middle between
///      two rules `────` (where the lines next to it are free), the focused wheel's
///      selection `[in brackets]`; in colour the rows around the selection paler;
///    - a spinner (`ActivityIndicator`): one braille character, `⣾⣽⣻⢿⡿⣟⣯⣷` as it turns;
///    - the panel of an alert: spaces on its cells, a box `┌─┐ │ │ └─┘` on its outermost
///      ones, and its separators, `├───┤` across on the row holding each (the top row of an
///      action) and `│` down between two actions side by side, `┬` and `┴` where it meets
///      a line across; an action is a button, `[ Delete ]`;
///    - the dimming under an alert: nothing, so the screen under it still reads (with
///      colours, its colour laid over the cells' backgrounds and characters);
///
///    controls are centred in their cells — on the middle row, the upper one of two (the
///    lower one when the views behind drew on the upper one and left the lower one empty,
///    as a toolbar's rule along a line of the grid does), and rounding to the left — and
///    start at their first cell when they are wider than that;
/// 4. the commands of its ``View/draw(_:)``, in order (see ``Canvas/Command``), in the
///    view's coordinates converted to the root's; a command in a fully transparent colour
///    draws nothing:
///    - `fill`: the covered cells become `█` for a colour darker than 50 % luminance
///      (Rec. 709 weights) and spaces for a lighter one;
///    - `stroke`: a box, as a border is drawn;
///    - `line`: the cells from the one holding its start to the one holding its end, one
///      per step of the longer direction, drawn with `─` when the line is within 22.5° of
///      horizontal, `│` within 22.5° of vertical, and `╲` or `╱` otherwise;
///    - `text`: the characters from the cell holding the point, one row per line;
///    - `clip`: later commands draw only in the cells the clip rectangle covers;
/// 5. its subviews;
/// 6. what it shows over them:
///    - a `ScrollView` (tables and collection views too) whose content is taller than it: a
///      thumb `┃` in its right-most column, as long against its height as the part shown is
///      against the content (one cell at least) and as far down as the offset is of the
///      largest; for wider content `━` along its bottom row; with both, each stops short of
///      the shared corner;
///    - a `TableView`: a separator `───` under each row in view (from the labels' inset to
///      the right edge) on the row of cells holding the row's bottom edge, or, when the
///      next row's title is drawn there, on the row above, still the row's own (so a row of
///      44 points with one line of text shows its separator wherever it falls on the grid);
///      where that row of cells is empty all along and no section header or footer lies
///      over it (two lines in 44 points may leave no such row); a grouped table
///      draws no separator under a section's last row and puts a box `┌─┐ │ │ └─┘` around
///      the rows of each section in view, its edges where their rows are empty and its
///      sides where a cell left the cell empty;
///    - a selected or highlighted `CollectionViewCell`: a heavy box `┏━┓ ┃ ┃ ┗━┛` on its
///      outermost cells, where a border goes, under its content.
///
/// Each cell remembers the view that drew it last; ``renderScreen(_:)`` gives that map with
/// the text, so that a click on a cell goes to the view drawn there (see ``TextScreen``).
///
/// A renderer made with `colors: true` also keeps each cell's colours, for a terminal that
/// shows them (the text is the same but for images): cells start black on a white page, as the SVG
/// renderer's; a view's background and its ``ViewDescription/highlight`` are laid over what
/// is behind them, where their spaces go; its border takes its `borderColor`, and what it
/// writes otherwise (its content, its background's spaces) its
/// ``ViewDescription/foreground``, black without one; a canvas command draws in its colour
/// (a fill also paints the background), and what a view shows over its subviews in iOS's
/// system grey. Every colour is faded by the view's alpha, composed down the tree, and
/// characters are blended over the background they are written on. An image view's image is
/// drawn in half blocks there, two pixels a cell: `▀` in the colour of the upper half on the
/// colour of the lower one, each the average of the image's pixels under that half (scaled
/// and placed as its content mode says, on the view's own cells), over what is behind
/// where it is transparent.
///
/// A character's width comes from ``TextLayout/cellWidth(of:)``: wide characters and emoji
/// take two cells. Every line of the output is trimmed of trailing spaces and ends with a
/// newline; every row is there, empty or not. A root larger than
/// ``CharacterGrid/maximumCells`` cells on a side is drawn in that many, from its top-left
/// corner.
///
/// ```swift
/// let window = Window(device: .iphone)
/// let button = Button(frame: Rect(x: 0, y: 0, width: 80, height: 16))
/// button.setTitle("Save", for: .normal)
/// window.addSubview(button)
/// TextRenderer().render(window).split(separator: "\n").first   // " [ Save ]"
/// ```
public struct TextRenderer {
    /// Whether the renderings keep each cell's colours.
    public let colors: Bool

    /// - Parameter colors: Whether to keep each cell's colours, for a terminal frame (see
    ///   ``TerminalFrame/draw(_:atColumn:row:)``); the text is the same either way, but
    ///   for images, drawn in half blocks with colours and as their label in a box without.
    public init(colors: Bool = false) {
        self.colors = colors
    }

    /// Renders `root` and its subviews as text.
    ///
    /// - Parameter root: A window, or any view; a view inside a hierarchy is drawn in its
    ///   own bounds, without its superviews.
    /// - Returns: One line per row of cells, each ending with a newline.
    public func render(_ root: View) -> String {
        renderScreen(root).text
    }

    /// Renders `root` and its subviews as text, keeping which view drew each cell.
    ///
    /// - Parameter root: As for ``render(_:)``.
    /// - Returns: The text and, for each cell, the view that drew it and where a click
    ///   there goes.
    public func renderScreen(_ root: View) -> TextScreen {
        root.layoutIfNeeded()
        var pass = TextPass(root: root, colors: colors)
        let cells = Rect(x: 0, y: 0, width: Double(pass.grid.columns) * CellRect.cellWidth,
                         height: Double(pass.grid.rows) * CellRect.cellHeight)
        pass.drawTree(clip: Rect(origin: .zero, size: root.bounds.size).intersection(cells) ?? .zero)
        return TextScreen(pass)
    }
}
