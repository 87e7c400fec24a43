#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
/// Lines are found and compared as UTF-8 bytes: a frame of an iPhone screen is some 500
/// lines, and splitting it by characters would cost more than drawing it.
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

    /// The last document, its bytes, and where each of its lines is in them.
    private(set) var document = ""
    private var bytes: [UInt8] = []
    private var lines: [Range<Int>] = []
    /// Counts the documents sent: a patch goes from `sequence - 1` to `sequence`.
    private(set) var sequence = 0
    private var isEmpty = true

    /// Takes `svg` as the document now shown.
    ///
    /// - Returns: nil when it is the same as the last; otherwise what brings the last to it,
    ///   a patch or, for the first document and where a patch is not smaller, the whole.
    mutating func update(to svg: String) -> Change? {
        guard isEmpty || svg != document else { return nil }
        let newBytes = Array(svg.utf8)
        let newLines = Self.lines(of: newBytes)
        let change: Change
        if isEmpty {
            change = .whole(svg)
        } else {
            let (old, oldLines) = (bytes, lines)
            let hunks = Self.hunks(oldCount: oldLines.count, newCount: newLines.count) { oldLine, newLine in
                Self.same(old, oldLines[oldLine], newBytes, newLines[newLine])
            } text: { newLine in
                String(decoding: newBytes[newLines[newLine]], as: UTF8.self)
            }
            let size = hunks.reduce(0) { $0 + $1.lines.reduce(0) { $0 + $1.utf8.count + 1 } + 24 }
            change = size < newBytes.count ? .patch(hunks) : .whole(svg)
        }
        document = svg
        bytes = newBytes
        lines = newLines
        sequence += 1
        isEmpty = false
        return change
    }

    /// The hunks that turn `old` into `new`.
    static func hunks(from old: [String], to new: [String]) -> [Hunk] {
        hunks(oldCount: old.count, newCount: new.count) { old[$0] == new[$1] } text: { new[$0] }
    }

    /// The hunks that turn a document of `oldCount` lines into one of `newCount`, asking
    /// `same` whether a line of the old is a line of the new and `text` for a new line.
    private static func hunks(
        oldCount: Int, newCount: Int, same: (Int, Int) -> Bool, text: (Int) -> String
    ) -> [Hunk] {
        var start = 0
        let common = min(oldCount, newCount)
        while start < common && same(start, start) { start += 1 }
        var oldEnd = oldCount, newEnd = newCount
        while oldEnd > start && newEnd > start && same(oldEnd - 1, newEnd - 1) {
            oldEnd -= 1
            newEnd -= 1
        }
        guard oldEnd - start == newEnd - start else {
            return [Hunk(start: start, remove: oldEnd - start, lines: (start..<newEnd).map(text))]
        }
        // As many lines on both sides: the same elements, some with new values.
        var hunks: [Hunk] = []
        var index = start
        while index < oldEnd {
            guard !same(index, index) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < oldEnd && !same(end, end) { end += 1 }
            hunks.append(Hunk(start: index, remove: end - index, lines: (index..<end).map(text)))
            index = end
        }
        return hunks
    }

    /// Where each line of `bytes` is, its line feed left out; a document that ends with one
    /// has an empty last line.
    private static func lines(of bytes: [UInt8]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        lines.reserveCapacity(bytes.count / 24)
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append(start..<index)
            start = index + 1
        }
        lines.append(start..<bytes.count)
        return lines
    }

    /// Whether two lines hold the same bytes.
    private static func same(_ a: [UInt8], _ aLine: Range<Int>, _ b: [UInt8], _ bLine: Range<Int>) -> Bool {
        guard aLine.count == bLine.count else { return false }
        guard !aLine.isEmpty else { return true }
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                memcmp(a.baseAddress! + aLine.lowerBound, b.baseAddress! + bLine.lowerBound, aLine.count) == 0
            }
        }
    }
}
