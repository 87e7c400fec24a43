extension StringProtocol {
    /// The text with the characters a report cannot hold as they are written visibly:
    /// `\n`, `\r`, `\t` (unless `keepingTabs`), `\xNN` for the other control characters
    /// (C0, DEL, C1) and `\uFFFE`, `\uFFFF` for the two noncharacters XML refuses.
    ///
    /// Test names and messages come from Lua strings, whose invalid UTF-8 was already
    /// replaced (U+FFFD) when they became Swift strings.
    func escapingControlCharacters(keepingTabs: Bool, keepingNewlines: Bool = false) -> String {
        guard unicodeScalars.contains(where: { $0.needsEscaping }) else { return String(self) }
        var text = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n" where keepingNewlines, "\t" where keepingTabs: text.unicodeScalars.append(scalar)
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                text += "\\u" + String(scalar.value, radix: 16, uppercase: true)
            case _ where scalar.needsEscaping:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                text += "\\x" + (hex.count < 2 ? "0" + hex : hex)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}

extension Unicode.Scalar {
    /// A control character, or one of the noncharacters XML 1.0 refuses.
    fileprivate var needsEscaping: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFFFE || value == 0xFFFF
    }
}
