import ScreenKit
@testable import ScreenRender

/// A tiny terminal for the writer's tests: it understands exactly what a terminal must for
/// the writer's output to show — text (wide characters taking two cells, autowrap), cursor
/// position (CUP), up, down, forward and back (CUU, CUD, CUF, CUB, CR), SGR, erase in display (ED) and in line (EL) —
/// and keeps the screen as frame cells.
struct TerminalEmulator {
    let width: Int
    let height: Int
    private(set) var cells: [TerminalCell]
    private var row = 0
    private var column = 0
    private var style = TerminalStyle.plain
    /// Sequences it did not understand, which the writer should never send.
    private(set) var unknown: [String] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: .blank, count: width * height)
    }

    mutating func apply(_ bytes: [UInt8]) {
        var index = 0
        var text: [UInt8] = []
        while index < bytes.count {
            if bytes[index] == 0x0D {
                show(text)
                text = []
                column = 0
                index += 1
                continue
            }
            guard bytes[index] == 0x1B else {
                text.append(bytes[index])
                index += 1
                continue
            }
            show(text)
            text = []
            guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") else {
                unknown.append("ESC")
                index += 1
                continue
            }
            var end = index + 2
            while end < bytes.count && !(0x40...0x7E).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else { unknown.append("cut"); break }
            let body = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
            control(body, final: Character(Unicode.Scalar(bytes[end])))
            index = end + 1
        }
        show(text)
    }

    private mutating func control(_ body: String, final: Character) {
        let numbers = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        func number(_ index: Int, default value: Int) -> Int {
            index < numbers.count && numbers[index] != 0 ? numbers[index] : value
        }
        switch final {
        case "H":
            row = min(number(0, default: 1), height) - 1
            column = min(number(1, default: 1), width) - 1
        case "A":
            row = max(row - number(0, default: 1), 0)
        case "B":
            row = min(row + number(0, default: 1), height - 1)
        case "C":
            column = min(column + number(0, default: 1), width - 1)
        case "D":
            column = max(min(column, width - 1) - number(0, default: 1), 0)
        case "J" where number(0, default: 0) == 2:
            for index in cells.indices { cells[index] = .blank }
        case "K":
            for x in column..<width { cells[row * width + x] = .blank }
        case "m":
            var codes = numbers.isEmpty ? [0] : numbers
            while !codes.isEmpty {
                let code = codes.removeFirst()
                if code == 38 || code == 48, let color = extendedColor(&codes) {
                    if code == 38 { style.foreground = color } else { style.background = color }
                } else {
                    sgr(code)
                }
            }
        default:
            unknown.append("CSI \(body)\(final)")
        }
    }

    /// The colour of `38;5;n`, `38;2;r;g;b` (or `48;…`) from the parameters after 38 or 48.
    private mutating func extendedColor(_ codes: inout [Int]) -> TerminalColor? {
        guard let kind = codes.first else { unknown.append("SGR 38/48 cut"); return nil }
        if kind == 5, codes.count >= 2, let color = TerminalColor(indexed: codes[1]) {
            codes.removeFirst(2)
            return color
        }
        if kind == 2, codes.count >= 4, codes[1...3].allSatisfy({ (0...255).contains($0) }) {
            defer { codes.removeFirst(4) }
            return TerminalColor(red: UInt8(codes[1]), green: UInt8(codes[2]), blue: UInt8(codes[3]))
        }
        unknown.append("SGR 38/48 \(codes)")
        codes = []
        return nil
    }

    private mutating func sgr(_ code: Int) {
        switch code {
        case 0: style = .plain
        case 1: style.bold = true
        case 2: style.dim = true
        case 4: style.underline = true
        case 7: style.reverse = true
        case 22: style.bold = false; style.dim = false
        case 24: style.underline = false
        case 27: style.reverse = false
        case 30...37: style.foreground = TerminalColor(palette: code - 30)
        case 90...97: style.foreground = TerminalColor(palette: code - 90 + 8)
        case 39: style.foreground = nil
        case 40...47: style.background = TerminalColor(palette: code - 40)
        case 100...107: style.background = TerminalColor(palette: code - 100 + 8)
        case 49: style.background = nil
        default: unknown.append("SGR \(code)")
        }
    }

    private mutating func show(_ bytes: [UInt8]) {
        for character in String(decoding: bytes, as: UTF8.self) {
            let cellWidth = TextLayout.cellWidth(of: character)
            guard cellWidth > 0 else { continue }
            if column + cellWidth > width {
                // Autowrap: the writer should never get here.
                unknown.append("wrap")
                column = 0
                row = min(row + 1, height - 1)
            }
            put(TerminalCell(text: String(character), style: style), column)
            if cellWidth == 2 { put(TerminalCell(text: "", style: style), column + 1) }
            column += cellWidth
        }
    }

    /// Writes a cell as a terminal does: a wide character overwritten by half loses its
    /// other half.
    private mutating func put(_ cell: TerminalCell, _ x: Int) {
        let index = row * width + x
        if cells[index].text.isEmpty && x > 0 && !cell.text.isEmpty {
            cells[index - 1] = TerminalCell(text: " ", style: cells[index - 1].style)
        }
        if x + 1 < width && cells[index + 1].text.isEmpty {
            cells[index + 1] = TerminalCell(text: " ", style: cells[index + 1].style)
        }
        cells[index] = cell
    }
}
