import ScreenKit
import ScreenRender
import Testing
@testable import ScreenWeb

@Suite("Frame history")
struct FrameHistoryTests {
    /// Applies a patch as the page does: the hunks from the last to the first.
    static func apply(_ hunks: [FrameHistory.Hunk], to document: String) -> String {
        var lines = document.components(separatedBy: "\n")
        for hunk in hunks.reversed() {
            lines.replaceSubrange(hunk.start..<hunk.start + hunk.remove, with: hunk.lines)
        }
        return lines.joined(separator: "\n")
    }

    @Test("the first document goes whole, the same again not at all")
    func firstAndSame() {
        var history = FrameHistory()
        #expect(history.update(to: "a\nb\n") == .whole("a\nb\n"))
        #expect(history.update(to: "a\nb\n") == nil)
        #expect(history.sequence == 1)
    }

    @Test("a label's new text is its one line")
    @MainActor
    func labelChange() throws {
        let window = Window(device: .iphone)
        let label = Label(frame: Rect(x: 0, y: 80, width: 320, height: 16))
        label.text = "taps 0"
        try window.addSubview(Button(frame: Rect(x: 96, y: 160, width: 128, height: 32)))
        try window.addSubview(label)
        var history = FrameHistory()
        let before = SVGRenderer().render(window)
        _ = history.update(to: before)
        label.text = "taps 1"
        let after = SVGRenderer().render(window)
        guard case .patch(let hunks) = history.update(to: after) else {
            Issue.record("expected a patch")
            return
        }
        #expect(hunks.count == 1)
        #expect(hunks[0].remove == 1)
        #expect(hunks[0].lines.count == 1 && hunks[0].lines[0].contains("taps 1"))
        #expect(Self.apply(hunks, to: before) == after)
        #expect(history.sequence == 2)
    }

    @Test("changes apart are hunks apart; lines added or removed are one hunk")
    func hunks() {
        let old = ["a", "b", "c", "d", "e", "f"]
        let spread = ["a", "B", "c", "d", "E", "f"]
        #expect(FrameHistory.hunks(from: old, to: spread) == [
            .init(start: 1, remove: 1, lines: ["B"]), .init(start: 4, remove: 1, lines: ["E"]),
        ])
        let grown = ["a", "b", "x", "y", "c", "d", "e", "f"]
        #expect(FrameHistory.hunks(from: old, to: grown) == [.init(start: 2, remove: 0, lines: ["x", "y"])])
        let shrunk = ["a", "f"]
        #expect(FrameHistory.hunks(from: old, to: shrunk) == [.init(start: 1, remove: 4, lines: [])])
    }

    @Test("every edit of short documents, patched, gives the new one; a patch no smaller than the whole goes whole")
    func everyEdit() {
        // Every document of up to four lines of "a" and "b": each pair is an edit.
        var documents: [[String]] = [[]]
        for length in 1...4 {
            documents += (0..<(1 << length)).map { bits in (0..<length).map { bits >> $0 & 1 == 0 ? "a" : "b" } }
        }
        for old in documents {
            for new in documents {
                let before = old.joined(separator: "\n"), after = new.joined(separator: "\n")
                var history = FrameHistory()
                _ = history.update(to: before)
                switch history.update(to: after) {
                case nil: #expect(before == after)
                case .whole(let document): #expect(document == after)
                case .patch(let hunks): #expect(Self.apply(hunks, to: before) == after)
                }
            }
        }
    }
}
