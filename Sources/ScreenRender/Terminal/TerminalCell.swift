/// One cell of a ``TerminalFrame``: what it shows and how.
///
/// A cell keeps its character's UTF-8 bytes in place — up to 15, which every character but
/// the longest emoji sequences and stacks of combining marks fit; a longer one keeps its first
/// scalars that fit, without a zero-width joiner at the end — so that a frame of thousands of cells is one block of plain memory:
/// made, compared and written without reference counting.
public struct TerminalCell: Hashable, Sendable, CustomDebugStringConvertible {
    /// The UTF-8 bytes, the first in the low byte of `low`, the ninth in the low byte of
    /// `high`, whose top byte (the sixteenth, which no character reaches) is their count:
    /// three words a cell, its style one of them.
    private var low: UInt64
    private var high: UInt64
    public var style: TerminalStyle

    /// The number of UTF-8 bytes, 0 for the right half of a wide character.
    private var count: UInt8 { UInt8(truncatingIfNeeded: high >> 56) }

    /// The most UTF-8 bytes a cell keeps.
    static let capacity = 15

    public init(text: String, style: TerminalStyle = .plain) {
        (low, high) = Self.encode(text)
        self.style = style
    }

    /// A cell showing one ASCII character, made without looking at a string.
    init(ascii byte: UInt8, style: TerminalStyle = .plain) {
        (low, high) = (UInt64(byte), 1 << 56)
        self.style = style
    }

    /// One character (grapheme cluster) one or two cells wide; "" in the right half of a
    /// wide character, whose left cell holds it.
    public var text: String {
        get {
            let (low, high) = (low, high)
            return String(unsafeUninitializedCapacity: Int(count)) { buffer in
                for index in buffer.indices {
                    buffer[index] = UInt8(truncatingIfNeeded: (index < 8 ? low : high) >> (8 * UInt64(index % 8)))
                }
                return buffer.count
            }
        }
        set {
            (low, high) = Self.encode(newValue)
        }
    }

    /// A space in the terminal's default style: what a cleared terminal shows.
    public static let blank = TerminalCell(text: " ")

    /// Whether this is the right half of a wide character.
    var isContinuation: Bool { count == 0 }

    /// The number of UTF-8 bytes of the character.
    var byteCount: Int { Int(count) }

    /// Appends the character's UTF-8 bytes.
    func appendUTF8(to bytes: inout [UInt8]) {
        if count == 1 {
            bytes.append(UInt8(truncatingIfNeeded: low))
            return
        }
        for index in 0..<Int(count) {
            let word = index < 8 ? low : high
            bytes.append(UInt8(truncatingIfNeeded: word >> (8 * UInt64(index % 8))))
        }
    }

    public var debugDescription: String {
        style == .plain ? text.debugDescription : "\(text.debugDescription) \(style)"
    }

    public static func == (left: TerminalCell, right: TerminalCell) -> Bool {
        left.low == right.low && left.high == right.high && left.style == right.style
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(low)
        hasher.combine(high)
        hasher.combine(style)
    }

    /// The bytes of `text` up to ``capacity``, cut after a whole scalar, with their count.
    private static func encode(_ text: String) -> (UInt64, UInt64) {
        let utf8 = text.utf8
        var count = utf8.count
        if count > capacity || (count > 3 && utf8.last == 0x8D) {
            let bytes = Array(utf8.prefix(capacity + 1))
            if count > capacity {
                // Back off to the start of the scalar the cut would split.
                count = capacity
                while count > 0 && bytes[count] & 0xC0 == 0x80 { count -= 1 }
            }
            // A joiner at the end would join the next cell's emoji to this one on a terminal.
            while count > 3 && bytes[(count - 3)..<count].elementsEqual([0xE2, 0x80, 0x8D]) { count -= 3 }
        }
        var low: UInt64 = 0
        var high: UInt64 = 0
        var index = 0
        for byte in utf8.prefix(count) {
            if index < 8 {
                low |= UInt64(byte) << (8 * UInt64(index))
            } else {
                high |= UInt64(byte) << (8 * UInt64(index - 8))
            }
            index += 1
        }
        return (low, high | UInt64(count) << 56)
    }
}
