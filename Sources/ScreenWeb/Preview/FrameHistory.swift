/// The SVG the browsers were last sent, and what to send them when the screen changes: the
/// lines that changed (a patch) rather than the whole document, when that is smaller.
///
/// The SVG renderer writes one element per line, in drawing order, and the same screen is
/// always the same text, so a change on screen is a change of a few lines: a label's new
/// text is its one `<text>` line. A patch is a list of hunks, each replacing `remove` lines
/// at `start` of the last document with `lines`; positions count in the last document, and
/// the page applies the hunks from the last to the first. Lines the same at both ends are
/// left out, and where the middle has as many lines before and after, only the runs that
/// differ are sent.
///
/// ```swift
/// var history = FrameHistory()
/// history.update(to: svg)        // .whole(svg): the first frame
/// history.update(to: svg)        // nil: nothing changed
/// history.update(to: changed)    // .patch([Hunk(start: 12, remove: 1, lines: ["<text …>Saved</text>"])])
/// ```
struct FrameHistory {
    struct Hunk: Equatable, Encodable {
        var start: Int
        var remove: Int
        var lines: [String]
    }

    enum Change: Equatable {
        case whole(String)
        case patch([Hunk])
    }

    /// The last document, and its lines.
    private(set) var document = ""
    private var lines: [Substring] = []
    /// Counts the documents sent: a patch goes from `sequence - 1` to `sequence`.
    private(set) var sequence = 0
    private var isEmpty = true

    /// Takes `svg` as the document now shown.
    ///
    /// - Returns: nil when it is the same as the last; otherwise what brings the last to it,
    ///   a patch or, for the first document and where a patch is not smaller, the whole.
    mutating func update(to svg: String) -> Change? {
        guard isEmpty || svg != document else { return nil }
        let newLines = svg.split(separator: "\n", omittingEmptySubsequences: false)
        let change: Change
        if isEmpty {
            change = .whole(svg)
        } else {
            let hunks = Self.hunks(from: lines, to: newLines)
            let size = hunks.reduce(0) { $0 + $1.lines.reduce(0) { $0 + $1.utf8.count + 1 } + 24 }
            change = size < svg.utf8.count ? .patch(hunks) : .whole(svg)
        }
        document = svg
        lines = newLines
        sequence += 1
        isEmpty = false
        return change
    }

    /// The hunks that turn `old` into `new`.
    static func hunks(from old: [Substring], to new: [Substring]) -> [Hunk] {
        var start = 0
        let common = min(old.count, new.count)
        while start < common && old[start] == new[start] { start += 1 }
        var oldEnd = old.count, newEnd = new.count
        while oldEnd > start && newEnd > start && old[oldEnd - 1] == new[newEnd - 1] {
            oldEnd -= 1
            newEnd -= 1
        }
        guard oldEnd - start == newEnd - start else {
            return [Hunk(start: start, remove: oldEnd - start, lines: new[start..<newEnd].map(String.init))]
        }
        // As many lines on both sides: the same elements, some with new values.
        var hunks: [Hunk] = []
        var index = start
        while index < oldEnd {
            guard old[index] != new[index] else {
                index += 1
                continue
            }
            var end = index + 1
            while end < oldEnd && old[end] != new[end] { end += 1 }
            hunks.append(Hunk(start: index, remove: end - index, lines: new[index..<end].map(String.init)))
            index = end
        }
        return hunks
    }
}
