import ScreenHost
import ScreenRender

/// A browser's keys as the terminal's: the page sends each key as `KeyboardEvent.key` names
/// it ("ArrowUp", "Enter", "a"), with its modifiers, and it becomes the ``TerminalInput`` a
/// terminal would have decoded for the same key, which the terminal's own mapping
/// (`KeyMapping`) then turns into input for the window. So a key does in the browser what
/// it does on the terminal: Tab moves the focus, Esc goes back, Ctrl-R rotates, and typing
/// goes to the focused text field.
enum BrowserKey {
    struct Modifiers: Equatable {
        var shift = false
        var control = false
        var alt = false
        var meta = false
    }

    /// The keys with names, by their `KeyboardEvent.key`; Tab with Shift is Shift-Tab.
    static let named: [String: TerminalKey] = [
        "Enter": .enter, "Tab": .tab, "Escape": .escape, "Backspace": .backspace, "Delete": .delete,
        "Insert": .insert, "ArrowUp": .up, "ArrowDown": .down, "ArrowLeft": .left, "ArrowRight": .right,
        "Home": .home, "End": .end, "PageUp": .pageUp, "PageDown": .pageDown,
    ]

    /// The `KeyboardEvent.key` names the window takes, which the page keeps from the browser
    /// (Tab does not leave the page, the arrows do not scroll it).
    static var namesInUse: [String] {
        named.filter { KeyMapping.keyName($0.value) != nil }.keys.sorted()
    }

    /// The letters that do something with Ctrl held, which the page keeps from the browser too.
    static var controlLettersInUse: [String] {
        KeyMapping.controlCommands.keys.map(String.init).sorted()
    }

    /// What the terminal would have read for this key; nil for a key it has no input for
    /// (a modifier alone, a dead key, one held with the Meta key, which the browser keeps).
    static func terminalInput(_ key: String, _ modifiers: Modifiers) -> TerminalInput? {
        guard !modifiers.meta else { return nil }
        var held = TerminalModifiers()
        if modifiers.shift { held.insert(.shift) }
        if modifiers.alt { held.insert(.alt) }
        if modifiers.control { held.insert(.control) }
        if let named = named[key] {
            return .key(named == .tab && modifiers.shift ? .backTab : named, modifiers: held)
        }
        guard key.count == 1, let character = key.first else { return nil }
        if modifiers.control {
            guard character.isASCII, character.isLetter else { return nil }
            return .key(.control(Character(character.lowercased())), modifiers: held)
        }
        if modifiers.alt { return .key(.character(character), modifiers: held) }
        return .text(key)
    }
}
