/// Text laid out in lines on the text renderer's character grid, as a `UILabel` lays it out.
///
/// Widths are counted in cells (one cell is 8×16 points): one character is one cell, East
/// Asian wide characters and emoji are two (see ``cellWidth(of:)``). A tab becomes one space
/// and other control characters are dropped, so ``lines`` hold only what the renderer draws.
///
/// The rules, UIKit's as far as a grid can follow them:
/// - An explicit newline always ends a line; a newline at the very end of the text adds no
///   empty line.
/// - Lines break at spaces (`wordWrap`) or between any characters (`charWrap`); a word longer
///   than a line breaks between characters. Spaces at a break are dropped, so no wrapped line
///   starts or ends with the spaces that separated it from its neighbour; other spaces stay.
/// - `clip` and the three truncating modes wrap like `wordWrap`, too, when more than one line
///   is allowed. When the text needs more lines than allowed, UIKit changes only the last
///   visible line: here it becomes the rest of its paragraph (everything up to the next
///   newline), fitted into the width by the mode — `clip` cuts it, `truncateTail` keeps its
///   start and ends it with "…", `truncateHead` shows "…" and its end, `truncateMiddle` its
///   start, "…" and its end. If that rest fits but whole lines after it are hidden, the "…"
///   goes at its end in every truncating mode, the one place where text is missing.
///   With one line this truncates the first paragraph as a whole, as a one-line label does.
/// - `wordWrap` and `charWrap` show the first lines that fit, without an ellipsis.
/// - The ellipsis "…" takes one cell; with a width of 1, a truncated line is just "…".
///
/// ```swift
/// let layout = TextLayout(text: "Sie sind 42 Jahre alt.", width: 12, lines: 2, lineBreakMode: .truncateTail)
/// layout.lines         // ["Sie sind 42", "Jahre alt."]
/// TextLayout(text: "Sie sind 42 Jahre alt.", width: 12, lines: 1, lineBreakMode: .truncateMiddle).lines
/// // ["Sie si… alt."]
/// ```
public nonisolated struct TextLayout: Equatable, Sendable {
    /// The visible lines, each at most the layout's width in cells.
    public let lines: [String]
    /// The cells the lines take: the widest line's width and the number of lines.
    public let size: GridSize
    /// Whether some of the text is not shown: lines left out, cut off or replaced by "…".
    public let isTruncated: Bool

    /// Lays out text in lines of at most `width` cells.
    ///
    /// - Parameters:
    ///   - text: The text to show; it is never changed, only what shows of it.
    ///   - width: The width of a line in cells; 0 or less shows nothing.
    ///   - lines: The most lines to show, like `numberOfLines`; 0 (or less) shows as many as
    ///     the text needs.
    ///   - lineBreakMode: How lines break and how text that does not fit is shortened.
    public init(text: String, width: Int, lines: Int, lineBreakMode: LineBreakMode) {
        let paragraphs = Self.paragraphs(of: text)
        guard width > 0, !paragraphs.isEmpty else {
            self.lines = []
            self.size = .zero
            self.isTruncated = !paragraphs.isEmpty
            return
        }
        let limit = lines > 0 ? lines : Int.max
        // One line more than the limit is enough to know that text is hidden.
        let spans = Self.wrap(
            paragraphs, width: width, byCharacters: lineBreakMode == .charWrap,
            upTo: limit == Int.max ? Int.max : limit + 1
        )
        var truncated = spans.count > limit
        let visible = spans.prefix(limit)
        var result: [String] = []
        result.reserveCapacity(visible.count)
        var columns = 0
        for (index, span) in visible.enumerated() {
            let paragraph = paragraphs[span.paragraph]
            var line: [Cell]
            if truncated && index == visible.count - 1 && lineBreakMode.shortensLastLine {
                // Only the last line of a truncated label is shortened, as in UIKit.
                line = Self.fitted(
                    paragraph[span.start...], width: width, mode: lineBreakMode,
                    textFollows: span.paragraph < paragraphs.count - 1
                )
            } else {
                line = Array(paragraph[span.start..<span.end])
            }
            if Self.width(of: line[...]) > width {
                // Only a wide character in a line one cell wide gets here: it cannot show.
                line = Array(Self.prefix(of: line[...], fitting: width))
                truncated = true
            }
            columns = max(columns, Self.width(of: line[...]))
            result.append(String(line.map(\.character)))
        }
        self.lines = result
        self.size = GridSize(columns: columns, rows: result.count)
        self.isTruncated = truncated
    }

    /// The cells a label needs to show text: `UILabel`'s `sizeThatFits` on the grid.
    ///
    /// The size is that of the laid-out lines, so it is never wider than `width`; pass
    /// `Int.max` as the width for the size of the text on lines of unlimited length.
    ///
    /// ```swift
    /// TextLayout.measure(text: "one two three", width: 8, lines: 0, lineBreakMode: .wordWrap)
    /// // GridSize(columns: 7, rows: 2): "one two" / "three"
    /// ```
    ///
    /// - Parameters:
    ///   - text: The label's text.
    ///   - width: The widest a line may be, in cells.
    ///   - lines: The most lines, like `numberOfLines`; 0 for as many as needed.
    ///   - lineBreakMode: The label's line break mode.
    /// - Returns: The widest line's width and the number of lines.
    public static func measure(text: String, width: Int, lines: Int, lineBreakMode: LineBreakMode) -> GridSize {
        TextLayout(text: text, width: width, lines: lines, lineBreakMode: lineBreakMode).size
    }

    // MARK: - Cells

    /// A character as it shows on the grid, with its width in cells.
    struct Cell: Equatable {
        var character: Character
        var width: Int

        /// Whether a line may break here. No-break spaces hold words together, as in UIKit.
        var isSpace: Bool {
            character.isWhitespace && character != "\u{00A0}" && character != "\u{2007}"
                && character != "\u{202F}"
        }
    }

    private static let ellipsis = Cell(character: "\u{2026}", width: 1)

    /// The text split at newlines, each paragraph as the cells it shows.
    static func paragraphs(of text: String) -> [[Cell]] {
        var paragraphs: [[Cell]] = []
        var current: [Cell] = []
        var endsWithNewline = false
        for character in text {
            endsWithNewline = character.isNewline
            if endsWithNewline {
                paragraphs.append(current)
                current.removeAll(keepingCapacity: true)
            } else if character == "\t" {
                current.append(Cell(character: " ", width: 1))
            } else {
                let width = cellWidth(of: character)
                if width > 0 { current.append(Cell(character: character, width: width)) }
            }
        }
        if !text.isEmpty && !endsWithNewline { paragraphs.append(current) }
        return paragraphs
    }

    static func width(of cells: ArraySlice<Cell>) -> Int {
        cells.reduce(0) { $0 + $1.width }
    }

    // MARK: - Wrapping

    /// One line of a layout: the cells `start..<end` of a paragraph.
    struct Span: Equatable {
        var paragraph: Int
        var start: Int
        var end: Int
    }

    /// Breaks paragraphs into lines of at most `width` cells, stopping after `maximum` lines.
    static func wrap(_ paragraphs: [[Cell]], width: Int, byCharacters: Bool, upTo maximum: Int) -> [Span] {
        var spans: [Span] = []
        for (index, cells) in paragraphs.enumerated() {
            var breaker = LineBreaker(paragraph: index, cells: cells, width: width)
            if byCharacters {
                breaker.breakBetweenCharacters(into: &spans, upTo: maximum)
            } else {
                breaker.breakBetweenWords(into: &spans, upTo: maximum)
            }
            if spans.count >= maximum { break }
        }
        return spans
    }

    /// The state of breaking one paragraph into lines.
    struct LineBreaker {
        let paragraph: Int
        let cells: [Cell]
        let width: Int
        /// Where the current line starts.
        var start = 0
        /// Where the scan is.
        var index = 0
        /// The width of `start..<index`.
        var used = 0

        init(paragraph: Int, cells: [Cell], width: Int) {
            self.paragraph = paragraph
            self.cells = cells
            self.width = width
        }

        mutating func breakBetweenWords(into spans: inout [Span], upTo maximum: Int) {
            let first = spans.count
            while index < cells.count && spans.count < maximum {
                let runStart = index
                let isSpace = cells[index].isSpace
                var runWidth = 0
                while index < cells.count && cells[index].isSpace == isSpace {
                    runWidth += cells[index].width
                    index += 1
                }
                if used + runWidth <= width {
                    used += runWidth
                } else if isSpace {
                    // Spaces that pass the edge end the line; the next one starts after them.
                    endLine(at: runStart, into: &spans)
                } else {
                    // A word that does not fit goes to a new line, and if it is longer than a
                    // line, it breaks between characters.
                    endLine(at: runStart, into: &spans)
                    if runWidth > width {
                        breakWord(from: runStart, to: index, into: &spans, upTo: maximum)
                    } else {
                        used = runWidth
                    }
                }
            }
            finish(into: &spans, upTo: maximum, first: first)
        }

        mutating func breakBetweenCharacters(into spans: inout [Span], upTo maximum: Int) {
            let first = spans.count
            while index < cells.count && spans.count < maximum {
                let cell = cells[index]
                if used + cell.width > width && index > start {
                    endLine(at: index, into: &spans)
                } else {
                    used += cell.width
                    index += 1
                }
            }
            finish(into: &spans, upTo: maximum, first: first)
        }

        /// Breaks the word `from..<to`, which starts a line, between characters.
        private mutating func breakWord(from: Int, to: Int, into spans: inout [Span], upTo maximum: Int) {
            used = 0
            for position in from..<to {
                if used + cells[position].width > width && position > start {
                    guard spans.count < maximum else { return }
                    spans.append(Span(paragraph: paragraph, start: start, end: position))
                    start = position
                    used = 0
                }
                used += cells[position].width
            }
        }

        /// Ends the current line before `end`, dropping the spaces around the break, and
        /// starts the next line at the first cell after `end` that is not a space.
        private mutating func endLine(at end: Int, into spans: inout [Span]) {
            var last = end
            while last > start && cells[last - 1].isSpace { last -= 1 }
            // A line made only of spaces would be just the break: leave it out.
            if last > start { spans.append(Span(paragraph: paragraph, start: start, end: last)) }
            var next = end
            while next < cells.count && cells[next].isSpace { next += 1 }
            start = next
            index = max(index, next)
            used = width(from: start, to: index)
        }

        /// Adds the paragraph's last line; an empty paragraph is an empty line.
        private mutating func finish(into spans: inout [Span], upTo maximum: Int, first: Int) {
            guard spans.count < maximum, start < cells.count || spans.count == first else { return }
            spans.append(Span(paragraph: paragraph, start: start, end: cells.count))
        }

        private func width(from: Int, to: Int) -> Int {
            TextLayout.width(of: cells[from..<to])
        }
    }

    // MARK: - Truncation

    /// The last visible line: `rest` (the rest of its paragraph) shortened to `width` cells
    /// by `mode`. `textFollows` says whether paragraphs after it are hidden.
    static func fitted(_ rest: ArraySlice<Cell>, width: Int, mode: LineBreakMode, textFollows: Bool) -> [Cell] {
        var rest = rest
        var restWidth = Self.width(of: rest)
        if restWidth > width || textFollows {
            // Spaces at the end would hang past the edge or stand before the ellipsis.
            while let last = rest.last, last.isSpace {
                rest.removeLast()
                restWidth -= last.width
            }
        }
        let overflows = restWidth > width
        guard overflows || textFollows else { return Array(rest) }
        switch mode {
        case .clip, .wordWrap, .charWrap:
            // The wrapping modes show whole wrapped lines and never get here.
            return Array(prefix(of: rest, fitting: width))
        case .truncateTail:
            return prefix(of: rest, fitting: width - 1) + [ellipsis]
        case .truncateHead:
            guard overflows else { return prefix(of: rest, fitting: width - 1) + [ellipsis] }
            return [ellipsis] + suffix(of: rest, fitting: width - 1)
        case .truncateMiddle:
            guard overflows else { return prefix(of: rest, fitting: width - 1) + [ellipsis] }
            // The start gets the larger half of the room, as UIKit favours the start.
            let room = width - 1
            let head = prefix(of: rest, fitting: (room + 1) / 2)
            let tail = suffix(of: rest, fitting: room - Self.width(of: head))
            return head + [ellipsis] + tail
        }
    }

    /// The longest start of `cells` at most `width` cells wide.
    static func prefix(of cells: ArraySlice<Cell>, fitting width: Int) -> ArraySlice<Cell> {
        var used = 0
        var end = cells.startIndex
        while end < cells.endIndex && used + cells[end].width <= width {
            used += cells[end].width
            end += 1
        }
        return cells[cells.startIndex..<end]
    }

    /// The longest end of `cells` at most `width` cells wide.
    static func suffix(of cells: ArraySlice<Cell>, fitting width: Int) -> ArraySlice<Cell> {
        var used = 0
        var start = cells.endIndex
        while start > cells.startIndex && used + cells[start - 1].width <= width {
            used += cells[start - 1].width
            start -= 1
        }
        return cells[start..<cells.endIndex]
    }
}
