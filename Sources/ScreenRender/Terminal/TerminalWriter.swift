/// Turns frames into the bytes that show them on a terminal, writing after the first frame
/// only what changed.
///
/// The first frame, and the first after ``invalidate()`` or a change of size, is a full
/// redraw: attributes reset, the cursor home, the screen erased, then each row from its
/// first cell to its last one that is not a blank. After that, a frame writes only the cells
/// that differ from the last one: each run of changed cells on a row after one cursor move
/// (`CSI row;col H`, or a relative one — `CSI n A/B/C/D`, CR — when that is shorter), a
/// short unchanged gap inside a run printed again when that takes fewer bytes than moving
/// over it; attributes (`SGR`) only where the style changes; a wide character always whole,
/// from its left cell; after anything but ASCII, whose width terminals may see otherwise,
/// the next move is absolute or from the row's start. A frame equal to the last one writes
/// nothing. Every frame that set attributes ends with them reset, so whatever else is
/// written between frames starts from the default style.
///
/// Colours are written for the writer's ``TerminalColorDepth``: a palette colour as SGR 30–37
/// and 90–97 (40–47, 100–107 for the cell), an xterm colour as `38;5;n`, a 24-bit one as
/// `38;2;r;g;b` (`48;…` for the cell), each brought first to the nearest the depth shows
/// (see ``TerminalStyle/resolved(for:)``: text keeps its contrast on its cell); in
/// monochrome no colour is written at all, only the attributes.
///
/// The writer assumes the terminal shows what it wrote last, its width and height at least
/// the frame's; after a resize, or anything else drawn over it, call ``invalidate()``.
///
/// ```swift
/// var writer = TerminalWriter(colors: .indexed256)
/// output.write(writer.frame(frame))   // everything
/// frame.draw("Saved", column: 2, row: 3)
/// output.write(writer.frame(frame))   // "\u{1B}[4;3HSaved"
/// ```
public struct TerminalWriter {
    private var last: TerminalFrame?
    /// The colours the terminal shows.
    public let colors: TerminalColorDepth

    /// - Parameter colors: The colours the terminal shows; 24-bit unless told.
    public init(colors: TerminalColorDepth = .trueColor) {
        self.colors = colors
    }

    /// Makes the next frame a full redraw.
    public mutating func invalidate() {
        last = nil
    }

    /// The bytes that bring the terminal from the last frame to `new`.
    ///
    /// - Parameter new: The frame to show.
    /// - Returns: A full redraw for the first frame, after ``invalidate()`` or when the size
    ///   changed; otherwise the changes only, nothing when there are none.
    public mutating func frame(_ new: TerminalFrame) -> [UInt8] {
        var output = Output(depth: colors)
        if let old = last, old.width == new.width, old.height == new.height {
            if old != new {
                for row in 0..<new.height { output.update(row: row, from: old, to: new) }
            }
        } else {
            output.redraw(new)
        }
        output.finish()
        last = new
        return output.bytes
    }
}

/// The bytes being written for one frame, with where the cursor is and which style is set.
private struct Output {
    var bytes: [UInt8] = []
    /// The cursor's row and column; the column is nil after the last column was written,
    /// where terminals differ on what comes next.
    var row = -1
    var column: Int? = nil
    /// Whether only ASCII was written since the cursor was last placed: terminals disagree
    /// on the width of some characters (emoji above all), so after others the column is
    /// only known within the row and the next move does not count from it.
    var columnIsExact = true
    /// The style of the cells last written, as the frame has it.
    var style = TerminalStyle.plain
    /// That style as written: its colours those the terminal shows.
    var shown = TerminalStyle.plain
    let depth: TerminalColorDepth

    init(depth: TerminalColorDepth) {
        self.depth = depth
    }

    // MARK: - Frames

    mutating func redraw(_ frame: TerminalFrame) {
        bytes.reserveCapacity(frame.width * frame.height + 64)
        append("\u{1B}[0m\u{1B}[H\u{1B}[2J")
        row = 0
        column = 0
        let cells = frame.cells
        for y in 0..<frame.height {
            let base = y * frame.width
            var end = frame.width
            while end > 0 && cells[base + end - 1] == .blank { end -= 1 }
            guard end > 0 else { continue }
            move(row: y, column: 0)
            write(cells[base..<(base + end)], startingAt: 0, width: frame.width)
        }
    }

    /// Writes the changed cells of a row.
    mutating func update(row y: Int, from old: TerminalFrame, to new: TerminalFrame) {
        let width = new.width
        let base = y * width
        let oldCells = old.cells
        let newCells = new.cells
        var x = 0
        // Where the last run ended, if this row had one.
        var previousEnd: Int? = nil
        while x < width {
            guard oldCells[base + x] != newCells[base + x] else { x += 1; continue }
            var start = x
            if newCells[base + start].isContinuation && start > 0 { start -= 1 }
            var end = x + 1
            while end < width && oldCells[base + end] != newCells[base + end] { end += 1 }
            // A wide character's right half goes with it.
            if end < width && newCells[base + end].isContinuation { end += 1 }
            if let gapStart = previousEnd, gapStart < start, columnIsExact,
               let gapBytes = Self.plainBytes(newCells[(base + gapStart)..<(base + start)], style: style),
               gapBytes <= Self.forwardCost(start - gapStart) {
                start = gapStart
            } else {
                move(row: y, column: start)
            }
            write(newCells[(base + start)..<(base + end)], startingAt: start, width: width)
            previousEnd = end
            x = end
        }
    }

    /// Resets the attributes if the frame set any.
    mutating func finish() {
        if shown != .plain { setStyle(.plain) }
    }

    // MARK: - Writing

    /// Writes cells from a column, moving the cursor past them.
    private mutating func write(_ cells: ArraySlice<TerminalCell>, startingAt start: Int, width: Int) {
        var x = start
        for cell in cells {
            defer { x += 1 }
            if cell.isContinuation { continue }
            if cell.style != style { setStyle(cell.style) }
            if cell.byteCount > 1 { columnIsExact = false }
            cell.appendUTF8(to: &bytes)
        }
        column = x < width ? x : nil
    }

    /// The bytes of `cells` when each has the style `style` and none is a wide character's
    /// right half without its left; nil otherwise.
    private static func plainBytes(_ cells: ArraySlice<TerminalCell>, style: TerminalStyle) -> Int? {
        guard cells.first?.isContinuation != true else { return nil }
        var total = 0
        for cell in cells {
            guard cell.style == style else { return nil }
            total += cell.byteCount
        }
        return total
    }

    /// The bytes of `CSI n C`.
    private static func forwardCost(_ columns: Int) -> Int {
        columns == 1 ? 3 : 3 + digits(columns)
    }

    private static func digits(_ value: Int) -> Int {
        var value = value
        var count = 1
        while value >= 10 { value /= 10; count += 1 }
        return count
    }

    /// Moves the cursor with the fewest bytes: `CSI row;col H`, or from where it is by rows
    /// (`CSI n A`, `CSI n B`) and columns (`CSI n C`, `CSI n D`, or CR to the first).
    private mutating func move(row y: Int, column x: Int) {
        defer { (row, column, columnIsExact) = (y, x, true) }
        var absolute = "\u{1B}["
        if y > 0 || x > 0 { absolute += "\(y + 1)" }
        if x > 0 { absolute += ";\(x + 1)" }
        absolute += "H"
        guard row >= 0, let column else { return append(absolute) }
        var relative = ""
        if y < row { relative += Self.step(row - y, "A") }
        if y > row { relative += Self.step(y - row, "B") }
        let fromStart = "\r" + (x > 0 ? Self.step(x, "C") : "")
        if !columnIsExact {
            relative += fromStart
        } else if x > column {
            relative += Self.step(x - column, "C")
        } else if x < column {
            let back = Self.step(column - x, "D")
            relative += fromStart.utf8.count < back.utf8.count ? fromStart : back
        }
        append(relative.utf8.count < absolute.utf8.count ? relative : absolute)
    }

    /// A relative move of `count` cells: `CSI final` for one, `CSI count final` for more.
    private static func step(_ count: Int, _ final: Character) -> String {
        count == 1 ? "\u{1B}[\(final)" : "\u{1B}[\(count)\(final)"
    }

    private mutating func setStyle(_ wanted: TerminalStyle) {
        style = wanted
        // Runs of one style are the rule: a style is resolved once per run.
        let new = wanted == .plain ? .plain : depth == .trueColor ? wanted : wanted.resolved(for: depth)
        let old = shown
        guard new != old else { return }
        shown = new
        if new == .plain {
            append("\u{1B}[0m")
            return
        }
        let removes = (old.bold && !new.bold) || (old.dim && !new.dim) || (old.underline && !new.underline)
            || (old.reverse && !new.reverse) || (old.foreground != nil && new.foreground == nil)
            || (old.background != nil && new.background == nil)
        var parameters: [Int] = removes ? [0] : []
        let base = removes ? TerminalStyle.plain : old
        if new.bold && !base.bold { parameters.append(1) }
        if new.dim && !base.dim { parameters.append(2) }
        if new.underline && !base.underline { parameters.append(4) }
        if new.reverse && !base.reverse { parameters.append(7) }
        if let colour = new.foreground, colour != base.foreground { colour.appendParameters(background: false, to: &parameters) }
        if let colour = new.background, colour != base.background { colour.appendParameters(background: true, to: &parameters) }
        append("\u{1B}[" + parameters.map(String.init).joined(separator: ";") + "m")
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }
}
