/// One thing a person did at the terminal, as ``TerminalInputDecoder`` reads it.
public enum TerminalInput: Equatable, Sendable {
    /// A key that is not text: arrows, function keys, Enter, Esc, a control letter, or a
    /// character typed with Alt.
    case key(TerminalKey, modifiers: TerminalModifiers)
    /// Characters typed, one or more in a row.
    case text(String)
    case mouse(TerminalMouse)
    /// Text pasted in bracketed-paste mode, its line ends as "\n".
    case paste(String)
}

/// A key that is not typed text.
public enum TerminalKey: Hashable, Sendable {
    case up, down, left, right, home, end, pageUp, pageDown, insert, delete
    case backspace, tab, enter, escape
    /// Shift-Tab.
    case backTab
    case f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12
    /// Ctrl with a letter, lowercase (`.control("c")`), or with one of `@ \ ] ^ _`. Ctrl-H,
    /// Ctrl-I, Ctrl-J, Ctrl-M and Ctrl-[ arrive as backspace, tab, enter, enter and escape.
    case control(Character)
    /// A character typed with Alt (the terminal sends Esc before it).
    case character(Character)

    /// F1 to F12 by number; nil for another number.
    static func function(_ number: Int) -> TerminalKey? {
        let keys: [TerminalKey] = [.f1, .f2, .f3, .f4, .f5, .f6, .f7, .f8, .f9, .f10, .f11, .f12]
        return (1...12).contains(number) ? keys[number - 1] : nil
    }
}

/// Keys held with a key or a mouse event.
public struct TerminalModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = TerminalModifiers(rawValue: 1)
    public static let alt = TerminalModifiers(rawValue: 2)
    public static let control = TerminalModifiers(rawValue: 4)
    public static let meta = TerminalModifiers(rawValue: 8)
}

/// A mouse report: what happened, with which button, in which cell.
public struct TerminalMouse: Equatable, Sendable {
    public enum Kind: Sendable {
        case press, release, drag, move, wheelUp, wheelDown
    }

    public enum Button: Sendable {
        case left, middle, right
        /// No button: a move, a wheel turn, or a release the terminal did not say of which.
        case none
    }

    public var kind: Kind
    public var button: Button
    /// The cell, from 0 at the left.
    public var column: Int
    /// The cell, from 0 at the top.
    public var row: Int
    public var modifiers: TerminalModifiers

    public init(kind: Kind, button: Button, column: Int, row: Int, modifiers: TerminalModifiers = []) {
        self.kind = kind
        self.button = button
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }
}
