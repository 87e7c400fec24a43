/// The escape sequences that put a terminal in the state an interactive screen needs, and
/// take it back out.
///
/// ``enter`` switches to the alternate screen (so the shell's screen comes back unchanged),
/// hides the cursor, and asks for mouse reports — presses, releases, drags (1000, 1002) in
/// SGR form (1006) — and for bracketed paste (2004). ``leave`` undoes each, in the reverse
/// order: paste and mouse reporting off before the alternate screen is left, attributes
/// reset, the cursor shown. Both are plain byte arrays, prepared ahead, so that a signal
/// handler can `write(2)` them.
public enum TerminalMode {
    public static let alternateScreenOn: [UInt8] = Array("\u{1B}[?1049h".utf8)
    public static let alternateScreenOff: [UInt8] = Array("\u{1B}[?1049l".utf8)
    public static let cursorHidden: [UInt8] = Array("\u{1B}[?25l".utf8)
    public static let cursorShown: [UInt8] = Array("\u{1B}[?25h".utf8)
    /// Button presses and releases (1000), motion while a button is down (1002), reported as
    /// `CSI < b ; x ; y M/m` (1006), which has no limit on the column.
    public static let mouseOn: [UInt8] = Array("\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h".utf8)
    public static let mouseOff: [UInt8] = Array("\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l".utf8)
    public static let bracketedPasteOn: [UInt8] = Array("\u{1B}[?2004h".utf8)
    public static let bracketedPasteOff: [UInt8] = Array("\u{1B}[?2004l".utf8)
    public static let attributesReset: [UInt8] = Array("\u{1B}[0m".utf8)

    /// The alternate screen, cleared, the cursor hidden, mouse and paste reporting on.
    public static let enter: [UInt8] =
        alternateScreenOn + Array("\u{1B}[H\u{1B}[2J".utf8) + cursorHidden + mouseOn + bracketedPasteOn

    /// Paste and mouse reporting off, attributes reset, the cursor shown, and the normal
    /// screen back.
    public static let leave: [UInt8] =
        bracketedPasteOff + mouseOff + attributesReset + cursorShown + alternateScreenOff
}
