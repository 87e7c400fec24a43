/// The script errors of a session waiting to be read, shown one at a time as a panel over
/// the screen: a title that counts them ("Script error 1 of 3"), the callback that raised the
/// error, the message and the traceback, wrapped to the panel's width. Text taller than the
/// panel scrolls (the arrows, the page keys, Home and End, the wheel), and its last line
/// says which lines show. Esc closes the one shown and shows the next.
///
/// ```swift
/// var panel = ErrorPanel()
/// panel.add(.init(context: "timer callback scheduled at main.lua:4", message: "main.lua:5: boom", traceback: nil))
/// let box = panel.layout(columns: 100, rows: 39)   // the lines to draw, and where
/// panel.scroll(by: 1, columns: 100, rows: 39)      // ↓
/// panel.dismiss()                                 // Esc
/// ```
public struct ErrorPanel: Equatable {
    public struct Entry: Equatable, Encodable {
        public var context: String
        public var message: String
        public var traceback: String?

        public init(context: String, message: String, traceback: String?) {
            self.context = context
            self.message = message
            self.traceback = traceback
        }
    }

    /// The errors not yet closed, oldest first; the first is shown.
    public private(set) var entries: [Entry] = []
    /// How many errors the queue has held since it was last empty, so the title can say
    /// "2 of 3" after the first was closed.
    private var closed = 0
    /// How many lines of the shown error's text are scrolled out above the panel.
    private var offset = 0

    /// The most errors kept waiting; later ones are only in the log.
    public static let limit = 100

    public init() {}

    public var isShown: Bool { !entries.isEmpty }

    public mutating func add(_ entry: Entry) {
        guard entries.count < Self.limit else { return }
        entries.append(entry)
    }

    /// Closes the error shown; returns whether one was.
    @discardableResult
    public mutating func dismiss() -> Bool {
        guard !entries.isEmpty else { return false }
        entries.removeFirst()
        closed = entries.isEmpty ? 0 : closed + 1
        offset = 0
        return true
    }

    /// Scrolls the text of the error shown by `lines` (down when positive), as far as there
    /// is text, for a panel laid out in `columns`×`rows`; returns whether it moved.
    @discardableResult
    public mutating func scroll(by lines: Int, columns: Int, rows: Int) -> Bool {
        guard let shape = shape(columns: columns, rows: rows) else { return false }
        let (sum, overflow) = offset.addingReportingOverflow(lines)
        let new = Self.clamp(overflow ? (lines > 0 ? .max : .min) : sum, shape.body.count - shape.shown)
        guard new != Self.clamp(offset, shape.body.count - shape.shown) else { return false }
        offset = new
        return true
    }

    /// How many lines a page of the text is, in `rows`: the lines shown less one.
    public func page(rows: Int) -> Int { max(1, rows - 4) }

    private static func clamp(_ offset: Int, _ maximum: Int) -> Int {
        min(max(0, offset), max(0, maximum))
    }

    /// The panel's width, the text of the error shown wrapped to it, and how many of its
    /// lines show at once: all of them, or the rows less the frame and the line saying
    /// which show.
    private func shape(columns: Int, rows: Int) -> (width: Int, body: [String], shown: Int)? {
        guard let entry = entries.first, columns >= 12, rows >= 4 else { return nil }
        let width = min(columns - 2, 100)
        let inner = width - 4
        var body = Self.wrap("in " + entry.context, width: inner) + [""] + Self.wrap(entry.message, width: inner)
        if let traceback = entry.traceback, !traceback.isEmpty {
            body += [""] + Self.wrap(traceback, width: inner)
        }
        let room = rows - 2
        return (width, body, body.count > room ? room - 1 : body.count)
    }

    /// The panel as lines of equal width (a box drawn with line characters), and the terminal
    /// cell of its top-left corner: centred, at most 100 columns wide and as tall as its text
    /// needs, within `columns`×`rows` (the rows above the status line).
    public func layout(columns: Int, rows: Int) -> (column: Int, row: Int, lines: [String])? {
        guard let (width, text, shown) = shape(columns: columns, rows: rows) else { return nil }
        let inner = width - 4
        let title = " Script error \(closed + 1) of \(closed + entries.count) "
        var body = text
        var footer = " Esc closes "
        if shown < text.count {
            let first = Self.clamp(offset, text.count - shown)
            body = Array(text[first..<first + shown])
            body.append("lines \(first + 1)–\(first + shown) of \(text.count); all of it is in the error log")
            footer = " ↑↓ PgUp PgDn scroll · Esc closes "
            if footer.count > width - 4 { footer = " Esc closes " }
        }
        var lines = ["┌─" + Self.pad(title, to: width - 3, with: "─") + "┐"]
        lines += body.map { "│ " + Self.pad($0, to: inner, with: " ") + " │" }
        lines.append("└" + Self.pad("", to: width - 2 - footer.count - 1, with: "─") + footer + "─┘")
        let column = (columns - width) / 2
        let row = max(0, (rows - lines.count) / 2)
        return (column, row, lines)
    }

    /// `text` cut into lines of at most `width` characters: at its newlines, then at the last
    /// space that fits, or mid-word when there is none; tabs become two spaces.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.replacingOccurrences(of: "\t", with: "  ").split(separator: "\n", omittingEmptySubsequences: false) {
            var rest = Array(paragraph)
            if rest.isEmpty { lines.append("") }
            while !rest.isEmpty {
                if rest.count <= width {
                    lines.append(String(rest))
                    break
                }
                let space = rest[0...width].lastIndex(of: " ").flatMap { $0 > 0 ? $0 : nil }
                let end = space ?? width
                lines.append(String(rest[..<end]))
                rest = Array(rest[(space.map { $0 + 1 } ?? end)...])
            }
        }
        return lines
    }

    private static func pad(_ text: String, to width: Int, with filler: Character) -> String {
        let characters = Array(text)
        if characters.count >= width { return String(characters.prefix(max(0, width))) }
        return text + String(repeating: filler, count: width - characters.count)
    }
}
