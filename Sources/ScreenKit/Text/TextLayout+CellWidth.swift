nonisolated extension TextLayout {
    /// The number of grid cells a character takes: 0, 1 or 2.
    ///
    /// One character (grapheme cluster) is one cell, except:
    /// - East Asian wide and fullwidth characters (CJK ideographs, kana, Hangul, fullwidth
    ///   forms — the ranges of Markus Kuhn's `wcwidth`) and emoji take 2 cells. A character
    ///   is an emoji here when its first scalar has the Unicode property Emoji_Presentation, or
    ///   when it asks for emoji presentation with U+FE0F; U+FE0E (text presentation) makes it
    ///   1 cell again. Terminals disagree about exactly these characters, so the rule is kept
    ///   short and uses only the standard library's Unicode data, which makes it the same on
    ///   every platform for a given Swift release.
    /// - Control and format characters (other than a tab) and newlines take 0 cells; a
    ///   layout drops them, and turns a tab into one space.
    ///
    /// The text renderer uses this to place the characters of ``lines`` on the grid.
    ///
    /// ```swift
    /// TextLayout.cellWidth(of: "a")    // 1
    /// TextLayout.cellWidth(of: "漢")   // 2
    /// TextLayout.cellWidth(of: "👍")   // 2
    /// ```
    ///
    /// - Parameter character: A character of a label's text.
    /// - Returns: The number of cells it takes in a line.
    public static func cellWidth(of character: Character) -> Int {
        if character == "\t" { return 1 }
        if character.isNewline { return 0 }
        let scalars = character.unicodeScalars
        let first = scalars.first!
        // ASCII is nearly all a label shows: answer it without looking at Unicode properties.
        if first.value >= 0x20 && first.value < 0x7F && scalars.count == 1 { return 1 }
        if scalars.allSatisfy({ isInvisible($0) }) { return 0 }
        if scalars.contains("\u{FE0E}") { return 1 }
        if scalars.contains("\u{FE0F}") || first.properties.isEmojiPresentation || isWide(first) { return 2 }
        return 1
    }

    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format: return true
        default: return false
        }
    }

    /// East Asian wide and fullwidth characters, from Markus Kuhn's `mk_wcwidth` plus
    /// Hangul Jamo Extended-A; emoji are recognised by their Unicode property instead.
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0x1100 else { return false }
        return wideRanges.contains { $0.contains(value) } && value != 0x303F
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,    // Hangul Jamo initial consonants
        0x2329...0x232A,    // angle brackets
        0x2E80...0xA4CF,    // CJK radicals … Yi, except U+303F (half-width space)
        0xA960...0xA97F,    // Hangul Jamo Extended-A
        0xAC00...0xD7A3,    // Hangul syllables
        0xF900...0xFAFF,    // CJK compatibility ideographs
        0xFE10...0xFE19,    // vertical forms
        0xFE30...0xFE6F,    // CJK compatibility forms, small form variants
        0xFF00...0xFF60,    // fullwidth forms
        0xFFE0...0xFFE6,    // fullwidth signs
        0x20000...0x2FFFD,  // CJK extension B and beyond
        0x30000...0x3FFFD,
    ]
}
