import ScreenKit
import ScreenRender
import ScreenScript

/// What keys and typed text do to an app's window, wherever they were pressed: a terminal
/// (``TerminalSession``) or a browser (`screens serve`). The host's own keys (quitting,
/// suspending, the error panel's) are the caller's and come first.
///
/// - Ctrl-R turns the window between portrait and landscape, Ctrl-W sends a memory warning;
/// - Tab, Shift-Tab, Enter, Esc, the arrows, Home, End, Page Up and Page Down, Backspace and
///   Delete go to the window by their names (focus, stepping, going back, editing);
/// - typed text goes to the text field being edited or focused; otherwise each character is
///   a key (`space` for a space), as Space taps the focused view.
///
/// ```swift
/// if let input = KeyMapping.input(for: .control("r"), in: window) { send(input) }  // rotate
/// KeyMapping.inputs(forText: "hi", in: window)   // [.text("hi")] while a field edits
/// ```
public enum KeyMapping {
    /// What a Ctrl key does to the device rather than to a view.
    public enum DeviceCommand: Sendable {
        case rotate, memoryWarning
    }

    /// The letters that give a ``DeviceCommand`` with Ctrl held.
    public static let controlCommands: [Character: DeviceCommand] = ["r": .rotate, "w": .memoryWarning]

    /// The input a key gives, or nil for a key the window has no use for.
    public static func input(for key: TerminalKey, in window: Window) -> InputRecording.Input? {
        if case .control(let letter) = key, let command = controlCommands[letter] {
            switch command {
            case .rotate: return .rotate(window.orientation == .portrait ? .landscape : .portrait)
            case .memoryWarning: return .memoryWarning
            }
        }
        return keyName(key).map { .key($0) }
    }

    /// The inputs typed text gives: the text itself while a field types, else one key per
    /// character.
    public static func inputs(forText text: String, in window: Window) -> [InputRecording.Input] {
        if isTyping(window) { return [.text(text)] }
        return text.map { .key($0 == " " ? "space" : String($0)) }
    }

    /// Whether typed text goes to a text field: one is being edited, or has the focus.
    public static func isTyping(_ window: Window) -> Bool {
        window.editingField != nil || window.focusedView is TextField
    }

    /// The name a recording and ``Window/key(_:)`` give a key; nil for keys the window has no
    /// use for.
    public static func keyName(_ key: TerminalKey) -> String? {
        switch key {
        case .tab: "tab"
        case .backTab: "shift-tab"
        case .enter: "enter"
        case .escape: "escape"
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .home: "home"
        case .end: "end"
        case .pageUp: "pageup"
        case .pageDown: "pagedown"
        case .backspace: "backspace"
        case .delete: "delete"
        default: nil
        }
    }
}
