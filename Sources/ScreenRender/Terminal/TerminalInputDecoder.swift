/// Reads the bytes a terminal sends in raw mode as keys, text, mouse reports and pastes.
///
/// Bytes may arrive in any pieces: a sequence split across reads is completed by the next
/// ``decode(_:)``. An Esc key alone looks like the start of a sequence, so it stays pending
/// until the caller, after a short pause with no input (25 ms is usual), calls ``flush()``;
/// ``needsFlush`` says when there is something to flush.
///
/// What it reads:
/// - UTF-8 text, merged into one ``TerminalInput/text(_:)`` per run; invalid bytes are
///   U+FFFD each, C1 controls are dropped.
/// - Control keys: Ctrl-A…Z as ``TerminalKey/control(_:)`` except Tab (0x09), Enter (CR or
///   LF) and Backspace (0x7F or 0x08); Esc.
/// - Alt with a key, sent as Esc before it: that key with ``TerminalModifiers/alt``
///   (`Esc x` is `.character("x")` with Alt).
/// - `CSI`/`SS3` arrows, Home and End (`CSI A` or `SS3 A`, with xterm modifiers
///   `CSI 1;5A`), `CSI n ~` keys (Insert 2, Delete 3, Page Up 5, Page Down 6, Home 1 or 7,
///   End 4 or 8, F1–F12 as 11–15, 17–21, 23, 24, with modifiers `CSI 3;5~`), `SS3 P`–`S`
///   and `CSI 1;m P`–`S` for F1–F4, the Linux console's `CSI [ A`–`E` for F1–F5, and
///   Shift-Tab `CSI Z`.
/// - SGR mouse reports `CSI < b ; x ; y M` (press, or a drag or move with bit 32) and `m`
///   (release): button 0, 1, 2 left, middle, right, 64 and 65 the wheel, modifiers Shift
///   4, Alt 8, Ctrl 16; the 1-based column and row become 0-based.
/// - Bracketed paste, `CSI 200~` … `CSI 201~`, in as many reads as it takes, as one
///   ``TerminalInput/paste(_:)``: CR LF and CR become "\n", other controls but Tab are
///   dropped, and past ``maximumPaste`` bytes the rest of the paste is dropped.
///
/// Anything else is skipped without losing what follows: an unknown sequence to its final
/// byte, and one cut short by a control byte or another Esc up to that byte. Numbers in a
/// sequence stop growing at 65,535.
///
/// ```swift
/// var decoder = TerminalInputDecoder()
/// decoder.decode(Array("\u{1B}[1;5A".utf8))  // [.key(.up, modifiers: .control)]
/// decoder.decode([0x1B])                     // []: Esc alone, or a sequence's start?
/// decoder.flush()                            // [.key(.escape, modifiers: [])]
/// ```
public struct TerminalInputDecoder {
    /// The most bytes of one paste kept.
    public static let maximumPaste = 1 << 20
    /// The largest number a sequence's parameter takes; larger ones are this.
    static let largestParameter = 65_535
    /// Parameters after this many in one sequence are ignored.
    static let maximumParameters = 16

    private enum State {
        case ground, escape, csi, ss3, linuxFunction, paste
    }

    private var state = State.ground
    /// Whether Esc came before what is being read, which makes it Alt with a key.
    private var alt = false

    // The sequence being read.
    private var parameters: [Int] = []
    private var parameter: Int?
    private var marker: UInt8 = 0
    private var hasIntermediate = false
    private var sequenceLength = 0

    // The UTF-8 character being read: the continuation bytes still needed, the bits so
    // far, and the range the next byte must be in.
    private var needed = 0
    private var scalar: UInt32 = 0
    private var lowest: UInt8 = 0x80
    private var highest: UInt8 = 0xBF

    // The paste being read, and how much of its end marker the last bytes matched.
    private var paste: [UInt8] = []
    private var pasteEndMatched = 0
    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    private var events: [TerminalInput] = []
    private var text = ""

    public init() {}

    /// Whether bytes are waiting that ``flush()`` would turn into input: an Esc, a sequence
    /// or a character cut short. A paste in progress does not count.
    public var needsFlush: Bool {
        switch state {
        case .ground: return needed > 0
        case .paste: return false
        default: return true
        }
    }

    /// The input these bytes complete.
    ///
    /// - Parameter bytes: What the terminal sent, in any pieces.
    /// - Returns: The input read, in order; what is cut short waits for the next call.
    public mutating func decode(_ bytes: [UInt8]) -> [TerminalInput] {
        for byte in bytes { consume(byte) }
        return take()
    }

    /// What the waiting bytes mean when no more are coming: Esc alone is the Esc key, `Esc [`
    /// or `Esc O` Alt with that character, a character cut short U+FFFD, and a sequence cut
    /// short nothing. A paste in progress goes on waiting for its end.
    public mutating func flush() -> [TerminalInput] {
        switch state {
        case .escape:
            emit(.key(.escape, modifiers: alt ? .alt : []))
        case .csi where sequenceLength == 0:
            emit(.key(.character("["), modifiers: .alt))
        case .ss3 where parameter == nil:
            emit(.key(.character("O"), modifiers: .alt))
        case .ground:
            if needed > 0 { invalid() }
        case .csi, .ss3, .linuxFunction, .paste:
            break
        }
        if state != .paste { state = .ground }
        alt = false
        return take()
    }

    // MARK: - Bytes

    private mutating func consume(_ byte: UInt8) {
        switch state {
        case .ground: ground(byte)
        case .escape: escape(byte)
        case .csi: csi(byte)
        case .ss3: ss3(byte)
        case .linuxFunction: linuxFunction(byte)
        case .paste: pasted(byte)
        }
    }

    private mutating func ground(_ byte: UInt8) {
        if needed > 0 {
            if byte >= lowest && byte <= highest {
                scalar = scalar << 6 | UInt32(byte & 0x3F)
                needed -= 1
                (lowest, highest) = (0x80, 0xBF)
                if needed == 0 { character(scalar) }
                return
            }
            invalid()
        }
        switch byte {
        case 0x1B:
            state = .escape
            alt = false
        case 0x20...0x7E:
            character(UInt32(byte))
        case 0x7F, 0x08:
            key(.backspace)
        case 0x09:
            key(.tab)
        case 0x0A, 0x0D:
            key(.enter)
        case 0x00:
            key(.control("@"))
        case 0x01...0x1A:
            key(.control(Character(Unicode.Scalar(byte + 0x60))))
        case 0x1C...0x1F:
            key(.control(Character(Unicode.Scalar(byte + 0x40))))
        case 0xC2...0xDF:
            start(needing: 1, bits: byte & 0x1F)
        case 0xE0...0xEF:
            start(needing: 2, bits: byte & 0x0F)
            if byte == 0xE0 { lowest = 0xA0 }
            if byte == 0xED { highest = 0x9F }
        case 0xF0...0xF4:
            start(needing: 3, bits: byte & 0x07)
            if byte == 0xF0 { lowest = 0x90 }
            if byte == 0xF4 { highest = 0x8F }
        default:
            invalid()
        }
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "["):
            beginSequence(.csi)
        case UInt8(ascii: "O"):
            beginSequence(.ss3)
        case 0x1B:
            if alt {
                emit(.key(.escape, modifiers: .alt))
                alt = false
            } else {
                alt = true
            }
        default:
            state = .ground
            alt = true
            ground(byte)
        }
    }

    private mutating func beginSequence(_ kind: State) {
        state = kind
        parameters.removeAll(keepingCapacity: true)
        parameter = nil
        marker = 0
        hasIntermediate = false
        sequenceLength = 0
    }

    private mutating func csi(_ byte: UInt8) {
        defer { sequenceLength = min(sequenceLength + 1, Int.max - 1) }
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            digit(byte)
        case UInt8(ascii: ":"), UInt8(ascii: ";"):
            endParameter()
        case 0x3C...0x3F:
            if sequenceLength == 0 { marker = byte } else { hasIntermediate = true }
        case 0x20...0x2F:
            hasIntermediate = true
        case UInt8(ascii: "[") where sequenceLength == 0:
            state = .linuxFunction
        case 0x40...0x7E:
            endParameter()
            state = .ground
            finishCSI(final: byte)
            alt = false
        default:
            abandon(at: byte)
        }
    }

    private mutating func ss3(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            digit(byte)
        case 0x40...0x7E:
            state = .ground
            let modifiers = Self.modifiers(parameter ?? 1)
            switch byte {
            case UInt8(ascii: "P")...UInt8(ascii: "S"):
                key(TerminalKey.function(Int(byte - UInt8(ascii: "P")) + 1)!, modifiers)
            case UInt8(ascii: "M"):
                key(.enter, modifiers)
            default:
                if let key = Self.cursorKey(byte) { self.key(key, modifiers) }
            }
            alt = false
        default:
            abandon(at: byte)
        }
    }

    private mutating func linuxFunction(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "E"):
            state = .ground
            key(TerminalKey.function(Int(byte - UInt8(ascii: "A")) + 1)!)
            alt = false
        case 0x40...0x7E:
            state = .ground
            alt = false
        default:
            abandon(at: byte)
        }
    }

    /// Drops a sequence cut short by `byte`, which is read afresh.
    private mutating func abandon(at byte: UInt8) {
        state = .ground
        alt = false
        ground(byte)
    }

    private mutating func digit(_ byte: UInt8) {
        let value = (parameter ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
        parameter = min(value, Self.largestParameter)
    }

    private mutating func endParameter() {
        if parameters.count < Self.maximumParameters { parameters.append(parameter ?? 0) }
        parameter = nil
    }

    // MARK: - Sequences

    private mutating func finishCSI(final: UInt8) {
        guard !hasIntermediate else { return }
        let first = parameters.first ?? 0
        let modifiers = Self.modifiers(parameters.count > 1 ? parameters[1] : 1)
        switch marker {
        case UInt8(ascii: "<"):
            if final == UInt8(ascii: "M") || final == UInt8(ascii: "m") { mouse(release: final == UInt8(ascii: "m")) }
        case 0:
            switch final {
            case UInt8(ascii: "~"):
                if first == 200 {
                    flushText()
                    state = .paste
                    paste.removeAll(keepingCapacity: false)
                    pasteEndMatched = 0
                } else if let key = Self.tildeKey(first) {
                    self.key(key, modifiers)
                }
            case UInt8(ascii: "Z"):
                key(.backTab, modifiers.subtracting(.shift))
            case UInt8(ascii: "P")...UInt8(ascii: "S"):
                key(TerminalKey.function(Int(final - UInt8(ascii: "P")) + 1)!, modifiers)
            default:
                if let key = Self.cursorKey(final) { self.key(key, modifiers) }
            }
        default:
            break
        }
    }

    private mutating func mouse(release: Bool) {
        guard parameters.count >= 3 else { return }
        let code = parameters[0]
        var modifiers: TerminalModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let buttons: [TerminalMouse.Button] = [.left, .middle, .right, .none]
        let button = buttons[code & 3]
        let kind: TerminalMouse.Kind
        if code & 128 != 0 {
            return  // buttons 8 to 11
        } else if code & 64 != 0 {
            switch code & 3 {
            case 0: kind = .wheelUp
            case 1: kind = .wheelDown
            default: return  // sideways
            }
        } else if code & 32 != 0 {
            kind = button == .none ? .move : .drag
        } else {
            kind = release || button == .none ? .release : .press
        }
        let wheel = kind == .wheelUp || kind == .wheelDown
        emit(.mouse(TerminalMouse(
            kind: kind, button: wheel ? .none : button,
            column: max(parameters[1] - 1, 0), row: max(parameters[2] - 1, 0), modifiers: modifiers)))
    }

    /// The key of a `CSI`/`SS3` final byte for arrows, Home and End.
    private static func cursorKey(_ final: UInt8) -> TerminalKey? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        default: return nil
        }
    }

    /// The key of `CSI n ~`.
    private static func tildeKey(_ number: Int) -> TerminalKey? {
        switch number {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(number - 10)
        case 17...21: return .function(number - 11)
        case 23, 24: return .function(number - 12)
        default: return nil
        }
    }

    /// xterm's modifier parameter: 1 plus Shift 1, Alt 2, Ctrl 4, Meta 8 (16 at most).
    private static func modifiers(_ parameter: Int) -> TerminalModifiers {
        guard parameter > 1 else { return [] }
        return TerminalModifiers(rawValue: UInt8(min(parameter, 16) - 1))
    }

    // MARK: - Paste

    private mutating func pasted(_ byte: UInt8) {
        let end = Self.pasteEnd
        if byte == end[pasteEndMatched] {
            pasteEndMatched += 1
            if pasteEndMatched == end.count { finishPaste() }
            return
        }
        if pasteEndMatched > 0 {
            for part in end[0..<pasteEndMatched] { keepPasted(part) }
            pasteEndMatched = 0
            if byte == end[0] {
                pasteEndMatched = 1
                return
            }
        }
        keepPasted(byte)
    }

    private mutating func keepPasted(_ byte: UInt8) {
        if paste.count < Self.maximumPaste { paste.append(byte) }
    }

    private mutating func finishPaste() {
        state = .ground
        pasteEndMatched = 0
        if paste.count >= Self.maximumPaste { Self.dropCutCharacter(&paste) }
        var kept: [UInt8] = []
        kept.reserveCapacity(paste.count)
        var index = 0
        while index < paste.count {
            let byte = paste[index]
            index += 1
            switch byte {
            case 0x0D:
                kept.append(0x0A)
                if index < paste.count && paste[index] == 0x0A { index += 1 }
            case 0x09, 0x0A, 0x20...0x7E, 0x80...:
                kept.append(byte)
            default:
                break
            }
        }
        paste = []
        emit(.paste(String(decoding: kept, as: UTF8.self)))
    }

    /// Removes a UTF-8 character cut short at the end of `bytes`.
    private static func dropCutCharacter(_ bytes: inout [UInt8]) {
        var start = bytes.count
        while start > 0 && start > bytes.count - 4 && bytes[start - 1] & 0xC0 == 0x80 { start -= 1 }
        guard start > 0 else { return }
        let lead = bytes[start - 1]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        if length > bytes.count - (start - 1) { bytes.removeSubrange((start - 1)...) }
    }

    // MARK: - Output

    private mutating func start(needing count: Int, bits: UInt8) {
        needed = count
        scalar = UInt32(bits)
        (lowest, highest) = (0x80, 0xBF)
    }

    /// A character read, with Alt when an Esc came before it.
    private mutating func character(_ value: UInt32) {
        guard let scalar = Unicode.Scalar(value), !(0x80...0x9F).contains(value) else { return }
        if alt {
            alt = false
            emit(.key(.character(Character(scalar)), modifiers: .alt))
        } else {
            text.unicodeScalars.append(scalar)
        }
    }

    private mutating func invalid() {
        needed = 0
        (lowest, highest) = (0x80, 0xBF)
        character(0xFFFD)
    }

    private mutating func key(_ key: TerminalKey, _ modifiers: TerminalModifiers = []) {
        emit(.key(key, modifiers: alt ? modifiers.union(.alt) : modifiers))
        alt = false
    }

    private mutating func emit(_ input: TerminalInput) {
        flushText()
        events.append(input)
    }

    private mutating func flushText() {
        guard !text.isEmpty else { return }
        events.append(.text(text))
        text = ""
    }

    private mutating func take() -> [TerminalInput] {
        flushText()
        defer { events = [] }
        return events
    }
}
