import Testing
@testable import ScreenKit

@Suite("TextLayout")
struct TextLayoutTests {
    let fox = "The quick brown fox jumps over the lazy dog"
    let age = "Sie sind 42 Jahre alt."

    func lines(_ text: String, width: Int, lines: Int = 0, _ mode: LineBreakMode) -> [String] {
        TextLayout(text: text, width: width, lines: lines, lineBreakMode: mode).lines
    }

    // MARK: - One line

    @Test("text that fits shows unchanged in every mode", arguments: LineBreakMode.allCases)
    func fits(mode: LineBreakMode) {
        let layout = TextLayout(text: "Hello", width: 10, lines: 1, lineBreakMode: mode)
        #expect(layout.lines == ["Hello"])
        #expect(layout.size == GridSize(columns: 5, rows: 1))
        #expect(!layout.isTruncated)
        #expect(TextLayout(text: "Hello", width: 5, lines: 0, lineBreakMode: mode).lines == ["Hello"])
    }

    @Test("one line: clip cuts at the edge, the truncating modes put the ellipsis in their place")
    func oneLine() {
        #expect(lines(age, width: 12, lines: 1, .clip) == ["Sie sind 42 "])
        #expect(lines(age, width: 12, lines: 1, .truncateTail) == ["Sie sind 42…"])
        #expect(lines(age, width: 12, lines: 1, .truncateHead) == ["… Jahre alt."])
        #expect(lines(age, width: 12, lines: 1, .truncateMiddle) == ["Sie si… alt."])
        for mode in [LineBreakMode.clip, .truncateTail, .truncateHead, .truncateMiddle] {
            let layout = TextLayout(text: age, width: 12, lines: 1, lineBreakMode: mode)
            #expect(layout.isTruncated)
            #expect(layout.size == GridSize(columns: 12, rows: 1))
        }
    }

    @Test("one line of a wrapping mode is the first wrapped line, without an ellipsis")
    func oneLineWrapping() {
        let text = "Hello wonderful world"
        let word = TextLayout(text: text, width: 12, lines: 1, lineBreakMode: .wordWrap)
        #expect(word.lines == ["Hello"])
        #expect(word.isTruncated)
        #expect(lines(text, width: 12, lines: 1, .charWrap) == ["Hello wonder"])
        #expect(lines(text, width: 12, lines: 1, .clip) == ["Hello wonder"])
    }

    @Test("truncateMiddle gives the start the larger half")
    func middleSplit() {
        #expect(lines("abcdefghij", width: 6, lines: 1, .truncateMiddle) == ["abc…ij"])
        #expect(lines("abcdefghij", width: 7, lines: 1, .truncateMiddle) == ["abc…hij"])
        #expect(lines("abcdefghij", width: 2, lines: 1, .truncateMiddle) == ["a…"])
    }

    // MARK: - Several lines

    @Test("several lines: the truncating modes wrap by words and shorten only the last line")
    func lastOfSeveralLines() {
        #expect(lines(fox, width: 10, lines: 2, .truncateTail) == ["The quick", "brown fox…"])
        #expect(lines(fox, width: 10, lines: 2, .truncateHead) == ["The quick", "… lazy dog"])
        #expect(lines(fox, width: 10, lines: 2, .truncateMiddle) == ["The quick", "brown… dog"])
        #expect(lines(fox, width: 10, lines: 2, .clip) == ["The quick", "brown fox "])
        for mode in LineBreakMode.allCases {
            let layout = TextLayout(text: fox, width: 10, lines: 2, lineBreakMode: mode)
            #expect(layout.isTruncated)
            #expect(layout.size.rows == 2)
        }
    }

    @Test("with as many lines as needed, nothing is truncated in any mode", arguments: LineBreakMode.allCases)
    func unlimited(mode: LineBreakMode) {
        let layout = TextLayout(text: fox, width: 10, lines: 0, lineBreakMode: mode)
        let expected = mode == .charWrap
            ? ["The quick", "brown fox", "jumps over", "the lazy d", "og"]
            : ["The quick", "brown fox", "jumps over", "the lazy", "dog"]
        #expect(layout.lines == expected)
        #expect(!layout.isTruncated)
        #expect(layout.size == GridSize(columns: 10, rows: 5))
    }

    @Test("a limit shows at most that many lines and says whether text is hidden")
    func limits() {
        let all = ["The quick", "brown fox", "jumps over", "the lazy", "dog"]
        for limit in 1...7 {
            let layout = TextLayout(text: fox, width: 10, lines: limit, lineBreakMode: .wordWrap)
            #expect(layout.lines == Array(all.prefix(limit)))
            #expect(layout.isTruncated == (limit < 5))
        }
        #expect(TextLayout(text: fox, width: 10, lines: -1, lineBreakMode: .wordWrap).lines == all)
    }

    // MARK: - Word wrap

    @Test("a word longer than a line breaks between characters")
    func longWords() {
        #expect(lines("a supercalifragilistic word", width: 8, .wordWrap)
            == ["a", "supercal", "ifragili", "stic", "word"])
        #expect(lines("supercalifragilistic", width: 8, lines: 2, .wordWrap) == ["supercal", "ifragili"])
        #expect(lines("supercalifragilistic", width: 8, lines: 2, .truncateTail) == ["supercal", "ifragil…"])
    }

    @Test("spaces at a break are dropped; other spaces stay")
    func spaces() {
        #expect(lines("a  b   c", width: 10, .wordWrap) == ["a  b   c"])
        #expect(lines("a  b   c", width: 4, .wordWrap) == ["a  b", "c"])
        #expect(lines("ab    cd", width: 4, .wordWrap) == ["ab", "cd"])
        #expect(lines("ab  cd", width: 5, .wordWrap) == ["ab", "cd"])
        #expect(lines("  ab", width: 10, .wordWrap) == ["  ab"])
        #expect(lines("     ab", width: 4, .wordWrap) == ["ab"])
        #expect(lines("ab  ", width: 3, .wordWrap) == ["ab"])
        #expect(lines("ab  ", width: 4, .wordWrap) == ["ab  "])
    }

    @Test("no-break spaces hold words together")
    func noBreakSpace() {
        #expect(lines("x a b", width: 3, .wordWrap) == ["x a", "b"])
        #expect(lines("x a\u{00A0}b", width: 3, .wordWrap) == ["x", "a\u{00A0}b"])
    }

    @Test("explicit newlines always break lines; a final newline adds no line")
    func newlines() {
        let text = "one\ntwo\n\nthree\n"
        #expect(lines(text, width: 10, .wordWrap) == ["one", "two", "", "three"])
        #expect(lines(text, width: 10, .truncateTail) == ["one", "two", "", "three"])
        #expect(lines(text, width: 10, lines: 1, .clip) == ["one"])
        #expect(lines("a\r\nb\rc", width: 10, .wordWrap) == ["a", "b", "c"])
        #expect(lines("\n", width: 10, .wordWrap) == [""])
        #expect(lines("one two\nthree", width: 5, .wordWrap) == ["one", "two", "three"])
    }

    @Test("hidden lines after a line that fits put the ellipsis at its end")
    func hiddenParagraphs() {
        let text = "one\ntwo\n\nthree"
        for mode in [LineBreakMode.truncateTail, .truncateHead, .truncateMiddle] {
            let layout = TextLayout(text: text, width: 10, lines: 2, lineBreakMode: mode)
            #expect(layout.lines == ["one", "two…"])
            #expect(layout.isTruncated)
        }
        let clipped = TextLayout(text: text, width: 10, lines: 2, lineBreakMode: .clip)
        #expect(clipped.lines == ["one", "two"])
        #expect(clipped.isTruncated)
        #expect(lines("ab  \ncd", width: 10, lines: 1, .truncateTail) == ["ab…"])
        #expect(lines("abc\ncd", width: 3, lines: 1, .truncateTail) == ["ab…"])
    }

    // MARK: - Char wrap

    @Test("charWrap breaks between any characters")
    func charWrap() {
        #expect(lines("abcdefgh", width: 3, .charWrap) == ["abc", "def", "gh"])
        #expect(lines("abc def", width: 4, .charWrap) == ["abc", "def"])
        #expect(lines("abcd efg", width: 4, .charWrap) == ["abcd", "efg"])
        #expect(lines("ab cdef", width: 4, .charWrap) == ["ab c", "def"])
        #expect(lines("ab cdef", width: 4, .wordWrap) == ["ab", "cdef"])
        let limited = TextLayout(text: "abcdefgh", width: 3, lines: 2, lineBreakMode: .charWrap)
        #expect(limited.lines == ["abc", "def"])
        #expect(limited.isTruncated)
    }

    // MARK: - Measuring

    @Test("measure gives what sizeThatFits gives on the grid")
    func measure() {
        #expect(TextLayout.measure(text: "one two three", width: 8, lines: 0, lineBreakMode: .wordWrap)
            == GridSize(columns: 7, rows: 2))
        #expect(TextLayout.measure(text: "one two three", width: .max, lines: 0, lineBreakMode: .wordWrap)
            == GridSize(columns: 13, rows: 1))
        #expect(TextLayout.measure(text: "one two three", width: 8, lines: 1, lineBreakMode: .truncateTail)
            == GridSize(columns: 8, rows: 1))
        #expect(TextLayout.measure(text: fox, width: 12, lines: 3, lineBreakMode: .truncateTail)
            == GridSize(columns: 12, rows: 3))
        #expect(TextLayout.measure(text: "a\nlonger\n", width: 80, lines: 0, lineBreakMode: .truncateTail)
            == GridSize(columns: 6, rows: 2))
        #expect(TextLayout.measure(text: "", width: 80, lines: 0, lineBreakMode: .wordWrap) == .zero)
    }

    // MARK: - Widths

    @Test("no width shows nothing; empty text is no lines", arguments: LineBreakMode.allCases)
    func degenerate(mode: LineBreakMode) {
        for width in [0, -3] {
            let layout = TextLayout(text: "abc", width: width, lines: 0, lineBreakMode: mode)
            #expect(layout.lines.isEmpty)
            #expect(layout.size == .zero)
            #expect(layout.isTruncated)
        }
        let empty = TextLayout(text: "", width: 10, lines: 1, lineBreakMode: mode)
        #expect(empty == TextLayout(text: "", width: 10, lines: 0, lineBreakMode: .clip))
        #expect(empty.lines.isEmpty && empty.size == .zero && !empty.isTruncated)
    }

    @Test("a width of 1 truncates to just the ellipsis")
    func widthOne() {
        for mode in [LineBreakMode.truncateTail, .truncateHead, .truncateMiddle] {
            #expect(lines("abc", width: 1, lines: 1, mode) == ["…"])
        }
        #expect(lines("abc", width: 1, lines: 1, .clip) == ["a"])
        #expect(lines("ab cd", width: 1, .wordWrap) == ["a", "b", "c", "d"])
        #expect(lines("a", width: 1, lines: 1, .truncateTail) == ["a"])
    }

    @Test("tabs are one space and control characters are dropped")
    func tabsAndControls() {
        #expect(lines("a\tb\u{7}c", width: 10, .wordWrap) == ["a bc"])
        #expect(lines("a\tb", width: 2, .wordWrap) == ["a", "b"])
    }

    // MARK: - Wide characters

    @Test("wide characters and emoji take two cells")
    func cellWidths() {
        #expect(TextLayout.cellWidth(of: "a") == 1)
        #expect(TextLayout.cellWidth(of: "e\u{301}") == 1)
        #expect(TextLayout.cellWidth(of: "ä") == 1)
        #expect(TextLayout.cellWidth(of: "…") == 1)
        #expect(TextLayout.cellWidth(of: "漢") == 2)
        #expect(TextLayout.cellWidth(of: "テ") == 2)
        #expect(TextLayout.cellWidth(of: "한") == 2)
        #expect(TextLayout.cellWidth(of: "Ａ") == 2)
        #expect(TextLayout.cellWidth(of: "ｱ") == 1)
        #expect(TextLayout.cellWidth(of: "👍") == 2)
        #expect(TextLayout.cellWidth(of: "👍🏽") == 2)
        #expect(TextLayout.cellWidth(of: "🇩🇪") == 2)
        #expect(TextLayout.cellWidth(of: "↔\u{FE0F}") == 2)
        #expect(TextLayout.cellWidth(of: "↔") == 1)
        #expect(TextLayout.cellWidth(of: "⌚\u{FE0E}") == 1)
        #expect(TextLayout.cellWidth(of: "\t") == 1)
        #expect(TextLayout.cellWidth(of: "\u{7}") == 0)
        #expect(TextLayout.cellWidth(of: "\n") == 0)
    }

    @Test("wide characters are laid out by their cells")
    func wideLayout() {
        let text = "日本語のテキスト"
        let wrapped = TextLayout(text: text, width: 7, lines: 0, lineBreakMode: .charWrap)
        #expect(wrapped.lines == ["日本語", "のテキ", "スト"])
        #expect(wrapped.size == GridSize(columns: 6, rows: 3))
        #expect(lines(text, width: 7, lines: 1, .truncateTail) == ["日本語…"])
        #expect(lines(text, width: 8, lines: 1, .truncateHead) == ["…キスト"])
        #expect(lines("漢字 kanji", width: 5, .wordWrap) == ["漢字", "kanji"])
        #expect(TextLayout.measure(text: "👍 ok", width: 80, lines: 1, lineBreakMode: .clip)
            == GridSize(columns: 5, rows: 1))
        let tooWide = TextLayout(text: "漢", width: 1, lines: 0, lineBreakMode: .wordWrap)
        #expect(tooWide.lines == [""])
        #expect(tooWide.isTruncated)
    }

    // MARK: - Invariants

    @Test("no line is wider than the width or past the limit, and the size matches the lines",
          arguments: LineBreakMode.allCases)
    func invariants(mode: LineBreakMode) {
        let texts = [fox, age, "a  b\n\n  c d\te", "日本語 のテキスト 👍🏽 ok", "supercalifragilistic x", " ", "\n\n"]
        for text in texts {
            for width in 1...14 {
                for limit in 0...4 {
                    let layout = TextLayout(text: text, width: width, lines: limit, lineBreakMode: mode)
                    let widths = layout.lines.map { $0.reduce(0) { $0 + TextLayout.cellWidth(of: $1) } }
                    #expect(widths.allSatisfy { $0 <= width }, "\(text) \(width) \(limit)")
                    #expect(limit == 0 || layout.lines.count <= limit)
                    #expect(layout.size == GridSize(columns: widths.max() ?? 0, rows: widths.count))
                    let unlimited = TextLayout(text: text, width: width, lines: 0, lineBreakMode: mode)
                    #expect(layout.isTruncated == (layout.lines != unlimited.lines || unlimited.isTruncated))
                }
            }
        }
    }

    @Test("line break modes are named as scripts name them")
    func names() {
        #expect(LineBreakMode.allCases.map(\.rawValue)
            == ["clip", "truncateHead", "truncateTail", "truncateMiddle", "wordWrap", "charWrap"])
        #expect(LineBreakMode(rawValue: "wordWrap") == .wordWrap)
    }
}
