import ScreenKit

/// The colours the text pass draws in where a view names none, iOS's as the SVG renderer
/// draws them.
extension TextPass {
    /// Text and marks of a view without a ``ViewDescription/foreground``: UIKit's label colour.
    static let defaultForeground = Color.black
    /// What a view shows over its subviews (scroll indicators, a table's separators and
    /// section boxes): iOS's system grey, readable on white.
    static let coverColor = Color(red: 0x8E / 255, green: 0x8E / 255, blue: 0x93 / 255)
    /// The frame of a selected or highlighted collection view cell: iOS's tint.
    static let selectionColor = Color(red: 0, green: 0x7A / 255, blue: 1)
}
