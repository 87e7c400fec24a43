import ScreenKit

/// Draws a view tree as an SVG document, one point to one pixel, that a browser shows as
/// the screen looks. The output is the same for the same screen on every run, so it can be
/// kept as a snapshot.
///
/// The tree is drawn as ``TextRenderer`` draws it — laid out first, back to front, without
/// hidden views and views with alpha at most 0.01, each view's background, border, content,
/// ``View/draw(_:)`` commands and then subviews — but as shapes:
/// - each view is a `<g class="Label">` (its description's kind: the nearest ScreenKit
///   class) whose `transform`
///   maps its bounds into its superview's (`translate` or, for a transformed view,
///   `matrix`), with `opacity` when its alpha is below 1, so nested views compose their
///   positions and opacities as UIKit does;
/// - a view that clips to its bounds puts its subviews in a group with a `clipPath` of its
///   bounds; what a view draws itself with ``Canvas`` is clipped to its bounds;
/// - the background is a `<rect>`; a border is a stroked `<rect>` inside the bounds;
/// - labels are a `<text>` per line of their ``TextLayout`` (the text renderer's lines),
///   16 px apart, aligned with `text-anchor` and centred vertically as the text renderer
///   does; buttons a rounded rectangle with the centred title; switches a pill with a knob;
///   sliders a track with a round thumb; segmented controls equal boxes, the selected one
///   filled; steppers a box split into − and +; page controls a row of dots; text fields a
///   box with the text or the grey placeholder and, while editing, a cursor; progress a
///   grey capsule filled in the tint; an image view its file embedded as a data URI
///   (`<image href="data:image/jpeg;base64,…">`) at the rectangle its content mode gives,
///   clipped to its bounds when it clips to them, and without an image a grey frame with its
///   label; a button's image goes before its title — each as the
///   view's ``View/contentDescription`` says, in its foreground colour (the tint, grey
///   while disabled; a label's text colour) and highlight;
/// - lists look as iOS draws them: a table cell is grey while selected or highlighted, has
///   a grey chevron or a blue check mark in its accessory rectangle, a red disc with a
///   white bar before its labels while its table edits, and a delete button white on red;
///   a plain table's section headers and footers are grey bands; a grouped table is grey
///   with a white rounded box for the rows of each section in view (inset 8 px), its
///   header and footer titles above and below; a hairline separates the rows (not under a
///   grouped section's last row, nor where a header or footer lies over it); a search bar's
///   field is a grey capsule with a magnifier and its Cancel button blue text, the bar a
///   hairline under it; a selected or highlighted collection cell has a blue frame;
/// - alerts look as iOS draws them: the screen under them dimmed by a translucent black
///   rectangle, a light grey panel with rounded corners, hairlines between its parts, and
///   its actions as titles alone, blue (red when destructive, grey when disabled), the
///   cancel or preferred one bold, over a grey wash while pressed;
/// - a scroll view (tables and collection views too) whose content is taller or wider than
///   it shows a dark rounded bar, 3 px wide and 3 px from the edge, as long against the
///   track as the part shown is against the content (36 px at least) and as far along as
///   the offset is of the largest, drawn over its subviews;
/// - canvas commands become `<rect>`, `<line>`, `<text>` and nested clipping groups.
///
/// The class of a group is the kind the view's description gives: the nearest of Window,
/// the list classes (TableView, CollectionView, ScrollView, TableViewCell,
/// TableViewHeaderFooterView, CollectionViewCell, CollectionReusableView, SearchBar) and the
/// controls, or View.
///
/// Text is monospace at 13 px, whose characters are about as wide as a text-grid cell, so
/// both renderings break lines at the same places. Colours are `#rrggbb`, with
/// `fill-opacity` or `stroke-opacity` when not opaque; numbers have at most two decimals;
/// clip-path ids are numbered in drawing order.
///
/// ```swift
/// let window = Window(device: .iphone)
/// window.addSubview(Label(frame: Rect(x: 8, y: 16, width: 160, height: 16)))
/// let svg = SVGRenderer().render(window)   // "<svg xmlns=… width=\"320\" height=\"480\" …"
/// ```
public struct SVGRenderer {
    public init() {}

    /// Renders `root` and its subviews as an SVG document.
    ///
    /// - Parameter root: A window, or any view; a view inside a hierarchy is drawn in its
    ///   own bounds, without its superviews.
    /// - Returns: The document, ending with a newline; its `width` and `height` are the
    ///   root's, on a white page.
    public func render(_ root: View) -> String {
        root.layoutIfNeeded()
        var pass = SVGPass()
        let width = SVGDocument.number(root.bounds.width), height = SVGDocument.number(root.bounds.height)
        pass.document.open("svg", [
            ("xmlns", "http://www.w3.org/2000/svg"), ("width", width), ("height", height),
            ("viewBox", "0 0 " + width + " " + height),
            ("font-family", "monospace"), ("font-size", "13"), ("xml:space", "preserve"),
        ])
        pass.document.element("rect", [("width", width), ("height", height), ("fill", "#ffffff")])
        // The root is drawn in its own bounds: only their origin moves it.
        let placement = AffineTransform(translationX: -root.bounds.minX, y: -root.bounds.minY)
        pass.drawTree(root, rootPlacement: placement)
        pass.document.close("svg")
        return pass.document.text
    }
}
