/// The script errors of a session waiting to be read, shown one at a time as a panel over
/// the screen: a title that counts them ("Script error 1 of 3"), the callback that raised the
/// error, the message and the traceback, wrapped to the panel's width and cut to its height
/// (the whole text is in the error log). Esc closes the one shown and shows the next.
///
/// ```swift
/// var panel = ErrorPanel()
/// panel.add(.init(context: "timer callback scheduled at main.lua:4", message: "main.lua:5: boom", traceback: nil))
/// let box = panel.layout(columns: 100, rows: 39)   // the lines to draw, and where
/// panel.dismiss()                                 // Esc
/// ```
public struct ErrorPanel: Equatable {
    public struct Entry: Equatable {
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
        return true
    }

    /// The panel as lines of equal width (a box drawn with line characters), and the terminal
    /// cell of its top-left corner: centred, at most 100 columns wide and as tall as its text
    /// needs, within `columns`×`rows` (the rows above the status line).
    public func layout(columns: Int, rows: Int) -> (column: Int, row: Int, lines: [String])? {
        guard let entry = entries.first, columns >= 12, rows >= 4 else { return nil }
        let width = min(columns - 2, 100)
        let inner = width - 4
        let title = " Script error \(closed + 1) of \(closed + entries.count) "
        var body = Self.wrap("in " + entry.context, width: inner) + [""] + Self.wrap(entry.message, width: inner)
        if let traceback = entry.traceback, !traceback.isEmpty {
            body += [""] + Self.wrap(traceback, width: inner)
        }
        let room = rows - 2
        if body.count > room {
            let cut = body.count - (room - 1)
            body = Array(body.prefix(room - 1)) + ["… \(cut) more line\(cut == 1 ? "" : "s") in the error log"]
        }
        let footer = " Esc closes "
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
